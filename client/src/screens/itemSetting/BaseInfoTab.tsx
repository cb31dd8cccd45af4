import { Alert, Button, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS } from '../../../../shared/limits';
import { itemApi } from '../../api';
import type { ItemDetail } from '@shared/api/item';
import { toast } from '../../ui/confirm';
import { isArchived, isPrivateItem, updatePayload } from './tabs';
import { useApiAction } from '../../hooks/useApiAction';

interface Values {
  item_name: string;
  item_description?: string;
  item_domain?: string;
  is_private: boolean;
  password?: string;
  allow_comment?: boolean;
  allow_feedback?: boolean;
}

/** Name, description, personal domain, open/private with visit password; comments and feedback (regular items). */
export function BaseInfoTab({ item, onSaved }: { item: ItemDetail; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useApiAction();
  const isPrivate = Form.useWatch('is_private', form);
  const archived = isArchived(item);
  // ShowDoc offers comments and page feedback on regular items only
  const regular = Number(item.item_type) === 1;

  const submit = async (v: Values) => {
    await run(async () => {
      const switches = regular ? { allow_comment: v.allow_comment ? 1 : 0, allow_feedback: v.allow_feedback ? 1 : 0 } : {};
      await itemApi.update({ ...updatePayload(String(item.item_id), v), ...switches });
      toast('success', t('management.saved'));
      onSaved();
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      disabled={archived}
      initialValues={{
        item_name: item.item_name,
        item_description: item.item_description ?? '',
        item_domain: item.item_domain ?? '',
        is_private: isPrivateItem(item),
        password: item.password ?? '',
        allow_comment: Number(item.allow_comment) === 1,
        allow_feedback: Number(item.allow_feedback) === 1,
      }}
      onFinish={(v) => void submit(v)}
      data-testid="base-info-form"
    >
      {archived && <Alert type="warning" showIcon title={t('itemSetting.archivedNotice')} style={{ marginBottom: 16 }} />}
      <Form.Item name="item_name" label={t('itemSetting.name')} rules={[{ required: true, whitespace: true, message: t('management.required') }]}>
        <Input maxLength={ITEM_NAME_MAX_CHARS} data-testid="item-name" />
      </Form.Item>
      <Form.Item name="item_description" label={t('itemSetting.description')}>
        <Input.TextArea maxLength={ITEM_DESCRIPTION_MAX_CHARS} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        name="item_domain"
        label={t('itemSetting.domain')}
        extra={t('itemSetting.domainHint', { origin: window.location.origin })}
        rules={[
          { pattern: /^[A-Za-z0-9]*$/, message: t('itemSetting.domainInvalid') },
          { pattern: /^(?!\d+$)/, message: t('itemSetting.domainDigits') },
        ]}
      >
        <Input prefix={<span style={{ color: '#8a93a6' }}>{window.location.host}/</span>} data-testid="item-domain" />
      </Form.Item>
      <Form.Item name="is_private" label={t('itemSetting.visibility')} valuePropName="checked">
        <Switch checkedChildren={t('itemSetting.private')} unCheckedChildren={t('itemSetting.open')} data-testid="item-private" />
      </Form.Item>
      {isPrivate && (
        <Form.Item
          name="password"
          label={t('itemSetting.visitPassword')}
          rules={[{ required: true, message: t('itemSetting.privateNeedsPassword') }]}
          // a private item's detail carries a placeholder, sent back untouched = keep the password
          extra={item.password ? t('itemSetting.visitPasswordKept') : t('itemSetting.visitPasswordHint')}
        >
          <Input.Password autoComplete="new-password" data-testid="item-password" />
        </Form.Item>
      )}
      {regular && (
        <>
          <Form.Item name="allow_comment" label={t('itemSetting.allowComment')} extra={t('itemSetting.allowCommentHint')} valuePropName="checked">
            <Switch data-testid="item-allow-comment" />
          </Form.Item>
          <Form.Item name="allow_feedback" label={t('itemSetting.allowFeedback')} extra={t('itemSetting.allowFeedbackHint')} valuePropName="checked">
            <Switch data-testid="item-allow-feedback" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="base-info-save">
        {t('management.save')}
      </Button>
    </Form>
  );
}
