// item/search over HTTP: title and content, English and Chinese (one character too), snippets,
// LIKE wildcards taken literally, catalog limits and private items respected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { sql } from 'drizzle-orm';
import { catalogs } from '../../server/db/schema';
import { keepPageStatsFresh } from '../../server/domain/search/stats';
import { searchPlan, statsChanged } from '../../server/domain/search/planChoice';
import { findHits } from '../../server/db/repos/search';

let app: TestApp;
const u: Record<string, ClusterUser> = {};
let item = 0;
let privateItem = 0;
let other = 0;
let catA = 0;
let catA1 = 0;
let catB = 0;
const p: Record<string, number> = {};

const search = (keyword: string, who?: string, itemId = item) =>
  app.call('item/search', { item_id: itemId, keyword }, who ? { token: u[who].user_token } : {});
const titles = (r: { data: { pages: { page_title: string }[] } }) => r.data.pages.map((x) => x.page_title).sort();

async function save(title: string, content: string, catId = 0, itemId = item): Promise<number> {
  const r = await app.call('page/save', { page_id: 0, item_id: itemId, cat_id: catId, page_title: title, page_content: content }, { token: u.owner.user_token });
  expect(r.error_code).toBe(0);
  return r.data.page_id;
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['owner', 'stranger', 'limited']) u[name] = await createUserWithToken(app.database, `se_${name}`);
  item = await seedItem(app.deps.db, u.owner, { itemName: 'Search item' });
  [{ catId: catA }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'A' }).returning();
  [{ catId: catA1 }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'A1', parentCatId: catA, level: 3 }).returning();
  [{ catId: catB }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'B' }).returning();
  await addMember(app.deps.db, item, u.limited, 0, catA);
  p.api = await save('用户接口', '## 简要描述\n\n- 获取用户信息：调用 getUserInfo 接口\n\n请求URL：/api/user/info', catA1);
  p.login = await save('Login', 'POST /api/user/login with username and password. Returns a Token.', catA);
  p.secret = await save('Secret plan', 'The budget of 项目预算 is confidential; getUserInfo leaks here too', catB);
  p.root = await save('Root notes', 'Percent 100% and snake_case_name and arrow -> here');
  p.long = await save('长文', '开头' + '填充文字'.repeat(100) + '目标词语' + '后面'.repeat(100), catA);
  p.legacy = await seedPage(app.deps.db, item, 'written before the index existed: legacyword', { pageTitle: 'Legacy', catId: catA });
  p.deleted = await save('Deleted getUserInfo', 'getUserInfo', catA);
  expect((await app.call('page/delete', { page_id: p.deleted }, { token: u.owner.user_token })).error_code).toBe(0);
  other = await seedItem(app.deps.db, u.stranger);
  await save('Other', 'getUserInfo elsewhere', 0, other).catch(() => undefined);
  privateItem = await seedItem(app.deps.db, u.owner, { password: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' });
  await save('Private', 'getUserInfo private', 0, privateItem);
}, 120_000);
afterAll(() => app?.close());

