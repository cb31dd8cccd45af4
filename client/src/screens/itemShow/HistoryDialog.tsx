import { useEffect, useState } from 'react';
import { Empty, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi, type Id, type PageHistoryEntry } from '../../api';
import { formatTime } from '../../ui/time';

/** The page's saved versions; "compare" opens the diff screen in a new window (spec §2). */
export function HistoryDialog({ open, pageId, onClose }: { open: boolean; pageId: Id; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PageHistoryEntry[] | null>(null);
  useEffect(() => {
    if (!open) return;
    setRows(null);
    pageApi
      .history(pageId)
      .then((r) => setRows(Array.isArray(r) ? r : []))
      .catch(() => setRows([]));
  }, [open, pageId]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('itemShow.history.title')} width={720} destroyOnHidden data-testid="history-dialog">
      <Table<PageHistoryEntry>
        rowKey={(r) => String(r.page_history_id)}
        loading={rows === null}
        dataSource={rows ?? []}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        columns={[
          { title: t('itemShow.history.time'), dataIndex: 'addtime', width: 170, render: (v) => formatTime(v) },
          { title: t('itemShow.history.author'), dataIndex: 'author_username', width: 130 },
          { title: t('itemShow.history.comment'), dataIndex: 'page_comments', ellipsis: true },
          {
            title: '',
            width: 90,
            render: (_, r) => (
              <a href={`/page/diff/${pageId}/${r.page_history_id}`} target="_blank" rel="noopener noreferrer">
                {t('itemShow.history.compare')}
              </a>
            ),
          },
        ]}
      />
    </Modal>
  );
}
