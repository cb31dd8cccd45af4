import { useEffect, useState } from 'react';
import { Button, Empty, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS } from '@shared/limits';
import { itemApi, type Id } from '../../api';
import type { ItemSummary } from '@shared/api/item';

interface Values {
  copy_item_id: string;
  item_name: string;
  item_description?: string;
}

/** Copy one of your items (catalogs, pages and settings) under a new name. */
export function CopyItemForm({ onCreated }: { onCreated: (itemId: Id) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [items, setItems] = useState<ItemSummary[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    itemApi
      .myList()
      .then((l) => setItems(Array.isArray(l) ? l : []))
      .catch(() => setItems([]));
  }, []);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await itemApi.copy({ copy_item_id: v.copy_item_id, item_name: v.item_name.trim(), item_description: v.item_description?.trim() ?? '' });
      onCreated(res.item_id);
    } catch {
      setBusy(false);
    }
  };

  if (items && items.length === 0) return <Empty description={t('itemAdd.copyNone')} />;
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }} data-testid="copy-item-form">
      <Form.Item name="copy_item_id" label={t('itemAdd.copyFrom')} rules={[{ required: true, message: t('itemAdd.copyFromRequired') }]}>
        <Select
          showSearch
          loading={items === null}
          optionFilterProp="label"
          placeholder={t('itemAdd.copyFromPlaceholder')}
          options={(items ?? []).map((i) => ({ value: String(i.item_id), label: i.item_name }))}
          onChange={(id) => {
            const src = items?.find((i) => String(i.item_id) === id);
            if (src && !form.getFieldValue('item_name')) form.setFieldValue('item_name', t('itemAdd.copyName', { name: src.item_name }));
          }}
          data-testid="copy-source"
        />
      </Form.Item>
      <Form.Item name="item_name" label={t('itemAdd.name')} rules={[{ required: true, whitespace: true, message: t('itemAdd.nameRequired') }]}>
        <Input maxLength={ITEM_NAME_MAX_CHARS} data-testid="copy-name" />
      </Form.Item>
      <Form.Item name="item_description" label={t('itemAdd.description')}>
        <Input.TextArea maxLength={ITEM_DESCRIPTION_MAX_CHARS} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="copy-item">
        {t('itemAdd.copySubmit')}
      </Button>
    </Form>
  );
}
