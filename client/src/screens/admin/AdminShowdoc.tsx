// "Move from ShowDoc" (#21): upload a ShowDoc site's database and a zip of its files, follow the
// import job live (the 'job' push), and read its report: rows per table, what was skipped and
// why, missing files, ids that changed, merged users. The job's id stays in the address
// (?tab=showdoc&job=…), so a reload, or Downloads' Open button, comes back to the same report.
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Progress, Space, Table, Tag, Upload } from 'antd';
import { CloseCircleOutlined, RedoOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { JobInfo } from '@shared/api/job';
import type { ShowdocImportSummary } from '@shared/api/adminShowdoc';
import { localize, type MessageVars } from '@shared/messages';
import { jobApi, quietly, showdocApi } from '../../api';
import { currentLanguage } from '../../i18n';
import { useJobPushes, type PushedJob } from '../../realtime/jobs';
import { inLanguage, readerLang } from '../../realtime/jobTexts';

const KIND = 'import.showdoc';
const isOpen = (j: JobInfo) => j.state === 'queued' || j.state === 'running';

export function AdminShowdoc() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobParam = params.get('job') ?? '';
  const [db, setDb] = useState<File | null>(null);
  const [uploads, setUploads] = useState<File | null>(null);
  const [siteUrl, setSiteUrl] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const [uploading, setUploading] = useState<number | null>(null);
  const [startError, setStartError] = useState('');
  const [job, setJob] = useState<JobInfo | null>(null);
  const upload = useRef<{ abort(): void } | null>(null);
  const followed = useRef('');
  followed.current = job?.job_id ?? '';

  const follow = useCallback(
    (j: JobInfo) => {
      setJob(j);
      if (j.job_id !== jobParam) setParams({ tab: 'showdoc', job: j.job_id }, { replace: true });
    },
    [jobParam, setParams],
  );

  const refresh = useCallback(async () => {
    const id = followed.current;
    if (!id) return;
    const j = await quietly(jobApi.info(id));
    if (j && j.job_id === followed.current) setJob(j);
  }, []);

  // the job in the address; else the newest ShowDoc import still running (the tab was closed)
  useEffect(() => {
    let gone = false;
    void (async () => {
      if (jobParam) {
        if (followed.current === jobParam) return;
        const j = await quietly(jobApi.info(jobParam));
        if (!gone && j?.kind === KIND) setJob(j);
        return;
      }
      const list = await quietly(jobApi.list());
      const open = Array.isArray(list) ? list.find((j) => j.kind === KIND && isOpen(j)) : undefined;
      if (!gone && open) follow(open);
    })();
    return () => {
      gone = true;
    };
  }, [jobParam, follow]);

  // live progress; a new state (started, ended: the report) is read again in full
  const onPush = useCallback(
    (pushed: PushedJob) => {
      if (pushed.job_id !== followed.current) return;
      const p = inLanguage(pushed);
      setJob((cur) => (cur ? { ...cur, state: p.status, progress: p.progress, stage: p.stage, error: p.error ?? cur.error } : cur));
      if (p.status !== 'running') void refresh();
    },
    [refresh],
  );
  useJobPushes(onPush, () => void refresh());

  useEffect(() => () => upload.current?.abort(), []);

  const start = async () => {
    if (!db) return;
    setStartError('');
    setUploading(0);
    const sending = showdocApi.startShowdocImport({ db, uploads, siteUrl: siteUrl.trim(), dryRun }, { language: currentLanguage(), onProgress: setUploading });
    upload.current = sending;
    const out = await sending.done;
    upload.current = null;
    setUploading(null);
    if (out.ok) follow(out.job);
    else if (!out.aborted) setStartError(out.message || t('admin.showdoc.uploadFailed'));
  };

  const anew = () => {
    setJob(null);
    setDb(null);
    setUploads(null);
    setParams({ tab: 'showdoc' }, { replace: true });
  };

  const retry = async () => {
    if (!job) return;
    const j = await quietly(jobApi.retry(job.job_id));
    if (j) setJob(j);
  };
  const cancel = async () => {
    if (!job) return;
    const j = await quietly(jobApi.cancel(job.job_id));
    if (j) setJob(j);
  };

  if (job) return <JobView job={job} onRetry={retry} onCancel={cancel} onAnew={anew} />;

  const fileField = (testId: string, file: File | null, set: (f: File | null) => void, accept?: string) => (
    <div data-testid={testId}>
      <Upload
        accept={accept}
        maxCount={1}
        disabled={uploading !== null}
        beforeUpload={(f) => {
          set(f);
          return false;
        }}
        onRemove={() => set(null)}
        fileList={file ? [{ uid: testId, name: file.name, status: 'done', size: file.size }] : []}
      >
        <Button icon={<UploadOutlined />}>{t('admin.showdoc.choose')}</Button>
      </Upload>
    </div>
  );

  return (
    <div data-testid="admin-showdoc" className="showdoc-import">
      <p className="manage-hint">{t('admin.showdoc.intro')}</p>
      <ol className="showdoc-steps">
        <li>{t('admin.showdoc.step1')}</li>
        <li>{t('admin.showdoc.step2')}</li>
        <li>{t('admin.showdoc.step3')}</li>
      </ol>
      <p className="manage-hint">{t('admin.showdoc.again')}</p>
      <Form layout="vertical" style={{ maxWidth: 640 }} onFinish={() => void start()}>
        <Form.Item label={t('admin.showdoc.dbLabel')} required>
          {fileField('showdoc-db', db, setDb, '.php,.db,.sqlite,.sqlite3')}
        </Form.Item>
        <Form.Item label={t('admin.showdoc.uploadsLabel')}>{fileField('showdoc-uploads', uploads, setUploads, '.zip,application/zip')}</Form.Item>
        <Form.Item label={t('admin.showdoc.siteUrl')} extra={t('admin.showdoc.siteUrlHint')}>
          <Input value={siteUrl} onChange={(e) => setSiteUrl(e.target.value)} placeholder="http://docs.example.com/showdoc" maxLength={500} disabled={uploading !== null} data-testid="showdoc-site-url" />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} disabled={uploading !== null} data-testid="showdoc-dry-run">
            {t('admin.showdoc.dryRun')}
          </Checkbox>
        </Form.Item>
        {startError && <Alert type="error" showIcon message={startError} style={{ marginBottom: 16 }} data-testid="showdoc-start-error" />}
        {uploading !== null ? (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="showdoc-uploading">
            <Progress percent={uploading} status="active" />
            <Space wrap>
              <span>{t('admin.showdoc.uploading', { percent: uploading })}</span>
              <Button icon={<CloseCircleOutlined />} onClick={() => upload.current?.abort()}>
                {t('admin.showdoc.cancelUpload')}
              </Button>
            </Space>
          </Space>
        ) : (
          <Button type="primary" htmlType="submit" icon={<SwapOutlined />} disabled={!db} data-testid="showdoc-start">
            {dryRun ? t('admin.showdoc.startDry') : t('admin.showdoc.start')}
          </Button>
        )}
      </Form>
    </div>
  );
}

