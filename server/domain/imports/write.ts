// Writes a plan: the new item (hidden until the import is done) or the target catalog, the files
// pages link to (through the attachments domain: allow-list, content check, upload quotas),
// the catalogs (three levels at most: deeper ones are folded into their deepest allowed
// ancestor and the report says so), then the pages in batches. Every row is recorded on the
// import in the transaction that creates it, so that a failure — or the rerun of an attempt a
// killed worker left behind — removes exactly what was made (undo.ts). On embedded PGlite each
// batch is its own short transaction with a turn of the event loop in between (DEVELOPING.md).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import * as catalogRepo from '../../db/repos/pageCatalogs';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { MessageVars } from '../../../shared/messages';
import { CATALOG_NAME_MAX_CHARS, DEFAULT_S_NUMBER, ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS, MAX_CATALOG_LEVEL, PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../../../shared/limits';
import { hashPassword } from '../../auth/passwords';
import { pageTokens } from '../search/tokens';
import { checkFile } from '../attachments/fileRules';
import { createAttachment, deleteAttachment } from '../attachments/store';
import { uploadLimitBytes } from '../attachments/upload';
import { fillAssetLinks } from './formats/assets';
import { say, type ImportLang } from './messages';
import type { ImportPlan, PlanCatalog, PlanPage, Skip } from './plan';
import { EntryTooLarge } from './zip/reader';

/** pages per transaction */
export const IMPORT_PAGE_BATCH = 100;

/** A newer attempt of the same import took over (its worker was thought dead): this one stops, touching nothing. */
export class Superseded extends Error {
  constructor() {
    super('a newer attempt took over this import');
  }
}

export interface WriteTarget {
  /** 0: create a new item */
  itemId: number;
  /** 0: the item's root */
  catId: number;
  /** the target's level: 1 for the root, 2–4 for a catalog */
  level: number;
}

export interface WriteEnv {
  runId: string;
  attempt: number;
  uid: number;
  username: string;
  lang: ImportLang;
  /** the base of attachment links written into pages: the configured site URL, or '' (site-relative) */
  siteBase: string;
  /** a stage: an English template and its values (the job shows it in each reader's language) */
  progress(percent: number, stage: string, vars?: MessageVars): Promise<void>;
  signal: AbortSignal;
  scratchPath(name: string): string;
}

export interface Written {
  itemId: number;
  pages: number;
  catalogs: number;
  files: number;
  skipped: Skip[];
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Same URL form as attachment answers (presenters/attachment.ts fileUrl): what pages link to. */
const attachmentLink = (base: string, sign: string) => `${base}/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;

export const cancelled = () => new ApiError(ErrorCode.GENERIC, 'The import was cancelled');

function checkSignal(env: WriteEnv): void {
  if (env.signal.aborted) throw cancelled();
}

async function recorded(deps: AppDeps, db: Parameters<typeof importRepo.record>[0], env: WriteEnv, what: Parameters<typeof importRepo.record>[3]): Promise<void> {
  if (!(await importRepo.record(db, env.runId, env.attempt, what, deps.now()))) throw new Superseded();
}

async function passwordHash(p: ImportPlan['item']['password']): Promise<string> {
  if (p.kind === 'none') return '';
  if (p.kind === 'hash') return p.value;
  return hashPassword(p.kind === 'plain' ? p.value : randomBytes(18).toString('base64url'));
}

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

async function createItem(deps: AppDeps, plan: ImportPlan, env: WriteEnv): Promise<number> {
  const hash = await passwordHash(plan.item.password);
  return deps.db.transaction(async (tx) => {
    const itemId = await importRepo.insertHiddenItem(tx, {
      name: clip(plan.item.name.trim(), ITEM_NAME_MAX_CHARS) || 'Import',
      description: clip(plan.item.description, ITEM_DESCRIPTION_MAX_CHARS),
      uid: env.uid,
      username: env.username,
      passwordHash: hash,
      itemType: plan.item.itemType,
      now: deps.now(),
    });
    await recorded(deps, tx, env, { itemId });
    return itemId;
  });
}

/** Stores the archive files pages link to; their URLs by archive path. Files that cannot be stored are reported and their links kept. */
async function storeFiles(deps: AppDeps, plan: ImportPlan, itemId: number, env: WriteEnv, skipped: Skip[]): Promise<Map<string, { fileId: number; url: string }>> {
  const stored = new Map<string, { fileId: number; url: string }>();
  const imageOnly = new Map<string, boolean>();
  const walk = (c: PlanCatalog) => {
    for (const p of c.pages) for (const l of p.assets ?? []) imageOnly.set(l.path, (imageOnly.get(l.path) ?? true) && l.image);
    c.catalogs.forEach(walk);
  };
  walk(plan.root);
  const paths = [...imageOnly.keys()];
  if (!paths.length) return stored;
  const limit = await uploadLimitBytes(deps);
  let n = 0;
  for (const path of paths) {
    checkSignal(env);
    const asset = plan.assets.get(path);
    if (!asset) continue;
    n++;
    await env.progress(30 + Math.round((n / paths.length) * 10), 'Storing file {n} of {total}', { n, total: paths.length });
    let bytes: Buffer;
    try {
      // files must stay under the upload limit, as uploads do
      bytes = await asset.read(limit.bytes - 1);
    } catch (e) {
      if (!(e instanceof EntryTooLarge)) throw e;
      skipped.push({ name: path, reason: say(env.lang, 'The file is too large; files must be under {limit} MB', { limit: limit.mb }) });
      continue;
    }
    const scratch = env.scratchPath(`file-${n}`);
    await fs.promises.writeFile(scratch, bytes);
    try {
      const checked = await checkFile(asset.name, { filepath: scratch, size: bytes.length }, { imagesOnly: imageOnly.get(path)! });
      if ('refused' in checked) {
        skipped.push({ name: path, reason: say(env.lang, checked.refused, checked.vars) });
        continue;
      }
      let row;
      try {
        row = await createAttachment(deps, { uid: env.uid, itemId, pageId: 0, file: checked, source: { path: scratch, size: bytes.length } });
      } catch (e) {
        // over a quota: this file stays out, the pages keep their links
        if (e instanceof ApiError) {
          skipped.push({ name: path, reason: say(env.lang, e.template, e.vars) });
          continue;
        }
        throw e;
      }
      try {
        await recorded(deps, deps.db, env, { files: [row.fileId] });
      } catch (e) {
        // not on the import's record (a newer attempt took over): it would be left behind
        await deleteAttachment(deps, row);
        throw e;
      }
      stored.set(path, { fileId: row.fileId, url: attachmentLink(env.siteBase, row.sign) });
    } finally {
      await fs.promises.rm(scratch, { force: true });
    }
  }
  return stored;
}

interface Placed {
  page: PlanPage;
  catId: number;
}

/** Creates the catalogs (reusing same-named ones of an existing target) and says where each page goes. */
async function placeCatalogs(deps: AppDeps, plan: ImportPlan, target: WriteTarget, itemId: number, env: WriteEnv, skipped: Skip[]): Promise<{ placed: Placed[]; created: number }> {
  const placed: Placed[] = plan.root.pages.map((page) => ({ page, catId: target.catId }));
  const reuse = target.itemId > 0;
  let created = 0;
  const now = deps.now();
  const visit = async (cat: PlanCatalog, parentId: number, level: number, path: string[]) => {
    checkSignal(env);
    const name = clip(cat.name.trim(), CATALOG_NAME_MAX_CHARS) || say(env.lang, 'Untitled');
    const fullPath = [...path, name];
    let catId: number;
    if (level > MAX_CATALOG_LEVEL) {
      catId = parentId;
      if (cat.pages.length) skipped.push({ name: fullPath.join('/'), reason: say(env.lang, 'Catalogs nest at most three levels: its pages were put in {catalog}', { catalog: path.join('/') || '/' }) });
    } else {
      const found = reuse ? await catalogRepo.findChildByName(deps.db, itemId, parentId, name) : undefined;
      if (found !== undefined) catId = found;
      else {
        catId = await deps.db.transaction(async (tx) => {
          const id = await catalogRepo.insertChild(tx, { itemId, parent: parentId, name, level, sNumber: cat.sNumber ?? DEFAULT_S_NUMBER, now });
          await recorded(deps, tx, env, { catalogs: [id] });
          return id;
        });
        created++;
      }
    }
    for (const page of cat.pages) placed.push({ page, catId });
    for (const sub of cat.catalogs) await visit(sub, catId, level + 1, level > MAX_CATALOG_LEVEL ? path : fullPath);
  };
  for (const c of plan.root.catalogs) await visit(c, target.catId, target.level + 1, []);
  return { placed, created };
}

export async function writePlan(deps: AppDeps, plan: ImportPlan, target: WriteTarget, env: WriteEnv): Promise<Written> {
  const skipped: Skip[] = [...plan.skipped];
  const itemId = target.itemId || (await createItem(deps, plan, env));
  const files = await storeFiles(deps, plan, itemId, env, skipped);
  await env.progress(40, 'Creating catalogs');
  const { placed, created } = await placeCatalogs(deps, plan, target, itemId, env, skipped);

  const now = deps.now();
  let pages = 0;
  for (let i = 0; i < placed.length; i += IMPORT_PAGE_BATCH) {
    checkSignal(env);
    const batch: importRepo.ImportedPage[] = [];
    const bindings: { fileId: number; index: number }[] = [];
    for (const { page, catId } of placed.slice(i, i + IMPORT_PAGE_BATCH)) {
      const title = clip(page.title.trim(), PAGE_TITLE_MAX_CHARS) || say(env.lang, 'Untitled');
      const content = fillAssetLinks(page.content, page.assets ?? [], (path) => files.get(path)?.url);
      if (content.length > PAGE_CONTENT_MAX_CHARS) {
        skipped.push({ name: page.source, reason: say(env.lang, 'The page is too large (max {max} characters)', { max: PAGE_CONTENT_MAX_CHARS }) });
        continue;
      }
      for (const l of page.assets ?? []) {
        const f = files.get(l.path);
        if (f) bindings.push({ fileId: f.fileId, index: batch.length });
      }
      batch.push({
        itemId,
        catId,
        title,
        content,
        sNumber: page.sNumber ?? DEFAULT_S_NUMBER,
        comments: clip(page.comments ?? '', 1000),
        authorUid: env.uid,
        authorUsername: env.username,
        tokens: pageTokens(title, content),
      });
    }
    await deps.db.transaction(async (tx) => {
      const ids = await importRepo.insertPages(tx, batch, now);
      await importRepo.bindFiles(tx, bindings.map((b) => ({ fileId: b.fileId, pageId: ids[b.index], itemId })), now);
      await recorded(deps, tx, env, { pages: ids });
    });
    pages += batch.length;
    await env.progress(40 + Math.round((Math.min(i + IMPORT_PAGE_BATCH, placed.length) / placed.length) * 58), 'Page {n} of {total}', { n: Math.min(i + IMPORT_PAGE_BATCH, placed.length), total: placed.length });
    await yieldToOthers();
  }
  return { itemId, pages, catalogs: created, files: files.size, skipped };
}
