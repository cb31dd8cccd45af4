// Durable Yjs state per document: a snapshot plus an append-only log (server/db/repos/collab.ts).
// Every update is appended before it is broadcast, so an update another participant has seen
// survives kill -9. Compaction folds the log into the snapshot in the background while other
// processes keep appending and loading.
import * as Y from 'yjs';
import type { AppDeps } from '../../deps';
import * as collab from '../../db/repos/collab';

export interface LoadedState {
  /** snapshot + log, applied to a fresh doc by the caller */
  updates: Uint8Array[];
  /** highest doc_updates.id included */
  lastId: number;
  /** how many log rows were read (not yet folded into the snapshot) */
  logLength: number;
  /** whether anything was stored for this document */
  exists: boolean;
}

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * The stored state. The log is read before the snapshot: a compaction that commits in between
 * has put the rows it deleted into the snapshot read after, so nothing is missed (at worst an
 * update comes twice, which Yjs ignores). Read the other way round, those rows would be lost.
 */
export async function loadState(deps: Pick<AppDeps, 'db'>, docName: string): Promise<LoadedState> {
  const log = await collab.updatesAfter(deps.db, docName);
  const snap = await collab.findSnapshot(deps.db, docName);
  const updates = [...(snap ? [snap.state] : []), ...log.map((r) => r.update)];
  // the log comes oldest first
  const lastId = Math.max(snap?.upToId ?? 0, log.at(-1)?.id ?? 0);
  return { updates, lastId, logLength: log.length, exists: updates.length > 0 };
}

/** Appends updates in one statement; returns the highest id written. */
export function appendUpdates(deps: Deps, docName: string, batch: { update: Uint8Array; uid: number }[]): Promise<number> {
  return collab.appendUpdates(deps.db, docName, batch, deps.now());
}

/** Stores the first state of a document unless another process did already (seed once). */
export function seedOnce(deps: Deps, docName: string, state: Uint8Array, baseVersion: number): Promise<boolean> {
  return collab.insertFirstSnapshot(deps.db, docName, state, baseVersion, deps.now());
}

/**
 * Folds the log into the snapshot, in one transaction. Only the rows it read are deleted: a row
 * another process appends meanwhile (even one with a lower id, committed later) stays in the log.
 */
export async function compact(deps: Pick<AppDeps, 'db' | 'now'>, docName: string): Promise<{ folded: number }> {
  return deps.db.transaction(async (tx) => {
    const snap = await collab.findSnapshot(tx, docName, { forUpdate: true });
    const log = await collab.updatesAfter(tx, docName);
    if (!log.length) return { folded: 0 };
    const merged = Y.mergeUpdates([...(snap ? [snap.state] : []), ...log.map((r) => r.update)]);
    const upToId = Math.max(snap?.upToId ?? 0, log[log.length - 1].id);
    await collab.writeSnapshot(tx, docName, { state: merged, upToId }, deps.now(), !!snap);
    await collab.deleteUpdates(tx, docName, log.map((r) => r.id));
    return { folded: log.length };
  });
}

export function countUpdates(deps: Pick<AppDeps, 'db'>, docName: string): Promise<number> {
  return collab.countUpdates(deps.db, docName);
}

/** The saved text and version a page's document is seeded from. */
export async function pageSeed(deps: Pick<AppDeps, 'db'>, pageId: number): Promise<{ text: string; version: number }> {
  return (await collab.pageSeed(deps.db, pageId)) ?? { text: '', version: 0 };
}
