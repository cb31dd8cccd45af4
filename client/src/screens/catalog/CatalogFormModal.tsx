import { useLayoutEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATALOG_NAME_MAX_CHARS } from '../../../../shared/limits';
import { parentChoices, pathNames, type FlatCat } from './tree';
import { useApiAction } from '../../hooks/useApiAction';
import { FormModal } from '../itemSetting/shared/FormModal';

export interface CatalogFormValues {
  cat_name: string;
  parent_cat_id: string;
}

/** Add or edit a catalog: name and parent (top level or a catalog that keeps within three levels). */
export function CatalogFormModal({
  open,
  flat,
  editing,
  parentId,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  flat: FlatCat[];
  /** the catalog being edited; undefined when adding */
  editing?: FlatCat;
  /** preselected parent ('0' = top level) */
  parentId: string;
  onCancel(): void;
  onSubmit(v: CatalogFormValues): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CatalogFormValues>();
  const { busy, run } = useApiAction();
  const names = pathNames(flat);
  const options = [
    { value: '0', label: t('catalogAdmin.topLevel') },
    ...parentChoices(flat, editing?.id).map((f) => ({ value: f.id, label: names.get(f.id) ?? f.name })),
  ];

  // before the browser paints the opened dialog: set after it (useEffect), the values could wipe out
  // what someone typed into the fields as soon as they appeared
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ cat_name: editing?.name ?? '', parent_cat_id: parentId });
  }, [open, editing, parentId, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await onSubmit({ cat_name: v.cat_name.trim(), parent_cat_id: v.parent_cat_id });
    });
  };

  return (
    <FormModal
      open={open}
      title={editing ? t('catalogAdmin.editTitle') : t('catalogAdmin.addTitle')}
      form={form}
      okTestId="catalog-form-ok"
      busy={busy}
      destroyOnHidden
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Form.Item name="cat_name" label={t('catalogAdmin.name')} rules={[{ required: true, whitespace: true, message: t('catalogAdmin.nameRequired') }]}>
        <Input maxLength={CATALOG_NAME_MAX_CHARS} autoFocus data-testid="catalog-form-name" />
      </Form.Item>
      <Form.Item name="parent_cat_id" label={t('catalogAdmin.parent')} extra={t('catalogAdmin.levelsHint')}>
        <Select options={options} showSearch={{ optionFilterProp: 'label' }} data-testid="catalog-form-parent" />
      </Form.Item>
    </FormModal>
  );
}
