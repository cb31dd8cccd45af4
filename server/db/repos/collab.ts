// Co-editing storage: the SQL only. A document's state is a snapshot (doc_snapshots) plus an
// append-only log of Yjs updates (doc_updates); server/domain/collab folds one into the other.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { docSnapshots, docUpdates, pages } from '../schema';

export interface Snapshot {
  state: Uint8Array;
  /** highest doc_updates.id folded into state */
  upToId: number;
}

export interface LoggedUpdate {
  id: number;
  update: Uint8Array;
}

const toBytes = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer));

export async function findSnapshot(db: DbOrTx, docName: string, opts: { forUpdate?: boolean } = {}): Promise<Snapshot | undefined> {
  const q = db.select({ state: docSnapshots.state, upToId: docSnapshots.upToId }).from(docSnapshots).where(eq(docSnapshots.docName, docName));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row && { state: toBytes(row.state), upToId: row.upToId };
}

/** the log after `afterId`, oldest first */
export async function updatesAfter(db: DbOrTx, docName: string, afterId = 0): Promise<LoggedUpdate[]> {
  const rows = await db
    .select({ id: docUpdates.id, update: docUpdates.update })
    .from(docUpdates)
    .where(and(eq(docUpdates.docName, docName), gt(docUpdates.id, afterId)))
    .orderBy(asc(docUpdates.id));
  return rows.map((r) => ({ id: r.id, update: toBytes(r.update) }));
}

/** Appends updates in one statement; returns the highest id written. */
export async function appendUpdates(db: DbOrTx, docName: string, batch: { update: Uint8Array; uid: number }[], now: number): Promise<number> {
  if (!batch.length) return 0;
  const rows = await db
    .insert(docUpdates)
    .values(batch.map((b) => ({ docName, update: b.update, uid: b.uid, addtime: now })))
    .returning({ id: docUpdates.id });
  return Math.max(...rows.map((r) => r.id));
}

/** The first snapshot of a document, unless one exists; false when another writer stored it first. */
export async function insertFirstSnapshot(db: DbOrTx, docName: string, state: Uint8Array, baseVersion: number, now: number): Promise<boolean> {
  const rows = await db
    .insert(docSnapshots)
    .values({ docName, state, upToId: 0, baseVersion, updatedAt: now })
    .onConflictDoNothing()
    .returning({ docName: docSnapshots.docName });
  return rows.length > 0;
}

export async function writeSnapshot(db: DbOrTx, docName: string, snap: Snapshot, now: number, exists: boolean): Promise<void> {
  if (exists) await db.update(docSnapshots).set({ state: snap.state, upToId: snap.upToId, updatedAt: now }).where(eq(docSnapshots.docName, docName));
  else await db.insert(docSnapshots).values({ docName, state: snap.state, upToId: snap.upToId, updatedAt: now });
}

/** Deletes exactly these log rows (the ones folded into a snapshot). */
export async function deleteUpdates(db: DbOrTx, docName: string, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) {
    await db.delete(docUpdates).where(and(eq(docUpdates.docName, docName), inArray(docUpdates.id, ids.slice(i, i + 5000))));
  }
}

export async function countUpdates(db: DbOrTx, docName: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(docUpdates).where(eq(docUpdates.docName, docName));
  return Number(r?.n ?? 0);
}

/** What a page's document starts from when nothing is stored: its saved text and version. */
export async function pageSeed(db: DbOrTx, pageId: number): Promise<{ text: string; version: number } | undefined> {
  const [p] = await db.select({ text: pages.pageContent, version: pages.version }).from(pages).where(eq(pages.pageId, pageId));
  return p;
}
