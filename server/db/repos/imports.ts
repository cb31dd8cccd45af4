// File imports: the import rows (upload, progress, report, what an attempt created) and the
// writes of an import — a hidden new item, pages in bulk, attachment bindings — and their
// removal when an attempt fails or is rerun. Every record of a created row is written in the
// transaction that creates it, and only while the attempt is still the run's current one.
import { and, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  attachmentPages,
  attachments,
  catalogs,
  imports,
  itemMembers,
  items,
  itemTokens,
  pages,
  teamItemMembers,
  teamItems,
} from '../schema';
import { removePageLeftovers } from './pageLeftovers';
import { firstValue } from './rows';
import { newPageRow } from './pages';

const { source, ...runColumns } = getTableColumns(imports);
void source;

/** an import without its uploaded bytes */
export type ImportRun = Omit<typeof imports.$inferSelect, 'source'>;

export interface NewImportRun {
  id: string;
  uid: number;
  targetItemId: number;
  targetCatId: number;
  fileName: string;
  source: Uint8Array;
  lang: string;
  siteBase: string;
  now: number;
}

export async function insertRun(db: DbOrTx, r: NewImportRun): Promise<void> {
  await db.insert(imports).values({
    id: r.id,
    uid: r.uid,
    targetItemId: r.targetItemId,
    targetCatId: r.targetCatId,
    fileName: r.fileName,
    source: r.source,
    lang: r.lang,
    siteBase: r.siteBase,
    addtime: r.now,
    updatedAt: r.now,
  });
}

export async function findRun(db: DbOrTx, id: string): Promise<ImportRun | undefined> {
  const [row] = await db.select(runColumns).from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

/** The uploaded bytes (null once the import is done). */
export async function sourceOf(db: DbOrTx, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ source }).from(imports).where(eq(imports.id, id)).limit(1);
  return row?.source ? Buffer.from(row.source) : null;
}

export async function setJobId(db: DbOrTx, id: string, jobId: string): Promise<void> {
  await db.update(imports).set({ jobId }).where(eq(imports.id, id));
}

/**
 * A new attempt takes the import: from here on, writes of earlier attempts are refused (they
 * record under their own number). Returns the row with what earlier attempts recorded, for
 * removal before anything new is written.
 */
export async function claimAttempt(db: DbOrTx, id: string, now: number): Promise<ImportRun | undefined> {
  const [row] = await db
    .update(imports)
    .set({ state: 'running', attempt: sql`${imports.attempt} + 1`, progress: 0, stage: '', error: '', itemId: 0, report: null, updatedAt: now })
    .where(eq(imports.id, id))
    .returning(runColumns);
  return row;
}

