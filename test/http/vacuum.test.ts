// The embedded database's autovacuum (server/domain/vacuum.ts): pages updated many times leave dead
// row versions that only VACUUM reclaims, and PGlite never runs one by itself. Housekeeping
// vacuums the tables past autovacuum's threshold; on a PostgreSQL server it leaves that to
// autovacuum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken } from '../helpers/cluster';
import { seedItem, seedPage } from '../helpers/realtime';
import { pages } from '../../server/db/schema';
import { runCleanup } from '../../server/domain/housekeeping';
import { vacuumEmbeddedDatabase } from '../../server/domain/vacuum';

let app: TestApp;
let pageId: number;

async function pageRows(): Promise<{ dead: number; changed: number; vacuums: number }> {
  // the statistics a backend collects reach pg_stat_* when it reports them: force that first
  await app.deps.db.execute(sql`select pg_stat_force_next_flush()`);
  const res = await app.deps.db.execute(sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, (vacuum_count + autovacuum_count)::int as vacuums from pg_stat_user_tables where relname = 'pages'`);
  return (res as unknown as { rows: { dead: number; changed: number; vacuums: number }[] }).rows[0];
}

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createUserWithToken(app.database, 'vac_owner', 2);
  const item = await seedItem(app.deps.db, owner);
  pageId = await seedPage(app.deps.db, item, 'first text');
  // 300 saves of one page: 300 dead versions of its row, as many of its index entries
  for (let i = 0; i < 300; i++) await app.deps.db.update(pages).set({ pageContent: `text ${i}` }).where(eq(pages.pageId, pageId));
});

afterAll(async () => {
  await app?.close();
});

describe('vacuuming the embedded database', () => {
  it('reclaims dead rows on PGlite, as part of housekeeping, and leaves PostgreSQL to its autovacuum', async () => {
    const before = await pageRows();
    if (app.deps.dbKind === 'pglite') {
      expect(before.changed).toBeGreaterThanOrEqual(300);
      await runCleanup(app.deps);
      const after = await pageRows();
      expect(after).toMatchObject({ dead: 0, changed: 0 });
      expect(after.vacuums).toBe(before.vacuums + 1);
      // nothing left to do: a second run vacuums nothing
      expect(await vacuumEmbeddedDatabase(app.deps)).toEqual([]);
    } else {
      expect(await vacuumEmbeddedDatabase(app.deps)).toEqual([]);
    }
    // the page reads as last saved
    const [row] = await app.deps.db.select({ content: pages.pageContent }).from(pages).where(eq(pages.pageId, pageId));
    expect(row.content).toBe('text 299');
  });
});
