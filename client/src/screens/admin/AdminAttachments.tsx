import { useState } from 'react';
import { Button, Input, Progress, Space, Table } from 'antd';
import { AttachmentTypeSelect } from '../attachment/AttachmentTypeSelect';
import { DeleteOutlined, ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/limits';
import { adminApi, type Attachment } from '../../api';
import { safeHref } from '../../ui/clipboard';
import { formatTime } from '../../ui/time';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete } from '../../ui/confirm';
import { formatFileSize, formatMb, quotaPercent } from '../attachment/upload';
import { OrphanTag } from '../attachment/OrphanTag';

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
  const usedPercent = quotaPercent(list.data?.used_m, list.data?.site_quota_m);
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
        <div className="manage-stat" data-testid="site-usage">
          <div className="label">{t('admin.attachments.totalUsed')}</div>
          <div className="value">
            {usedPercent === null ? formatMb(list.data?.used_m ?? 0) : t('attachment.usedOf', { used: formatMb(list.data?.used_m ?? 0), quota: quota(list.data?.site_quota_m) })}
          </div>
          {usedPercent !== null && <Progress percent={usedPercent} size="small" showInfo={false} status={usedPercent >= 90 ? 'exception' : 'normal'} />}
        </div>
        <div className="manage-stat">
          <div className="label">{t('admin.attachments.userQuota')}</div>
          <div className="value">{quota(list.data?.user_quota_m)}</div>
        </div>
        <div className="manage-stat">
          <div className="label">{t('attachment.count')}</div>
          <div className="value">{list.data?.total ?? 0}</div>
        </div>
      </div>
      <div className="manage-toolbar">
        <Input
          allowClear
          style={{ maxWidth: 220 }}
          placeholder={t('attachment.searchName')}
          value={input.display_name}
          onChange={(e) => setInput({ ...input, display_name: e.target.value })}
          onPressEnter={search}
        />
        <Input
          allowClear
          style={{ maxWidth: 180 }}
          placeholder={t('admin.attachments.uploader')}
          value={input.username}
          onChange={(e) => setInput({ ...input, username: e.target.value })}
          onPressEnter={search}
        />
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
      </div>
      <Table<Attachment>
        rowKey={(a) => String(a.file_id)}
        loading={list.loading}
        dataSource={rows}
        size="middle"
        data-testid="admin-attachment-list"
        pagination={{ current: page, pageSize: PAGE_SIZES.allAttachments, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
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
