import type { ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogApi, itemApi, type Id } from '../../api';
import type { ItemSummary } from '@shared/api/item';
import type { CatalogRow } from './catalogRow';
import { MAX_DEPTH, flatten, pathNames, toNodes, type FlatCat } from './tree';
import { useApiAction } from '../../hooks/useApiAction';

interface Values {
  to_item_id: string;
  new_p_cat_id: string;
  is_del: 0 | 1;
}

/** Copy or move a catalog (with its sub-catalogs and pages) into another item or catalog. */
export function CopyCatalogModal({
  open,
  itemId,
  cat,
  height,
  onCancel,
  onDone,
}: {
  open: boolean;
  itemId: Id;
  cat?: FlatCat;
  /** levels below the catalog being copied */
  height: number;
  onCancel(): void;
  onDone(moved: boolean, toItemId: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [items, setItems] = useState<ItemSummary[]>([]);
  const [targets, setTargets] = useState<FlatCat[]>([]);
  const { busy, run } = useApiAction();
  const toItem = Form.useWatch('to_item_id', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ to_item_id: String(itemId), new_p_cat_id: '0', is_del: 0 });
    itemApi
      .myList()
      .then((l) => setItems(Array.isArray(l) ? l : []))
      .catch(() => {});
  }, [open, itemId, form]);

  useEffect(() => {
    if (!open || !toItem) return;
    setTargets([]);
    catalogApi
      .listGroup(toItem)
      .then((rows: CatalogRow[]) => setTargets(flatten(toNodes(rows))))
      .catch(() => {});
  }, [open, toItem]);

  const names = pathNames(targets);
  const hidden = new Set<string>();
  if (cat && toItem === String(itemId)) {
    hidden.add(cat.id);
    for (const f of targets) if (f.parentId !== null && hidden.has(f.parentId)) hidden.add(f.id);
  }
  const catOptions = [
    { value: '0', label: t('catalogAdmin.topLevel') },
    ...targets.filter((f) => !hidden.has(f.id) && f.depth + 1 + height <= MAX_DEPTH).map((f) => ({ value: f.id, label: names.get(f.id) ?? f.name })),
  ];

  const submit = async () => {
    if (!cat) return;
    const v = await form.validateFields();
    await run(async () => {
      await catalogApi.copy({ cat_id: cat.id, new_p_cat_id: v.new_p_cat_id, to_item_id: v.to_item_id, is_del: v.is_del });
      onDone(v.is_del === 1, v.to_item_id);
    });
  };

  return (
    <Modal
      open={open}
      title={t('catalogAdmin.copyTitle', { name: cat?.name ?? '' })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'copy-catalog-ok' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="is_del" label={t('catalogAdmin.operation')}>
          <Radio.Group
            options={[
              { value: 0, label: t('catalogAdmin.copy') },
              { value: 1, label: t('catalogAdmin.move') },
            ]}
          />
        </Form.Item>
        <Form.Item name="to_item_id" label={t('catalogAdmin.targetItem')} rules={[{ required: true, message: t('management.required') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={items.map((i) => ({ value: String(i.item_id), label: i.item_name }))}
            onChange={() => form.setFieldValue('new_p_cat_id', '0')}
            data-testid="copy-target-item"
          />
        </Form.Item>
        <Form.Item name="new_p_cat_id" label={t('catalogAdmin.targetParent')}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={catOptions} data-testid="copy-target-cat" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
