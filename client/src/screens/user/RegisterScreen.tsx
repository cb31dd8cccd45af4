import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, commonApi, flag, userApi } from '../../api';
import { safeRedirect } from '../../api/redirect';
import { AuthLayout } from '../../layout/AuthLayout';
import { CaptchaField } from '../../components/CaptchaField';
import { useCaptcha } from '../../hooks/useCaptcha';
import { rememberUser } from '../../session/user';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { newPasswordHelp, newPasswordRules, repeatPasswordRules } from '../../components/passwordRules';
import type { HomePageSetting } from '@shared/api/common';
import type { WaitingAccount } from '@shared/api/user';

interface RegisterForm {
  username: string;
  password: string;
  confirm_password: string;
  v_code: string;
  email?: string;
}

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [closed, setClosed] = useState(false);
  const [mode, setMode] = useState<HomePageSetting['register_mode']>('open');
  const [waiting, setWaiting] = useState<WaitingAccount | null>(null);
  const [form] = Form.useForm<RegisterForm>();
  useDocumentTitle(t('register.title'));

  // the item list is where a new account goes: its code loads while the form is filled in, so the
  // form does not linger on screen after the account exists
  useEffect(() => {
    void import('../item/ItemListScreen').catch(() => {});
  }, []);

  useEffect(() => {
    commonApi
      .homePageSetting()
      .then((s) => {
        setClosed(s.register_open !== undefined && !flag(s.register_open));
        setMode(s.register_mode ?? 'open');
      })
      .catch(() => {});
  }, []);

  const submit = async (values: RegisterForm) => {
    setBusy(true);
    setError('');
    try {
      const user = await userApi.register({ ...values, username: values.username.trim(), email: values.email?.trim() || undefined });
      // an account that waits for approval or its email confirmation has no session yet
      if (userApi.isWaiting(user)) return setWaiting(user);
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

  if (waiting) {
    const byEmail = waiting.awaiting === 'email';
    return (
      <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
        <Result
          status={byEmail ? 'info' : 'success'}
          icon={byEmail ? <MailOutlined /> : undefined}
          title={byEmail ? t('register.checkEmailTitle') : t('register.awaitingApprovalTitle')}
          subTitle={byEmail ? t('register.checkEmailText', { email: waiting.email }) : t('register.awaitingApprovalText', { username: waiting.username })}
          extra={<Link to="/user/login">{t('reset.backToLogin')}</Link>}
          data-testid="register-waiting"
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {mode === 'approval' && !closed && <Alert type="info" showIcon title={t('register.approvalNote')} style={{ marginBottom: 16 }} data-testid="register-approval-note" />}
      {closed && <Alert type="warning" showIcon title={t('register.closed')} style={{ marginBottom: 16 }} data-testid="register-closed" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={closed} data-testid="register-form">
        <Form.Item name="username" label={t('register.username')} extra={t('register.usernameHelp')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} size="large" autoComplete="username" data-testid="register-username" />
        </Form.Item>
        {mode === 'email' && (
          <Form.Item name="email" label={t('register.email')} extra={t('register.emailHelp')} rules={[{ required: true, type: 'email', message: t('register.emailRequired') }]}>
            <Input prefix={<MailOutlined />} size="large" autoComplete="email" data-testid="register-email" />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('register.password')} extra={newPasswordHelp(t)} rules={newPasswordRules(t)}>
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('register.again')}
          dependencies={['password']}
          rules={repeatPasswordRules('password', { required: t('register.againRequired'), mismatch: t('register.mismatch') })}
        >
          <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" data-testid="register-again" />
        </Form.Item>
        <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="register-submit">
          {busy ? t('register.creating') : t('register.submit')}
        </Button>
        <div className="auth-links">
          <Link to="/user/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
