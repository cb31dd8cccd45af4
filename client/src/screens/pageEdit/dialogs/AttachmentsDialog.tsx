// The page's attachments: list (5 per page), upload, delete, insert a link into the text.
import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Space, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageApi } from '../../../api';
import type { Attachment } from '@shared/api/attachment';
import type { PageFile } from '@shared/api/page/upload';
import { confirmDelete } from '../../../ui/confirm';
import { ATTACHMENTS_PER_PAGE } from '../limits';

const listOf = (r: Attachment[] | { list: Attachment[] }) => (Array.isArray(r) ? r : (r?.list ?? []));
/** the link a page keeps: page/uploadList's markdown_url (site-relative unless a site URL is set) */
const linkOf = (row: Attachment & Partial<Pick<PageFile, 'markdown_url'>>) => row.markdown_url || row.url;

export function AttachmentsDialog({
  open,
  itemId,
  pageId,
  onClose,
  onInsert,
  onCount,
}: {
  open: boolean;
  itemId: number;
  pageId: number;
  onClose(): void;
  onInsert(markdown: string): void;
  onCount(n: number): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Attachment[] | null>(null);
  const [uploading, setUploading] = useState(false);

  const load = useCallback(async () => {
    const list = listOf(await pageApi.uploadList(pageId));
    setRows(list);
    onCount(list.length);
  }, [pageId, onCount]);

  useEffect(() => {
    if (open) void load().catch(() => setRows([]));
  }, [open, load]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      await pageApi.uploadAttachment({ page_id: pageId, item_id: itemId, file });
      await load();
    } catch {
      /* the API client already told the user */
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={720} title={t('editor.attachments.title')} destroyOnHidden>
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="attachment-upload">
          {t('editor.attachments.upload')}
        </Button>
      </Upload>
      <Table<Attachment>
        style={{ marginTop: 12 }}
        size="small"
        loading={rows === null}
        rowKey={(r) => String(r.file_id)}
        dataSource={rows ?? []}
        pagination={{ pageSize: ATTACHMENTS_PER_PAGE, hideOnSinglePage: true }}
        locale={{ emptyText: t('common.noData') }}
        columns={[
          { title: t('editor.attachments.name'), dataIndex: 'display_name', ellipsis: true },
          { title: t('editor.attachments.time'), dataIndex: 'addtime', width: 160 },
          {
            title: t('editor.history.actions'),
            width: 190,
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" type="primary" onClick={() => onInsert(`[${row.display_name.replace(/[[\]]/g, '')}](${linkOf(row)})`)}>
                  {t('editor.attachments.insert')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirmDelete({
                      title: t('editor.attachments.confirmDelete'),
                      remove: () => pageApi.deleteUploadFile({ file_id: row.file_id, page_id: pageId }),
                      // a failed reload was shown by the API client
                      onDone: () => void load().catch(() => {}),
                    })
                  }
                >
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
