// The export jobs (kinds export.word, export.markdown, export.html): what was asked is in the
// job's data; who may see what is decided again when the job runs (a member removed, or limited
// to fewer catalogs, meanwhile gets only what they may read now). The file is written into the
// job's scratch folder; a rerun after a crash writes it again from the start.
import type { AppDeps } from '../../deps';
import type { JobHandler, JobKind } from '../../jobs/types';
import { writeExport } from './exportFile';
import type { ExportFormat, ExportScope, ExportTarget } from './scope';
import type { Lang } from './run';

export interface ExportJobData {
  itemId: number;
  /** Word: one catalog (0 = none) */
  catId?: number;
  /** Word: one page (0 = none) */
  pageId?: number;
  lang?: Lang;
}

export type ExportJobKind = Extract<JobKind, 'export.word' | 'export.markdown' | 'export.html'>;

export const EXPORT_KIND: Record<ExportFormat, ExportJobKind> = { word: 'export.word', markdown: 'export.markdown', html: 'export.html' };

/** The scope for a job's user, decided when the job runs (server/policies/exportScope.ts: exportScopeForJob). */
export type ExportScopeLoader = (deps: AppDeps, uid: number, itemId: number) => Promise<ExportScope>;

export function targetOf(data: Pick<ExportJobData, 'catId' | 'pageId'>): ExportTarget {
  if (data.pageId && data.pageId > 0) return { kind: 'page', pageId: data.pageId };
  if (data.catId && data.catId > 0) return { kind: 'catalog', catId: data.catId };
  return { kind: 'item' };
}

function handler(format: ExportFormat, loadScope: ExportScopeLoader): JobHandler<ExportJobData> {
  return async (deps, data, ctx) => {
    await ctx.progress(0, 'Checking access');
    const scope = await loadScope(deps, ctx.uid, Number(data.itemId));
    const target = format === 'word' ? targetOf(data) : ({ kind: 'item' } as const);
    const ext = format === 'word' ? 'docx' : 'zip';
    const file = await writeExport(deps, scope, { format, target, lang: data.lang === 'zh' ? 'zh' : 'en' }, ctx.scratchPath(`export.${ext}`), {
      progress: (p, stage, vars) => ctx.progress(p, stage, vars),
      signal: ctx.signal,
    });
    return { file: { path: file.path, name: file.name, type: file.type }, summary: { pages: file.pages } };
  };
}

/** The three export jobs, asking `loadScope` what their user may export. */
export function exportJobHandlers(loadScope: ExportScopeLoader): Record<ExportJobKind, JobHandler<ExportJobData>> {
  return {
    'export.word': handler('word', loadScope),
    'export.markdown': handler('markdown', loadScope),
    'export.html': handler('html', loadScope),
  };
}
