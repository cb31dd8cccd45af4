import { useEffect, useState } from 'react';
import { Empty, Modal, Table } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@shared/limits';
import { pageApi, type Id } from '../../api';
import type { Attachment } from '@shared/api/attachment';
import { formatTime } from '../../ui/time';
import { safeHref } from '../../ui/clipboard';

function sizeText(a: Attachment): string {
  const m = Number(a.file_size_m);
  if (Number.isFinite(m) && m > 0) return m >= 1 ? `${m.toFixed(1)} MB` : `${Math.max(1, Math.round(m * 1024))} KB`;
  const b = Number(a.file_size);
  if (Number.isFinite(b) && b > 0) return b >= 1048576 ? `${(b / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(b / 1024))} KB`;
  return '';
}

/** Files attached to the page (page/uploadList), 5 per page. */
export function AttachmentsDialog({ open, pageId, onClose }: { open: boolean; pageId: Id; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Attachment[] | null>(null);
  useEffect(() => {
    if (!open) return;
    setRows(null);
    pageApi
      .uploadList(pageId)
      .then((r) => setRows(Array.isArray(r) ? r : (r?.list ?? [])))
      .catch(() => setRows([]));
  }, [open, pageId]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('itemShow.attachments.title')} width={640} destroyOnHidden data-testid="attachments-dialog">
      <Table<Attachment>
        rowKey={(r) => String(r.file_id)}
        loading={rows === null}
        dataSource={rows ?? []}
        size="small"
        pagination={{ pageSize: PAGE_SIZES.pageAttachments, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        columns={[
          {
            title: t('itemShow.attachments.name'),
            dataIndex: 'display_name',
            ellipsis: true,
            render: (name: string, r) => (
              <a href={safeHref(r.url)} target="_blank" rel="noopener noreferrer">
                <PaperClipOutlined /> {name}
              </a>
            ),
          },
          { title: t('itemShow.attachments.size'), width: 90, render: (_, r) => sizeText(r) },
          { title: t('itemShow.attachments.time'), dataIndex: 'addtime', width: 150, render: (v) => formatTime(v) },
        ]}
      />
    </Modal>
  );
}