describe('item/search', () => {
  it('finds English substrings case-insensitively in content, with a snippet', async () => {
    const r = await search('userinfo', 'owner');
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ item_id: String(item), item_name: 'Search item' });
    expect(titles(r)).toEqual(['Secret plan', '用户接口']);
    const hit = r.data.pages.find((x: any) => x.page_id === String(p.api));
    expect(hit.search_content).toContain('getUserInfo');
    expect(hit.item_name).toBe('Search item');
    expect(hit.page_content).toBeUndefined();
  });

  it('finds Chinese phrases and a single Chinese character, in titles and content', async () => {
    expect(titles(await search('用户信息', 'owner'))).toEqual(['用户接口']);
    expect(titles(await search('预算', 'owner'))).toEqual(['Secret plan']);
    expect(titles(await search('户', 'owner'))).toEqual(['用户接口']);
    expect(titles(await search('长文', 'owner'))).toEqual(['长文']);
    const mixed = await search('调用 getUser', 'owner');
    expect(titles(mixed)).toEqual(['用户接口']);
  });

  it('finds phrases of several words only where the words stand together', async () => {
    expect(titles(await search('username and pass', 'owner'))).toEqual(['Login']);
    expect(titles(await search('with Username', 'owner'))).toEqual(['Login']);
    expect((await search('password username', 'owner')).data.pages).toEqual([]);
    expect((await search('user login', 'owner')).data.pages).toEqual([]);
  });

  it('cuts the snippet around the hit (about 100 characters either side)', async () => {
    const r = await search('目标词语', 'owner');
    const s: string = r.data.pages[0].search_content;
    expect(s).toContain('目标词语');
    expect(s.length).toBeLessThanOrEqual(204);
    expect(s.startsWith('开头')).toBe(false);
    const titleOnly = await search('Root notes', 'owner');
    expect(titleOnly.data.pages[0].search_content.startsWith('Percent 100%')).toBe(true);
  });

  it('cuts the snippet at the keyword however its letters are cased there', async () => {
    const filler = 'lorem ipsum '.repeat(30);
    await save('Casing', `Start ${filler} then RollOut the service ${filler}`);
    await save('Umlaut', `Anfang ${filler} das ÄRGERNIS bleibt ${filler}`);
    for (const keyword of ['rollout', 'ROLLOUT', 'rOLLoUT']) {
      const [hit] = (await search(keyword, 'owner')).data.pages;
      expect(hit.search_content).toContain('then RollOut the service');
      expect(hit.search_content.startsWith('Start')).toBe(false);
    }
    const [umlaut] = (await search('ärgernis', 'owner')).data.pages;
    expect(umlaut.search_content).toContain('das ÄRGERNIS bleibt');
    expect(umlaut.search_content.startsWith('Anfang')).toBe(false);
  });

  it('cuts each snippet right whether the keyword stands early, deep in the page or only in the title', async () => {
    const filler = '填充文字 filler '.repeat(500);
    await save('Early beacon', `Intro beacon here ${filler}`);
    await save('Deep', `Head ${filler} the beacon is deep ${filler}`);
    await save('Title beacon only', `Nothing to see ${filler}`);
    const byTitle = new Map((await search('beacon', 'owner')).data.pages.map((p: { page_title: string; search_content: string }) => [p.page_title, p.search_content]));
    expect(byTitle.get('Early beacon')).toBe(`Intro beacon here ${filler}`.slice(0, 206));
    expect(byTitle.get('Deep')).toContain('the beacon is deep');
    expect([...(byTitle.get('Deep') as string)]).toHaveLength(206);
    expect(byTitle.get('Title beacon only')).toBe(`Nothing to see ${filler}`.slice(0, 200));
  });

  it('takes % and _ literally and finds punctuation-only keywords', async () => {
    expect(titles(await search('100%', 'owner'))).toEqual(['Root notes']);
    expect(titles(await search('%', 'owner'))).toEqual(['Root notes']);
    expect(titles(await search('snake_case', 'owner'))).toEqual(['Root notes']);
    expect(titles(await search('case_n', 'owner'))).toEqual(['Root notes']);
    expect(titles(await search('CaseName', 'owner'))).toEqual([]);
    expect(titles(await search('->', 'owner'))).toEqual(['Root notes']);
    expect((await search('_x_', 'owner')).data.pages).toEqual([]);
  });

  it('finds pages written without a search vector, never deleted pages or other items', async () => {
    expect(titles(await search('legacyword', 'owner'))).toEqual(['Legacy']);
    const all = await search('getUserInfo', 'owner');
    expect(all.data.pages.map((x: any) => x.page_id)).not.toContain(String(p.deleted));
    expect(titles(all)).toEqual(['Secret plan', '用户接口']);
  });

  it('respects catalog limits: no pages outside the member\'s catalogs nor root pages', async () => {
    expect(titles(await search('getUserInfo', 'limited'))).toEqual(['用户接口']);
    expect((await search('预算', 'limited')).data.pages).toEqual([]);
    expect((await search('100%', 'limited')).data.pages).toEqual([]);
    expect(titles(await search('login', 'limited'))).toEqual(['Login']);
  });

  it('refuses private items without the password, empty keywords and unknown items', async () => {
    expect((await search('getUserInfo', undefined, privateItem)).error_code).toBe(10307);
    expect((await search('getUserInfo', 'stranger', privateItem)).error_code).toBe(10307);
    expect((await search('getUserInfo', 'owner', privateItem)).data.pages).toHaveLength(1);
    expect((await search('   ', 'owner')).error_code).toBe(10101);
    expect((await search('x', 'owner', 987654)).error_code).toBe(10101);
    // anonymous on a public item is fine
    expect(titles(await search('login'))).toEqual(['Login']);
  });
});

