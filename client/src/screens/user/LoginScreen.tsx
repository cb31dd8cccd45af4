import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
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
import type { OauthInfo } from '@shared/api/user';
import type { SsoErrorReason } from '@shared/api/extLogin';

/** Why a single sign-on came back here (`?sso_error=`, server/api/extLogin.ts). */
const SSO_ERRORS: readonly SsoErrorReason[] = ['off', 'provider', 'state', 'denied', 'token', 'account'];

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
  const [sso, setSso] = useState<OauthInfo | null>(null);
  useEffect(() => {
    userApi
      .oauthInfo()
      .then(setSso)
      .catch(() => {});
  }, []);
  const ssoError = SSO_ERRORS.find((r) => r === params.get('sso_error'));
  // a full page load: the server sends the browser on to the provider
  const ssoHref = `/api/extLogin/oauth2?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`;

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
      {ssoError && <Alert type="error" showIcon title={t(`login.ssoError.${ssoError}`)} style={{ marginBottom: 16 }} data-testid="sso-error" />}
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
        {sso?.oauth2_open ? (
          <>
            <Divider plain style={{ margin: '16px 0' }}>
              {t('login.or')}
            </Divider>
            <Button size="large" block icon={<SafetyCertificateOutlined />} href={ssoHref} data-testid="login-sso">
              {sso.oauth2_entrance_tips || t('login.sso')}
            </Button>
          </>
        ) : null}
        <div className="auth-links">
          <Link to={`/user/register${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}>{t('login.toRegister')}</Link>
          <Link to="/user/resetPassword">{t('login.forgot')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
