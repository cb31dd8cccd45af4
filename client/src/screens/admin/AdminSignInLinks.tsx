// ShowDoc's secret-key sign-in (#23): the key another system signs its sign-in links with, how a
// link is made, and a reset that invalidates every link made with the old key.
import { Alert, Button, Input, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getLoginSecretKey, resetLoginSecretKey } from '../../api/endpoints/linkedAccounts';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmAction, toast } from '../../ui/confirm';
import { copyText } from '../../ui/clipboard';

export function AdminSignInLinks() {
  const { t } = useTranslation();
  const key = useLoad(() => getLoginSecretKey(), []);
  const value = key.data?.login_secret_key ?? '';
  const example = `${window.location.origin}/api/extLogin/bySecretKey?username=USERNAME&time=TIME&token=md5(USERNAME+KEY+TIME)&name=NAME&redirect=/item/index`;

  const reset = () =>
    confirmAction({
      title: t('admin.signInLinks.resetConfirm'),
      content: t('admin.signInLinks.resetConfirmHint'),
      okText: t('admin.signInLinks.reset'),
      onOk: async () => {
        await resetLoginSecretKey();
        toast('success', t('admin.signInLinks.resetDone'));
        key.reload();
      },
    });

  return (
    <div style={{ maxWidth: 720 }} data-testid="admin-sign-in-links">
      <p className="manage-hint">{t('admin.signInLinks.intro')}</p>
      <h3>{t('admin.signInLinks.key')}</h3>
      {key.data === undefined ? (
        <Skeleton.Input active block />
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={value} data-testid="login-secret-key" style={{ fontFamily: 'monospace' }} />
          <Button icon={<CopyOutlined />} onClick={() => void copyText(value).then((ok) => ok && toast('success', t('admin.signInLinks.copied')))} aria-label={t('admin.signInLinks.copy')} />
        </Space.Compact>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Button danger icon={<ReloadOutlined />} onClick={reset} data-testid="login-secret-key-reset">
          {t('admin.signInLinks.reset')}
        </Button>
      </Space>
      <h3 style={{ marginTop: 24 }}>{t('admin.signInLinks.howTitle')}</h3>
      <Typography.Paragraph>
        <pre className="sign-in-link-example" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
          {example}
        </pre>
      </Typography.Paragraph>
      <ul className="manage-hint">
        <li>{t('admin.signInLinks.ruleTime')}</li>
        <li>{t('admin.signInLinks.ruleOnce')}</li>
        <li>{t('admin.signInLinks.ruleNew')}</li>
        <li>{t('admin.signInLinks.ruleRedirect')}</li>
      </ul>
      <Alert type="warning" showIcon title={t('admin.signInLinks.noAdmins')} />
    </div>
  );
}
