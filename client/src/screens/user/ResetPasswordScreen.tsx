import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, userApi } from '../../api';
import { AuthLayout } from '../../layout/AuthLayout';
import { CaptchaField } from '../../components/CaptchaField';
import { useCaptcha } from '../../hooks/useCaptcha';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** Reset by email: the server mails a link to /user/ResetPasswordByUrl. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const captcha = useCaptcha(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [form] = Form.useForm<{ email: string; v_code: string }>();
  useDocumentTitle(t('reset.title'));

  const submit = async (values: { email: string; v_code: string }) => {
    setBusy(true);
    setError('');
    try {
      await userApi.resetPasswordEmail({ email: values.email.trim(), v_code: values.v_code });
      setSentTo(values.email.trim());
    } catch (e) {
      if (e instanceof ApiError && !e.handled) setError(e.message);
      captcha.refresh();
      form.setFieldValue('v_code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('reset.title')} subtitle={sentTo ? undefined : t('reset.subtitle')}>
      {sentTo ? (
        <Result
          status="success"
          title={t('reset.sentTitle')}
          subTitle={t('reset.sentText', { email: sentTo })}
          extra={
            <Link to="/user/login">
              <Button type="primary">{t('reset.backToLogin')}</Button>
            </Link>
          }
          data-testid="reset-sent"
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="email" label={t('reset.email')} rules={[{ required: true, type: 'email', message: t('reset.emailRequired') }]}>
            <Input prefix={<MailOutlined />} size="large" autoComplete="email" data-testid="reset-email" />
          </Form.Item>
          <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
          <div className="auth-links">
            <Link to="/user/login">{t('reset.backToLogin')}</Link>
          </div>
        </Form>
      )}
    </AuthLayout>
  );
}
