// /api/adminShowdoc/*: moving a ShowDoc installation into Quire (admin console, #21). The start is
// a multipart upload with progress (XHR: fetch has no upload progress, and a site's files can be
// gigabytes, far past call()'s timeout); the job is then followed with job/info and the 'job' push.
// The job's summary arrives as `unknown`: it is read into its shape once, here.
import type { JobInfo } from '@shared/api/job';
import type * as showdocApi from '@shared/api/adminShowdoc';
import type { ShowdocImportSummary, ShowdocTableCount } from '@shared/api/adminShowdoc';
import type { MessageVars } from '@shared/messages';
import { apiUrl } from '../http';

export interface ShowdocStartForm {
  db: File;
  uploads: File | null;
  siteUrl: string;
  dryRun: boolean;
}

export type StartOutcome = { ok: true; job: JobInfo } | { ok: false; message: string; aborted?: boolean };

/** Sends the two files; onProgress gets 0–100 of the bytes sent. abort() stops the upload. */
export function startShowdocImport(form: ShowdocStartForm, opts: { language: string; onProgress(percent: number): void }): { done: Promise<StartOutcome>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<StartOutcome>((resolve) => {
    xhr.open('POST', apiUrl('adminShowdoc/start' satisfies (typeof showdocApi.start)['path']));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', opts.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve(readStartAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, message: '' });
    xhr.onabort = () => resolve({ ok: false, message: '', aborted: true });
    const body = new FormData();
    body.append('site_url', form.siteUrl);
    body.append('dry_run', form.dryRun ? '1' : '0');
    body.append('db', form.db);
    if (form.uploads) body.append('uploads', form.uploads);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

export function readStartAnswer(status: number, text: string): StartOutcome {
  let body: { error_code?: unknown; error_message?: unknown; data?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: status >= 400 ? `HTTP ${status}` : '' };
  }
  if (!body || typeof body !== 'object') return { ok: false, message: '' };
  if (body.error_code === 0 && body.data && typeof body.data === 'object') return { ok: true, job: body.data as JobInfo };
  return { ok: false, message: typeof body.error_message === 'string' ? body.error_message : '' };
}

const num = (v: unknown): number => (Number.isFinite(Number(v)) ? Number(v) : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function vars(v: unknown): MessageVars | undefined {
  const out: MessageVars = {};
  for (const [k, x] of Object.entries(record(v))) if (typeof x === 'string' || typeof x === 'number') out[k] = x;
  return Object.keys(out).length ? out : undefined;
}

function idPairs(v: unknown): Array<[number, number]> {
  return list(v)
    .filter((p): p is unknown[] => Array.isArray(p) && p.length >= 2)
    .map((p) => [num(p[0]), num(p[1])] as [number, number]);
}

const rank = (order: string[], name: string) => (order.includes(name) ? order.indexOf(name) : order.length);

/** The job's summary as the report (null when the job reported none: not finished, or another kind). */
export function readShowdocSummary(summary: unknown): ShowdocImportSummary | null {
  if (!summary || typeof summary !== 'object' || !('tables' in summary)) return null;
  const s = summary as Record<string, unknown>;
  const tables: Record<string, ShowdocTableCount> = {};
  // the tables in the order they were imported (the stored summary's object keys lose it)
  const order = list(s.tableOrder).map(str);
  const entries = Object.entries(record(s.tables)).sort(([a], [b]) => rank(order, a) - rank(order, b));
  for (const [name, c] of entries) {
    const r = record(c);
    tables[name] = { source: num(r.source), imported: num(r.imported), already: num(r.already), skipped: num(r.skipped) };
  }
  const keptIds: Record<string, boolean> = {};
  for (const [name, k] of Object.entries(record(s.keptIds))) keptIds[name] = k === true;
  const idMap = record(s.idMap);
  return {
    dryRun: s.dryRun === true,
    keptIds,
    tables,
    tableOrder: order,
    skipped: list(s.skipped).map((x) => {
      const r = record(x);
      return { table: str(r.table), key: str(r.key), reason: str(r.reason), vars: vars(r.vars) };
    }),
    skippedTotal: num(s.skippedTotal),
    missingFiles: list(s.missingFiles).map(str),
    missingFilesTotal: num(s.missingFilesTotal),
    idMap: { item: idPairs(idMap.item), catalog: idPairs(idMap.catalog), page: idPairs(idMap.page) },
    mergedUsers: list(s.mergedUsers).map(str),
    seconds: num(s.seconds),
    link: str(s.link),
  };
}
