// One run of an import: the handler of job kind import.auto (import/auto and import/start both queue it).
// The run claims the import (an older attempt still writing is stopped), removes whatever an
// earlier attempt recorded, asks the caller's access rule again, reads the file into a plan and
// writes it. Success reveals the new item and keeps the report; failure removes everything the
// attempt made and keeps the reason. A finished import answers its result again without work.
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import type { ImportRun, StoredImportReport } from '../../db/repos/imports';
import * as userRepo from '../../db/repos/users';
import type { JobContext, JobHandler, JobResult } from '../../jobs/types';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { MessageVars } from '../../../shared/messages';
import { ITEM_TYPE } from '../../../shared/limits';
import { planFromUpload } from './detect';
import { IMPORT_LIMITS } from './limits';
import { asLang, say, type ImportLang } from './messages';
import type { ImportFormat, Skip } from './plan';
import { undoRecorded } from './undo';
import { Superseded, writePlan, type WriteTarget } from './write';

export interface ImportJobData {
  importId: string;
}

/** What a finished import reports (kept on the import; answered by import/status). */
export interface ImportReport extends StoredImportReport {
  format: ImportFormat;
  /** the first IMPORT_LIMITS.reportedSkips of them */
  skipped: Skip[];
}

export interface ImportOutcome {
  importId: string;
  itemId: number;
  /** the uploaded file's name */
  fileName: string;
  report: ImportReport;
}

/**
 * The access rule, asked again when the import runs (rights may have changed since it was
 * queued, and a retry may come days later): decided in server/policies, given by the caller.
 * Throws the refusal.
 */
export type AuthorizeImport = (deps: AppDeps, uid: number, target: { itemId: number; catId: number }) => Promise<void>;

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
export const importGone = () => refuse('This import no longer exists (imports are kept for 7 days)');

/** The reason of a failure, for the user, in the import's language. */
export function failureMessage(e: unknown, lang: ImportLang): string {
  if (e instanceof ApiError) return say(lang, e.template, e.vars);
  return say(lang, 'The import failed because of an error on the server; nothing was imported');
}

const outcomeOf = (run: ImportRun): ImportOutcome => ({ importId: run.id, itemId: run.itemId, fileName: run.fileName, report: run.report as unknown as ImportReport });

/**
 * Progress to the import row (import/status: in the import's language) and to the job (Downloads:
 * the English template and its values, shown in each reader's language).
 */
function progressWriter(deps: AppDeps, runId: string, attempt: number, lang: ImportLang, ctx: JobContext) {
  let lastAt = 0;
  let lastStage = '';
  return async (percent: number, template: string, vars?: MessageVars) => {
    const stage = say(lang, template, vars);
    const t = Date.now();
    if (stage === lastStage && t - lastAt < 500) return;
    lastAt = t;
    lastStage = stage;
    if (!(await importRepo.setProgress(deps.db, runId, attempt, percent, stage, deps.now()))) throw new Superseded();
    try {
      await ctx.progress(percent, template, vars);
    } catch (err) {
      // the live bar is a nicety; the import goes on (its state is on the import row)
      deps.log.warn('import progress could not be published', { err });
    }
  };
}

async function targetOf(deps: AppDeps, run: ImportRun): Promise<WriteTarget> {
  if (!run.targetItemId) return { itemId: 0, catId: 0, level: 1 };
  const type = await importRepo.liveItemType(deps.db, run.targetItemId);
  if (type === undefined) throw refuse('Item not found or deleted');
  // a single-page or table item holds its one page; imported pages have no place there
  if (type === ITEM_TYPE.singlePage || type === ITEM_TYPE.table) throw refuse('Files can be imported only into regular items');
  if (!run.targetCatId) return { itemId: run.targetItemId, catId: 0, level: 1 };
  const level = await importRepo.catalogLevel(deps.db, run.targetItemId, run.targetCatId);
  if (level === undefined) throw refuse('The catalog to import into no longer exists');
  return { itemId: run.targetItemId, catId: run.targetCatId, level };
}

