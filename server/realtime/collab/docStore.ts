// Durable Yjs state per document: a snapshot (doc_snapshots) plus an append-only log
// (doc_updates). Every update is appended before it is broadcast, so an update another
// participant has seen survives kill -9. Compaction folds the log into the snapshot.
import * as Y from 'yjs';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { docSnapshots, docUpdates } from '../../db/schema';

export interface LoadedState {
  /** merged snapshot + log, applied to a fresh doc by the caller */
  updates: Uint8Array[];
  /** highest doc_updates.id included */
  lastId: number;
  /** whether anything was stored for this document */
  exists: boolean;
}

const toBytes = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer));

export async function loadState(deps: AppDeps, docName: string, afterId = 0): Promise<LoadedState> {
  const updates: Uint8Array[] = [];
  let exists = false;
  let lastId = afterId;
  if (afterId === 0) {
    const [snap] = await deps.db.select().from(docSnapshots).where(eq(docSnapshots.docName, docName));
    if (snap) {
      updates.push(toBytes(snap.state));
      lastId = Math.max(lastId, snap.upToId);
      exists = true;
    }
  }
  const rows = await deps.db
    .select({ id: docUpdates.id, update: docUpdates.update })
    .from(docUpdates)
    .where(and(eq(docUpdates.docName, docName), gt(docUpdates.id, afterId)))
    .orderBy(asc(docUpdates.id));
  for (const r of rows) {
    updates.push(toBytes(r.update));
    lastId = Math.max(lastId, r.id);
    exists = true;
  }
  return { updates, lastId, exists };
}

/** Appends updates in one statement; returns the highest id written. */
export async function appendUpdates(deps: AppDeps, docName: string, batch: { update: Uint8Array; uid: number }[]): Promise<number> {
  if (!batch.length) return 0;
  const now = deps.now();
  const rows = await deps.db
    .insert(docUpdates)
    .values(batch.map((b) => ({ docName, update: b.update, uid: b.uid, addtime: now })))
    .returning({ id: docUpdates.id });
  return Math.max(...rows.map((r) => r.id));
}

/** Stores the first state of a document unless another process did already (seed once). */
export async function seedOnce(deps: AppDeps, docName: string, state: Uint8Array, baseVersion: number): Promise<boolean> {
  const rows = await deps.db
    .insert(docSnapshots)
    .values({ docName, state, upToId: 0, baseVersion, updatedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ docName: docSnapshots.docName });
  return rows.length > 0;
}

/**
 * Folds the log up to `upToId` into the snapshot, in one transaction. Safe while other
 * processes append: only rows with id ≤ upToId are removed, and they are in the new state.
 */
export async function compact(deps: AppDeps, docName: string): Promise<{ folded: number }> {
  return deps.db.transaction(async (tx) => {
    const [snap] = await tx.select().from(docSnapshots).where(eq(docSnapshots.docName, docName)).for('update');
    const rows = await tx
      .select({ id: docUpdates.id, update: docUpdates.update })
      .from(docUpdates)
      .where(eq(docUpdates.docName, docName))
      .orderBy(asc(docUpdates.id));
    if (!rows.length) return { folded: 0 };
    const parts = [...(snap ? [toBytes(snap.state)] : []), ...rows.map((r) => toBytes(r.update))];
    const merged = Y.mergeUpdates(parts);
    const upToId = rows[rows.length - 1].id;
    if (snap) {
      await tx.update(docSnapshots).set({ state: merged, upToId, updatedAt: deps.now() }).where(eq(docSnapshots.docName, docName));
    } else {
      await tx.insert(docSnapshots).values({ docName, state: merged, upToId, updatedAt: deps.now() });
    }
    await tx.delete(docUpdates).where(and(eq(docUpdates.docName, docName), lte(docUpdates.id, upToId)));
    return { folded: rows.length };
  });
}

export async function countUpdates(deps: AppDeps, docName: string): Promise<number> {
  const [r] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(docUpdates).where(eq(docUpdates.docName, docName));
  return Number(r?.n ?? 0);
}

export async function deleteDocState(deps: AppDeps, docName: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(docUpdates).where(eq(docUpdates.docName, docName));
    await tx.delete(docSnapshots).where(eq(docSnapshots.docName, docName));
  });
}