const current = (id: string, attempt: number) => and(eq(imports.id, id), eq(imports.attempt, attempt));
const intArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::integer[]`;

/** Records what the attempt created; false when a newer attempt has taken over the import. */
export async function record(
  db: DbOrTx,
  id: string,
  attempt: number,
  what: { itemId?: number; catalogs?: number[]; pages?: number[]; files?: number[] },
  now: number,
): Promise<boolean> {
  const set: Record<string, unknown> = { updatedAt: now };
  if (what.itemId) set.createdItemId = what.itemId;
  if (what.catalogs?.length) set.createdCatalogs = sql`${imports.createdCatalogs} || ${intArray(what.catalogs)}`;
  if (what.pages?.length) set.createdPages = sql`${imports.createdPages} || ${intArray(what.pages)}`;
  if (what.files?.length) set.createdFiles = sql`${imports.createdFiles} || ${intArray(what.files)}`;
  const rows = await db.update(imports).set(set).where(current(id, attempt)).returning({ id: imports.id });
  return rows.length > 0;
}

export async function setProgress(db: DbOrTx, id: string, attempt: number, progress: number, stage: string, now: number): Promise<boolean> {
  const rows = await db.update(imports).set({ progress, stage, updatedAt: now }).where(current(id, attempt)).returning({ id: imports.id });
  return rows.length > 0;
}

/** The report a finished import keeps in its row (import/status answers it). */
export interface StoredImportReport {
  format: string;
  formatLabel: string;
  itemId: number;
  newItem: boolean;
  catId: number;
  pagesCreated: number;
  catalogsCreated: number;
  filesCreated: number;
  skipped: { name: string; reason: string }[];
  skippedTotal: number;
}

/** Done: the report kept, the upload dropped. False when a newer attempt has taken over. */
export async function finishRun(db: DbOrTx, id: string, attempt: number, r: { itemId: number; report: Record<string, unknown>; now: number }): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ state: 'done', progress: 100, stage: '', itemId: r.itemId, report: r.report, source: null, updatedAt: r.now, finishedAt: r.now })
    .where(current(id, attempt))
    .returning({ id: imports.id });
  return rows.length > 0;
}

/** Failed, after what the attempt created was removed. */
export async function failRun(db: DbOrTx, id: string, attempt: number, error: string, now: number): Promise<void> {
  await db
    .update(imports)
    .set({
      state: 'failed',
      error,
      createdItemId: 0,
      createdCatalogs: sql`'{}'::integer[]`,
      createdPages: sql`'{}'::integer[]`,
      createdFiles: sql`'{}'::integer[]`,
      updatedAt: now,
      finishedAt: now,
    })
    .where(current(id, attempt));
}

/** Forgets what the attempt recorded, once it has been removed. */
export async function clearRecords(db: DbOrTx, id: string, attempt: number): Promise<void> {
  await db
    .update(imports)
    .set({ createdItemId: 0, createdCatalogs: sql`'{}'::integer[]`, createdPages: sql`'{}'::integer[]`, createdFiles: sql`'{}'::integer[]` })
    .where(current(id, attempt));
}

/** Running imports silent since `before` (their process died and no retry came). */
export function abandonedRuns(db: DbOrTx, before: number, limit: number): Promise<ImportRun[]> {
  return db
    .select(runColumns)
    .from(imports)
    .where(and(eq(imports.state, 'running'), lt(imports.updatedAt, before)))
    .limit(limit);
}

/** Removes import rows older than `before` that hold nothing created (all done ones, failed and undone ones). */
export async function deleteOldRuns(db: DbOrTx, before: number): Promise<number> {
  const rows = await db
    .delete(imports)
    .where(and(lt(imports.addtime, before), or(eq(imports.state, 'done'), eq(imports.state, 'failed'), eq(imports.state, 'queued'))))
    .returning({ id: imports.id });
  return rows.length;
}

// --- what an import writes ---

/** The type of a live item (1 regular, 2 single page, 3 read-only display, 4 table). */
export async function liveItemType(db: DbOrTx, itemId: number): Promise<number | undefined> {
  return firstValue(db, items.itemType, and(eq(items.itemId, itemId), eq(items.isDel, 0)));
}

/** The level of a catalog of the item (2–4), or undefined when the item has no such catalog. */
export async function catalogLevel(db: DbOrTx, itemId: number, catId: number): Promise<number | undefined> {
  return firstValue(db, catalogs.level, and(eq(catalogs.catId, catId), eq(catalogs.itemId, itemId)));
}

/** A new item that stays hidden (is_del = 1) until the import reveals it. */
export async function insertHiddenItem(
  db: DbOrTx,
  i: { name: string; description: string; uid: number; username: string; passwordHash: string; itemType: number; now: number },
): Promise<number> {
  const [row] = await db
    .insert(items)
    .values({
      itemName: i.name,
      itemDescription: i.description,
      uid: i.uid,
      username: i.username,
      password: i.passwordHash,
      itemType: i.itemType,
      isDel: 1,
      addtime: i.now,
      lastUpdateTime: i.now,
    })
    .returning({ itemId: items.itemId });
  return row.itemId;
}

export async function revealItem(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ isDel: 0, lastUpdateTime: now }).where(eq(items.itemId, itemId));
}

export async function touchItem(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db
    .update(items)
    .set({ lastUpdateTime: sql`greatest(${items.lastUpdateTime}, ${now})` })
    .where(eq(items.itemId, itemId));
}

export interface ImportedPage {
  itemId: number;
  catId: number;
  title: string;
  content: string;
  sNumber: number;
  comments: string;
  authorUid: number;
  authorUsername: string;
  /** index tokens of title and content (domain/search/tokens.ts) */
  tokens: string[];
}

/** New pages in one statement; their ids in the order given. */
export async function insertPages(db: DbOrTx, list: ImportedPage[], now: number): Promise<number[]> {
  if (!list.length) return [];
  const rows = await db
    .insert(pages)
    .values(list.map((p) => newPageRow(p, now)))
    .returning({ pageId: pages.pageId });
  return rows.map((r) => r.pageId);
}

/** Binds files to pages (the files are no longer orphans). */
export async function bindFiles(db: DbOrTx, pairs: { fileId: number; pageId: number; itemId: number }[], now: number): Promise<void> {
  if (!pairs.length) return;
  await db
    .insert(attachmentPages)
    .values(pairs.map((p) => ({ ...p, addtime: now })))
    .onConflictDoNothing({ target: [attachmentPages.fileId, attachmentPages.pageId] });
  await db
    .update(attachments)
    .set({ orphanSince: 0 })
    .where(inArray(attachments.fileId, [...new Set(pairs.map((p) => p.fileId))]));
}

// --- removal of what an attempt created ---

const CHUNK = 1000;
const chunks = (ids: number[]) => Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));

/** Pages of the item among the ids, for good, with everything that hangs on them. */
export async function removePages(db: DbOrTx, itemId: number, pageIds: number[]): Promise<void> {
  for (const ids of chunks(pageIds)) {
    const gone = await db
      .delete(pages)
      .where(and(eq(pages.itemId, itemId), inArray(pages.pageId, ids)))
      .returning({ pageId: pages.pageId });
    await removePageLeftovers(db, gone.map((g) => g.pageId));
  }
}

/** Catalogs of the item among the ids. */
export async function removeCatalogs(db: DbOrTx, itemId: number, catIds: number[]): Promise<void> {
  for (const ids of chunks(catIds)) await db.delete(catalogs).where(and(eq(catalogs.itemId, itemId), inArray(catalogs.catId, ids)));
}

/** An item the import created, with all its pages, catalogs and grants (not its files: see filesOfItem). */
export async function removeItem(db: DbOrTx, itemId: number): Promise<void> {
  for (;;) {
    const batch = await db.select({ pageId: pages.pageId }).from(pages).where(eq(pages.itemId, itemId)).limit(CHUNK);
    if (!batch.length) break;
    await removePages(db, itemId, batch.map((b) => b.pageId));
  }
  await db.delete(catalogs).where(eq(catalogs.itemId, itemId));
  await db.delete(itemMembers).where(eq(itemMembers.itemId, itemId));
  await db.delete(teamItemMembers).where(eq(teamItemMembers.itemId, itemId));
  await db.delete(teamItems).where(eq(teamItems.itemId, itemId));
  await db.delete(itemTokens).where(eq(itemTokens.itemId, itemId));
  await db.delete(items).where(eq(items.itemId, itemId));
}

/** Files uploaded into an item (an import's new item: also those a crash left unrecorded). */
export async function filesOfItem(db: DbOrTx, itemId: number): Promise<number[]> {
  const rows = await db.select({ fileId: attachments.fileId }).from(attachments).where(eq(attachments.itemId, itemId));
  return rows.map((r) => r.fileId);
}

/** An import that will never run (the queue refused it). */
export async function deleteRun(db: DbOrTx, id: string): Promise<void> {
  await db.delete(imports).where(eq(imports.id, id));
}
