// Share one of my templates with items: their editors find it under "More templates".
import { useEffect, useState } from 'react';
import { App, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Template } from '@shared/api/template';
import { itemApi, toolsApi } from '../../../api';

export function ShareTemplateDialog({ template, onClose }: { template: Template | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [items, setItems] = useState<{ value: number; label: string }[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (!template) return;
    void Promise.all([itemApi.myList(), toolsApi.templateShares(template.id)])
      .then(([list, shared]) => {
        setItems((Array.isArray(list) ? list : []).map((i) => ({ value: Number(i.item_id), label: i.item_name })));
        setChosen(shared);
      })
      .catch(() => {});
  }, [template]);
  return (
    <Modal
      open={!!template}
      title={t('editor.templates.shareTitle', { title: template?.template_title ?? '' })}
      okText={t('editor.templates.share')}
      onCancel={onClose}
      onOk={async () => {
        if (!template) return;
        await toolsApi.shareTemplate(template.id, chosen);
        message.success(t('editor.templates.shared'));
        onClose();
      }}
      destroyOnHidden
    >
      <p className="manage-hint">{t('editor.templates.shareHint')}</p>
      <Select mode="multiple" style={{ width: '100%' }} value={chosen} onChange={setChosen} options={items} optionFilterProp="label" data-testid="share-items" />
    </Modal>
  );
}
