// Starting an export asked for over HTTP: a small one (up to 50 pages) is written at once into
// a temporary folder and answered to the request; a larger one becomes a background job whose
// progress the user follows on the Downloads screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { enqueueJob } from '../../jobs/enqueue';
import { exportPageCount, writeExport, type ExportedFile, type ExportRequest } from './exportFile';
import { EXPORT_KIND, type ExportJobData } from './jobs';
import { quietRun } from './run';
import type { ExportScope } from './scope';

/** Exports of up to this many pages are answered straight to the request. */
export const INLINE_EXPORT_MAX_PAGES = 50;

export type StartedExport =
  | { kind: 'file'; file: ExportedFile; pages: number; /** removes the temporary file */ dispose(): Promise<void> }
  | { kind: 'job'; jobId: string; pages: number };

function jobData(scope: ExportScope, req: ExportRequest): ExportJobData {
  const data: ExportJobData = { itemId: scope.item.itemId, lang: req.lang };
  if (req.target.kind === 'catalog') data.catId = req.target.catId;
  if (req.target.kind === 'page') data.pageId = req.target.pageId;
  return data;
}

/** Queues the export as a job for `uid`. */
export async function queueExport(deps: AppDeps, scope: ExportScope, req: ExportRequest, uid: number): Promise<string> {
  return (await enqueueJob(deps, EXPORT_KIND[req.format], jobData(scope, req), { uid, itemId: scope.item.itemId })).jobId;
}

/** How many pages the export holds, and whether it is answered at once. */
export async function planExport(deps: AppDeps, scope: ExportScope, req: ExportRequest): Promise<{ pages: number; inline: boolean }> {
  const pages = await exportPageCount(deps, scope, req);
  return { pages, inline: pages <= INLINE_EXPORT_MAX_PAGES };
}

export async function startExport(deps: AppDeps, scope: ExportScope, req: ExportRequest, uid: number): Promise<StartedExport> {
  const { pages, inline } = await planExport(deps, scope, req);
  if (!inline) return { kind: 'job', jobId: await queueExport(deps, scope, req, uid), pages };
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'quire-export-'));
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const file = await writeExport(deps, scope, req, path.join(dir, req.format === 'word' ? 'export.docx' : 'export.zip'), quietRun);
    return { kind: 'file', file, pages, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}
