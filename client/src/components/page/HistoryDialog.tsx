// A page's saved versions: time, author, comment; each opens its diff with the current page in a
// new window (spec §2). In the editor (onRestore given) comments can be edited and a version
// restored into the editor — the restore is an edit like any other: Save makes it a new version.
// In the reader, editors (restoreAs given) restore a version by saving it as the page's new
// version (page/save: the server checks edit rights and locks; the current text stays in history).
// Its texts come with it (editor texts), so the reader loads them only when the dialog opens.
import '../../i18n/editorTexts';
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi, type Id } from '../../api';
import type { PageHistoryEntry } from '@shared/api/page';
import { confirmAction, toast } from '../../ui/confirm';
import { formatTime } from '../../ui/time';

interface Props {
  pageId: Id;
  open: boolean;
  onClose(): void;
  /** the editor: edit comments, restore a version's content into the editor */
  onRestore?(content: string): void;
  /** the reader, for editors: save a version as the page's new version, then onRestored */
  restoreAs?: { itemId: Id; pageTitle: string; onRestored(): void };
}

export function HistoryDialog({ pageId, open, onClose, onRestore, restoreAs }: Props) {
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
    onRestore?.(d.history_page.page_content);
    onClose();
  };

  const restoreAsVersion = (row: PageHistoryEntry) => {
    if (!restoreAs) return;
    const time = formatTime(row.addtime);
    confirmAction({
      title: t('editor.history.restoreTitle'),
      content: t('editor.history.restoreConfirm', { time }),
      okText: t('editor.history.restore'),
      danger: false,
      onOk: async () => {
        const d = await pageApi.diff(pageId, row.page_history_id);
        await pageApi.save({
          page_id: pageId,
          item_id: restoreAs.itemId,
          page_title: restoreAs.pageTitle,
          page_content: d.history_page.page_content,
          page_comments: t('editor.history.restoreComment', { time }),
        });
        toast('success', t('editor.history.restored'));
        onClose();
        restoreAs.onRestored();
      },
    });
  };

  const comment = (row: PageHistoryEntry) => {
    if (!onRestore) return row.page_comments;
    if (editing?.id === String(row.page_history_id)) {
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Input size="small" value={editing.text} maxLength={255} onChange={(e) => setEditing({ ...editing, text: e.target.value })} onPressEnter={() => void saveComment(row)} />
          <Button size="small" type="primary" onClick={() => void saveComment(row)}>
            {t('editor.save')}
          </Button>
        </Space.Compact>
      );
    }
    return (
      <a onClick={() => setEditing({ id: String(row.page_history_id), text: row.page_comments ?? '' })} data-testid="history-comment">
        {row.page_comments || t('editor.history.addComment')}
      </a>
    );
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={760} title={t('editor.history.title')} destroyOnHidden data-testid="history-dialog">
      <Table<PageHistoryEntry>
        size="small"
        loading={rows === null}
        rowKey={(r) => String(r.page_history_id)}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        // narrower than this (phones) the table scrolls sideways rather than squeezing the comment out
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        columns={[
          { title: t('editor.history.time'), dataIndex: 'addtime', width: 170, render: (v) => formatTime(v) },
          { title: t('editor.history.author'), dataIndex: 'author_username', width: 120 },
          { title: t('editor.history.comment'), ellipsis: !onRestore, render: (_, row) => comment(row) },
          {
            title: t('editor.history.actions'),
            width: onRestore || restoreAs ? 170 : 100,
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" href={`/page/diff/${pageId}/${row.page_history_id}`} target="_blank" rel="noopener noreferrer">
                  {t('editor.history.diff')}
                </Button>
                {onRestore && (
                  <Button size="small" onClick={() => void restore(row)}>
                    {t('editor.history.restore')}
                  </Button>
                )}
                {restoreAs && (
                  <Button size="small" onClick={() => restoreAsVersion(row)} data-testid="history-restore">
                    {t('editor.history.restore')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
