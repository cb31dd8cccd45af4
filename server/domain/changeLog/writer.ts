// Writes the change log in batches. A statement per page save cost a quarter of the save under
// load (its round trip, its plan, its trim); here the entries of every change made while the last
// batch was being written go in the next statement together, and an item is trimmed to its newest
// CHANGES_KEPT_PER_ITEM on its first entry from this process and then every TRIM_EVERY entries
// (readers never show more than that many: itemChangeLogs.pageOf). Entries are written after the
// change is answered, as before: the log records what was done, it is not what the user saved.
import type { DbOrTx } from '../../db/client';
import * as logRepo from '../../db/repos/itemChangeLogs';
import type { ChangeLogInsert } from '../../db/repos/itemChangeLogs';
import type { Logger } from '../../logger';

/** entries of an item between two trims from one process (the most rows an item has past the kept ones) */
export const TRIM_EVERY = 32;
/** items whose entry count this process follows (an item it forgot is trimmed on its next entry) */
const ITEMS_FOLLOWED = 10_000;

export class ChangeLogWriter {
  private queue: ChangeLogInsert[] = [];
  private draining: Promise<void> | undefined;
  /** per item: entries written since its last trim */
  private sinceTrim = new Map<number, number>();

  constructor(
    private readonly db: DbOrTx,
    private readonly log: Logger,
  ) {}

  add(entry: ChangeLogInsert): void {
    this.queue.push(entry);
    this.draining ??= this.drain();
  }

  /** resolves once every entry added so far is written (or given up on and logged) */
  async written(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // the other changes answered in this turn of the event loop join the first batch
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length) await this.write(this.queue.splice(0, logRepo.CHANGES_PER_STATEMENT));
    this.draining = undefined;
  }

  private async write(batch: ChangeLogInsert[]): Promise<void> {
    const trim = this.itemsToTrim(batch);
    try {
      await logRepo.recordMany(this.db, batch, trim);
    } catch (err) {
      if (batch.length === 1) return this.lost(batch[0], err);
      // one entry the database refuses must not take the others with it
      for (const entry of batch) {
        await logRepo.recordMany(this.db, [entry], trim.includes(entry.itemId) ? [entry.itemId] : []).catch((e: unknown) => this.lost(entry, e));
      }
    }
  }

  private lost(entry: ChangeLogInsert, err: unknown): void {
    this.log.warn('change log entry not written', { itemId: entry.itemId, action: entry.opActionType, err: (err as Error)?.message ?? String(err) });
  }

  private itemsToTrim(batch: ChangeLogInsert[]): number[] {
    const trim: number[] = [];
    for (const { itemId } of batch) {
      const n = this.sinceTrim.get(itemId);
      this.sinceTrim.delete(itemId); // most recent last, so the oldest are forgotten first
      if (n === undefined || n + 1 >= TRIM_EVERY) {
        trim.push(itemId);
        this.sinceTrim.set(itemId, 0);
      } else this.sinceTrim.set(itemId, n + 1);
    }
    if (this.sinceTrim.size > ITEMS_FOLLOWED) this.sinceTrim.delete(this.sinceTrim.keys().next().value!);
    return trim;
  }
}
