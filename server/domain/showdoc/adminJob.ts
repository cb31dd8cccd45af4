// Moving a ShowDoc installation from the admin console (#21): the job 'import.showdoc'.
// The request keeps the two uploads (the database file and a zip of Public/Uploads) in the upload
// storage — the data directory, or the object storage the administrator switched on — because the
// job may run in `npm run workers` on another machine: that worker reaches the storage anyway (it
// writes the imported attachments there), while the API process's temporary folder is its own,
// and the database (`imports.source` bytea) cannot hold a value over 1 GB nor stream one.
// The job fetches both into its scratch folder, unpacks the zip with the checks of any untrusted
// archive, and runs the import; the kept uploads go once the import finished or refused them.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../deps';
import type { JobHandler } from '../../jobs/types';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { SHOWDOC_DB_MAX_MB, SHOWDOC_UPLOADS_MAX_ENTRIES, SHOWDOC_UPLOADS_MAX_UNPACKED_MB, SHOWDOC_UPLOADS_ZIP_MAX_MB } from '../../../shared/limits';
import * as jobRepo from '../../db/repos/jobs';
import { storageOf, uploadStorage, type DriverName } from '../../storage';
import { checkZipFile, extractZipFile } from '../imports/zip/extract';
import type { ShowdocImportSummary } from '../../../shared/api/adminShowdoc';
import type { ShowdocImportOptions, ShowdocImportReport } from './types';

const MiB = 1024 * 1024;
const ZIP_LIMITS = { maxEntries: SHOWDOC_UPLOADS_MAX_ENTRIES, maxUnpackedBytes: SHOWDOC_UPLOADS_MAX_UNPACKED_MB * MiB };

/** an upload kept for the job: its storage key, the name it was sent with, its size */
export interface KeptUpload {
  key: string;
  name: string;
  size: number;
}

export interface ShowdocJobData {
  /** the storage driver holding both uploads */
  driver: DriverName;
  db: KeptUpload;
  /** the zip of Public/Uploads; null: the rows of files are imported, every file reported missing */
  uploads: KeptUpload | null;
  /** the old site's address ('' : the database's own site_url option) */
  siteUrl: string;
  dryRun: boolean;
}

/** an uploaded file, streamed to a temporary file while the request arrived */
export interface ReceivedFile {
  filepath: string;
  originalFilename: string;
  size: number;
}

export interface ShowdocImportRequest {
  db: ReceivedFile | null;
  uploads: ReceivedFile | null;
  siteUrl: string;
  dryRun: boolean;
}

/** the operation itself (server/domain/showdoc/import.ts), passed in by workers/jobs.ts */
export type ImportShowdoc = (deps: AppDeps, opts: ShowdocImportOptions) => Promise<ShowdocImportReport>;
/** the access rule asked when the job runs (server/policies/showdocImport.ts) */
export type AuthorizeShowdocImport = (deps: AppDeps, uid: number) => Promise<void>;

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
export const sourcesGone = () => refuse('The uploaded files are no longer kept; start the import again with the two files');

/** The old site's address as given: empty, or an http(s) URL without credentials. */
export function checkSiteUrl(raw: string): string {
  const s = raw.trim().replace(/\/+$/, '');
  if (!s) return '';
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw refuse('The old site address must start with http:// or https:// ({url})', { url: s.slice(0, 200) });
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) {
    throw refuse('The old site address must start with http:// or https:// ({url})', { url: s.slice(0, 200) });
  }
  return s;
}

/** A file name safe to write in the scratch folder (the importer names the database in its messages). */
function scratchName(name: string, fallback: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[^\w.\-\u4e00-\u9fff]/g, '_').slice(-100);
  return base && base !== '.' && base !== '..' ? base : fallback;
}

/** `<prefix>showdoc-uploads/<32 hex>.<ext>` (storage keys allow 4 folders: storage/types.ts) */
function sourceKey(prefix: string, ext: string): string {
  const folders = prefix.split('/').filter(Boolean).length;
  return `${prefix}${folders < 4 ? 'showdoc-uploads/' : ''}${randomBytes(16).toString('hex')}.${ext}`;
}

/**
 * Checks the request's uploads and keeps them for the job. Refused before anything is kept: a
 * missing database, a file over its limit, an unsafe or broken zip (its directory is read, not
 * unpacked), a bad site address. Whether the database is ShowDoc's is the job's to say.
 */
export async function keepShowdocUploads(deps: AppDeps, req: ShowdocImportRequest): Promise<ShowdocJobData> {
  if (!req.db || req.db.size === 0) throw refuse('Choose the ShowDoc database file (Sqlite/showdoc.db.php)');
  if (req.db.size > SHOWDOC_DB_MAX_MB * MiB) throw refuse('The database file is larger than {mb} MB', { mb: SHOWDOC_DB_MAX_MB });
  if (req.uploads && req.uploads.size > SHOWDOC_UPLOADS_ZIP_MAX_MB * MiB) {
    throw refuse('The zip of Public/Uploads is larger than {mb} MB', { mb: SHOWDOC_UPLOADS_ZIP_MAX_MB });
  }
  const siteUrl = checkSiteUrl(req.siteUrl);
  if (req.uploads) checkZipFile(req.uploads.filepath, ZIP_LIMITS);
  const { driver, prefix } = await uploadStorage(deps);
  const db: KeptUpload = { key: sourceKey(prefix, 'db'), name: scratchName(req.db.originalFilename, 'showdoc.db.php'), size: req.db.size };
  await driver.put(db.key, { path: req.db.filepath, size: req.db.size }, 'application/octet-stream');
  let uploads: KeptUpload | null = null;
  if (req.uploads) {
    uploads = { key: sourceKey(prefix, 'zip'), name: scratchName(req.uploads.originalFilename, 'Uploads.zip'), size: req.uploads.size };
    try {
      await driver.put(uploads.key, { path: req.uploads.filepath, size: req.uploads.size }, 'application/zip');
    } catch (e) {
      await driver.delete(db.key).catch(() => {});
      throw e;
    }
  }
  return { driver: driver.name, db, uploads, siteUrl, dryRun: req.dryRun };
}

