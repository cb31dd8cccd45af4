import '../../i18n/managementTexts';
import { useState } from 'react';
import { Button, Input, Progress, Space, Table, Tooltip, Upload } from 'antd';
import { AttachmentTypeSelect } from './AttachmentTypeSelect';
import { CopyOutlined, DeleteOutlined, ExportOutlined, InboxOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/limits';
import { adminApi } from '../../api';
import type { Attachment } from '@shared/api/attachment';
import { attachmentUploadUrl } from '../../api/endpoints/admin';
import { currentLanguage } from '../../i18n';
import { copyText, safeHref } from '../../ui/clipboard';
import { showError } from '../../ui/feedback';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { serverPages } from '../itemSetting/shared/listTools';
import { confirmDelete, toast } from '../../ui/confirm';
import { formatFileSize, formatMb, uploadWithProgress } from './upload';
import { Stat, UsedStat } from './UsageStats';
import { OrphanTag } from './OrphanTag';
import { UnusedFilesButton } from './UnusedFiles';

interface Uploading {
  uid: string;
  name: string;
  percent: number;
  failed?: boolean;
}

/** Attachment type filter: -1 all, 1 images, 2 other files (spec §9). */
export const ATTACHMENT_TYPES = [-1, 1, 2] as const;

/** My attachments (spec §2): search by name and type, drag-and-drop upload with progress, copy link, visit, delete, usage. */
export default function AttachmentScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<number>(-1);
  const [nameInput, setNameInput] = useState('');
  const [name, setName] = useState('');
  const [uploads, setUploads] = useState<Uploading[]>([]);
  const list = useLoad(
    () => adminApi.myAttachments({ page, count: PAGE_SIZES.myAttachments, attachment_type: type, display_name: name || undefined }),
    [page, type, name],
  );
  const data = list.data;
  const rows = Array.isArray(data?.list) ? data.list : [];

  const search = () => {
    setPage(1);
    setName(nameInput.trim());
  };

  const upload = (file: File) => {
    const uid = `${Date.now()}-${Math.random()}`;
    setUploads((u) => [...u, { uid, name: file.name, percent: 0 }]);
    const job = uploadWithProgress(attachmentUploadUrl(), file, { item_id: '0', page_id: '0' }, {
      language: currentLanguage() === 'zh-CN' ? 'zh-CN,zh;q=0.9' : 'en',
      onProgress: (percent) => setUploads((u) => u.map((x) => (x.uid === uid ? { ...x, percent } : x))),
    });
    void job.done.then((r) => {
      if (r.ok) {
        setUploads((u) => u.filter((x) => x.uid !== uid));
        toast('success', t('attachment.uploaded', { name: file.name }));
        setPage(1);
        list.reload();
      } else {
        setUploads((u) => u.map((x) => (x.uid === uid ? { ...x, failed: true } : x)));
        showError(r.message || t('attachment.uploadFailed'));
        setTimeout(() => setUploads((u) => u.filter((x) => x.uid !== uid)), 4000);
      }
    });
  };

  const copy = async (a: Attachment) => {
    const ok = await copyText(absoluteUrl(a.url));
    toast(ok ? 'success' : 'warning', ok ? t('attachment.linkCopied') : t('attachment.copyFailed'));
  };

  const remove = (a: Attachment) =>
    confirmDelete({
      title: t('attachment.deleteTitle', { name: a.display_name }),
      content: t('attachment.deleteConfirm'),
      remove: () => adminApi.deleteMyAttachment(a.file_id),
      // the last row of a later page: show the page before
      onDone: () => (rows.length === 1 && page > 1 ? setPage(page - 1) : list.reload()),
    });

  return (
    <Frame title={t('attachment.title')} back="/item/index" testId="attachment-screen">
      <div className="manage-stats" data-testid="attachment-usage">
        <UsedStat label={t('attachment.usedSpace')} usedMb={data?.used_m} quotaMb={data?.quota_m} testId="attachment-quota" />
        <Stat label={t('attachment.monthFlow')} value={formatMb(data?.used_flow_m ?? 0)} />
        <Stat label={t('attachment.count')} value={data?.total ?? 0} />
      </div>
      <div className="manage-panel manage-dropzone">
        <Upload.Dragger
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            upload(file as File);
            return false;
          }}
          data-testid="attachment-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('attachment.dropText')}</p>
          <p className="ant-upload-hint">{t('attachment.dropHint')}</p>
        </Upload.Dragger>
        {uploads.map((u) => (
          <div key={u.uid} style={{ marginTop: 10 }} data-testid="upload-progress">
            <div className="manage-hint">{u.name}</div>
            <Progress percent={u.percent} status={u.failed ? 'exception' : u.percent >= 100 ? 'active' : 'normal'} size="small" />
          </div>
        ))}
      </div>
      <div className="manage-panel">
        <div className="manage-toolbar">
          <Space.Compact style={{ maxWidth: 360, flex: '1 1 220px' }}>
            <Input
              allowClear
              placeholder={t('attachment.searchName')}
              value={nameInput}
              onChange={(e) => {
                setNameInput(e.target.value);
                if (!e.target.value) {
                  setPage(1);
                  setName('');
                }
              }}
              onPressEnter={search}
              data-testid="attachment-search"
            />
            <Button icon={<SearchOutlined />} onClick={search} aria-label={t('management.search')} />
          </Space.Compact>
          <AttachmentTypeSelect
            width={150}
            value={type}
            onChange={(v) => {
              setPage(1);
              setType(v);
            }}
            testId="attachment-type"
          />
          <UnusedFilesButton onChanged={list.reload} />
        </div>
        <Table<Attachment>
          rowKey={(a) => String(a.file_id)}
          loading={list.loading}
          dataSource={rows}
          size="middle"
          locale={{ emptyText: t('attachment.empty') }}
          data-testid="attachment-list"
          pagination={serverPages(page, setPage, PAGE_SIZES.myAttachments, data?.total)}
          columns={[
            {
              title: t('attachment.name'),
              dataIndex: 'display_name',
              render: (v: string, a) => (
                <>
                  <a href={safeHref(a.url)} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
                    {v}
                  </a>
                  <OrphanTag file={a} />
                </>
              ),
            },
            { title: t('attachment.type'), dataIndex: 'file_type', responsive: ['lg'], ellipsis: true },
            { title: t('attachment.size'), dataIndex: 'file_size_m', render: (v, a) => formatFileSize(a.file_size, v), responsive: ['sm'], width: 110 },
            { title: t('attachment.visits'), dataIndex: 'visit_times', responsive: ['md'], width: 90 },
            { title: t('attachment.uploadedAt'), dataIndex: 'addtime', render: (v) => formatTime(v), responsive: ['md'], width: 160 },
            {
              title: '',
              width: 120,
              render: (_, a) => (
                <Space size={0}>
                  <Tooltip title={t('attachment.copyLink')}>
                    <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => void copy(a)} aria-label={t('attachment.copyLink')} />
                  </Tooltip>
                  <Tooltip title={t('attachment.visit')}>
                    <Button type="text" size="small" icon={<ExportOutlined />} href={safeHref(a.url)} target="_blank" rel="noopener noreferrer" aria-label={t('attachment.visit')} />
                  </Tooltip>
                  <Tooltip title={t('common.delete')}>
                    <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(a)} aria-label={t('common.delete')} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </Frame>
  );
}

/** Attachment URLs may be site-relative; links handed out are absolute. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).toString();
  } catch {
    return url;
  }
}
