import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api';

export interface PasswordModalValues {
  username?: string;
  password: string;
}

/**
 * Asks for the login password (and, for transfers, the new owner's username) before a
 * destructive action. The server decides whether the password is right; its message is shown inline.
 */
export function PasswordModal({
  open,
  title,
  description,
  withUsername = false,
  usernameLabel,
  okText,
  danger = true,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  description?: string;
  withUsername?: boolean;
  usernameLabel?: string;
  okText?: string;
  danger?: boolean;
  onCancel(): void;
  onSubmit(v: PasswordModalValues): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordModalValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError('');
    try {
      await onSubmit(v);
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) setError(e.message);
      else if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: busy, 'data-testid': 'password-modal-ok' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        setError('');
        onCancel();
      }}
      destroyOnHidden
    >
      {description && <p className="manage-hint">{description}</p>}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        {withUsername && (
          <Form.Item name="username" label={usernameLabel ?? t('management.newOwner')} rules={[{ required: true, whitespace: true, message: t('management.required') }]}>
            <Input autoComplete="off" data-testid="password-modal-username" />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t('management.yourPassword')}
          rules={[{ required: true, message: t('management.required') }]}
          validateStatus={error ? 'error' : undefined}
          help={error || undefined}
        >
          <Input.Password autoComplete="current-password" data-testid="password-modal-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
