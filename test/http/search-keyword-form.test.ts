// item/search matches a keyword in any letter case, without the spaces around it and with a
// run of spaces in it as one; its answers are cached under that form (tokens.ts: searchKeyword),
// so "Order", "ORDER" and " order " are one cache entry, and a cached answer is what the
// uncached search answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { seedItem } from '../helpers/realtime';
import { cachedSearch } from '../../server/domain/search/cachedSearch';
import { searchPages } from '../../server/domain/search/search';
import { searchKeyword } from '../../server/domain/search/tokens';

let app: TestApp;
let cacheOff: TestApp;
let rowsOnly: TestApp;
let owner: ClusterUser;
let item = 0;

async function save(a: TestApp, token: string, itemId: number, title: string, content: string): Promise<void> {
  const r = await a.call('page/save', { page_id: 0, item_id: itemId, cat_id: 0, page_title: title, page_content: content }, { token });
  expect(r.error_code).toBe(0);
}

const PAGES: [string, string][] = [
  ['Orders', 'Create an ORDER with POST /api/order. 订单 must be paid within 30 minutes.'],
  ['Refunds', 'A refund needs the order id. Payment gateway: see the Gateway page.'],
  ['Gateway', 'The payment gateway answers in JSON.'],
  ['Users', 'Nothing about the keyword here.'],
];

beforeAll(async () => {
  app = await startTestApp();
  owner = await createUserWithToken(app.database, 'skf_owner');
  item = await seedItem(app.deps.db, owner, { itemName: 'Keyword forms' });
  for (const [title, content] of PAGES) await save(app, owner.user_token, item, title, content);
});

afterAll(async () => {
  await app?.close();
  await cacheOff?.close();
  await rowsOnly?.close();
});

const search = (a: TestApp, keyword: string, itemId = item, token = owner.user_token) => a.call('item/search', { item_id: itemId, keyword }, { token });

describe('search keyword form', () => {
  it('folds letter case and spaces, and nothing else', () => {
    expect(searchKeyword('  ORDER ')).toBe('order');
    expect(searchKeyword('Payment \t  GATEWAY')).toBe('payment gateway');
    expect(searchKeyword('订单')).toBe('订单');
    // width is kept: the index holds full-width letters as written
    expect(searchKeyword('ＯＲＤＥＲ')).toBe('ｏｒｄｅｒ');
  });

  it('answers every spelling of a keyword alike, and from one cache entry', async () => {
    const spellings = ['order', 'Order', 'ORDER', '  oRdEr  '];
    const answers = [];
    for (const k of spellings) answers.push(await search(app, k));
    for (const r of answers) expect(r.error_code).toBe(0);
    const titles = answers.map((r) => r.data.pages.map((p: { page_title: string }) => p.page_title));
    expect(titles[0].sort()).toEqual(['Orders', 'Refunds']);
    for (const r of answers.slice(1)) expect(r.data).toEqual(answers[0].data);
    // kept from its second request on (any spelling counts): the same answer object for all of them
    const kept = await cachedSearch(app.deps, item, 'ORDER', null, 1);
    expect(await cachedSearch(app.deps, item, 'order', null, 1)).toBe(kept);
    expect(await cachedSearch(app.deps, item, ' Order ', null, 1)).toBe(kept);
    // and what the search answers without the cache
    expect(await searchPages(app.deps.db, item, 'oRDER', null)).toEqual(kept);
  });

  it('a phrase in another case or with other spaces finds the same pages', async () => {
    const a = await search(app, 'payment gateway');
    const b = await search(app, '  PAYMENT   Gateway ');
    expect(a.error_code).toBe(0);
    expect(b.data).toEqual(a.data);
    expect(a.data.pages.map((p: { page_title: string }) => p.page_title).sort()).toEqual(['Gateway', 'Refunds']);
  });

  it('with READ_CACHES=off answers what the cached search answers', async () => {
    cacheOff = await startTestApp({ env: { READ_CACHES: 'off' } });
    expect(cacheOff.deps.config.readCaches).toBe(false);
    const o = await createUserWithToken(cacheOff.database, 'skf_off');
    const other = await seedItem(cacheOff.deps.db, o, { itemName: 'Keyword forms, no cache' });
    for (const [title, content] of PAGES) await save(cacheOff, o.user_token, other, title, content);
    for (const k of ['ORDER', 'order', 'payment gateway', '订单']) {
      const cached = await search(app, k);
      const uncached = await search(cacheOff, k, other, o.user_token);
      const strip = (d: { pages: Record<string, unknown>[] }) => d.pages.map((p) => [p.page_title, p.search_content]);
      expect(strip(uncached.data)).toEqual(strip(cached.data));
    }
    // nothing is kept: two requests compute two answers
    const first = await cachedSearch(cacheOff.deps, other, 'order', null, 1);
    expect(await cachedSearch(cacheOff.deps, other, 'order', null, 1)).not.toBe(first);
  });

  it('with READ_CACHES=rows keeps no search answer but the rows it reads (the uncached search as it runs)', async () => {
    rowsOnly = await startTestApp({ env: { READ_CACHES: 'rows' } });
    expect(rowsOnly.deps.config).toMatchObject({ readCaches: true, answerCaches: false });
    const o = await createUserWithToken(rowsOnly.database, 'skf_rows');
    const other = await seedItem(rowsOnly.deps.db, o, { itemName: 'Keyword forms, rows only' });
    for (const [title, content] of PAGES) await save(rowsOnly, o.user_token, other, title, content);
    const strip = (d: { pages: Record<string, unknown>[] }) => d.pages.map((p) => [p.page_title, p.search_content]);
    for (const k of ['ORDER', '订单']) expect(strip((await search(rowsOnly, k, other, o.user_token)).data)).toEqual(strip((await search(app, k)).data));
    // asked three times, an answer is still computed anew each time
    const first = await cachedSearch(rowsOnly.deps, other, 'order', null, 1);
    await cachedSearch(rowsOnly.deps, other, 'order', null, 1);
    expect(await cachedSearch(rowsOnly.deps, other, 'order', null, 1)).not.toBe(first);
    // while the item row stays in the read cache
    expect(rowsOnly.deps.reads.peekItem(other)).toBeDefined();
  });
});
