import { useState } from 'react';
import { Button, Form, Input, Radio, Space } from 'antd';
import { FileTextOutlined, LockOutlined, ReadOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS, ITEM_TYPE } from '@shared/limits';
import type { Id } from '../../api';
import { itemApi } from '../../api';

interface Values {
  item_type: number;
  item_name: string;
  item_description?: string;
  item_domain?: string;
  visibility: 'open' | 'private';
  password?: string;
}

const TYPES = [
  { value: ITEM_TYPE.regular, key: 'regular', icon: <ReadOutlined /> },
  { value: ITEM_TYPE.singlePage, key: 'singlePage', icon: <FileTextOutlined /> },
  { value: ITEM_TYPE.table, key: 'table', icon: <TableOutlined /> },
] as const;

/** New item: type, name, description, personal domain, open or private (private needs a password). */
export function NewItemForm({ onCreated }: { onCreated: (itemId: Id) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const visibility = Form.useWatch('visibility', form);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await itemApi.add({
        item_type: v.item_type,
        item_name: v.item_name.trim(),
        item_description: v.item_description?.trim() ?? '',
        item_domain: v.item_domain?.trim() ?? '',
        // an open item sends an empty password (spec §5)
        password: v.visibility === 'private' ? (v.password ?? '') : '',
      });
      onCreated(res.item_id);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ item_type: ITEM_TYPE.regular, visibility: 'open' }} style={{ maxWidth: 560 }} data-testid="new-item-form">
      <Form.Item name="item_type" label={t('itemAdd.type')}>
        <Radio.Group optionType="button" buttonStyle="solid">
          {TYPES.map((ty) => (
            <Radio.Button key={ty.key} value={ty.value} data-testid={`type-${ty.key}`}>
              {ty.icon} {t(`itemTypes.${ty.key}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="item_name" label={t('itemAdd.name')} rules={[{ required: true, whitespace: true, message: t('itemAdd.nameRequired') }]}>
        <Input maxLength={ITEM_NAME_MAX_CHARS} placeholder={t('itemAdd.namePlaceholder')} data-testid="item-name" />
      </Form.Item>
      <Form.Item name="item_description" label={t('itemAdd.description')}>
        <Input.TextArea maxLength={ITEM_DESCRIPTION_MAX_CHARS} autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('itemAdd.descriptionPlaceholder')} data-testid="item-description" />
      </Form.Item>
      <Form.Item label={t('itemAdd.domain')} extra={t('itemAdd.domainHelp')}>
        <Space.Compact style={{ width: '100%' }}>
          <Space.Addon>{`${window.location.host}/`}</Space.Addon>
          <Form.Item name="item_domain" noStyle rules={[{ pattern: /^[A-Za-z0-9]*$/, message: t('itemAdd.domainInvalid') }]}>
            <Input maxLength={50} data-testid="item-domain" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="visibility" label={t('itemAdd.visibility')}>
        <Radio.Group>
          <Radio value="open" data-testid="visibility-open">
            {t('itemAdd.open')}
          </Radio>
          <Radio value="private" data-testid="visibility-private">
            {t('itemAdd.private')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {visibility === 'private' && (
        <Form.Item name="password" label={t('itemAdd.password')} rules={[{ required: true, message: t('messages.private_item_passwrod') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="item-password" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="create-item">
        {t('itemAdd.create')}
      </Button>
    </Form>
  );
}
