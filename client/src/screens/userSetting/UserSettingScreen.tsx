import '../../i18n/managementTexts';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Skeleton, Space, Tag } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { commonApi, flag, userApi } from '../../api';
import type { EmailChange } from '@shared/api/user';
import { myInfo } from '../../api/endpoints/user';
import { forgetUser, rememberUser } from '../../session/user';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { FormModal } from '../itemSetting/shared/FormModal';
import { toast } from '../../ui/confirm';
import { emailStatus } from './emailStatus';
import { WebhookPanel } from './WebhookPanel';
import { useApiAction } from '../../hooks/useApiAction';
import { newPasswordHelp, newPasswordRules, repeatPasswordRules } from '../../components/passwordRules';
import { McpTokensPanel } from './McpTokensPanel';

type Dialog = 'password' | 'email' | null;

/** Personal settings (spec §2): username (read only), name, password change dialog, email binding dialog. */
export default function UserSettingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useLoad(() => myInfo(), []);
  const site = useLoad(() => commonApi.homePageSetting(), []);
  // what the last binding said about its confirmation mail (no mail server: it says so plainly)
  const [mailNote, setMailNote] = useState<string | null>(null);
  const mailEnabled = site.data ? flag(site.data.mail_enabled) : true;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [nameForm] = Form.useForm<{ name: string }>();
  const { busy: savingName, run } = useApiAction();
  const user = info.data;
  const status = emailStatus(user);

  useEffect(() => {
    if (user) {
      nameForm.setFieldsValue({ name: user.name ?? '' });
      rememberUser(user);
    }
  }, [user, nameForm]);

  const saveName = async (v: { name: string }) => {
    await run(async () => {
      await userApi.updateInfo({ name: v.name.trim() });
      toast('success', t('management.saved'));
      info.reload();
    });
  };

  return (
    <Frame title={t('userSetting.title')} back="/item/index" testId="user-setting">
      {!user ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <div className="manage-panel">
            <h2>{t('userSetting.account')}</h2>
            <Descriptions column={1} size="small" styles={{ label: { width: 150 } }}>
              <Descriptions.Item label={t('management.username')}>
                <strong data-testid="setting-username">{user.username}</strong>
                {flag(user.is_ldap) && <Tag style={{ marginLeft: 8 }}>LDAP</Tag>}
              </Descriptions.Item>
              {user.reg_time ? <Descriptions.Item label={t('userSetting.registered')}>{formatTime(user.reg_time)}</Descriptions.Item> : null}
            </Descriptions>
            <Form form={nameForm} layout="vertical" onFinish={(v) => void saveName(v)} style={{ maxWidth: 420, marginTop: 12 }}>
              <Form.Item name="name" label={t('management.name')} extra={t('userSetting.nameHint')}>
                <Input maxLength={50} data-testid="setting-name" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={savingName} data-testid="setting-name-save">
                {t('management.save')}
              </Button>
            </Form>
          </div>
          <div className="manage-panel">
            <h2>{t('userSetting.email')}</h2>
            <Space wrap align="center">
              <span data-testid="setting-email">{user.email || t('userSetting.noEmail')}</span>
              <Tag color={status === 'verified' ? 'green' : status === 'unverified' ? 'orange' : 'default'} data-testid="email-status">
                {t(`userSetting.emailStatus.${status}`)}
              </Tag>
              <Button icon={<MailOutlined />} onClick={() => setDialog('email')} data-testid="bind-email">
                {status === 'unbound' ? t('userSetting.bindEmail') : t('userSetting.changeEmail')}
              </Button>
            </Space>
            {mailNote ? (
              <Alert type="warning" showIcon style={{ marginTop: 10 }} title={mailNote} data-testid="email-mail-note" />
            ) : status === 'unverified' && !mailEnabled ? (
              <Alert type="warning" showIcon style={{ marginTop: 10 }} title={t('userSetting.cannotMail')} data-testid="email-mail-note" />
            ) : (
              status === 'unverified' && <p className="manage-hint" style={{ marginTop: 10 }}>{t('userSetting.verifyHint')}</p>
            )}
          </div>
          <div className="manage-panel">
            <h2>{t('userSetting.password')}</h2>
            <p className="manage-hint">{t('userSetting.passwordHint')}</p>
            <Button icon={<LockOutlined />} onClick={() => setDialog('password')} disabled={flag(user.is_ldap)} data-testid="change-password">
              {t('userSetting.changePassword')}
            </Button>
          </div>
          <McpTokensPanel />
          <WebhookPanel />
        </>
      )}
      <PasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          toast('success', t('userSetting.passwordChanged'));
          // the server ends every session of the account: sign in again with the new password
          forgetUser();
          setTimeout(() => navigate('/user/login'), 1200);
        }}
      />
      <EmailDialog
        open={dialog === 'email'}
        current={user?.email ?? ''}
        onClose={() => setDialog(null)}
        onDone={(change) => {
          setDialog(null);
          if (change.mail_sent) {
            setMailNote(null);
            toast('success', t('userSetting.emailSavedCheckMail'));
          } else {
            setMailNote(change.mail_error || t('userSetting.cannotMail'));
            toast('warning', t('userSetting.emailSavedNoMail'));
          }
          info.reload();
        }}
      />
    </Frame>
  );
}

function PasswordDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; new_password: string; confirm: string }>();
  const { busy, run } = useApiAction();
  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await userApi.resetPassword({ password: v.password, new_password: v.new_password });
      form.resetFields();
      onDone();
    });
  };
  return (
    <FormModal open={open} title={t('userSetting.changePassword')} form={form} busy={busy} onSubmit={submit} onCancel={onClose}>
      <Form.Item name="password" label={t('userSetting.oldPassword')} rules={[{ required: true, message: t('management.required') }]}>
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item name="new_password" label={t('userSetting.newPassword')} extra={newPasswordHelp(t)} rules={newPasswordRules(t)}>
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('userSetting.confirmPassword')}
        dependencies={['new_password']}
        rules={repeatPasswordRules('new_password', { required: t('management.required'), mismatch: t('userSetting.passwordsDiffer') })}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </FormModal>
  );
}

function EmailDialog({ open, current, onClose, onDone }: { open: boolean; current: string; onClose(): void; onDone(change: EmailChange): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const { busy, run } = useApiAction();
  // before the dialog is painted, so nothing typed into it is overwritten (as in CatalogFormModal)
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ email: current, password: '' });
  }, [open, current, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      const change = await userApi.updateEmail({ email: v.email.trim(), password: v.password });
      form.resetFields();
      onDone(change);
    });
  };
  return (
    <FormModal open={open} title={t('userSetting.bindEmail')} form={form} busy={busy} onSubmit={submit} onCancel={onClose}>
      <Form.Item
        name="email"
        label={t('userSetting.emailAddress')}
        rules={[
          { required: true, message: t('management.required') },
          { type: 'email', message: t('userSetting.emailInvalid') },
        ]}
      >
        <Input type="email" autoComplete="email" data-testid="email-input" />
      </Form.Item>
      <Form.Item name="password" label={t('management.yourPassword')} rules={[{ required: true, message: t('management.required') }]}>
        <Input.Password autoComplete="current-password" data-testid="email-password" />
      </Form.Item>
    </FormModal>
  );
}
