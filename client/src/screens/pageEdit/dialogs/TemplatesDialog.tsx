// "More templates": the user's saved templates (insert, share with items, delete) and the
// templates others shared with this item (insert).
import { useState } from 'react';
import { Button, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Template } from '@shared/api/template';
import type { ItemTemplate } from '../../../api/endpoints/tools';
import { confirmDelete } from '../../../ui/confirm';
import { ShareTemplateDialog } from './ShareTemplateDialog';

type Row = { key: string; own: Template | null; id: number; title: string; content: string; addtime: string; by: string };

export function TemplatesDialog({
  templates,
  shared,
  onClose,
  onInsert,
  onDelete,
}: {
  templates: Template[] | null;
  shared: ItemTemplate[];
  onClose(): void;
  onInsert(content: string): void;
  onDelete(t: Template): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [sharing, setSharing] = useState<Template | null>(null);
  const mine: Row[] = (templates ?? []).map((x) => ({ key: `m${x.id}`, own: x, id: Number(x.id), title: x.template_title, content: x.template_content, addtime: x.addtime, by: '' }));
  const theirs: Row[] = shared
    .filter((x) => !mine.some((m) => m.id === x.id))
    .map((x) => ({ key: `s${x.id}`, own: null, id: x.id, title: x.template_title, content: x.template_content, addtime: x.addtime, by: x.username }));
  return (
    <Modal open={!!templates} onCancel={onClose} footer={null} width={720} title={t('editor.templates.title')} destroyOnHidden>
      <Table<Row>
        size="small"
        rowKey="key"
        dataSource={[...mine, ...theirs]}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('editor.templates.time'), dataIndex: 'addtime', width: 170 },
          {
            title: t('editor.templates.name'),
            render: (_, row) => (
              <span data-testid={row.own ? 'own-template' : 'shared-template'}>
                {row.title} {!row.own && <Tag color="blue">{t('editor.templates.sharedBy', { name: row.by })}</Tag>}
              </span>
            ),
          },
          {
            title: t('editor.history.actions'),
            width: 220,
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" type="primary" onClick={() => onInsert(row.content)}>
                  {t('editor.templates.insert')}
                </Button>
                {row.own && (
                  <Button size="small" onClick={() => setSharing(row.own)} data-testid="share-template">
                    {t('editor.templates.share')}
                  </Button>
                )}
                {row.own && (
                  <Button size="small" danger onClick={() => confirmDelete({ title: t('editor.templates.confirmDelete'), remove: () => onDelete(row.own!) })}>
                    {t('common.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ShareTemplateDialog template={sharing} onClose={() => setSharing(null)} />
    </Modal>
  );
}
