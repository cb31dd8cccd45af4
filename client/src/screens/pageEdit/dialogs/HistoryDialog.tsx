// Page history: time, author, editable comment; open a version's diff in a new window, or restore
// it into the editor (the restore is an edit like any other: Save makes it a new version).
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi, type PageHistoryEntry } from '../../../api';

export function HistoryDialog({ pageId, open, onClose, onRestore }: { pageId: number; open: boolean; onClose(): void; onRestore(content: string): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PageHistoryEntry[] | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setRows(null);
    pageApi
      .history(pageId)
      .then((r) => setRows(Array.isArray(r) ? r : []))
      .catch(() => setRows([]));
  }, [open, pageId]);

  const saveComment = async (row: PageHistoryEntry) => {
    if (!editing) return;
    await pageApi.updateHistoryComments({ page_id: pageId, page_history_id: row.page_history_id, page_comments: editing.text });
    setRows((rs) => rs?.map((r) => (String(r.page_history_id) === editing.id ? { ...r, page_comments: editing.text } : r)) ?? null);
    setEditing(null);
  };

  const restore = async (row: PageHistoryEntry) => {
    const d = await pageApi.diff(pageId, row.page_history_id);
    onRestore(d.history_page.page_content);
    onClose();
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={760} title={t('editor.history.title')} destroyOnHidden>
      {rows && rows.length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <Table<PageHistoryEntry>
          size="small"
          loading={rows === null}
          rowKey={(r) => String(r.page_history_id)}
          dataSource={rows ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t('editor.history.time'), dataIndex: 'addtime', width: 170 },
            { title: t('editor.history.author'), dataIndex: 'author_username', width: 120 },
            {
              title: t('editor.history.comment'),
              render: (_, row) =>
                editing?.id === String(row.page_history_id) ? (
                  <Space.Compact style={{ width: '100%' }}>
                    <Input size="small" value={editing.text} maxLength={255} onChange={(e) => setEditing({ ...editing, text: e.target.value })} onPressEnter={() => void saveComment(row)} />
                    <Button size="small" type="primary" onClick={() => void saveComment(row)}>
                      {t('editor.save')}
                    </Button>
                  </Space.Compact>
                ) : (
                  <a onClick={() => setEditing({ id: String(row.page_history_id), text: row.page_comments ?? '' })} data-testid="history-comment">
                    {row.page_comments || t('editor.history.addComment')}
                  </a>
                ),
            },
            {
              title: t('editor.history.actions'),
              width: 170,
              render: (_, row) => (
                <Space size={4}>
                  <Button size="small" onClick={() => window.open(`/page/diff/${pageId}/${row.page_history_id}`, '_blank', 'noopener')}>
                    {t('editor.history.diff')}
                  </Button>
                  <Button size="small" onClick={() => void restore(row)}>
                    {t('editor.history.restore')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
