// Counters of the rate limits and failure counts (auth/throttle.ts decides what they mean).
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { throttles } from '../schema';

export interface Counter {
  count: number;
  resetAt: number;
}

/** Adds one to the window's counter, starting a new window when the last one ended (atomic upsert). */
export async function increment(db: DbOrTx, key: string, windowSeconds: number, now: number): Promise<Counter> {
  const res = await db
    .insert(throttles)
    .values({ key, count: 1, resetAt: now + windowSeconds })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`case when ${throttles.resetAt} <= ${now} then 1 else ${throttles.count} + 1 end`,
        resetAt: sql`case when ${throttles.resetAt} <= ${now} then ${now + windowSeconds} else ${throttles.resetAt} end`,
      },
    })
    .returning({ count: throttles.count, resetAt: throttles.resetAt });
  return res[0];
}

export async function find(db: DbOrTx, key: string): Promise<Counter | undefined> {
  const [row] = await db.select({ count: throttles.count, resetAt: throttles.resetAt }).from(throttles).where(eq(throttles.key, key));
  return row;
}

export async function remove(db: DbOrTx, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

export async function deleteExpired(db: DbOrTx, now: number): Promise<void> {
  await db.delete(throttles).where(lt(throttles.resetAt, now));
}
