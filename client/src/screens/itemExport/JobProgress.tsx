import '../../i18n/screenTexts';
import { useEffect, useState } from 'react';
import { Alert, Button, Progress, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { JobUpdate, WatchJob } from './watchJob';

const FINISHED = new Set(['done', 'failed', 'cancelled']);

/** A queued export followed live: the progress bar and stage, then the download (on the Downloads screen) or the error. */
export function JobProgress({ jobId, pages, watch }: { jobId: string; pages: number; watch: WatchJob }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [job, setJob] = useState<JobUpdate>({ job_id: jobId, status: 'queued', progress: 0 });
  useEffect(() => watch(jobId, (u) => setJob((prev) => (FINISHED.has(prev.status) ? prev : u))), [jobId, watch]);
  const downloads = `/downloads?job=${encodeURIComponent(jobId)}`;

  return (
    <div data-testid="export-job" data-status={job.status}>
      <Alert type="info" showIcon title={t('itemExport.queued', { pages })} style={{ marginBottom: 16 }} />
      {job.status === 'failed' || job.status === 'cancelled' ? (
        <Alert type="error" showIcon title={job.status === 'cancelled' ? t('itemExport.cancelled') : t('itemExport.failed', { error: job.error ?? '' })} data-testid="export-job-failed" />
      ) : (
        <>
          <Progress percent={Math.round(job.status === 'done' ? 100 : job.progress)} status={job.status === 'done' ? 'success' : 'active'} data-testid="export-job-progress" />
          <div className="export-stage" style={{ color: 'var(--ant-color-text-secondary, #666)', minHeight: 22 }}>
            {job.status === 'done' ? t('itemExport.done') : job.stage || (job.status === 'queued' ? t('itemExport.waiting') : t('itemExport.running'))}
          </div>
        </>
      )}
      <Space wrap style={{ marginTop: 16 }}>
        {job.status === 'done' && (
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => navigate(downloads)} data-testid="export-job-download">
            {t('itemExport.download')}
          </Button>
        )}
        <Link to={downloads}>{t('itemExport.openDownloads')}</Link>
      </Space>
    </div>
  );
}
