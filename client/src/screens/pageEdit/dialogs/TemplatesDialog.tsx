// "More templates": the user's saved templates with save time and title; insert or delete.
import { Button, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Template } from '@shared/api/template';
import { confirmDelete } from '../../../ui/confirm';

export function TemplatesDialog({
  templates,
  onClose,
  onInsert,
  onDelete,
}: {
  templates: Template[] | null;
  onClose(): void;
  onInsert(content: string): void;
  onDelete(t: Template): Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={!!templates} onCancel={onClose} footer={null} width={680} title={t('editor.templates.title')} destroyOnHidden>
      <Table<Template>
        size="small"
        rowKey={(r) => String(r.id)}
        dataSource={templates ?? []}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        columns={[
          { title: t('editor.templates.time'), dataIndex: 'addtime', width: 170 },
          { title: t('editor.templates.name'), dataIndex: 'template_title' },
          {
            title: t('editor.history.actions'),
            width: 160,
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" type="primary" onClick={() => onInsert(row.template_content)}>
                  {t('editor.templates.insert')}
                </Button>
                <Button size="small" danger onClick={() => confirmDelete({ title: t('editor.templates.confirmDelete'), remove: () => onDelete(row) })}>
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
