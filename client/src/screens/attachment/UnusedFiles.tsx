// "Unused files": files that no page's text links to, to delete in one go. The server decides
// whose: an administrator's list holds everyone's files, anyone else's their own uploads.
import { useState } from 'react';
import { Button, Modal, Table } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toolsApi } from '../../api';
import type { UnusedFile } from '@shared/api/attachmentUnused';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete } from '../../ui/confirm';
import { formatFileSize } from './upload';
import { safeHref } from '../../ui/clipboard';

const PAGE = 20;

function UnusedList({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useLoad(() => toolsApi.unusedFiles({ page, count: PAGE }), [page]);
  const rows = Array.isArray(list.data?.list) ? list.data.list : [];
  const remove = () =>
    confirmDelete({
      title: t('attachment.unused.deleteTitle', { count: selected.length }),
      content: t('attachment.unused.deleteConfirm'),
      remove: () => toolsApi.deleteFiles(selected),
      onDone: () => {
        setSelected([]);
        list.reload();
        onChanged();
      },
    });
  return (
    <>
      <p className="manage-hint">{t('attachment.unused.hint')}</p>
      <Button danger disabled={!selected.length} onClick={remove} style={{ marginBottom: 12 }} data-testid="delete-unused">
        {t('attachment.unused.deleteSelected', { count: selected.length })}
      </Button>
      <Table<UnusedFile>
        size="small"
        rowKey="file_id"
        loading={list.loading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ current: page, pageSize: PAGE, total: Number(list.data?.total ?? 0), onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('attachment.unused.none') }}
        data-testid="unused-list"
        columns={[
          {
            title: t('attachment.name'),
            render: (_, f) => (
              <a href={safeHref(f.url)} target="_blank" rel="noreferrer">
                {f.display_name}
              </a>
            ),
          },
          { title: t('attachment.size'), render: (_, f) => formatFileSize(f.file_size), width: 100 },
          { title: t('attachment.unused.owner'), dataIndex: 'username', width: 140 },
          { title: t('attachment.uploadedAt'), dataIndex: 'addtime', width: 170 },
        ]}
      />
    </>
  );
}

/** The button that opens the list of unused files. */
export function UnusedFilesButton({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ClearOutlined />} onClick={() => setOpen(true)} data-testid="open-unused">
        {t('attachment.unused.button')}
      </Button>
      <Modal open={open} title={t('attachment.unused.title')} footer={null} width={760} onCancel={() => setOpen(false)} destroyOnHidden>
        <UnusedList onChanged={onChanged} />
      </Modal>
    </>
  );
}
