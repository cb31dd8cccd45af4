import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { AttachmentTypeSelect } from '../attachment/AttachmentTypeSelect';
import { DeleteOutlined, ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/limits';
import { adminApi } from '../../api';
import type { Attachment } from '@shared/api/attachment';
import { safeHref } from '../../ui/clipboard';
import { formatTime } from '../../ui/time';
import { useLoad } from '../itemSetting/shared/useLoad';
import { SearchField, serverPages } from '../itemSetting/shared/listTools';
import { confirmDelete } from '../../ui/confirm';
import { formatFileSize, formatMb } from '../attachment/upload';
import { Stat, UsedStat } from '../attachment/UsageStats';
import { OrphanTag } from '../attachment/OrphanTag';
import { UnusedFilesButton } from '../attachment/UnusedFiles';

/** All attachments: search by name, type, uploader; visit; delete; total used space. */
export function AdminAttachments() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [type, setType] = useState(-1);
  const [input, setInput] = useState({ display_name: '', username: '' });
  const [query, setQuery] = useState({ display_name: '', username: '' });
  const list = useLoad(
    () =>
      adminApi.allAttachments({
        page,
        count: PAGE_SIZES.allAttachments,
        attachment_type: type,
        display_name: query.display_name || undefined,
        username: query.username || undefined,
      }),
    [page, type, query],
  );
  const rows = Array.isArray(list.data?.list) ? list.data.list : [];
  const quota = (mb: number | undefined) => (Number(mb) > 0 ? formatMb(mb) : t('attachment.unlimited'));

  const search = () => {
    setPage(1);
    setQuery({ display_name: input.display_name.trim(), username: input.username.trim() });
  };

  const remove = (a: Attachment) =>
    confirmDelete({
      title: t('attachment.deleteTitle', { name: a.display_name }),
      content: t('admin.attachments.deleteConfirm'),
      remove: () => adminApi.deleteAttachment(a.file_id),
      onDone: list.reload,
    });

  return (
    <div data-testid="admin-attachments">
      <div className="manage-stats">
        <UsedStat label={t('admin.attachments.totalUsed')} usedMb={list.data?.used_m} quotaMb={list.data?.site_quota_m} testId="site-usage" />
        <Stat label={t('admin.attachments.userQuota')} value={quota(list.data?.user_quota_m)} />
        <Stat label={t('attachment.count')} value={list.data?.total ?? 0} />
      </div>
      <div className="manage-toolbar">
        <SearchField maxWidth={220} placeholder={t('attachment.searchName')} value={input.display_name} onChange={(v) => setInput({ ...input, display_name: v })} onSearch={search} />
        <SearchField maxWidth={180} placeholder={t('admin.attachments.uploader')} value={input.username} onChange={(v) => setInput({ ...input, username: v })} onSearch={search} />
        <AttachmentTypeSelect
          width={140}
          value={type}
          onChange={(v) => {
            setPage(1);
            setType(v);
          }}
        />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('management.search')}
        </Button>
        <UnusedFilesButton onChanged={list.reload} />
      </div>
      <Table<Attachment>
        rowKey={(a) => String(a.file_id)}
        loading={list.loading}
        dataSource={rows}
        size="middle"
        data-testid="admin-attachment-list"
        pagination={serverPages(page, setPage, PAGE_SIZES.allAttachments, list.data?.total)}
        columns={[
          {
            title: t('attachment.name'),
            dataIndex: 'display_name',
            render: (v: string, a) => (
              <>
                <span style={{ wordBreak: 'break-all' }}>{v}</span>
                <OrphanTag file={a} />
              </>
            ),
          },
          { title: t('admin.attachments.uploader'), dataIndex: 'username', responsive: ['sm'] },
          { title: t('attachment.size'), dataIndex: 'file_size_m', render: (v, a) => formatFileSize(a.file_size, v), responsive: ['md'], width: 100 },
          { title: t('attachment.visits'), dataIndex: 'visit_times', responsive: ['lg'], width: 80 },
          { title: t('attachment.uploadedAt'), dataIndex: 'addtime', render: (v) => formatTime(v), responsive: ['lg'] },
          {
            title: '',
            width: 90,
            render: (_, a) => (
              <Space size={0}>
                <Button type="text" size="small" icon={<ExportOutlined />} href={safeHref(a.url)} target="_blank" rel="noopener noreferrer" aria-label={t('attachment.visit')} />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(a)} />
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
