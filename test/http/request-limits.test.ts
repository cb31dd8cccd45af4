// Per-user and per-IP limits on the endpoints anyone can call in a loop (security.md 11.1.4):
// item/search and the public mock URLs. Limited here to 3 a minute per user (12 per address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { seedItem, seedPage } from '../helpers/realtime';
import { mocks } from '../../server/db/schema';

const PER_MINUTE = 3;
const PER_ADDRESS = PER_MINUTE * 4;

describe('item/search limits', () => {
  let app: TestApp;
  let item = 0;
  const u: Record<string, ClusterUser> = {};
  const search = (who?: string) => app.call('item/search', { item_id: item, keyword: 'limits' }, who ? { token: u[who].user_token } : {});

  beforeAll(async () => {
    app = await startTestApp({ config: { rateLimitPerMinute: PER_MINUTE } });
    for (const name of ['alice', 'bob', 'carol']) u[name] = await createUserWithToken(app.database, `rl_${name}`);
    item = await seedItem(app.deps.db, u.alice, { itemName: 'Public item' });
    await seedPage(app.deps.db, item, 'about rate limits', { pageTitle: 'Limits' });
  }, 60_000);
  afterAll(() => app?.close());

  it('refuses a user past the allowance with 10429 and the wait, while others still search', async () => {
    for (let i = 0; i < PER_MINUTE; i++) {
      const ok = await search('alice');
      expect(ok.error_code).toBe(0);
      expect(ok.data.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['Limits']);
    }
    const res = await app.fetch('/api/item/search', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-API-Token': u.alice.user_token },
      body: new URLSearchParams({ item_id: String(item), keyword: 'limits' }),
    });
    const refused = await res.json();
    expect(refused.error_code).toBe(10429);
    expect(refused.error_message).toMatch(/^Too many requests; try again in \d+ seconds$/);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    // bob has his own allowance
    for (let i = 0; i < PER_MINUTE; i++) expect((await search('bob')).error_code).toBe(0);
    expect((await search('bob')).error_code).toBe(10429);
  });

  it('limits the address too, so anonymous callers and new accounts cannot go around it', async () => {
    // alice and bob were counted 3 times each against the address; anonymous calls fill the rest
    for (let i = 2 * PER_MINUTE; i < PER_ADDRESS; i++) expect((await search()).error_code, `call ${i + 1}`).toBe(0);
    expect((await search()).error_code).toBe(10429);
    expect((await search('carol')).error_code).toBe(10429);
  });

  it('answers in the caller\'s language', async () => {
    const zh = await app.call('item/search', { item_id: item, keyword: 'limits' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.error_code).toBe(10429);
    expect(zh.error_message).not.toMatch(/Too many/);
    expect(zh.error_message).toMatch(/\d+/);
  });
});

describe('public mock URL limits', () => {
  let app: TestApp;
  let item = 0;
  let mockId = 0;

  beforeAll(async () => {
    app = await startTestApp({ config: { rateLimitPerMinute: PER_MINUTE } });
    const owner = await createUserWithToken(app.database, 'rl_mock_owner');
    item = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, item, '# users');
    const added = await app.call('mock/add', { page_id: pageId, template: '{"ok": true}', path: '/users' }, { token: owner.user_token });
    expect(added.error_code).toBe(0);
    [{ id: mockId }] = await app.deps.db.select().from(mocks).where(eq(mocks.pageId, pageId));
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 429 with Retry-After past the address allowance and counts no view for it', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await app.fetch(`/mock-path/${item}?path=/users`, { method: i % 2 ? 'POST' : 'GET' });
      expect(res.status, `call ${i + 1}`).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const refused = await app.fetch(`/mock-path/${item}?path=/users`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error_code).toBe(10429);
    const [row] = await app.deps.db.select().from(mocks).where(eq(mocks.id, mockId));
    expect(row.viewTimes).toBe(PER_ADDRESS);

    // the same allowance covers the key URLs
    const byKey = await app.fetch(`/mock-data/${row.uniqueKey}`);
    expect(byKey.status).toBe(429);
    const viaApi = await app.call('mock/infoByKey', { unique_key: row.uniqueKey });
    expect(viaApi.error_code).toBe(10429);
  });
});
