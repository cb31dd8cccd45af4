// Benchmark data through direct inserts (independent of the endpoints under test):
// an item of 1,000 ~2 KB pages in three catalog levels, and an item of 10,000 pages of
// mixed Chinese/English Markdown for search. Pages get the search vector savePage would write.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../server/deps';
import { catalogs, items, pages } from '../../server/db/schema';
import { createUser } from '../../server/domain/accounts';
import { issueToken } from '../../server/auth/tokens';
import { pageTokens } from '../../server/domain/search/tokens';
import { searchVectorOf } from '../../server/db/repos/search';
import { pageMarkdown, pageTitle, rng } from './content';

export interface Seeded {
  token: string;
  uid: number;
  menuItemId: number;
  /** pages of the 1,000-page item */
  menuPageIds: number[];
  searchItemId: number;
  /** an empty item background jobs write into */
  jobsItemId: number;
}

async function insertPages(deps: AppDeps, itemId: number, count: number, catFor: (i: number) => number, seed: number, size: number): Promise<number[]> {
  const r = rng(seed);
  const ids: number[] = [];
  const now = deps.now();
  const BATCH = 250;
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const title = pageTitle(r, i);
      const content = pageMarkdown(r, i, size);
      rows.push({
        itemId,
        catId: catFor(i),
        pageTitle: title,
        pageContent: content,
        sNumber: (i % 50) + 1,
        authorUid: 0,
        authorUsername: 'bench',
        addtime: now,
        pageAddtime: now,
        searchVector: searchVectorOf(pageTokens(title, content)),
      });
    }
    const out = await deps.db.insert(pages).values(rows).returning({ pageId: pages.pageId });
    ids.push(...out.map((o) => o.pageId));
  }
  return ids;
}

export async function seed(deps: AppDeps, progress: (msg: string) => void = () => {}): Promise<Seeded> {
  const user = await createUser(deps, { username: 'bench', password: 'bench-password-1' });
  const token = await issueToken(deps.db, user.uid, deps.now(), 30, '127.0.0.1');
  const now = deps.now();

  const [menuItem] = await deps.db.insert(items).values({ itemName: 'Bench 1k', uid: user.uid, username: 'bench', addtime: now, lastUpdateTime: now }).returning();
  // 8 top catalogs × 3 children × 2 grandchildren = 8 + 24 + 48 catalogs on levels 2, 3, 4
  const catIds: number[] = [];
  for (let a = 0; a < 8; a++) {
    const [top] = await deps.db.insert(catalogs).values({ itemId: menuItem.itemId, catName: `模块 ${a}`, level: 2, sNumber: a + 1, addtime: now }).returning();
    catIds.push(top.catId);
    for (let b = 0; b < 3; b++) {
      const [mid] = await deps.db.insert(catalogs).values({ itemId: menuItem.itemId, catName: `子模块 ${a}.${b}`, parentCatId: top.catId, level: 3, sNumber: b + 1, addtime: now }).returning();
      catIds.push(mid.catId);
      for (let c = 0; c < 2; c++) {
        const [leaf] = await deps.db
          .insert(catalogs)
          .values({ itemId: menuItem.itemId, catName: `API ${a}.${b}.${c}`, parentCatId: mid.catId, level: 4, sNumber: c + 1, addtime: now })
          .returning();
        catIds.push(leaf.catId);
      }
    }
  }
  // 1 in 20 pages at the item root, the rest spread over all catalogs
  progress('user and catalogs ready');
  const menuPageIds = await insertPages(deps, menuItem.itemId, 1000, (i) => (i % 20 === 0 ? 0 : catIds[i % catIds.length]), 7, 2000);

  progress('1,000-page item seeded');
  const [searchItem] = await deps.db.insert(items).values({ itemName: 'Bench 10k', uid: user.uid, username: 'bench', addtime: now, lastUpdateTime: now }).returning();
  await insertPages(deps, searchItem.itemId, 10_000, () => 0, 11, 1200);
  // what autovacuum does within a minute of a bulk insert: statistics for the planner, and the GIN
  // index's pending list merged (every search scans that list until then)
  await deps.db.execute(sql`vacuum analyze pages`);

  progress('10,000-page item seeded');
  const [jobsItem] = await deps.db.insert(items).values({ itemName: 'Bench jobs', uid: user.uid, username: 'bench', addtime: now, lastUpdateTime: now }).returning();
  return { token, uid: user.uid, menuItemId: menuItem.itemId, menuPageIds, searchItemId: searchItem.itemId, jobsItemId: jobsItem.itemId };
}
