// Mock server: editors attach Mock.js templates to pages; public URLs return generated JSON.
// Templates are data only: parsed and interpreted (never evaluated) in generator processes with
// hard limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { itemMembers, items, mocks, pages } from '../../server/db/schema';

describe('mock server', () => {
  let app: TestApp;
  let itemId: number;
  let pageId: number;
  let otherPageId: number;
  const tok: Record<string, string> = {};

  const mockRows = () => app.deps.db.select().from(mocks);
  /** the mock of the 'Users API' page */
  const usersMock = () => app.deps.db.select().from(mocks).where(eq(mocks.pageId, pageId));

  beforeAll(async () => {
    app = await startTestApp();
    for (const name of ['mowner', 'meditor', 'mreader', 'mstranger']) tok[name] = (await app.register(name)).user_token;
    const owner = await app.deps.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.username, 'mowner') });
    // a private item: strangers cannot read it, but its mock URLs are public by design
    const [item] = await app.deps.db
      .insert(items)
      .values({ itemName: 'Mocks', uid: owner!.uid, username: 'mowner', password: 'not-a-real-hash', addtime: 1 })
      .returning();
    itemId = item.itemId;
    for (const [name, group] of [['meditor', 1], ['mreader', 0]] as const) {
      const u = await app.deps.db.query.users.findFirst({ where: (x, { eq: e }) => e(x.username, name) });
      await app.deps.db.insert(itemMembers).values({ itemId, uid: u!.uid, username: name, memberGroupId: group });
    }
    const [p1, p2] = await app.deps.db
      .insert(pages)
      .values([
        { itemId, pageTitle: 'Users API', pageContent: '# users' },
        { itemId, pageTitle: 'Orders API', pageContent: '# orders' },
      ])
      .returning();
    pageId = p1.pageId;
    otherPageId = p2.pageId;
  }, 60_000);
  afterAll(() => app?.close());

  const template = JSON.stringify({ 'list|3': [{ 'id|+1': 1, name: '@first' }], ok: true });

  it('only editors may add a mock; nothing is stored for the others', async () => {
    const anon = await app.call('mock/add', { page_id: pageId, template, path: '/users' });
    expect(anon.error_code).toBe(10102);
    const reader = await app.call('mock/add', { page_id: pageId, template, path: '/users' }, { token: tok.mreader });
    expect(reader.error_code).toBe(10103);
    const stranger = await app.call('mock/add', { page_id: pageId, template, path: '/users' }, { token: tok.mstranger });
    expect(stranger.error_code).toBe(10307);
    const missing = await app.call('mock/add', { page_id: 999999, template, path: '/users' }, { token: tok.meditor });
    expect(missing.error_code).toBe(10101);
    expect(await mockRows()).toHaveLength(0);

    const ok = await app.call('mock/add', { page_id: pageId, template, path: 'users' }, { token: tok.meditor });
    expect(ok.error_code).toBe(0);
    expect(ok.data).toMatchObject({ page_id: pageId, path: '/users' });
    expect(ok.data.unique_key).toMatch(/^[0-9a-f]{32}$/);
    // saving again replaces the template and keeps the key
    const again = await app.call('mock/add', { page_id: pageId, template, path: '/users' }, { token: tok.mowner });
    expect(again.data.unique_key).toBe(ok.data.unique_key);
    expect(await mockRows()).toHaveLength(1);
  });

  it('infoByPageId: editors read the mock; read-only members, strangers and guests are refused', async () => {
    const r = await app.call('mock/infoByPageId', { page_id: pageId }, { token: tok.meditor });
    expect(r.error_code).toBe(0);
    // the row as ShowDoc fetches it: numbers as text
    expect(r.data).toMatchObject({ page_id: String(pageId), item_id: String(itemId), path: '/users', template, view_times: '0' });
    const none = await app.call('mock/infoByPageId', { page_id: otherPageId }, { token: tok.mowner });
    expect(none.data).toEqual([]);
    const missing = await app.call('mock/infoByPageId', { page_id: 999999 }, { token: tok.mowner });
    expect(missing.error_code).toBe(10101);
    const reader = await app.call('mock/infoByPageId', { page_id: pageId }, { token: tok.mreader });
    expect(reader.error_code).toBe(10103);
    const stranger = await app.call('mock/infoByPageId', { page_id: pageId }, { token: tok.mstranger });
    expect(stranger.error_code).toBe(10307);
    const anon = await app.call('mock/infoByPageId', { page_id: pageId });
    expect(anon.error_code).toBe(10102);
  });

  it('a path used by another page of the item is refused', async () => {
    const r = await app.call('mock/add', { page_id: otherPageId, template, path: '/users' }, { token: tok.meditor });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/already used/);
    expect(await mockRows()).toHaveLength(1);
  });

  it('dangerous templates give clear errors quickly and are not stored', async () => {
    const before = await mockRows();
    // refused by the static check (no generation at all), or stopped by the generator's limits
    const cases: [string, RegExp, number?][] = [
      ['{"list|100000000": [{"a":1}]}', /repeats more than 10000 times/],
      ['{"s|1-99999999": "x"}', /repeats more than/],
      ['{"__proto__": {"polluted": true}}', /may not use the key "__proto__"/],
      ['{"a": {"__proto__|1": {"polluted": true}}}', /__proto__/],
      ['{"constructor": {"prototype": 1}}', /constructor/],
      ['{"a": {"prototype": 1}}', /prototype/],
      ['{"a": "@constructor(\\"return process\\")"}', /Unknown mock placeholder "@constructor\(/],
      ['{"a": ["@__proto__"]}', /Unknown mock placeholder "@__proto__"/],
      ['{"a": "@nosuchthing"}', /Unknown mock placeholder "@nosuchthing" \(write \\@ for a literal @\)/],
      ['{"a": "@integer(1, 2 * 3)"}', /placeholder "@integer\(1, 2 \* 3\)" has malformed arguments/],
      ['{"a": "@integer(1, 2 + 3)"}', /placeholder "@integer\(1, 2 \+ 3\)" expects a number as argument 2/],
      ['{"a": "@integer(one, 2)"}', /placeholder "@integer\(one, 2\)" expects a number as argument 1/],
      ['{"a|x": 1}', /Mock rule "a\|x" is not understood/],
      ['{"a": "/(\\\\d)\\\\1/"}', /uses "\\1": backreferences/],
      ['{"a": "/x(?!y)/"}', /uses "\(\?!"/],
      ['{"a": "/\\\\d{5000}/"}', /repeats more than 1000 times/],
      ['{"a": "@b", "b": "@a"}', /refers to a key that refers back to it/],
      ['{"s": "@range(0, 100000000)"}', /larger than 1000000 bytes/],
      ['not json', /valid JSON/],
      ['"just a string"', /object or array/],
      [JSON.stringify(JSON.parse('['.repeat(30) + ']'.repeat(30))), /deeper than/],
      ['{"list|10000": [{"s|100": "abcdefghij"}]}', /larger than 1000000 bytes|took longer|more memory/, 8000],
      ['{"s": "@string(100000000)"}', /larger than|took longer|more memory/, 8000],
    ];
    for (const [t, msg, maxMs = 3000] of cases) {
      const started = Date.now();
      const r = await app.call('mock/add', { page_id: otherPageId, template: t, path: '/bad' }, { token: tok.meditor });
      expect(r.error_code, t).toBe(10101);
      expect(r.error_message, t).toMatch(msg);
      expect(Date.now() - started, t).toBeLessThan(maxMs);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await mockRows()).toEqual(before);
  });

  it('refusals name the placeholder in the caller\'s language', async () => {
    const zh = await app.call('mock/add', { page_id: otherPageId, template: '{"a": "@lower(process.mainModule) @bogus"}', path: '/zh' }, { token: tok.meditor, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_code).toBe(10101);
    expect(zh.error_message).toBe('未知的 Mock 占位符“@bogus”（要输出 @ 本身请写 \\@）');
    const en = await app.call('mock/add', { page_id: otherPageId, template: '{"a": "@date(\\"yyyy\\""}', path: '/en' }, { token: tok.meditor });
    expect(en.error_message).toBe('The mock placeholder "@date("yyyy"" has malformed arguments: use numbers, quoted strings, true/false, [lists] or other placeholders');
    // a refusal is a business error: HTTP 200 with the envelope, as ShowDoc answers
    const raw = await app.fetch('/api/mock/add', {
      method: 'POST',
      headers: { 'X-API-Token': tok.meditor, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ page_id: String(otherPageId), template: '{"a": "@bogus"}', path: '/raw' }),
    });
    expect(raw.status).toBe(200);
    expect((await raw.json()).error_code).toBe(10101);
  });

  it('generates the templates ShowDoc users write', async () => {
    const users = {
      'list|1-10': [
        {
          'id|+1': 1,
          'score|1-100': 1,
          name: '@name',
          cname: '@cname',
          email: '@email',
          created: '@date("yyyy-MM-dd")',
          avatar: '@image("200x100")',
          uid: '@guid',
          n: '@integer(1,100)',
          status: '@pick(["on","off"])',
          seq: '@increment',
          zip: '/\\d{5,10}/',
          'flag|1': true,
          'price|1-100.2': 1,
          'tags|2': ['a', 'b'],
          'role|1': ['admin', 'user'],
        },
      ],
      total: '@integer(1, 10)',
      title: '@ctitle(3, 5)',
      'meta|2': { a: 1, b: 2, c: 3 },
      year: '@now("yyyy")',
      first: 'Ann',
      greeting: 'Hello @first, today is @date',
      literalAt: 'admin@example.com or \\@name',
    };
    const add = await app.call('mock/add', { page_id: otherPageId, template: JSON.stringify(users), path: '/users-say' }, { token: tok.meditor });
    expect(add.error_code).toBe(0);
    const res = await app.fetch(`/mock-data/${add.data.unique_key}`);
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.list.length).toBeGreaterThanOrEqual(1);
    expect(out.list.length).toBeLessThanOrEqual(10);
    out.list.forEach((row: Record<string, unknown>, i: number) => {
      expect(row.id).toBe(i + 1);
      expect(row.seq).toBe(i + 1);
      expect(row.score).toBeGreaterThanOrEqual(1);
      expect(row.score).toBeLessThanOrEqual(100);
      expect(row.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(row.cname).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
      expect(row.email).toMatch(/^[a-z]\.[a-z]+@[a-z]+\.[a-z.]+$/);
      expect(row.created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.avatar).toBe('http://dummyimage.com/200x100');
      expect(row.uid).toMatch(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
      expect(typeof row.n).toBe('number');
      expect(['on', 'off']).toContain(row.status);
      expect(row.zip).toMatch(/^\d{5,10}$/);
      expect(typeof row.flag).toBe('boolean');
      expect(String(row.price)).toMatch(/^\d{1,3}(\.\d{1,2})?$/);
      expect(row.tags).toEqual(['a', 'b', 'a', 'b']);
      expect(['admin', 'user']).toContain(row.role);
    });
    expect(out.total).toBeGreaterThanOrEqual(1);
    expect(out.title).toMatch(/^[\u4e00-\u9fa5]{3,5}$/);
    expect(Object.keys(out.meta)).toHaveLength(2);
    expect(out.year).toBe(String(new Date().getFullYear()));
    expect(out.greeting).toMatch(/^Hello Ann, today is \d{4}-\d{2}-\d{2}$/);
    expect(out.literalAt).toBe('admin@example.com or @name');
  });

  it('public URLs answer any method with generated JSON and count views', async () => {
    const [row] = await usersMock();
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await app.fetch(`/mock-path/${itemId}?path=/users`, { method });
      expect(res.status, method).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = await res.json();
      expect(body.ok).toBe(true);
      expect(body.list.map((x: { id: number }) => x.id)).toEqual([1, 2, 3]);
      expect(typeof body.list[0].name).toBe('string');
    }
    const pre = await app.fetch(`/mock-path/${itemId}?path=/users`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
    const cross = await app.fetch(`/mock-path/${itemId}?path=/users`, { headers: { Origin: 'http://localhost:3000' } });
    expect(cross.headers.get('access-control-allow-origin')).toBe('*');
    await cross.arrayBuffer();
    const legacy = await app.fetch(`/server/index.php?s=mock-path/${itemId}&path=/users`);
    expect((await legacy.json()).list).toHaveLength(3);
    const byKey = await app.fetch(`/server/mock-data/${row.uniqueKey}`, { method: 'POST' });
    expect((await byKey.json()).list).toHaveLength(3);
    const viaApi = await app.fetch(`/api/mock/infoByKey?unique_key=${row.uniqueKey}`);
    expect((await viaApi.json()).ok).toBe(true);
    const [after] = await app.deps.db.select().from(mocks).where(eq(mocks.id, row.id));
    expect(after.viewTimes).toBe(7);
  });

  it('unknown paths, items and keys are clear errors', async () => {
    for (const url of [`/mock-path/${itemId}?path=/nope`, `/mock-path/999999?path=/users`, `/mock-path/abc?path=/users`, '/mock-data/0123456789abcdef']) {
      const res = await app.fetch(url);
      expect(res.status, url).toBe(404);
      const j = await res.json();
      expect(j.error_code).toBe(10101);
      expect(j.error_message).toMatch(/No mock/);
    }
    const zh = await app.fetch(`/mock-path/${itemId}?path=/nope`, { headers: { 'Accept-Language': 'zh-CN' } });
    expect((await zh.json()).error_message).toContain('no such path');
  });

  it('a deleted page or item stops answering', async () => {
    const [row] = await usersMock();
    await app.deps.db.update(pages).set({ isDel: 1 }).where(eq(pages.pageId, pageId));
    expect((await app.fetch(`/mock-path/${itemId}?path=/users`)).status).toBe(404);
    expect((await app.fetch(`/mock-data/${row.uniqueKey}`)).status).toBe(404);
    await app.deps.db.update(pages).set({ isDel: 0 }).where(eq(pages.pageId, pageId));
    await app.deps.db.update(items).set({ isDel: 1 }).where(eq(items.itemId, itemId));
    expect((await app.fetch(`/mock-data/${row.uniqueKey}`)).status).toBe(404);
    await app.deps.db.update(items).set({ isDel: 0 }).where(eq(items.itemId, itemId));
    expect((await app.fetch(`/mock-data/${row.uniqueKey}`)).status).toBe(200);
  });

  it('a stored template that became too heavy fails clearly and the server keeps serving', async () => {
    await app.deps.db.update(mocks).set({ template: '{"list|10000": [{"s|100": "abcdefghij"}]}' }).where(eq(mocks.pageId, pageId));
    const res = await app.fetch(`/mock-path/${itemId}?path=/users`);
    expect(res.status).toBe(400);
    expect((await res.json()).error_message).toMatch(/larger than|took longer|more memory/);
    await app.deps.db.update(mocks).set({ template }).where(eq(mocks.pageId, pageId));
    const ok = await app.fetch(`/mock-path/${itemId}?path=/users`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).ok).toBe(true);
  });
});
