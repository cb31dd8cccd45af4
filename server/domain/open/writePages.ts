// Writing the pages of one script request (open/fromComments, open/updateDbItem), at most
// OPEN_API_MAX_BLOCKS of them, without holding up everyone else:
// - PostgreSQL: one transaction for the whole request (all pages or none). Other requests run
//   on other pool connections meanwhile, and every statement is network I/O, so the event loop
//   keeps serving them.
// - Embedded PGlite: one connection, and its queries resolve without ever returning to the event
//   loop: a write loop starves every other request until it ends (5,000 blocks took 15 s), and a
//   transaction holds the only connection for its whole length. So the pages go in batches, each
//   its own short transaction, with a turn of the event loop between them; other requests wait
//   for one batch at most. Every page and the item's capacity are checked before the first
//   batch; a failure later (the database itself) leaves the earlier batches written — sending the
//   same file again is an idempotent upsert.
import type { AppDeps } from '../../deps';
import { publishUpserts, upsertInTx, type OpenPageInput, type Upserted } from './upsertPage';

/** pages per transaction on PGlite (about a tenth of a second of writing) */
export const OPEN_WRITE_BATCH = 25;

/** Lets the event loop serve pending I/O (other requests) before going on. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const batchesOf = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Upserts the pages of one item (already validated), publishing their events once committed. */
export async function writeOpenPages(deps: AppDeps, itemId: number, list: OpenPageInput[]): Promise<void> {
  const now = deps.now();
  const batches = batchesOf(list, OPEN_WRITE_BATCH);
  if (deps.dbKind === 'postgres') {
    const done = await deps.db.transaction(async (tx) => {
      const out: Upserted[] = [];
      for (const batch of batches) for (const p of batch) out.push(await upsertInTx(deps, tx, p, now));
      return out;
    });
    await publishUpserts(deps, itemId, done, now);
    return;
  }
  for (const batch of batches) {
    const done = await deps.db.transaction(async (tx) => {
      const out: Upserted[] = [];
      for (const p of batch) out.push(await upsertInTx(deps, tx, p, now));
      return out;
    });
    await publishUpserts(deps, itemId, done, now);
    await yieldToOthers();
  }
}