describe('item/search paging and freshness', () => {
  it('answers 50 hits at a time in menu order, with has_more; page asks for the next', async () => {
    const paged = await seedItem(app.deps.db, u.owner, { itemName: 'Paged' });
    for (let i = 1; i <= 62; i++) await save(`Pager ${String(i).padStart(2, '0')}`, `pagedword number ${i}`, 0, paged);
    const first = await app.call('item/search', { item_id: paged, keyword: 'pagedword' }, { token: u.owner.user_token });
    expect(first.data.pages).toHaveLength(50);
    expect(first.data).toMatchObject({ page: 1, has_more: true });
    const second = await app.call('item/search', { item_id: paged, keyword: 'pagedword', page: 2 }, { token: u.owner.user_token });
    expect(second.data).toMatchObject({ page: 2, has_more: false });
    // every page once, in menu order (s_number then id) across both answers
    const all = [...first.data.pages, ...second.data.pages].map((x: { page_title: string }) => x.page_title);
    expect(all).toEqual(Array.from({ length: 62 }, (_, i) => `Pager ${String(i + 1).padStart(2, '0')}`));
    for (const page of [0, -1, 201, 'x']) {
      expect((await app.call('item/search', { item_id: paged, keyword: 'pagedword', page }, { token: u.owner.user_token })).error_code).toBe(10101);
    }
  });

  it('a kept answer goes out as the same bytes, gzipped when large and asked for, and shows a renamed item at once', async () => {
    const kept = await seedItem(app.deps.db, u.owner, { itemName: 'Kept' });
    for (let i = 1; i <= 30; i++) await save(`Kept ${i}`, `keptword ${'filler text '.repeat(40)}`, 0, kept);
    const raw = (encoding: string) =>
      app.fetch('/api/item/search', {
        method: 'POST',
        headers: { 'x-api-token': u.owner.user_token, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': encoding },
        body: `item_id=${kept}&keyword=keptword`,
      });
    const first = await raw('identity');
    const firstText = await first.text();
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(firstText.length).toBeGreaterThan(8 * 1024);
    // kept from its second request on: the third is served from the kept answer
    expect(await (await raw('identity')).text()).toBe(firstText);
    const third = await raw('identity');
    expect(await third.text()).toBe(firstText);
    const gzipped = await raw('gzip');
    // fetch decodes the body; the header says what came over the wire
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(firstText);
    const answer = JSON.parse(firstText);
    expect(answer.data).toMatchObject({ item_id: String(kept), item_name: 'Kept', page: 1, has_more: false });
    expect(answer.data.pages).toHaveLength(30);
    expect(answer.data.pages[0]).toMatchObject({ item_name: 'Kept', page_title: 'Kept 1' });

    expect((await app.call('item/update', { item_id: kept, item_name: 'Kept renamed' }, { token: u.owner.user_token })).error_code).toBe(0);
    const renamed = JSON.parse(await (await raw('identity')).text());
    expect(renamed.data.item_name).toBe('Kept renamed');
    expect(renamed.data.pages.every((x: { item_name: string }) => x.item_name === 'Kept renamed')).toBe(true);
  });

  it('a repeated search shows pages saved, renamed and deleted since at once', async () => {
    const fresh = await seedItem(app.deps.db, u.owner, { itemName: 'Fresh' });
    const first = await save('Fresh one', 'freshword here', 0, fresh);
    const find = async () => titles(await search('freshword', 'owner', fresh));
    expect(await find()).toEqual(['Fresh one']);
    expect(await find()).toEqual(['Fresh one']);
    const second = await save('Fresh two', 'freshword again', 0, fresh);
    expect(await find()).toEqual(['Fresh one', 'Fresh two']);
    const renamed = await app.call('page/save', { page_id: first, item_id: fresh, page_title: 'Fresh renamed', page_content: 'no longer' }, { token: u.owner.user_token });
    expect(renamed.error_code).toBe(0);
    expect(await find()).toEqual(['Fresh two']);
    expect((await app.call('page/delete', { page_id: second }, { token: u.owner.user_token })).error_code).toBe(0);
    expect(await find()).toEqual([]);
    // recovered from the recycle bin: found again
    expect((await app.call('recycle/recover', { item_id: fresh, page_id: second }, { token: u.owner.user_token })).error_code).toBe(0);
    expect(await find()).toEqual(['Fresh two']);
  });

  it('refreshes the planner statistics and merges the index\'s pending list once many pages changed', async () => {
    const db = app.deps.db;
    const analyzedAt = async () =>
      ((await db.execute(sql`select coalesce(pg_stat_get_last_analyze_time('pages'::regclass), 'epoch') as t`)) as unknown as { rows: { t: string }[] }).rows[0].t;
    await db.execute(sql`analyze pages`);
    const before = await analyzedAt();
    const bulk = await seedItem(db, u.owner, { itemName: 'Bulk' });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pages (item_id, page_title, page_content, search_vector)
        select ${bulk}, 'bulk ' || i, 'text', array_to_tsvector(array['bulk', 'n' || i]) from generate_series(1, 3000) i`);
      // the inserting connection reports its counts when the transaction ends
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    await keepPageStatsFresh(db, 0);
    expect(await analyzedAt()).not.toEqual(before);
    // the new vectors are in the index proper: nothing left to merge
    const pending = (await db.execute(sql`select gin_clean_pending_list('pages_search_idx') as n`)) as unknown as { rows: { n: number | string }[] };
    expect(Number(pending.rows[0].n)).toBe(0);
    // nothing changed since: no second ANALYZE
    const after = await analyzedAt();
    await keepPageStatsFresh(db, 0);
    expect(await analyzedAt()).toEqual(after);
  });

  it('one word skips the planner: a common one walks the pages in menu order, a rare one asks the index first; the answers are the planned ones', async () => {
    const db = app.deps.db;
    const common = await seedItem(db, u.owner, { itemName: 'Common words' });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pages (item_id, page_title, page_content, s_number, search_vector)
        select ${common}, 'common ' || i, 'everyday text ' || i, 100 - i % 7, array_to_tsvector(array['everyday', 'text', 'w' || i]) from generate_series(1, 2000) i`);
    });
    await db.execute(sql`analyze pages`);
    statsChanged(db);
    expect(await searchPlan(db, "'everyday':*")).toBe('walk');
    expect(await searchPlan(db, "'everyda':*")).toBe('walk');
    // a word no page holds, or too few for the statistics to name: the index
    expect(await searchPlan(db, "'nowhere':*")).toBe('index');
    expect(await searchPlan(db, "'w1999'")).toBe('index');
    // a short prefix, or more than one term: planned for the keyword
    expect(await searchPlan(db, "'zq':*")).toBe(undefined);
    expect(await searchPlan(db, "'everyday' & 'text':*")).toBe(undefined);
    const query = (tsquery: string, plan: 'walk' | 'index' | undefined, offset: number) => ({
      itemId: common, keyword: 'everyday', catIds: null, tsquery, textCheck: 'none' as const,
      limit: 51, offset, wholeBytes: 4096, headChars: 1001, plan,
    });
    const ids = (rows: { page_id: number }[]) => rows.map((r) => Number(r.page_id));
    for (const offset of [0, 50, 1990]) {
      const planned = ids(await findHits(db, query("'everyday':*", undefined, offset)));
      expect(planned.length).toBe(offset === 1990 ? 10 : 51);
      // whichever way it goes, the same hits in the same order
      expect(ids(await findHits(db, query("'everyday':*", 'walk', offset)))).toEqual(planned);
      expect(ids(await findHits(db, query("'everyday':*", 'index', offset)))).toEqual(planned);
    }
    for (const term of ["'w17':*", "'w1999'", "'nowhere':*"]) {
      expect(ids(await findHits(db, query(term, 'index', 0)))).toEqual(ids(await findHits(db, query(term, undefined, 0))));
    }
    // each is a named statement of its own (one plan per connection)
    const named = await db.transaction(async (tx) => {
      await findHits(tx, query("'everyday':*", 'walk', 0));
      await findHits(tx, query("'nowhere':*", 'index', 0));
      return ((await tx.execute(sql`select name from pg_prepared_statements where name like 'search_walk%' or name like 'search_index%' order by name`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name.split('_').slice(0, 2).join('_'));
    });
    expect(named).toEqual(['search_index', 'search_walk']);
    // over HTTP, in any letter case, the same hits in menu order
    const r = await app.call('item/search', { item_id: common, keyword: 'EveryDay' }, { token: u.owner.user_token });
    expect(r.data.pages.map((x: { page_id: string }) => Number(x.page_id))).toEqual(ids(await findHits(db, query("'everyday':*", undefined, 0))).slice(0, 50));
    expect(r.data.has_more).toBe(true);
    const one = await app.call('item/search', { item_id: common, keyword: 'W1999' }, { token: u.owner.user_token });
    expect(one.data.pages.map((x: { page_title: string }) => x.page_title)).toEqual(['common 1999']);
  });
});
