import { useEffect } from 'react';
import { Alert, Button, Collapse, Form, Input, Radio, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api';
import { useLoad } from '../itemSetting/shared/useLoad';
import { toast } from '../../ui/confirm';
import { useApiAction } from '../../hooks/useApiAction';

/** The form's text fields (ShowDoc's oauth2_form, plus the OpenID Connect issuer). */
const FIELDS = [
  'issuer',
  'client_id',
  'client_secret',
  'scope',
  'entrance_tips',
  'redirectUri',
  'protocol',
  'host',
  'authorize_path',
  'token_path',
  'resource_path',
  'userinfo_path',
  'logout_redirect_uri',
] as const;

type SsoValues = { oauth2_open: boolean } & Record<(typeof FIELDS)[number], string>;

/** Single sign-on through an OAuth2 / OpenID Connect provider (ShowDoc's OAuth2 settings). */
export function AdminSso() {
  const { t } = useTranslation();
  const config = useLoad(() => adminApi.loadOauth2Config(), []);
  const [form] = Form.useForm<SsoValues>();
  const { busy, run } = useApiAction();
  const open = Form.useWatch('oauth2_open', form);

  useEffect(() => {
    if (!config.data) return;
    const f = config.data.oauth2_form;
    form.setFieldsValue({ oauth2_open: !!config.data.oauth2_open, ...Object.fromEntries(FIELDS.map((k) => [k, String(f[k] ?? '')])), client_secret: '' });
  }, [config.data, form]);

  const save = async (v: SsoValues) => {
    await run(async () => {
      const oauth2_form = Object.fromEntries(FIELDS.map((k) => [k, String(v[k] ?? '')]));
      await adminApi.saveOauth2Config({ oauth2_open: !!v.oauth2_open, oauth2_form });
      toast('success', t('management.saved'));
      config.reload();
    });
  };

  if (config.data === undefined) return config.loading ? <Skeleton active paragraph={{ rows: 8 }} /> : <Alert type="error" title={t('admin.loadFailed')} />;
  const f = config.data.oauth2_form;
  const secretKept = !!f.has_client_secret;

  return (
    <Form form={form} layout="vertical" onFinish={() => void save(form.getFieldsValue(true))} style={{ maxWidth: 640 }} data-testid="admin-sso-form">
      <p className="manage-hint">{t('admin.sso.intro')}</p>
      <Form.Item name="oauth2_open" label={t('admin.sso.open')} valuePropName="checked">
        <Switch data-testid="sso-open" />
      </Form.Item>
      <Form.Item label={t('admin.sso.callback')} extra={t('admin.sso.callbackHint')}>
        <Typography.Text copyable className="manage-mono" data-testid="sso-callback">
          {f.callback_url}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="issuer" label={t('admin.sso.issuer')} extra={t('admin.sso.issuerHint')}>
        <Input placeholder="https://sso.example.com/realms/team" data-testid="sso-issuer" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="client_id" label={t('admin.sso.clientId')} style={{ flex: '1 1 240px' }} rules={open ? [{ required: true, message: t('management.required') }] : []}>
          <Input data-testid="sso-client-id" />
        </Form.Item>
        <Form.Item
          name="client_secret"
          label={t('admin.sso.clientSecret')}
          style={{ flex: '1 1 240px' }}
          rules={open && !secretKept ? [{ required: true, message: t('management.required') }] : []}
        >
          <Input.Password autoComplete="new-password" placeholder={secretKept ? t('admin.settings.secretKept') : undefined} data-testid="sso-client-secret" />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="entrance_tips" label={t('admin.sso.buttonText')} extra={t('admin.sso.buttonTextHint')} style={{ flex: '1 1 240px' }}>
          <Input maxLength={100} placeholder={t('login.sso')} data-testid="sso-button-text" />
        </Form.Item>
        <Form.Item name="scope" label={t('admin.sso.scope')} style={{ flex: '1 1 240px' }}>
          <Input placeholder="openid profile email" />
        </Form.Item>
      </div>
      <Collapse
        ghost
        items={[
          {
            key: 'plain',
            label: t('admin.sso.plain'),
            // mounted while folded: its fields are part of what is saved
            forceRender: true,
            children: (
              <>
                <p className="manage-hint">{t('admin.sso.plainHint')}</p>
                <Form.Item name="protocol" label={t('admin.sso.protocol')}>
                  <Radio.Group options={['https', 'http'].map((v) => ({ value: v, label: v }))} />
                </Form.Item>
                <Form.Item name="host" label={t('admin.sso.host')}>
                  <Input placeholder="gitlab.example.com" />
                </Form.Item>
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  {(['authorize_path', 'token_path', 'userinfo_path', 'resource_path'] as const).map((k) => (
                    <Form.Item key={k} name={k} label={t(`admin.sso.${k}`)} style={{ flex: '1 1 240px' }}>
                      <Input placeholder={{ authorize_path: '/oauth/authorize', token_path: '/oauth/token', userinfo_path: '/api/v4/user', resource_path: '' }[k]} />
                    </Form.Item>
                  ))}
                </div>
                <Form.Item name="redirectUri" label={t('admin.sso.redirectUri')} extra={t('admin.sso.redirectUriHint')}>
                  <Input placeholder={f.callback_url} />
                </Form.Item>
                <Form.Item name="logout_redirect_uri" label={t('admin.sso.logoutUri')}>
                  <Input />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="sso-save">
        {t('management.save')}
      </Button>
    </Form>
  );
}
