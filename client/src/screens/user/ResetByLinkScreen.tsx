import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, userApi } from '../../api';
import { safeRedirect } from '../../api/redirect';
import { AuthLayout } from '../../layout/AuthLayout';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { newPasswordHelp, newPasswordRules, repeatPasswordRules } from '../../components/passwordRules';
import { feedback } from '../../ui/feedback';

/** The link from the reset mail: uid, email and token in the query; optional redirect. */
export default function ResetByLinkScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useDocumentTitle(t('resetByLink.title'));
  const uid = params.get('uid') ?? '';
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const complete = /^\d+$/.test(uid) && !!email && !!token;

  const submit = async (values: { new_password: string }) => {
    setBusy(true);
    setError('');
    try {
      await userApi.resetPasswordByUrl({ new_password: values.new_password, uid, email, token });
      feedback()?.message.success(t('resetByLink.done'));
      navigate(safeRedirect(params.get('redirect'), '/user/login'), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && !e.handled) setError(e.message);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('resetByLink.title')} subtitle={complete ? t('resetByLink.subtitle', { email }) : undefined}>
      {!complete ? (
        <Result
          status="warning"
          title={t('resetByLink.incomplete')}
          data-testid="reset-incomplete"
          extra={
            <Link to="/user/resetPassword">
              <Button type="primary">{t('resetByLink.requestNew')}</Button>
            </Link>
          }
        />
      ) : (
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="new_password" label={t('resetByLink.newPassword')} extra={newPasswordHelp(t)} rules={newPasswordRules(t)}>
            <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="reset-new-password" />
          </Form.Item>
          <Form.Item
            name="again"
            label={t('register.again')}
            dependencies={['new_password']}
            rules={repeatPasswordRules('new_password', { required: t('register.againRequired'), mismatch: t('register.mismatch') })}
          >
            <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="reset-again" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="reset-save">
            {t('resetByLink.submit')}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
