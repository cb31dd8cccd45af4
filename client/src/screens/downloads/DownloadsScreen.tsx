import '../../i18n/screenTexts';
import '../../i18n/managementTexts';
import './downloads.css';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Button, Empty, Progress, Skeleton, Tag } from 'antd';
import {
  CloseCircleOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  FileExcelOutlined,
  FileMarkdownOutlined,
  FileWordOutlined,
  GlobalOutlined,
  ImportOutlined,
  ProfileOutlined,
  ReloadOutlined,
  RedoOutlined,
  RightOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { jobApi } from '../../api';
import type { JobInfo, JobState } from '@shared/api/job';
import { useJobPushes, type PushedJob } from '../../realtime/jobs';
import { inLanguage } from '../../realtime/jobTexts';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmAction, toast } from '../../ui/confirm';
import { formatFileSize } from '../attachment/upload';

const KIND_ICONS: Record<string, ReactNode> = {
  'export.word': <FileWordOutlined />,
  'export.markdown': <FileMarkdownOutlined />,
  'export.html': <GlobalOutlined />,
  'import.auto': <ImportOutlined />,
  'import.xlsx': <FileExcelOutlined />,
  'import.showdoc': <SwapOutlined />,
  'export.xlsx': <FileExcelOutlined />,
  'test.pages': <ExperimentOutlined />,
};
const KNOWN_KINDS = new Set(Object.keys(KIND_ICONS));
const STATE_COLORS: Record<JobState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** Downloads: the user's background jobs with live progress, their files, retry and cancel. */
export default function DownloadsScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const focus = search.get('job') ?? '';
  const list = useLoad(() => jobApi.list(), []);
  const rows = Array.isArray(list.data) ? list.data : [];
  const { setData, reload } = list;
  const scrolled = useRef(false);

  // live progress: a push updates its row; a job this list does not know, or one that changed
  // state (started, ended: its file, size and expiry are in the list), reads the list again
  const shown = useRef(rows);
  shown.current = rows;
  const onPush = useCallback(
    (pushed: PushedJob) => {
      const p = inLanguage(pushed);
      setData((cur) => cur?.map((j) => (j.job_id === p.job_id ? { ...j, state: p.status, progress: p.progress, stage: p.stage, error: p.error ?? j.error } : j)));
      const before = shown.current.find((j) => j.job_id === p.job_id);
      if (!before || before.state !== p.status) reload();
    },
    [setData, reload],
  );
  useJobPushes(onPush, reload);

  useEffect(() => {
    if (!focus || scrolled.current || !rows.some((j) => j.job_id === focus)) return;
    scrolled.current = true;
    document.querySelector(`[data-job="${focus}"]`)?.scrollIntoView({ block: 'center' });
  }, [focus, rows]);

  const replace = (job: JobInfo) => setData((cur) => cur?.map((j) => (j.job_id === job.job_id ? job : j)));

  const cancel = (job: JobInfo) =>
    confirmAction({
      title: t('downloads.cancelTitle'),
      content: t('downloads.cancelText'),
      okText: t('downloads.cancel'),
      onOk: async () => {
        replace(await jobApi.cancel(job.job_id));
        toast('success', t('downloads.cancelled'));
      },
    });

  const retry = async (job: JobInfo) => {
    try {
      replace(await jobApi.retry(job.job_id));
      toast('success', t('downloads.retried'));
    } catch {
      // the API client showed the error
    }
  };

  return (
    <Frame
      title={t('downloads.title')}
      back="/item/index"
      testId="downloads-screen"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload} data-testid="downloads-refresh">
          {t('downloads.refresh')}
        </Button>
      }
    >
      <p className="manage-hint downloads-intro">{t('downloads.intro')}</p>
      {list.loading && !list.data ? (
        <div className="manage-panel">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : rows.length === 0 ? (
        <div className="manage-panel">
          <Empty description={t('downloads.empty')} />
        </div>
      ) : (
        <ul className="downloads-list" data-testid="downloads-list">
          {rows.map((job) => (
            <JobRow key={job.job_id} job={job} focused={job.job_id === focus} onCancel={cancel} onRetry={retry} />
          ))}
        </ul>
      )}
    </Frame>
  );
}

