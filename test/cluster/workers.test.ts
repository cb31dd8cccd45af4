// `npm run workers` beside the API on PostgreSQL: it runs the housekeeping schedule (expired
// tokens, the 30-day recycle-bin purge) and refuses to start without DATABASE_URL or with a bad
// interval, and runs below the API processes' CPU priority.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { clusterDatabase, createUserWithToken, startWorkers, stopAllWorkers, stopWorkers, until } from '../helpers/cluster';
import { seedItem, seedPage } from '../helpers/realtime';
import type { TestDatabase } from '../helpers/db';
import { pages, recycle, userTokens } from '../../server/db/schema';
import { WORKERS_NICE } from '../../workers/lowerPriority';

let db: TestDatabase;

beforeAll(async () => {
  db = await clusterDatabase();
});

afterAll(async () => {
  await stopAllWorkers();
  await db?.close();
});

describe('workers', () => {
  it('refuses to start on the embedded database, with a clear line', async () => {
    const w = startWorkers({ DATABASE_URL: '' });
    expect(await w.exited).toBe(1);
    expect(w.output()).toContain('set DATABASE_URL');
  });

  it('refuses a QUIRE_HOUSEKEEPING_MS that is not a whole number of milliseconds, with a clear line', async () => {
    const w = startWorkers({ DATABASE_URL: db.url!, QUIRE_HOUSEKEEPING_MS: '1h' });
    expect(await w.exited).toBe(1);
    expect(w.output()).toContain('quire workers: configuration error: QUIRE_HOUSEKEEPING_MS must be a whole number of milliseconds, got "1h"');
    expect(w.output()).not.toContain('quire workers ready');
  });

  it('purges the recycle bin after 30 days and drops expired tokens, leaving the rest', async () => {
    const owner = await createUserWithToken(db, 'wk_owner');
    const itemId = await seedItem(db.db, owner);
    const now = Math.floor(Date.now() / 1000);
    const oldPage = await seedPage(db.db, itemId, 'old', { isDel: 1 });
    const newPage = await seedPage(db.db, itemId, 'recent', { isDel: 1 });
    await db.db.insert(recycle).values([
      { itemId, pageId: oldPage, pageTitle: 'old', delByUid: owner.uid, delTime: now - 31 * 86400 },
      { itemId, pageId: newPage, pageTitle: 'recent', delByUid: owner.uid, delTime: now - 86400 },
    ]);
    await db.db.update(userTokens).set({ expiresAt: now - 10 }).where(eq(userTokens.uid, owner.uid));

    const w = startWorkers({ DATABASE_URL: db.url!, QUIRE_HOUSEKEEPING_MS: '500' });
    try {
      await until(async () => (await db.db.select().from(pages).where(eq(pages.pageId, oldPage))).length === 0, () => `old page purged; workers said: ${w.output()}`, 30_000);
      expect(await db.db.select().from(pages).where(eq(pages.pageId, newPage))).toHaveLength(1);
      expect(await db.db.select().from(recycle).where(eq(recycle.pageId, newPage))).toHaveLength(1);
      expect(await db.db.select().from(userTokens).where(eq(userTokens.uid, owner.uid))).toHaveLength(0);
      expect(w.output()).toContain('quire workers ready');
      // background work yields the CPU to the API processes on the same machine
      expect(os.getPriority(w.proc.pid!)).toBe(Math.max(WORKERS_NICE, os.getPriority()));
    } finally {
      await stopWorkers(w);
    }
  });
});
