import { useEffect } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPushUrl, savePushUrl } from '../../api/endpoints/linkedAccounts';
import { useLoad } from '../itemSetting/shared/useLoad';
import { useApiAction } from '../../hooks/useApiAction';
import { toast } from '../../ui/confirm';

/** The notice webhook (#23): an address each of the user's notices is also POSTed to, for a chat bot. */
export function WebhookPanel() {
  const { t } = useTranslation();
  const current = useLoad(() => getPushUrl(), []);
  const [form] = Form.useForm<{ push_url: string }>();
  const { busy, run } = useApiAction();

  useEffect(() => {
    if (current.data) form.setFieldsValue({ push_url: current.data.push_url });
  }, [current.data, form]);

  const save = async (url: string) => {
    await run(async () => {
      await savePushUrl(url.trim());
      toast('success', url.trim() ? t('userSetting.webhook.saved') : t('userSetting.webhook.removed'));
      current.reload();
    });
  };

  return (
    <div className="manage-panel" data-testid="webhook-panel">
      <h2>{t('userSetting.webhook.title')}</h2>
      <p className="manage-hint">{t('userSetting.webhook.hint')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v.push_url ?? '')} style={{ maxWidth: 560 }}>
        <Form.Item name="push_url" label={t('userSetting.webhook.url')} extra={t('userSetting.webhook.rules')}>
          <Input type="url" maxLength={1000} placeholder="https://chat.example.com/hooks/…" data-testid="webhook-url" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="webhook-save">
            {t('management.save')}
          </Button>
          {current.data?.push_url ? (
            <Button onClick={() => void save('')} disabled={busy} data-testid="webhook-remove">
              {t('userSetting.webhook.remove')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </div>
  );
}