/** Removes the kept uploads (missing ones are no error). */
export async function dropShowdocUploads(deps: AppDeps, data: ShowdocJobData): Promise<void> {
  const driver = await storageOf(deps, data.driver);
  await driver.delete(data.db.key);
  if (data.uploads) await driver.delete(data.uploads.key);
}

async function fetchKept(deps: AppDeps, data: ShowdocJobData, kept: KeptUpload, target: string, signal: AbortSignal): Promise<void> {
  const obj = await (await storageOf(deps, data.driver)).get(kept.key);
  if (!obj) throw sourcesGone();
  await pipeline(obj.body, fs.createWriteStream(target), { signal });
}

/**
 * The handler of 'import.showdoc'. A retry (a killed worker, the user's Retry) runs it all again:
 * the import itself skips what an earlier run wrote. The kept uploads are removed when the import
 * finished or refused its input (an ApiError: the same files would be refused again); a cancelled
 * or crashed run keeps them for Retry (the schedule removes them a week after the job ended).
 */
export function showdocImportHandler(authorize: AuthorizeShowdocImport, importShowdoc: ImportShowdoc): JobHandler<ShowdocJobData> {
  return async (deps, data, ctx) => {
    try {
      await ctx.progress(1, 'Checking access');
      await authorize(deps, ctx.uid);
      await ctx.progress(2, 'Fetching the uploaded database');
      const dbFile = ctx.scratchPath(data.db.name);
      await fetchKept(deps, data, data.db, dbFile, ctx.signal);
      let uploadsDir: string | null = null;
      if (data.uploads) {
        await ctx.progress(4, 'Fetching the uploaded files');
        const zip = ctx.scratchPath(data.uploads.name);
        await fetchKept(deps, data, data.uploads, zip, ctx.signal);
        uploadsDir = path.dirname(ctx.scratchPath('Uploads/.keep'));
        await extractZipFile(zip, uploadsDir, ZIP_LIMITS, {
          signal: ctx.signal,
          onEntry: (n, total) => ctx.progress(6 + (n / total) * 9, 'Unpacking the uploaded files: {n} of {total}', { n, total }),
        });
        // half the disk back before the import copies the files into the storage
        await fs.promises.rm(zip, { force: true });
      }
      const report = await importShowdoc(deps, {
        dbFile,
        uploadsDir,
        siteUrl: data.siteUrl || undefined,
        dryRun: data.dryRun,
        // the import's own stages fill the rest of the bar
        progress: (percent, stage, vars) => ctx.progress(15 + Math.max(0, Math.min(100, percent)) * 0.85, stage, vars),
        signal: ctx.signal,
      });
      await dropShowdocUploads(deps, data).catch((err) => deps.log.warn('ShowDoc import: kept uploads not removed', { job: ctx.jobId, err: (err as Error).message }));
      // the report as the admin console reads it (shared/api/adminShowdoc.ts): checked here
      const summary: ShowdocImportSummary = { ...report, link: `/admin/index?tab=showdoc&job=${ctx.jobId}` };
      return { summary };
    } catch (e) {
      if (e instanceof ApiError && !ctx.signal.aborted) {
        await dropShowdocUploads(deps, data).catch((err) => deps.log.warn('ShowDoc import: kept uploads not removed', { job: ctx.jobId, err: (err as Error).message }));
      }
      throw e;
    }
  };
}

/** a cancelled or crashed import keeps its uploads this long for Retry */
export const KEPT_UPLOADS_SECONDS = 7 * 86400;
/** jobs rows live 30 days (server/jobs/results.ts); older ones are gone with their data */
const JOBS_KEPT_SECONDS = 30 * 86400;

/**
 * Scheduled: removes the kept uploads of imports that failed or were cancelled more than 7 days
 * ago (the others removed theirs when they ended). A job of that age is looked at on every run
 * until its row goes; removing a missing object is no error.
 */
export async function removeStaleShowdocUploads(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const stale = await jobRepo.endedUnfinished(deps.db, 'import.showdoc', now - JOBS_KEPT_SECONDS, now - KEPT_UPLOADS_SECONDS, 500);
  let removed = 0;
  for (const job of stale) {
    const data = job.data as ShowdocJobData | null;
    if (!data?.db?.key) continue;
    try {
      await dropShowdocUploads(deps, data);
      removed++;
    } catch (err) {
      deps.log.warn('ShowDoc import: kept uploads not removed', { job: job.id, err: (err as Error).message });
    }
  }
  return removed;
}