function JobView({ job, onRetry, onCancel, onAnew }: { job: JobInfo; onRetry: () => void; onCancel: () => void; onAnew: () => void }) {
  const { t } = useTranslation();
  const report = job.state === 'done' ? showdocApi.readShowdocSummary(job.summary) : null;
  const again = (
    <Button onClick={onAnew} data-testid="showdoc-anew">
      {t('admin.showdoc.again2')}
    </Button>
  );
  return (
    <div data-testid="admin-showdoc" className="showdoc-import" data-state={job.state}>
      {isOpen(job) && (
        <div data-testid="showdoc-job">
          <h3>{t('admin.showdoc.running')}</h3>
          <Progress percent={Math.floor(job.progress)} status="active" data-testid="showdoc-progress" />
          <p className="manage-hint" data-testid="showdoc-stage">
            {job.state === 'queued' ? t('admin.showdoc.queued') : job.stage}
          </p>
          <Button icon={<CloseCircleOutlined />} onClick={onCancel} data-testid="showdoc-cancel">
            {t('admin.showdoc.cancel')}
          </Button>
        </div>
      )}
      {job.state === 'failed' && <Alert type="error" showIcon message={t('admin.showdoc.failed')} description={<span data-testid="showdoc-error">{job.error}</span>} />}
      {job.state === 'cancelled' && <Alert type="warning" showIcon message={t('admin.showdoc.cancelled')} />}
      {(job.state === 'failed' || job.state === 'cancelled') && (
        <Space wrap style={{ marginTop: 16 }}>
          {again}
          <Button icon={<RedoOutlined />} onClick={onRetry} data-testid="showdoc-retry">
            {t('admin.showdoc.retry')}
          </Button>
        </Space>
      )}
      {job.state === 'done' && report && (
        <>
          <Report report={report} />
          <div style={{ marginTop: 24 }}>{again}</div>
        </>
      )}
    </div>
  );
}

const more = (t: (k: string, o?: Record<string, unknown>) => string, shown: number, total: number) =>
  total > shown ? <p className="manage-hint">{t('admin.showdoc.moreNotShown', { shown, total })}</p> : null;

