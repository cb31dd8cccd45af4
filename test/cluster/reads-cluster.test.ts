// Two API processes on one PostgreSQL and one Redis: each caches item rows, menus, grants and
// pages (server/cache/readCache, items/menuCache), so a write on one process must reach the
// other's cache over Redis — well before the 3 s time-to-live would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedItem, seedPage, addMember, until } from '../helpers/realtime';
import { createUserWithToken, startTwoProcesses, type ClusterUser, type ServerProcess, type TwoProcesses } from '../helpers/cluster';

let c: TwoProcesses;
let ann: ClusterUser;
let bob: ClusterUser;
let itemId: number;
let pageId: number;

/** well under the 3 s time-to-live: only the bridged event can explain a change this fast */
const BRIDGE_MS = 1_000;

const call = async (node: ServerProcess, action: string, token: string, params: Record<string, string | number>) => {
  const res = await fetch(`${node.url}/api/${action}`, {
    method: 'POST',
    headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return (await res.json()) as { error_code: number; data: any };
};

beforeAll(async () => {
  c = await startTwoProcesses();
  ann = await createUserWithToken(c.db, 'rc_ann');
  bob = await createUserWithToken(c.db, 'rc_bob');
  // private: only members may read it
  itemId = await seedItem(c.db.db, ann, { password: 'stored-hash-of-some-password' });
  pageId = await seedPage(c.db.db, itemId, 'first words', { pageTitle: 'Before' });
}, 120_000);

afterAll(async () => {
  await c?.stop();
});

describe('cached reads across processes', () => {
  it('a page saved on one process shows in the other’s menu, page and search at once', async () => {
    const found = async (keyword: string) => (await call(c.n2, 'item/search', ann.user_token, { item_id: itemId, keyword })).data.pages.length;
    // warm the second process's caches
    expect((await call(c.n2, 'item/info', ann.user_token, { item_id: itemId })).data.menu.pages[0].page_title).toBe('Before');
    expect((await call(c.n2, 'page/info', ann.user_token, { page_id: pageId })).data.page_content).toBe('first words');
    expect(await found('second')).toBe(0);
    const saved = await call(c.n1, 'page/save', ann.user_token, { item_id: itemId, page_id: pageId, page_title: 'After', page_content: 'second words' });
    expect(saved.error_code).toBe(0);
    const started = Date.now();
    await until(async () => (await call(c.n2, 'item/info', ann.user_token, { item_id: itemId })).data.menu.pages[0].page_title === 'After', 'menu on n2', BRIDGE_MS);
    await until(async () => (await call(c.n2, 'page/info', ann.user_token, { page_id: pageId })).data.page_content === 'second words', 'page on n2', BRIDGE_MS);
    await until(async () => (await found('second')) === 1, 'search on n2', BRIDGE_MS);
    expect(Date.now() - started).toBeLessThan(BRIDGE_MS);
  });

  it('a member removed on one process is refused by the other at once', async () => {
    const memberId = await addMember(c.db.db, itemId, bob, 0);
    // the member row was written behind both processes' backs: wait out the cached "no grant"
    await until(async () => (await call(c.n2, 'page/info', bob.user_token, { page_id: pageId })).error_code === 0, 'bob can read', 5_000);
    expect((await call(c.n2, 'item/info', bob.user_token, { item_id: itemId })).error_code).toBe(0);
    const removed = await call(c.n1, 'member/delete', ann.user_token, { item_id: itemId, item_member_id: memberId });
    expect(removed.error_code).toBe(0);
    await until(async () => (await call(c.n2, 'page/info', bob.user_token, { page_id: pageId })).error_code !== 0, 'bob refused on n2', BRIDGE_MS);
    expect((await call(c.n2, 'item/info', bob.user_token, { item_id: itemId })).error_code).not.toBe(0);
  });
});
