import { useEffect } from 'react';
import { Alert, Button, Divider, Form, Input, InputNumber, Radio, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, UPLOAD_QUOTA_MAX_MB } from '../../../../shared/limits';
import { adminApi } from '../../api';
import { adminItemChoices } from '../../api/endpoints/admin';
import { useLoad } from '../itemSetting/shared/useLoad';
import { toast } from '../../ui/confirm';
import { OSS_TYPES, toFormValues, toSavePayload, type SettingsValues } from './settingsForm';
import { useApiAction } from '../../hooks/useApiAction';
import { LdapSyncButton } from './LdapSyncButton';

/** What the server says about mailed links: mail configured (SMTP_HOST), PUBLIC_URL. */
function mailState(raw: unknown): { configured: boolean; publicUrl: string } {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { configured: c.mail_configured === 1 || c.mail_configured === '1', publicUrl: typeof c.public_url === 'string' ? c.public_url : '' };
}

/** Web settings: registration, home page mode and item, site URL, LDAP, object storage. */
export function AdminSettings() {
  const { t } = useTranslation();
  const config = useLoad(() => adminApi.loadConfig(), []);
  const items = useLoad(() => adminItemChoices(PAGE_SIZES.adminHomeItems), []);
  const [form] = Form.useForm<SettingsValues>();
  const { busy, run } = useApiAction();
  const homePage = Form.useWatch('home_page', form);
  const ldapOpen = Form.useWatch('ldap_open', form);
  const ossOpen = Form.useWatch('oss_open', form);
  const ossType = Form.useWatch(['oss_setting', 'oss_type'], form);
  const registerOpen = Form.useWatch('register_open', form);

  useEffect(() => {
    if (config.data !== undefined) form.setFieldsValue(toFormValues(config.data));
  }, [config.data, form]);

  const save = async (v: SettingsValues) => {
    await run(async () => {
      await adminApi.saveConfig(toSavePayload(config.data, { ...toFormValues(config.data), ...v }));
      toast('success', t('management.saved'));
      config.reload();
    });
  };

  if (config.data === undefined) return config.loading ? <Skeleton active paragraph={{ rows: 8 }} /> : <Alert type="error" title={t('admin.loadFailed')} />;
  const itemOptions = (Array.isArray(items.data?.items) ? items.data.items : []).map((i) => ({ value: String(i.item_id), label: i.item_name }));
  const qcloud = ossType === 'qcloud';
  const loaded = toFormValues(config.data);
  const stored = { bind: !!loaded.ldap_form.has_bind_password, secret: !!loaded.oss_setting.has_secret, secretKey: !!loaded.oss_setting.has_secretKey };
  const mail = mailState(config.data);

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 640 }} data-testid="admin-settings-form">
      <h2>{t('admin.settings.general')}</h2>
      <Form.Item name="register_open" label={t('admin.settings.registerOpen')} valuePropName="checked">
        <Switch data-testid="register-open" />
      </Form.Item>
      {registerOpen && (
        <Form.Item name="register_mode" label={t('admin.settings.registerMode')} extra={t('admin.settings.registerModeEmailNeedsMail')}>
          <Radio.Group
            data-testid="register-mode"
            options={[
              { value: 'open', label: t('admin.settings.registerModeOpen') },
              { value: 'email', label: t('admin.settings.registerModeEmail'), disabled: !mail.configured && loaded.register_mode !== 'email' },
              { value: 'approval', label: t('admin.settings.registerModeApproval') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item name="home_page" label={t('admin.settings.homePage')}>
        <Radio.Group
          options={[
            { value: 1, label: t('admin.settings.homeLanding') },
            { value: 2, label: t('admin.settings.homeLogin') },
            { value: 3, label: t('admin.settings.homeItem') },
          ]}
        />
      </Form.Item>
      {homePage === 3 && (
        <Form.Item name="home_item" label={t('admin.settings.homeItemPick')} rules={[{ required: true, message: t('management.required') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={itemOptions} loading={items.loading} data-testid="home-item" />
        </Form.Item>
      )}
      <Form.Item name="site_url" label={t('admin.settings.siteUrl')} extra={t('admin.settings.siteUrlHint')}>
        <Input placeholder="https://docs.example.com" data-testid="site-url" />
      </Form.Item>
      {mail.publicUrl && <Alert type="info" showIcon title={t('admin.settings.siteUrlFromEnv', { url: mail.publicUrl })} style={{ marginBottom: 16 }} />}
      {!mail.configured && <Alert type="warning" showIcon title={t('admin.settings.mailOff')} style={{ marginBottom: 16 }} data-testid="mail-off" />}
      {mail.configured && !mail.publicUrl && !loaded.site_url && (
        <Alert type="warning" showIcon title={t('admin.settings.mailNoSiteUrl')} style={{ marginBottom: 16 }} data-testid="mail-no-site-url" />
      )}
      <Form.Item name="force_login" label={t('admin.settings.forceLogin')} valuePropName="checked" extra={t('admin.settings.forceLoginHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="enable_public_square" label={t('admin.settings.publicSquare')} valuePropName="checked" extra={t('admin.settings.publicSquareHint')}>
        <Switch data-testid="enable-public-square" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="history_version_count" label={t('admin.settings.historyCount')} style={{ flex: '1 1 200px' }}>
          <InputNumber min={1} max={1000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="upload_max_mb" label={t('admin.settings.uploadMax')} style={{ flex: '1 1 200px' }}>
          <InputNumber min={1} max={2048} style={{ width: '100%' }} suffix="MB" />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="user_upload_quota_mb" label={t('admin.settings.userQuota')} extra={t('admin.settings.quotaHint')} style={{ flex: '1 1 200px' }}>
          <InputNumber min={0} max={UPLOAD_QUOTA_MAX_MB} precision={0} style={{ width: '100%' }} suffix="MB" data-testid="user-quota" />
        </Form.Item>
        <Form.Item name="site_upload_quota_mb" label={t('admin.settings.siteQuota')} extra={t('admin.settings.quotaHint')} style={{ flex: '1 1 200px' }}>
          <InputNumber min={0} max={UPLOAD_QUOTA_MAX_MB} precision={0} style={{ width: '100%' }} suffix="MB" data-testid="site-quota" />
        </Form.Item>
      </div>
      <Form.Item name="session_expire_days" label={t('admin.settings.sessionDays')} extra={t('admin.settings.sessionDaysHint')}>
        <InputNumber min={1} max={3650} style={{ width: 200 }} suffix={t('admin.settings.days')} data-testid="session-expire-days" />
      </Form.Item>

      <Divider />
      <h2>{t('admin.settings.ldap')}</h2>
      <Form.Item name="ldap_open" label={t('admin.settings.ldapOpen')} valuePropName="checked" extra={t('admin.settings.ldapHint')}>
        <Switch data-testid="ldap-open" />
      </Form.Item>
      {ldapOpen && (
        <div data-testid="ldap-form">
          <Form.Item name={['ldap_form', 'host']} label={t('admin.settings.ldapHost')} rules={[{ required: true, message: t('management.required') }]}>
            <Input placeholder="ldap.example.com" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item name={['ldap_form', 'port']} label={t('admin.settings.ldapPort')} style={{ width: 140 }}>
              <InputNumber min={1} max={65535} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name={['ldap_form', 'version']} label={t('admin.settings.ldapVersion')} style={{ width: 140 }}>
              <Select options={[{ value: 3, label: '3' }, { value: 2, label: '2' }]} />
            </Form.Item>
          </div>
          <Form.Item name={['ldap_form', 'base_dn']} label="Base DN" rules={[{ required: true, message: t('management.required') }]}>
            <Input placeholder="dc=example,dc=com" />
          </Form.Item>
          <Form.Item name={['ldap_form', 'bind_dn']} label="Bind DN">
            <Input placeholder="cn=admin,dc=example,dc=com" />
          </Form.Item>
          <Form.Item name={['ldap_form', 'bind_password']} label={t('admin.settings.ldapBindPassword')}>
            <Input.Password autoComplete="new-password" placeholder={stored.bind ? t('admin.settings.secretKept') : undefined} />
          </Form.Item>
          <Form.Item name={['ldap_form', 'search_filter']} label={t('admin.settings.ldapFilter')} extra={t('admin.settings.ldapFilterHint')}>
            <Input placeholder="(cn=*)" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item name={['ldap_form', 'user_field']} label={t('admin.settings.ldapUserField')} style={{ flex: '1 1 200px' }}>
              <Input placeholder="cn" />
            </Form.Item>
            <Form.Item name={['ldap_form', 'name_field']} label={t('admin.settings.ldapNameField')} style={{ flex: '1 1 200px' }}>
              <Input placeholder="displayName" />
            </Form.Item>
          </div>
          <LdapSyncButton disabled={!loaded.ldap_open} />
        </div>
      )}

      <Divider />
      <h2>{t('admin.settings.oss')}</h2>
      <Form.Item name="oss_open" label={t('admin.settings.ossOpen')} valuePropName="checked" extra={t('admin.settings.ossHint')}>
        <Switch data-testid="oss-open" />
      </Form.Item>
      {ossOpen && (
        <div data-testid="oss-form">
          <Form.Item name={['oss_setting', 'oss_type']} label={t('admin.settings.ossType')}>
            <Select options={OSS_TYPES.map((v) => ({ value: v, label: t(`admin.settings.ossTypes.${v}`) }))} />
          </Form.Item>
          {qcloud ? (
            <>
              <Form.Item name={['oss_setting', 'secretId']} label="SecretId" rules={[{ required: true, message: t('management.required') }]}>
                <Input />
              </Form.Item>
              <Form.Item name={['oss_setting', 'secretKey']} label="SecretKey" rules={stored.secretKey ? [] : [{ required: true, message: t('management.required') }]}>
                <Input.Password autoComplete="new-password" placeholder={stored.secretKey ? t('admin.settings.secretKept') : undefined} />
              </Form.Item>
              <Form.Item name={['oss_setting', 'region']} label={t('admin.settings.ossRegion')}>
                <Input placeholder="ap-guangzhou" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name={['oss_setting', 'key']} label={t('admin.settings.ossKey')} rules={[{ required: true, message: t('management.required') }]}>
                <Input />
              </Form.Item>
              <Form.Item name={['oss_setting', 'secret']} label={t('admin.settings.ossSecret')} rules={stored.secret ? [] : [{ required: true, message: t('management.required') }]}>
                <Input.Password autoComplete="new-password" placeholder={stored.secret ? t('admin.settings.secretKept') : undefined} />
              </Form.Item>
              <Form.Item name={['oss_setting', 'endpoint']} label="Endpoint">
                <Input placeholder="https://s3.example.com" />
              </Form.Item>
              <Form.Item name={['oss_setting', 'region']} label={t('admin.settings.ossRegion')}>
                <Input />
              </Form.Item>
            </>
          )}
          <Form.Item name={['oss_setting', 'bucket']} label="Bucket" rules={[{ required: true, message: t('management.required') }]}>
            <Input />
          </Form.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item name={['oss_setting', 'protocol']} label={t('admin.settings.ossProtocol')} style={{ width: 140 }}>
              <Select options={[{ value: 'https', label: 'https' }, { value: 'http', label: 'http' }]} />
            </Form.Item>
            <Form.Item name={['oss_setting', 'domain']} label={t('admin.settings.ossDomain')} style={{ flex: '1 1 260px' }} extra={t('admin.settings.ossDomainHint')}>
              <Input placeholder="cdn.example.com" />
            </Form.Item>
          </div>
          <Form.Item name={['oss_setting', 'subcat']} label={t('admin.settings.ossSubcat')}>
            <Input placeholder="showdoc" />
          </Form.Item>
        </div>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="admin-settings-save">
        {t('management.save')}
      </Button>
    </Form>
  );
}