/** team_item_member: on a phone it wraps at its underscores, not mid-word */
function TableName({ name }: { name: string }) {
  return (
    <code>
      {name.split('_').map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              _<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

function Report({ report }: { report: ShowdocImportSummary }) {
  const { t } = useTranslation();
  const lang = readerLang();
  const kept = Object.entries(report.keptIds)
    .filter(([, k]) => k)
    .map(([name]) => name);
  const tableRows = Object.entries(report.tables).map(([table, c]) => ({ key: table, table, ...c }));
  const idRows = (['item', 'catalog', 'page'] as const).flatMap((kind) => report.idMap[kind].map(([from, to]) => ({ key: `${kind}.${from}`, kind, from, to })));
  const idShown = idRows.length;
  return (
    <div data-testid="showdoc-report">
      <Alert
        type="success"
        showIcon
        message={report.dryRun ? t('admin.showdoc.dryTitle') : t('admin.showdoc.doneTitle')}
        description={
          <>
            <div>{t('admin.showdoc.doneIn', { seconds: Math.round(report.seconds * 10) / 10 })}</div>
            {kept.length > 0 && <div>{t('admin.showdoc.keptIds', { tables: kept.join(', ') })}</div>}
          </>
        }
      />
      <h3>{t('admin.showdoc.counts')}</h3>
      <Table
        size="small"
        pagination={false}
        className="showdoc-counts"
        dataSource={tableRows}
        data-testid="showdoc-counts"
        columns={[
          { title: t('admin.showdoc.table'), dataIndex: 'table', render: (v: string) => <TableName name={v} /> },
          { title: t('admin.showdoc.source'), dataIndex: 'source', align: 'right' },
          { title: report.dryRun ? t('admin.showdoc.wouldImport') : t('admin.showdoc.imported'), dataIndex: 'imported', align: 'right' },
          { title: t('admin.showdoc.already'), dataIndex: 'already', align: 'right' },
          { title: t('admin.showdoc.skipped'), dataIndex: 'skipped', align: 'right', render: (v: number) => (v ? <strong>{v}</strong> : v) },
        ]}
      />

      <h3>{t('admin.showdoc.skippedRows', { total: report.skippedTotal })}</h3>
      {report.skipped.length === 0 ? (
        <p className="manage-hint">{t('admin.showdoc.nothing')}</p>
      ) : (
        <>
          <Table
            size="small"
            pagination={report.skipped.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            data-testid="showdoc-skipped"
            rowKey="id"
            dataSource={report.skipped.map((s, i) => ({ id: i, table: s.table, row: s.key, reason: s.reason, vars: s.vars }))}
            columns={[
              { title: t('admin.showdoc.table'), dataIndex: 'table', render: (v: string) => <code>{v}</code> },
              { title: t('admin.showdoc.row'), dataIndex: 'row' },
              { title: t('admin.showdoc.reason'), key: 'reason', render: (_: unknown, s: { reason: string; vars?: MessageVars }) => localize(s.reason, lang, s.vars) },
            ]}
          />
          {more(t, report.skipped.length, report.skippedTotal)}
        </>
      )}

      <h3>{t('admin.showdoc.missingFiles', { total: report.missingFilesTotal })}</h3>
      {report.missingFiles.length === 0 ? (
        <p className="manage-hint">{t('admin.showdoc.nothing')}</p>
      ) : (
        <>
          <p className="manage-hint">{t('admin.showdoc.missingHint')}</p>
          <ul className="showdoc-missing" data-testid="showdoc-missing">
            {report.missingFiles.slice(0, 200).map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
          {more(t, Math.min(200, report.missingFiles.length), report.missingFilesTotal)}
        </>
      )}

      <h3>{t('admin.showdoc.changedIds')}</h3>
      {idShown === 0 ? (
        <p className="manage-hint">{t('admin.showdoc.nothing')}</p>
      ) : (
        <>
          <p className="manage-hint">{t('admin.showdoc.changedHint')}</p>
          <Table
            size="small"
            pagination={idRows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="showdoc-ids"
            dataSource={idRows}
            columns={[
              { title: t('admin.showdoc.table'), dataIndex: 'kind', render: (k: 'item' | 'catalog' | 'page') => t(`admin.showdoc.kind.${k}`) },
              { title: t('admin.showdoc.oldId'), dataIndex: 'from', align: 'right' },
              { title: t('admin.showdoc.newId'), dataIndex: 'to', align: 'right' },
            ]}
          />
        </>
      )}

      <h3>{t('admin.showdoc.mergedUsers', { count: report.mergedUsers.length })}</h3>
      {report.mergedUsers.length === 0 ? (
        <p className="manage-hint">{t('admin.showdoc.nothing')}</p>
      ) : (
        <>
          <p className="manage-hint">{t('admin.showdoc.mergedHint')}</p>
          <div data-testid="showdoc-merged">
            {report.mergedUsers.map((u) => (
              <Tag key={u}>{u}</Tag>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
