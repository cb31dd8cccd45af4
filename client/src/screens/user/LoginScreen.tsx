import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_CAPTCHA_CODES } from '@shared/errors';
import { ApiError, commonApi, userApi } from '../../api';
import { safeRedirect } from '../../api/redirect';
import { AuthLayout } from '../../layout/AuthLayout';
import { CaptchaField } from '../../components/CaptchaField';
import { useCaptcha } from '../../hooks/useCaptcha';
import { rememberUser } from '../../session/user';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** Spec §9: the login button comes back 500 ms after a failed attempt. */
export const LOGIN_RETRY_DELAY_MS = 500;

interface LoginForm {
  username: string;
  password: string;
  v_code?: string;
}

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [form] = Form.useForm<LoginForm>();
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useDocumentTitle(t('login.title'));
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError('');
    try {
      const user = await userApi.login({ username: values.username.trim(), password: values.password, v_code: captcha.visible ? values.v_code : undefined });
      rememberUser(user);
      void commonApi.runScriptCron().catch(() => {});
      void commonApi.checkDb().catch(() => {});
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        if (LOGIN_CAPTCHA_CODES.includes(e.code)) captcha.show();
        setError(e.message);
      }
      if (captcha.visible || (e instanceof ApiError && LOGIN_CAPTCHA_CODES.includes(e.code))) {
        captcha.refresh();
        form.setFieldValue('v_code', '');
      }
      retryTimer.current = setTimeout(() => setBusy(false), LOGIN_RETRY_DELAY_MS);
    }
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {params.get('email_verified') === '1' && <Alert type="success" showIcon title={t('login.emailVerified')} style={{ marginBottom: 16 }} data-testid="email-verified" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="login-form">
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} size="large" autoComplete="username" autoFocus data-testid="login-username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        {captcha.visible && <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <div className="auth-links">
          <Link to={`/user/register${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}>{t('login.toRegister')}</Link>
          <Link to="/user/resetPassword">{t('login.forgot')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