/** A field of what a finished job reported (an import: the item it made, the file it read). */
function summaryText(job: JobInfo, key: 'link' | 'file_name'): string {
  const v = job.summary && typeof job.summary === 'object' ? (job.summary as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
}

/** A finished job's own page on this site (an import: its item). */
function resultLink(job: JobInfo): string {
  const link = job.state === 'done' ? summaryText(job, 'link') : '';
  return /^\/(?!\/)\S*$/.test(link) ? link : '';
}

function JobRow({ job, focused, onCancel, onRetry }: { job: JobInfo; focused: boolean; onCancel: (j: JobInfo) => void; onRetry: (j: JobInfo) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = resultLink(job);
  const kind = KNOWN_KINDS.has(job.kind) ? job.kind : 'other';
  const open = job.state === 'queued' || job.state === 'running';
  const status = job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : job.state === 'running' ? 'active' : 'normal';
  const stage = job.state === 'queued' ? t('downloads.waiting') : job.state === 'failed' ? job.error : job.stage;
  const meta = [
    job.finished_at
      ? t('downloads.finished', { time: formatTime(job.finished_at) })
      : job.state === 'running' && job.started_at
        ? t('downloads.started', { time: formatTime(job.started_at) })
        : t('downloads.added', { time: formatTime(job.created_at) }),
    job.file ? formatFileSize(job.file.size) : '',
    job.file && job.expires_at ? t('downloads.keptUntil', { time: formatTime(job.expires_at) }) : '',
    job.state === 'done' && !job.file && job.finished_at && !job.expires_at && job.kind.startsWith('export') ? t('downloads.expired') : '',
    job.attempt > 1 ? t('downloads.attempt', { n: job.attempt }) : '',
  ].filter(Boolean);

  return (
    <li className={`downloads-row${focused ? ' is-focused' : ''}`} data-job={job.job_id} data-testid={`job-${job.job_id}`} data-state={job.state} data-progress={job.progress}>
      <div className="downloads-icon" aria-hidden="true">
        {KIND_ICONS[job.kind] ?? <ProfileOutlined />}
      </div>
      <div className="downloads-main">
        <div className="downloads-head">
          <span className="downloads-title">{t(`downloads.kind.${kind}`)}</span>
          {(job.item_name || summaryText(job, 'file_name')) && <span className="downloads-item">{job.item_name || summaryText(job, 'file_name')}</span>}
          <Tag color={STATE_COLORS[job.state]} className="downloads-state" data-testid="job-state">
            {t(`downloads.state.${job.state}`)}
          </Tag>
        </div>
        {job.state !== 'cancelled' && (
          <Progress percent={job.progress} status={status} size="small" className="downloads-progress" data-testid="job-progress" aria-label={stage || undefined} />
        )}
        {stage && (
          <div className={`downloads-stage${job.state === 'failed' ? ' is-error' : ''}`} data-testid="job-stage">
            {stage}
          </div>
        )}
        <div className="downloads-meta">{meta.join(' · ')}</div>
      </div>
      <div className="downloads-actions">
        {link && (
          <Button icon={<RightOutlined />} onClick={() => navigate(link)} data-testid="job-open">
            {t('downloads.open')}
          </Button>
        )}
        {job.download_url && (
          <Button type="primary" icon={<DownloadOutlined />} href={job.download_url} data-testid="job-download">
            {t('downloads.download')}
          </Button>
        )}
        {job.state === 'failed' && (
          <Button icon={<RedoOutlined />} onClick={() => onRetry(job)} data-testid="job-retry">
            {t('downloads.retry')}
          </Button>
        )}
        {open && (
          <Button icon={<CloseCircleOutlined />} onClick={() => onCancel(job)} data-testid="job-cancel">
            {t('downloads.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}
