// "Your export/import finished" (or failed). The jobs layer publishes 'job.progress'; when a job
// of a kind we know reaches a final state, its user gets one notice (a job reported done twice,
// e.g. by a retry, still makes one notice: keyed on the job id).
import type { AppDeps } from '../../deps';
import type { DomainEvents } from '../../events';
import * as noticeRepo from '../../db/repos/notices';
import { bilingual, escapeHtml, phrase } from './content';
import { localize } from '../../../shared/messages';
import { createNoticeOnce } from './dedupe';
import type { NoticeRow } from './create';

export type JobKind = 'export' | 'import';

export interface JobFinished {
  uid: number;
  jobId: string;
  kind: JobKind;
  ok: boolean;
  /** where the result can be fetched (a path on this site), when there is one */
  link?: string;
  /** why it failed: an English message template and its values */
  error?: string;
  errorVars?: Record<string, string | number>;
}

const DONE = new Set(['done', 'completed', 'complete', 'finished', 'success', 'succeeded']);
const FAILED = new Set(['failed', 'error']);

/** 'export/markdown', 'item-import', 'exportWord' → the kind; other jobs make no notice. */
export function jobKind(name: string): JobKind | null {
  const n = name.toLowerCase();
  if (n.includes('export')) return 'export';
  if (n.includes('import')) return 'import';
  return null;
}

/** A same-site path from a job result ({url} / {download_url} / {link}), never an outside URL. */
function resultLink(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const r = result as Record<string, unknown>;
  for (const k of ['download_url', 'url', 'link']) {
    const v = r[k];
    if (typeof v === 'string' && /^\/(?!\/)[^\s<>"']{0,500}$/.test(v)) return v;
  }
  return undefined;
}

export async function noticeJobFinished(deps: AppDeps, job: JobFinished): Promise<NoticeRow | null> {
  if (job.uid <= 0 || !job.jobId) return null;
  const objectType = `job:${job.jobId}`.slice(0, 200);
  return createNoticeOnce(
    deps,
    `notice:${objectType}`,
    (tx) => noticeRepo.existsForObject(tx, job.uid, objectType),
    async () => {
      const what = job.kind === 'export' ? 'export' : 'import';
      const title = job.ok ? (what === 'export' ? 'Your export is ready' : 'Your import finished') : what === 'export' ? 'Your export failed' : 'Your import failed';
      const content = job.ok
        ? bilingual(job.link ? '{title}: {link}' : '{title}.', (lang) => ({
            title: phrase(title, lang),
            link: job.link ? `<a href="${escapeHtml(job.link)}">${phrase('open', lang)}</a>` : '',
          }))
        : bilingual('{title}: {error}', (lang) => ({ title: phrase(title, lang), error: escapeHtml(localize(job.error ?? '', lang, job.errorVars).slice(0, 500)) }));
      return {
        toUid: job.uid,
        fromUid: 0,
        fromName: '',
        noticeType: job.ok ? 'job_done' : 'job_failed',
        title,
        content,
        objectType,
        objectId: 0,
      };
    },
  );
}

/** A job's progress report: its user gets one notice once an export or import ends. */
export async function noticeJobProgress(deps: AppDeps, e: DomainEvents['job.progress']): Promise<void> {
  const kind = jobKind(e.name);
  if (!kind) return;
  const status = e.status.toLowerCase();
  const ok = DONE.has(status);
  if (!ok && !FAILED.has(status)) return;
  await noticeJobFinished(deps, { uid: e.uid, jobId: e.jobId, kind, ok, link: ok ? resultLink(e.result) : undefined, error: e.error, errorVars: e.errorVars });
}
