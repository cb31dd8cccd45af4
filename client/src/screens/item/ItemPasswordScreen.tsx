import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ITEM_PASSWORD_CAPTCHA_CODES } from '@shared/errors';
import { ApiError, itemApi } from '../../api';
import { safeRedirect } from '../../api/redirect';
import { AuthLayout } from '../../layout/AuthLayout';
import { CaptchaField } from '../../components/CaptchaField';
import { useCaptcha } from '../../hooks/useCaptcha';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** Where to go after the password was accepted when no (safe) redirect was given. */
export function afterPasswordTarget(itemId: string, pageId: string | null): string {
  const hasItem = !!itemId && itemId !== '0';
  if (pageId) return hasItem ? `/${encodeURIComponent(itemId)}?page_id=${encodeURIComponent(pageId)}` : `/page/${encodeURIComponent(pageId)}`;
  return hasItem ? `/${encodeURIComponent(itemId)}` : '/item/index';
}

/** A private item asks for its password; the captcha appears after 10206/10308 (spec §4). */
export default function ItemPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // absent on /item/password?page_id=…: the page's item is found by the server
  const { item_id = '' } = useParams();
  const [params] = useSearchParams();
  const pageId = params.get('page_id');
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [form] = Form.useForm<{ password: string; v_code?: string }>();
  useDocumentTitle(t('itemPassword.title'));

  const submit = async (v: { password: string; v_code?: string }) => {
    setBusy(true);
    setError('');
    try {
      await itemApi.pwd(
        { item_id, page_id: pageId ?? undefined, password: v.password, v_code: captcha.visible ? v.v_code : undefined },
        'all',
      );
      navigate(safeRedirect(params.get('redirect'), afterPasswordTarget(item_id, pageId)), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        setError(e.message);
        if (ITEM_PASSWORD_CAPTCHA_CODES.includes(e.code)) captcha.show();
      }
      captcha.refresh();
      form.setFieldValue('v_code', '');
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('itemPassword.title')} subtitle={t('itemPassword.subtitle')}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="item-password-form">
        <Form.Item name="password" label={t('itemPassword.password')} rules={[{ required: true, message: t('itemPassword.required') }]}>
          <Input.Password prefix={<LockOutlined />} size="large" autoFocus autoComplete="off" data-testid="item-password-input" />
        </Form.Item>
        {captcha.visible && <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="item-password-submit">
          {t('itemPassword.submit')}
        </Button>
        <div className="auth-links">
          <Link to={`/user/login?redirect=${encodeURIComponent(safeRedirect(params.get('redirect'), afterPasswordTarget(item_id, pageId)))}`}>
            {t('itemPassword.memberLogin')}
          </Link>
          <Link to="/">{t('common.home')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