export async function runImport(deps: AppDeps, importId: string, ctx: JobContext, authorize: AuthorizeImport): Promise<ImportOutcome> {
  const found = await importRepo.findRun(deps.db, importId);
  if (!found || found.uid !== ctx.uid) throw importGone();
  if (found.state === 'done') return outcomeOf(found);
  const run = await importRepo.claimAttempt(deps.db, importId, deps.now());
  if (!run) throw importGone();
  const lang = asLang(run.lang);
  const attempt = run.attempt;
  try {
    // what an earlier attempt (a killed worker, a failure whose clean-up failed) left behind
    await undoRecorded(deps, run);
    const progress = progressWriter(deps, importId, attempt, lang, ctx);
    await progress(1, 'Checking access');
    await authorize(deps, run.uid, { itemId: run.targetItemId, catId: run.targetCatId });
    const target = await targetOf(deps, run);
    const user = await userRepo.findActiveById(deps.db, run.uid);
    if (!user) throw refuse('The account that started this import can no longer import');
    const source = await importRepo.sourceOf(deps.db, importId);
    if (!source) throw refuse('The uploaded file is no longer kept; upload it again');
    await progress(2, 'Reading the file');
    const plan = await planFromUpload(source, run.fileName, { lang, progress });
    const written = await writePlan(deps, plan, target, {
      runId: importId,
      attempt,
      uid: user.uid,
      username: user.username,
      lang,
      siteBase: run.siteBase,
      progress,
      signal: ctx.signal,
      scratchPath: ctx.scratchPath,
    });
    const report: ImportReport = {
      format: plan.format,
      formatLabel: plan.formatLabel,
      itemId: written.itemId,
      newItem: !target.itemId,
      catId: target.catId,
      pagesCreated: written.pages,
      catalogsCreated: written.catalogs,
      filesCreated: written.files,
      skipped: written.skipped.slice(0, IMPORT_LIMITS.reportedSkips),
      skippedTotal: written.skipped.length,
    };
    const now = deps.now();
    const finished = await deps.db.transaction(async (tx) => {
      if (!target.itemId) await importRepo.revealItem(tx, written.itemId, now);
      else await importRepo.touchItem(tx, written.itemId, now);
      return importRepo.finishRun(tx, importId, attempt, { itemId: written.itemId, report: report as unknown as Record<string, unknown>, now });
    });
    if (!finished) throw new Superseded();
    if (!target.itemId) {
      deps.events.emit('item.accessChanged', { itemId: written.itemId, uids: [user.uid] });
    } else {
      deps.events.emit('catalog.changed', { itemId: written.itemId });
      deps.events.emit('reads.stale', { editedItemIds: [written.itemId] });
    }
    return { importId, itemId: written.itemId, fileName: run.fileName, report };
  } catch (e) {
    // a newer attempt owns the import and what it recorded
    if (e instanceof Superseded) throw e;
    if (!(e instanceof ApiError)) deps.log.error('import failed', { importId, err: e });
    try {
      const now = await importRepo.findRun(deps.db, importId);
      if (now && now.attempt === attempt) {
        await undoRecorded(deps, now);
        await importRepo.failRun(deps.db, importId, attempt, failureMessage(e, lang), deps.now());
      }
    } catch (cleanupErr) {
      // the records stay: the next attempt or the sweep removes them
      deps.log.error('could not undo a failed import', { importId, err: cleanupErr });
    }
    throw e;
  }
}

/** The job handler of import.auto, with the access rule from server/policies (see AuthorizeImport). */
export function importAutoHandler(authorize: AuthorizeImport): JobHandler<ImportJobData> {
  // a refusal (ApiError) reaches the job as its template and values: Downloads shows it in its reader's language
  return async (deps, data, ctx): Promise<JobResult> => {
    const out = await runImport(deps, data.importId, ctx, authorize);
    // Downloads shows the file's name and opens the item (the notice links to it too)
    return { summary: { import_id: out.importId, item_id: out.itemId, link: `/${out.itemId}`, file_name: out.fileName, pages_created: out.report.pagesCreated } };
  };
}
