// Moves a whole ShowDoc installation into Quire (#21): its SQLite database and its Public/Uploads
// folder. One operation for the CLI, the admin console's job and the tests. The source is only
// read. Tables are copied parents first; every batch commits with its map entries, so the
// operation can be interrupted at any point and run again (showdoc/copy.ts).
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import * as repo from '../../db/repos/showdocImport';
import { ImportRun } from './copy';
import { openShowdocDb, type ShowdocSourceDb } from './sourceDb';
import type { ShowdocImportOptions, ShowdocImportReport } from './types';
import type { StepContext } from './steps/context';
import { copyTeams, copyUsers } from './steps/people';
import { copyItemKeys, copyItemListPrefs, copyItems, copyMembers } from './steps/items';
import { copyCatalogs, copyPageExtras, copyPageHistory, copyPages, copyTemplates } from './steps/pages';
import { copyFiles, planFileLinks } from './steps/files';
import { normalizeSiteUrl } from './links';
import { copySettings } from './steps/settings';

/** the steps in the order their rows depend on each other, with the source tables they read (for progress) */
const STEPS: Array<{ stage: string; tables: string[]; run: (ctx: StepContext) => Promise<void> }> = [
  { stage: 'Importing users', tables: ['user', 'team', 'team_member'], run: async (c) => (await copyUsers(c), await copyTeams(c)) },
  { stage: 'Importing items', tables: ['item'], run: copyItems },
  { stage: 'Importing catalogs', tables: ['catalog'], run: copyCatalogs },
  { stage: 'Importing pages', tables: ['page'], run: copyPages },
  { stage: 'Importing page history', tables: ['page_history'], run: copyPageHistory },
  { stage: 'Importing members, share links and mocks', tables: ['recycle', 'single_page', 'mock', 'item_member', 'team_item', 'team_item_member', 'item_token'], run: async (c) => (await copyPageExtras(c), await copyMembers(c), await copyItemKeys(c)) },
  { stage: 'Importing templates and item lists', tables: ['template', 'template_item', 'item_top', 'item_star', 'item_group', 'item_sort'], run: async (c) => (await copyTemplates(c), await copyItemListPrefs(c)) },
  { stage: 'Importing attachments', tables: ['upload_file', 'file_page'], run: copyFiles },
  { stage: 'Importing site settings', tables: [], run: copySettings },
];

export async function importShowdoc(deps: AppDeps, opts: ShowdocImportOptions): Promise<ShowdocImportReport> {
  const started = Date.now();
  const progress = opts.progress ?? (() => {});
  await progress(0, 'Reading the ShowDoc database');
  const src = await openShowdocDb(opts.dbFile);
  try {
    const total = Math.max(1, STEPS.flatMap((s) => s.tables).reduce((n, t) => n + src.count(t), 0));
    let done = 0;
    let stage = '';
    const run = new ImportRun(deps, !!opts.dryRun, async (n) => {
      done += n;
      await progress(Math.min(99, Math.floor((done / total) * 100)), stage);
    }, opts.signal);
    const ctx: StepContext = {
      deps,
      run,
      src,
      uploadsDir: opts.uploadsDir,
      links: { signs: new Map(), paths: new Map() },
      skippedItems: new Set(),
      fallbackOwner: { uid: 0, username: '' },
    };
    for (const step of STEPS) {
      if (opts.signal?.aborted) throw new ApiError(ErrorCode.GENERIC, 'The import was cancelled');
      stage = step.stage;
      await progress(Math.min(99, Math.floor((done / total) * 100)), stage);
      if (step.run === copyItems) {
        // everything that loses its ShowDoc owner goes to the first administrator
        ctx.fallbackOwner = await firstAdmin(deps, run, src);
      }
      if (step.run === copyPages) ctx.links = await planFileLinks(ctx, normalizeSiteUrl(opts.siteUrl) || normalizeSiteUrl(src.options().get('site_url')));
      await step.run(ctx);
    }
    run.report.seconds = Math.round((Date.now() - started) / 100) / 10;
    await progress(100, run.dryRun ? 'Counted; nothing was written' : 'Done');
    return run.report;
  } finally {
    src.close();
  }
}

async function firstAdmin(deps: AppDeps, run: ImportRun, src: ShowdocSourceDb) {
  const admin = await repo.firstAdmin(deps.db);
  if (admin) return admin;
  if (run.dryRun) {
    for (const u of src.users()) if (u.groupId === 1) return { uid: u.uid, username: u.username };
  }
  throw new ApiError(ErrorCode.VALIDATION, 'Neither Quire nor the ShowDoc database has an administrator to own items whose owner is gone');
}
