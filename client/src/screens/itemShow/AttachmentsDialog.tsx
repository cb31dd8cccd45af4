import { useEffect, useState } from 'react';
import { Empty, Modal, Table } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@shared/limits';
import { pageApi, type Id } from '../../api';
import type { Attachment } from '@shared/api/attachment';
import { formatTime } from '../../ui/time';
import { safeHref } from '../../ui/clipboard';
import { attachmentSize } from '../../ui/fileSize';

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
          { title: t('itemShow.attachments.size'), width: 90, render: (_, r) => attachmentSize(r) },
          { title: t('itemShow.attachments.time'), dataIndex: 'addtime', width: 150, render: (v) => formatTime(v) },
        ]}
      />
    </Modal>
  );
}
