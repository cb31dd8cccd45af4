import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, commonApi, flag, userApi } from '../../api';
import { safeRedirect } from '../../api/redirect';
import { AuthLayout } from '../../layout/AuthLayout';
import { CaptchaField } from '../../components/CaptchaField';
import { useCaptcha } from '../../hooks/useCaptcha';
import { rememberUser } from '../../session/user';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

interface RegisterForm {
  username: string;
  password: string;
  confirm_password: string;
  v_code: string;
}

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [closed, setClosed] = useState(false);
  const [form] = Form.useForm<RegisterForm>();
  useDocumentTitle(t('register.title'));

  useEffect(() => {
    commonApi
      .homePageSetting()
      .then((s) => setClosed(s.register_open !== undefined && !flag(s.register_open)))
      .catch(() => {});
  }, []);

  const submit = async (values: RegisterForm) => {
    setBusy(true);
    setError('');
    try {
      const user = await userApi.register({ ...values, username: values.username.trim() });
      rememberUser(user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && !e.handled) setError(e.message);
      // a used or wrong code is gone: always show a fresh one
      captcha.refresh();
      form.setFieldValue('v_code', '');
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {closed && <Alert type="warning" showIcon title={t('register.closed')} style={{ marginBottom: 16 }} data-testid="register-closed" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={closed} data-testid="register-form">
        <Form.Item name="username" label={t('register.username')} extra={t('register.usernameHelp')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} size="large" autoComplete="username" data-testid="register-username" />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('register.again')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.againRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('register.mismatch')))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="register-again" />
        </Form.Item>
        <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <div className="auth-links">
          <Link to="/user/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
