// What an import is doing, and what it did: the progress bar with its stage while it runs, then
// the report (pages, catalogs and files created; what was left out and why) or the reason it failed.
import { Alert, Button, Collapse, Progress, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportPhase } from './useImportJob';

export function ImportResult({ phase, onOpen, onAgain, openLabel }: { phase: ImportPhase; onOpen?: () => void; onAgain: () => void; openLabel: string }) {
  const { t } = useTranslation();
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'uploading' || phase.kind === 'running') {
    const status = phase.kind === 'running' ? phase.status : null;
    const queued = !status || status.state === 'queued';
    return (
      <div className="import-progress" data-testid="import-progress" aria-live="polite">
        <Typography.Text strong>{phase.fileName}</Typography.Text>
        <Progress percent={status?.progress ?? 0} status="active" />
        <Typography.Text type="secondary" data-testid="import-stage">
          {phase.kind === 'uploading' ? t('imports.uploading') : queued ? t('imports.queued') : status.stage || t('imports.working')}
        </Typography.Text>
      </div>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('imports.failedTitle', { name: phase.fileName })}
        description={phase.message}
        action={
          <Button size="small" onClick={onAgain} data-testid="import-again">
            {t('imports.again')}
          </Button>
        }
        data-testid="import-failed"
      />
    );
  }
  const r = phase.status.report;
  const skipped = r?.skipped ?? [];
  return (
    <>
      <Result
        status={skipped.length ? 'warning' : 'success'}
        title={t('imports.doneTitle')}
        subTitle={r ? t('imports.doneSummary', { pages: r.pages_created, catalogs: r.catalogs_created, files: r.attachments_created, format: r.format_label }) : ''}
        extra={
          <Space wrap>
            {onOpen && (
              <Button type="primary" onClick={onOpen} data-testid="import-open">
                {openLabel}
              </Button>
            )}
            <Button onClick={onAgain} data-testid="import-again">
              {t('imports.another')}
            </Button>
          </Space>
        }
        data-testid="import-done"
      />
      {/* below the result, as wide as the form: on a phone the reasons need every pixel */}
      {skipped.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'skipped',
              label: t('imports.skipped', { count: r!.skipped_total }),
              children: (
                <ul className="import-skipped" data-testid="import-skipped" style={{ margin: 0, paddingLeft: 18 }}>
                  {skipped.map((s, i) => (
                    <li key={i}>
                      <Typography.Text code>{s.name}</Typography.Text> {s.reason}
                    </li>
                  ))}
                  {r!.skipped_total > skipped.length && <li>{t('imports.skippedMore', { count: r!.skipped_total - skipped.length })}</li>}
                </ul>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
