// /api/item/*: creating, listing, reading, updating and ending items (spec §7 Items).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { markRemote } from '../../server/events';
import { addMember, addTeamMember, buildItem, makeUser, standardItemSpec, type Actor } from '../helpers/fixtures';
import { catalogs, itemMembers, items, itemTokens, notices, pages, teamMembers } from '../../server/db/schema';

let app: TestApp;
let ann: Actor;
let bob: Actor;
let cid: Actor;

beforeAll(async () => {
  app = await startTestApp();
  await makeUser(app, 'items_root'); // the first account becomes administrator
  ann = await makeUser(app, 'items_ann');
  bob = await makeUser(app, 'items_bob');
  cid = await makeUser(app, 'items_cid');
}, 120_000);
afterAll(() => app.close());

const titlesOf = (menu: any): string[] => [
  ...menu.pages.map((p: any) => p.page_title),
  ...menu.catalogs.flatMap((c: any) => [`[${c.cat_name}]`, ...titlesOf(c)]),
];

const itemRow = async (itemId: number) => (await app.deps.db.select().from(items).where(eq(items.itemId, itemId)))[0];

describe('item/add', () => {
  it('creates a regular item owned by the caller', async () => {
    const r = await app.call('item/add', { item_name: 'Docs', item_description: 'about', item_type: 1 }, { token: ann.token });
    expect(r.error_code).toBe(0);
    const row = await itemRow(r.data.item_id);
    expect(row).toMatchObject({ itemName: 'Docs', itemDescription: 'about', uid: ann.uid, itemType: 1, password: '' });
    const count = await app.deps.db.select().from(pages).where(eq(pages.itemId, r.data.item_id));
    expect(count).toHaveLength(0);
  });

  it('stores type 0 as a regular item', async () => {
    const r = await app.call('item/add', { item_name: 'Zero', item_type: 0 }, { token: ann.token });
    expect((await itemRow(r.data.item_id)).itemType).toBe(1);
  });

  it('gives a single-page item its page, titled like the item; a table item an empty page', async () => {
    const single = await app.call('item/add', { item_name: 'One pager', item_type: 2 }, { token: ann.token });
    const sp = await app.deps.db.select().from(pages).where(eq(pages.itemId, single.data.item_id));
    expect(sp).toHaveLength(1);
    expect(sp[0]).toMatchObject({ pageTitle: 'One pager', catId: 0, authorUid: ann.uid });
    expect(sp[0].pageContent.length).toBeGreaterThan(0);
    const info = await app.call('item/info', { item_id: single.data.item_id }, { token: ann.token });
    expect(info.data.default_page_id).toBe(String(sp[0].pageId));

    const table = await app.call('item/add', { item_name: 'Sheet', item_type: 4 }, { token: ann.token });
    const tp = await app.deps.db.select().from(pages).where(eq(pages.itemId, table.data.item_id));
    expect(tp).toHaveLength(1);
    expect(tp[0]).toMatchObject({ pageTitle: 'Sheet', pageContent: '' });

    const display = await app.call('item/add', { item_name: 'Display', item_type: 3 }, { token: ann.token });
    expect((await itemRow(display.data.item_id)).itemType).toBe(3);
  });

  it("writes a single-page item's first text in the creator's language", async () => {
    const firstText = async (headers: Record<string, string>) => {
      const r = await app.call('item/add', { item_name: 'Lang', item_type: 2 }, { token: ann.token, headers });
      const [page] = await app.deps.db.select().from(pages).where(eq(pages.itemId, r.data.item_id));
      return page.pageContent;
    };
    const en = await firstText({ 'Accept-Language': 'en-US,en;q=0.9' });
    expect(en).toMatch(/^Welcome to Quire/);
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await firstText({ 'Accept-Language': 'zh-CN,zh;q=0.9' })).toMatch(/^欢迎使用 Quire/);
  });

  it('refuses anonymous callers, a missing name and unknown types, storing nothing', async () => {
    const before = (await app.deps.db.select().from(items)).length;
    expect((await app.call('item/add', { item_name: 'X' })).error_code).toBe(10102);
    expect((await app.call('item/add', { item_name: '' }, { token: ann.token })).error_code).toBe(10100);
    expect((await app.call('item/add', { item_name: 'X', item_type: 9 }, { token: ann.token })).error_code).toBe(10101);
    expect((await app.deps.db.select().from(items)).length).toBe(before);
  });

  it('validates the personal domain: letters and digits only, unique', async () => {
    const before = (await app.deps.db.select().from(items)).length;
    const bad = await app.call('item/add', { item_name: 'D', item_domain: 'a-b' }, { token: ann.token });
    expect(bad.error_code).toBe(10305);
    const digits = await app.call('item/add', { item_name: 'D', item_domain: '12345' }, { token: ann.token });
    expect(digits.error_code).toBe(10305);
    const ok = await app.call('item/add', { item_name: 'D', item_domain: 'myDocs1' }, { token: ann.token });
    expect(ok.error_code).toBe(0);
    const dup = await app.call('item/add', { item_name: 'D2', item_domain: 'mydocs1' }, { token: bob.token });
    expect(dup.error_code).toBe(10304);
    expect(dup.error_message).toContain('already exists');
    expect((await app.deps.db.select().from(items)).length).toBe(before + 1);
  });

  it('refuses a private item without a password; stores a hash when given one', async () => {
    const before = (await app.deps.db.select().from(items)).length;
    const r = await app.call('item/add', { item_name: 'P', is_private: 1, password: '' }, { token: ann.token });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/password/i);
    const zh = await app.call('item/add', { item_name: 'P', is_private: 1 }, { token: ann.token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_message).toBe('私密项目请设置访问密码');
    expect((await app.deps.db.select().from(items)).length).toBe(before);
    const ok = await app.call('item/add', { item_name: 'P', password: 'open-sesame' }, { token: ann.token });
    const row = await itemRow(ok.data.item_id);
    expect(row.password).toMatch(/^\$argon2id\$/);
  });
});

describe('item/add with copy_item_id', () => {
  it('copies every catalog, page and order, owned by the caller', async () => {
    const src = await buildItem(app, ann, standardItemSpec('Source'));
    await addMember(app, src.itemId, bob, 1);
    const r = await app.call('item/add', { copy_item_id: src.itemId, item_name: 'Copied' }, { token: bob.token });
    expect(r.error_code).toBe(0);
    const copy = await itemRow(r.data.item_id);
    expect(copy).toMatchObject({ itemName: 'Copied', uid: bob.uid, itemType: 1 });
    const a = await app.call('item/info', { item_id: src.itemId }, { token: ann.token });
    const b = await app.call('item/info', { item_id: copy.itemId }, { token: bob.token });
    const shape = (menu: any): any => ({
      pages: menu.pages.map((p: any) => [p.page_title, p.s_number]),
      catalogs: menu.catalogs.map((c: any) => ({ name: c.cat_name, s: c.s_number, level: c.level, ...shape(c) })),
    });
    expect(shape(b.data.menu)).toEqual(shape(a.data.menu));
    expect(shape(b.data.menu).catalogs[0].catalogs[0].catalogs[0].name).toBe('Internals');
    const srcContent = await app.deps.db.select().from(pages).where(eq(pages.pageId, src.pages.Storage));
    const copied = await app.deps.db.select().from(pages).where(and(eq(pages.itemId, copy.itemId), eq(pages.pageTitle, 'Storage')));
    expect(copied[0].pageContent).toBe(srcContent[0].pageContent);
    expect(copied[0].pageId).not.toBe(src.pages.Storage);
    // the source is untouched
    expect(await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, src.itemId))).toHaveLength(4);
  });

  it('keeps the source visit password unless the request sets one', async () => {
    const src = await buildItem(app, ann, { name: 'Secret src', password: 'pw1', rootPages: ['A'] });
    const r = await app.call('item/add', { copy_item_id: src.itemId }, { token: ann.token });
    const copy = await itemRow(r.data.item_id);
    const orig = await itemRow(src.itemId);
    expect(copy.password).toBe(orig.password);
    expect(copy.itemName).toBe('Secret src');
  });

  it('refuses to copy an item the caller may not edit', async () => {
    const src = await buildItem(app, ann, { name: 'Not yours', rootPages: ['A'] });
    await addMember(app, src.itemId, cid, 0);
    const before = (await app.deps.db.select().from(items)).length;
    expect((await app.call('item/add', { copy_item_id: src.itemId }, { token: bob.token })).error_code).toBe(10103);
    expect((await app.call('item/add', { copy_item_id: src.itemId }, { token: cid.token })).error_code).toBe(10103);
    expect((await app.deps.db.select().from(items)).length).toBe(before);
  });

  it('refuses a member limited to some catalogs (the copy would carry the others)', async () => {
    const src = await buildItem(app, ann, { name: 'Limited src', catalogs: [{ name: 'Open' }, { name: 'Secret', pages: ['Hidden'] }] });
    await addMember(app, src.itemId, cid, 1, [src.cats.Open]);
    const before = (await app.deps.db.select().from(items)).length;
    expect((await app.call('item/add', { copy_item_id: src.itemId }, { token: cid.token })).error_code).toBe(10103);
    expect((await app.deps.db.select().from(items)).length).toBe(before);
  });
});

describe('item/myList and item/sort', () => {
  it('lists own, member and team items with creator/manage flags, and applies the saved order', async () => {
    const u = await makeUser(app, 'items_lister');
    const own = await buildItem(app, u, { name: 'Own' });
    const member = await buildItem(app, ann, { name: 'As member' });
    const managed = await buildItem(app, ann, { name: 'As manager' });
    const viaTeam = await buildItem(app, bob, { name: 'Via team' });
    const deleted = await buildItem(app, u, { name: 'Deleted' });
    await app.deps.db.update(items).set({ isDel: 1 }).where(eq(items.itemId, deleted.itemId));
    await addMember(app, member.itemId, u, 1);
    await addMember(app, managed.itemId, u, 2);
    await addTeamMember(app, bob, viaTeam.itemId, u, 1);

    const r = await app.call('item/myList', {}, { token: u.token });
    expect(r.error_code).toBe(0);
    expect(r.data.map((i: any) => i.item_name)).toEqual(['Own', 'As member', 'As manager', 'Via team']);
    const by = Object.fromEntries(r.data.map((i: any) => [i.item_name, i]));
    expect(by.Own).toMatchObject({ creator: 1, manage: 1 });
    expect(by['As member']).toMatchObject({ creator: 0, manage: 0 });
    expect(by['As manager']).toMatchObject({ creator: 0, manage: 1 });
    expect(JSON.stringify(r.data)).not.toContain('$argon2');

    const original = await app.call('item/myList', { original: 1 }, { token: u.token });
    expect(original.data.map((i: any) => i.item_name)).toEqual(['Own']);

    const order = { [viaTeam.itemId]: 1, [own.itemId]: 2, [managed.itemId]: 3, [member.itemId]: 4 };
    expect((await app.call('item/sort', { data: JSON.stringify(order) }, { token: u.token })).error_code).toBe(0);
    const sorted = await app.call('item/myList', {}, { token: u.token });
    expect(sorted.data.map((i: any) => i.item_name)).toEqual(['Via team', 'Own', 'As manager', 'As member']);
    // another user's order is their own
    const other = await app.call('item/myList', {}, { token: ann.token });
    expect(other.data.map((i: any) => i.item_name).indexOf('As member')).toBeLessThan(other.data.map((i: any) => i.item_name).indexOf('As manager'));
  });

  it('refuses anonymous callers and a sort payload that is not a JSON map', async () => {
    expect((await app.call('item/myList')).error_code).toBe(10102);
    expect((await app.call('item/sort', { data: '{not json' }, { token: ann.token })).error_code).toBe(10101);
    expect((await app.call('item/sort', { data: '[1,2]' }, { token: ann.token })).error_code).toBe(10101);
    expect((await app.call('item/sort', { data: '{"1":1}' })).error_code).toBe(10102);
  });
});

describe('item/info', () => {
  let built: Awaited<ReturnType<typeof buildItem>>;
  beforeAll(async () => {
    built = await buildItem(app, ann, { ...standardItemSpec('Info item'), domain: 'infoItem' });
  });

  it('returns the item, the nested menu in s_number-then-id order, and flags', async () => {
    const r = await app.call('item/info', { item_id: built.itemId }, { token: ann.token });
    expect(r.error_code).toBe(0);
    const d = r.data;
    // ShowDoc's types: fetched ids, types and flags as text; computed rights as booleans
    expect(d).toMatchObject({ item_id: String(built.itemId), item_name: 'Info item', item_type: '1', is_login: true, ItemPermn: true, ItemCreator: true, is_archived: '0' });
    expect(d.menu.pages.map((p: any) => p.page_title)).toEqual(['Welcome', 'Changelog']);
    expect(d.menu.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide', 'API']);
    const guide = d.menu.catalogs[0];
    expect(guide.pages.map((p: any) => p.page_title)).toEqual(['Install', 'Configure']);
    expect(guide.catalogs[0].cat_name).toBe('Advanced');
    expect(guide.catalogs[0].catalogs[0]).toMatchObject({ cat_name: 'Internals', level: '4' });
    expect(guide.catalogs[0].catalogs[0].pages[0].page_title).toBe('Storage');
    expect(guide.catalogs[0].catalogs[0].catalogs).toEqual([]);
    expect(d.menu.pages[0]).not.toHaveProperty('page_content');
    // default page: the first page in menu order
    expect(d.default_page_id).toBe(String(built.pages.Welcome));
  });

  it('resolves default_page_id with its catalog chain', async () => {
    const r = await app.call('item/info', { item_id: built.itemId, default_page_id: built.pages.Storage }, { token: ann.token });
    expect(r.data.default_page_id).toBe(String(built.pages.Storage));
    expect(r.data.default_cat_id2).toBe(built.cats.Guide);
    expect(r.data.default_cat_id3).toBe(built.cats.Advanced);
    expect(r.data.default_cat_id4).toBe(built.cats.Internals);
    const foreign = await buildItem(app, ann, { rootPages: ['Elsewhere'] });
    const r2 = await app.call('item/info', { item_id: built.itemId, default_page_id: foreign.pages.Elsewhere }, { token: ann.token });
    expect(r2.data.default_page_id).toBe(String(built.pages.Welcome));
  });

  it('accepts a personal domain as item_id', async () => {
    const r = await app.call('item/info', { item_id: 'infoItem' });
    expect(r.error_code).toBe(0);
    expect(r.data.item_id).toBe(String(built.itemId));
    expect(r.data.is_login).toBe(false);
  });

  it('filters the menu by keyword into a flat page list', async () => {
    await app.deps.db.update(pages).set({ pageContent: 'how to tune the cache_size' }).where(eq(pages.pageId, built.pages.Tuning));
    const r = await app.call('item/info', { item_id: built.itemId, keyword: 'cache_size' }, { token: ann.token });
    expect(r.data.menu.catalogs).toEqual([]);
    expect(r.data.menu.pages.map((p: any) => p.page_title)).toEqual(['Tuning']);
    const t = await app.call('item/info', { item_id: built.itemId, keyword: 'INSTALL' }, { token: ann.token });
    expect(t.data.menu.pages.map((p: any) => p.page_title)).toEqual(['Install']);
    const pct = await app.call('item/info', { item_id: built.itemId, keyword: '%' }, { token: ann.token });
    expect(pct.data.menu.pages).toEqual([]);
  });

  it('counts unread notices for the caller', async () => {
    await app.deps.db.insert(notices).values([
      { toUid: ann.uid, noticeTitle: 'one' },
      { toUid: ann.uid, noticeTitle: 'two' },
      { toUid: ann.uid, noticeTitle: 'read', isRead: 1 },
    ]);
    // as every writer of notices does after its commit (item/info caches unread counts until then)
    app.deps.events.emit('notice.created', { toUid: ann.uid, noticeId: 0, title: 'one' });
    const r = await app.call('item/info', { item_id: built.itemId }, { token: ann.token });
    expect(r.data.unread_count).toBe(2);
  });

  it('answers 10101 for missing and deleted items', async () => {
    expect((await app.call('item/info', { item_id: 999999 })).error_code).toBe(10101);
    const gone = await buildItem(app, ann, {});
    await app.deps.db.update(items).set({ isDel: 1 }).where(eq(items.itemId, gone.itemId));
    expect((await app.call('item/info', { item_id: gone.itemId }, { token: ann.token })).error_code).toBe(10101);
  });

  it('asks guests to log in when the site forces login', async () => {
    await app.deps.settings.save({ force_login: true });
    try {
      expect((await app.call('item/info', { item_id: built.itemId })).error_code).toBe(10312);
      expect((await app.call('item/info', { item_id: built.itemId }, { token: bob.token })).error_code).toBe(0);
    } finally {
      await app.deps.settings.save({ force_login: false });
    }
  });
});

describe('item/info stays fresh after writes (menu cache)', () => {
  it('shows catalog, page and order changes at once, and writes made by another node', async () => {
    const b = await buildItem(app, ann, { rootPages: [{ title: 'First', sNumber: 1 }, { title: 'Second', sNumber: 2 }] });
    const base = Math.floor(Date.now() / 1000) + 5;
    app.setNow(base);
    try {
      const menu = async () => {
        const r = await app.call('item/info', { item_id: b.itemId }, { token: ann.token });
        expect(r.error_code).toBe(0);
        return titlesOf(r.data.menu);
      };
      expect(await menu()).toEqual(['First', 'Second']);
      expect(await menu()).toEqual(['First', 'Second']);
      app.setNow(base + 1);
      expect((await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Fresh cat' }, { token: ann.token })).error_code).toBe(0);
      expect(await menu()).toEqual(['First', 'Second', '[Fresh cat]']);
      app.setNow(base + 2);
      const saved = await app.call('page/save', { item_id: b.itemId, page_id: 0, cat_id: 0, page_title: 'Third', page_content: 'three', s_number: 3 }, { token: ann.token });
      expect(saved.error_code).toBe(0);
      expect(await menu()).toEqual(['First', 'Second', 'Third', '[Fresh cat]']);
      const sorted = await app.call('page/sort', { item_id: b.itemId, pages: JSON.stringify({ [b.pages.Second]: 0 }) }, { token: ann.token });
      expect(sorted.error_code).toBe(0);
      expect((await menu())[0]).toBe('Second');
      expect((await app.call('page/delete', { page_id: b.pages.First }, { token: ann.token })).error_code).toBe(0);
      expect(await menu()).not.toContain('First');
      // another process: rows change, and its 'reads.stale' arrives over the Redis bridge
      app.setNow(base + 10);
      await menu();
      await app.deps.db.update(pages).set({ pageTitle: 'Renamed elsewhere' }).where(eq(pages.pageId, b.pages.Second));
      await app.deps.db.update(items).set({ lastUpdateTime: base + 10 }).where(eq(items.itemId, b.itemId));
      expect(await menu()).not.toContain('Renamed elsewhere'); // served from the cache until told
      app.deps.events.emit('reads.stale', markRemote({ itemIds: [b.itemId] }));
      expect(await menu()).toContain('Renamed elsewhere');
    } finally {
      app.setNow(undefined);
    }
  });
});

describe('item/info of a large item is gzipped for clients that accept it', () => {
  const rawPost = (body: string, headers: Record<string, string>) =>
    new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const req = http.request(`${app.url}/api/item/info`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('sends the same answer gzipped (a tenth of the bytes) or plain, as asked', async () => {
    const rootPages = Array.from({ length: 150 }, (_, i) => ({ title: `Endpoint ${i}: ${'接口说明 '.repeat(8)}`, sNumber: i }));
    const b = await buildItem(app, ann, { rootPages });
    const body = `item_id=${b.itemId}`;
    const plain = await rawPost(body, { 'x-api-token': ann.token, 'accept-encoding': 'identity' });
    const gz = await rawPost(body, { 'x-api-token': ann.token, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.bytes.length).toBeLessThan(plain.bytes.length / 5);
    const answer = JSON.parse(plain.bytes.toString());
    expect(answer.data.menu.pages).toHaveLength(150);
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(answer);
    // a small answer stays plain whatever the client accepts
    const small = await buildItem(app, ann, { rootPages: [{ title: 'Only', sNumber: 1 }] });
    const tiny = await rawPost(`item_id=${small.itemId}`, { 'x-api-token': ann.token, 'accept-encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.bytes.toString()).data.menu.pages[0].page_title).toBe('Only');
  });
});

describe('item/pwd', () => {
  it('remembers a proven password as a cookie grant; wrong passwords get 10010 then 10308 and the captcha', async () => {
    const it1 = await buildItem(app, ann, { name: 'Locked', password: 'letmein', rootPages: ['Inside'] });
    expect((await app.call('item/info', { item_id: it1.itemId })).error_code).toBe(10307);
    const wrong = await app.call('item/pwd', { item_id: it1.itemId, password: 'nope' });
    expect(wrong.error_code).toBe(10010);
    const res = await app.fetch('/api/item/pwd', { method: 'POST', body: new URLSearchParams({ item_id: String(it1.itemId), password: 'letmein', refer_url: Buffer.from('/x?y=1').toString('base64') }) });
    const body = await res.json();
    expect(body.error_code).toBe(0);
    expect(body.data.refer_url).toBe('/x?y=1');
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^item_grants=/);
    const ok = await app.call('item/info', { item_id: it1.itemId }, { cookie });
    expect(ok.error_code).toBe(0);
    expect(ok.data.menu.pages[0].page_title).toBe('Inside');
    // an off-site refer_url is not echoed back
    const off = await app.call('item/pwd', { item_id: it1.itemId, password: 'letmein', refer_url: Buffer.from('//evil.example').toString('base64') });
    expect(off.data.refer_url).toBe('');

    for (let i = 0; i < 3; i++) expect((await app.call('item/pwd', { item_id: it1.itemId, password: 'bad' })).error_code).toBe(10010);
    expect((await app.call('item/pwd', { item_id: it1.itemId, password: 'bad' })).error_code).toBe(10010);
    expect((await app.call('item/pwd', { item_id: it1.itemId, password: 'bad' })).error_code).toBe(10308);
    // now the captcha is required, even with the right password
    expect((await app.call('item/pwd', { item_id: it1.itemId, password: 'letmein' })).error_code).toBe(10206);
    const c = await app.captcha();
    const good = await app.call('item/pwd', { item_id: it1.itemId, password: 'letmein', captcha_id: c.id, captcha: c.answer });
    expect(good.error_code).toBe(0);
    // success cleared the counter
    expect((await app.call('item/pwd', { item_id: it1.itemId, password: 'bad' })).error_code).toBe(10010);
  });

  it('derives the item from page_id and resolves domains', async () => {
    const it2 = await buildItem(app, ann, { name: 'Locked2', password: 'pw2', domain: 'lockedTwo', rootPages: ['P'] });
    expect((await app.call('item/pwd', { page_id: it2.pages.P, password: 'pw2' })).data.item_id).toBe(it2.itemId);
    expect((await app.call('item/pwd', { item_id: 'lockedTwo', password: 'pw2' })).data.item_id).toBe(it2.itemId);
    expect((await app.call('item/pwd', { item_id: 99999999, password: 'pw2' })).error_code).toBe(10101);
  });

  it('a private page read alone: 10307 does not name its item; the password screen sends page_id with an empty item_id', async () => {
    const it4 = await buildItem(app, ann, { name: 'Locked4', password: 'pw4', rootPages: ['P'] });
    const refused = await app.call('page/info', { page_id: it4.pages.P });
    expect(refused.error_code).toBe(10307);
    expect(JSON.stringify(refused)).not.toContain(`"item_id":${it4.itemId}`);
    expect(refused.data ?? {}).not.toHaveProperty('item_id');
    expect((await app.call('item/pwd', { item_id: '', page_id: it4.pages.P, password: 'pw4' })).data.item_id).toBe(it4.itemId);
  });

  it('a grant survives re-sending the same password and stops working once it changes', async () => {
    const it3 = await buildItem(app, ann, { name: 'Locked3', password: 'old', rootPages: ['P'] });
    const res = await app.fetch('/api/item/pwd', { method: 'POST', body: new URLSearchParams({ item_id: String(it3.itemId), password: 'old' }) });
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    expect((await app.call('item/info', { item_id: it3.itemId }, { cookie })).error_code).toBe(0);
    // a settings form re-sending the same password keeps the grants
    expect((await app.call('item/update', { item_id: it3.itemId, item_name: 'Locked3b', password: 'old' }, { token: ann.token })).error_code).toBe(0);
    expect((await app.call('item/info', { item_id: it3.itemId }, { cookie })).error_code).toBe(0);
    expect((await app.call('item/update', { item_id: it3.itemId, password: 'new-one' }, { token: ann.token })).error_code).toBe(0);
    expect((await app.call('item/info', { item_id: it3.itemId }, { cookie })).error_code).toBe(10307);
  });
});

describe('item/detail and item/update', () => {
  it('lets managers read and change name, description, domain and visibility', async () => {
    const b = await buildItem(app, ann, { name: 'Upd', rootPages: ['A'] });
    await addMember(app, b.itemId, bob, 2);
    const d = await app.call('item/detail', { item_id: b.itemId }, { token: bob.token });
    expect(d.error_code).toBe(0);
    expect(d.data).toMatchObject({ item_id: String(b.itemId), item_name: 'Upd', is_private: 0, password: '' });

    const changed: number[] = [];
    const off = app.deps.events.on('item.changed', (e) => changed.push(e.itemId));
    const u = await app.call('item/update', { item_id: b.itemId, item_name: 'Renamed', item_description: 'new', item_domain: 'renamedOne' }, { token: bob.token });
    off();
    expect(u.error_code).toBe(0);
    expect(changed).toEqual([b.itemId]);
    expect(await itemRow(b.itemId)).toMatchObject({ itemName: 'Renamed', itemDescription: 'new', itemDomain: 'renamedOne', password: '' });

    // private: needs a password; then is_private=1 with no password keeps it; open clears it
    const before = await itemRow(b.itemId);
    const bad = await app.call('item/update', { item_id: b.itemId, is_private: 1, password: '' }, { token: bob.token });
    expect(bad.error_code).toBe(10101);
    expect(await itemRow(b.itemId)).toEqual(before);
    expect((await app.call('item/update', { item_id: b.itemId, is_private: 1, password: 'pw' }, { token: bob.token })).error_code).toBe(0);
    const hash = (await itemRow(b.itemId)).password;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect((await app.call('item/update', { item_id: b.itemId, item_name: 'Still private', is_private: 1 }, { token: bob.token })).error_code).toBe(0);
    expect((await itemRow(b.itemId)).password).toBe(hash);
    expect((await app.call('item/update', { item_id: b.itemId, item_name: 'Name only' }, { token: bob.token })).error_code).toBe(0);
    expect((await itemRow(b.itemId)).password).toBe(hash);
    expect((await app.call('item/update', { item_id: b.itemId, is_private: 0 }, { token: bob.token })).error_code).toBe(0);
    expect((await itemRow(b.itemId)).password).toBe('');
  });

  it('refuses a bad or taken domain and an empty name, changing nothing', async () => {
    const b = await buildItem(app, ann, { name: 'Dom', domain: 'domOne' });
    await buildItem(app, ann, { name: 'Other', domain: 'domTwo' });
    const before = await itemRow(b.itemId);
    expect((await app.call('item/update', { item_id: b.itemId, item_domain: 'a-b', item_name: 'X' }, { token: ann.token })).error_code).toBe(10305);
    expect((await app.call('item/update', { item_id: b.itemId, item_domain: 'DOMTWO', item_name: 'X' }, { token: ann.token })).error_code).toBe(10304);
    expect((await app.call('item/update', { item_id: b.itemId, item_name: '' }, { token: ann.token })).error_code).toBe(10100);
    expect(await itemRow(b.itemId)).toEqual(before);
    // keeping its own domain is fine
    expect((await app.call('item/update', { item_id: b.itemId, item_domain: 'domOne' }, { token: ann.token })).error_code).toBe(0);
  });
});

describe('item/delete, item/archive, item/attorn', () => {
  let dave: Actor;
  beforeAll(async () => {
    const r = await app.register('items_dave', 'dave-own-pass-9');
    dave = { uid: r.uid, username: r.username, token: r.user_token };
  });

  it('need the owner password: a wrong one, or the manager’s own, changes nothing', async () => {
    const b = await buildItem(app, ann, { name: 'Guarded' });
    await addMember(app, b.itemId, dave, 2);
    const before = await itemRow(b.itemId);
    for (const [path, extra] of [['item/delete', {}], ['item/archive', {}], ['item/attorn', { username: cid.username }]] as const) {
      const wrong = await app.call(path, { item_id: b.itemId, password: 'wrong-password', ...extra }, { token: ann.token });
      expect(wrong.error_code).toBe(10208);
      const managersOwn = await app.call(path, { item_id: b.itemId, password: 'dave-own-pass-9', ...extra }, { token: dave.token });
      expect(managersOwn.error_code).toBe(10208);
      const none = await app.call(path, { item_id: b.itemId, ...extra }, { token: ann.token });
      expect(none.error_code).toBe(10208);
    }
    expect(await itemRow(b.itemId)).toEqual(before);
  });

  it('stop a manager who keeps guessing the owner password', async () => {
    const guesser = await makeUser(app, 'items_guesser');
    const b = await buildItem(app, ann, { name: 'Brute' });
    await addMember(app, b.itemId, guesser, 2);
    for (let i = 0; i < 10; i++) {
      expect((await app.call('item/delete', { item_id: b.itemId, password: `guess-${i}` }, { token: guesser.token })).error_code).toBe(10208);
    }
    const right = await app.call('item/delete', { item_id: b.itemId, password: 'secret-pass-1' }, { token: guesser.token });
    expect(right.error_code).toBe(10429);
    expect((await itemRow(b.itemId)).isDel).toBe(0);
    // the owner is not locked out by someone else's guesses
    expect((await app.call('item/archive', { item_id: b.itemId, password: 'secret-pass-1' }, { token: ann.token })).error_code).toBe(0);
  });

  it('refuse non-managers even with the right password', async () => {
    const b = await buildItem(app, ann, { name: 'Guarded2' });
    await addMember(app, b.itemId, bob, 1);
    const before = await itemRow(b.itemId);
    for (const who of [bob, cid]) {
      expect((await app.call('item/delete', { item_id: b.itemId, password: 'secret-pass-1' }, { token: who.token })).error_code).toBe(10303);
      expect((await app.call('item/archive', { item_id: b.itemId, password: 'secret-pass-1' }, { token: who.token })).error_code).toBe(10303);
      expect((await app.call('item/attorn', { item_id: b.itemId, password: 'secret-pass-1', username: who.username }, { token: who.token })).error_code).toBe(10303);
    }
    expect((await app.call('item/delete', { item_id: b.itemId, password: 'secret-pass-1' })).error_code).toBe(10102);
    expect(await itemRow(b.itemId)).toEqual(before);
  });

  it('delete: a manager with the owner password removes the item from every list', async () => {
    const b = await buildItem(app, ann, { name: 'To delete' });
    await addMember(app, b.itemId, dave, 2);
    const r = await app.call('item/delete', { item_id: b.itemId, password: 'secret-pass-1' }, { token: dave.token });
    expect(r.error_code).toBe(0);
    expect((await itemRow(b.itemId)).isDel).toBe(1);
    expect((await app.call('item/info', { item_id: b.itemId }, { token: ann.token })).error_code).toBe(10101);
    const list = await app.call('item/myList', {}, { token: ann.token });
    expect(list.data.some((i: any) => i.item_id === String(b.itemId))).toBe(false);
  });

  it('archive: the item becomes read-only for good', async () => {
    const b = await buildItem(app, ann, { name: 'To archive', rootPages: ['A'] });
    expect((await app.call('item/archive', { item_id: b.itemId, password: 'secret-pass-1' }, { token: ann.token })).error_code).toBe(0);
    const info = await app.call('item/info', { item_id: b.itemId }, { token: ann.token });
    expect(info.data).toMatchObject({ is_archived: '1', ItemPermn: false, ItemCreator: false });
    const before = await itemRow(b.itemId);
    expect((await app.call('item/update', { item_id: b.itemId, item_name: 'X' }, { token: ann.token })).error_code).toBe(10103);
    expect((await app.call('item/resetKey', { item_id: b.itemId }, { token: ann.token })).error_code).toBe(10103);
    expect((await app.call('catalog/save', { item_id: b.itemId, cat_name: 'New' }, { token: ann.token })).error_code).toBe(10103);
    expect(await itemRow(b.itemId)).toEqual(before);
  });

  it('attorn: the new owner takes over, the old one keeps no rights, events are published', async () => {
    const b = await buildItem(app, ann, { name: 'To give', password: 'pw' });
    await addMember(app, b.itemId, cid, 1);
    const seen: unknown[] = [];
    const off1 = app.deps.events.on('item.attorned', (e) => seen.push(['attorned', e]));
    const off2 = app.deps.events.on('item.accessChanged', (e) => seen.push(['access', e]));
    try {
      expect((await app.call('item/attorn', { item_id: b.itemId, password: 'secret-pass-1', username: 'nobody_here' }, { token: ann.token })).error_code).toBe(10209);
      expect((await itemRow(b.itemId)).uid).toBe(ann.uid);
      const r = await app.call('item/attorn', { item_id: b.itemId, password: 'secret-pass-1', username: cid.username }, { token: ann.token });
      expect(r.error_code).toBe(0);
      expect(r.data).toMatchObject({ item_id: String(b.itemId), uid: String(cid.uid), username: cid.username });
    } finally {
      off1();
      off2();
    }
    expect(seen).toContainEqual(['attorned', { itemId: b.itemId, fromUid: ann.uid, toUid: cid.uid }]);
    expect(seen.some((s: any) => s[0] === 'access' && s[1].itemId === b.itemId)).toBe(true);
    expect(await app.deps.db.select().from(itemMembers).where(and(eq(itemMembers.itemId, b.itemId), eq(itemMembers.uid, cid.uid)))).toHaveLength(0);
    expect((await app.call('item/detail', { item_id: b.itemId }, { token: cid.token })).error_code).toBe(0);
    expect((await app.call('item/detail', { item_id: b.itemId }, { token: ann.token })).error_code).toBe(10303);
    expect((await app.call('item/info', { item_id: b.itemId }, { token: ann.token })).error_code).toBe(10307);
  });
});

describe('item/exitItem', () => {
  it('removes a personal membership', async () => {
    const b = await buildItem(app, ann, { name: 'Leave me', password: 'pw' });
    await addMember(app, b.itemId, bob, 1);
    expect((await app.call('item/info', { item_id: b.itemId }, { token: bob.token })).error_code).toBe(0);
    expect((await app.call('item/exitItem', { item_id: b.itemId }, { token: bob.token })).error_code).toBe(0);
    expect((await app.call('item/info', { item_id: b.itemId }, { token: bob.token })).error_code).toBe(10307);
  });

  it('leaves the whole team when access came through a team', async () => {
    const b1 = await buildItem(app, ann, { name: 'Team item', password: 'pw' });
    const teamId = await addTeamMember(app, ann, b1.itemId, cid, 1);
    expect((await app.call('item/exitItem', { item_id: b1.itemId }, { token: cid.token })).error_code).toBe(0);
    expect(await app.deps.db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberUid, cid.uid)))).toHaveLength(0);
    expect((await app.call('item/info', { item_id: b1.itemId }, { token: cid.token })).error_code).toBe(10307);
  });

  it('refuses the owner and non-members', async () => {
    const b = await buildItem(app, ann, { name: 'Mine' });
    expect((await app.call('item/exitItem', { item_id: b.itemId }, { token: ann.token })).error_code).toBe(10101);
    expect((await app.call('item/exitItem', { item_id: b.itemId }, { token: bob.token })).error_code).toBe(10101);
    expect((await app.call('item/exitItem', { item_id: b.itemId })).error_code).toBe(10102);
    expect((await itemRow(b.itemId)).uid).toBe(ann.uid);
  });
});

describe('item/getKey and item/resetKey', () => {
  it('creates random credentials once; reset replaces the token only', async () => {
    const b = await buildItem(app, ann, { name: 'Keys' });
    const k1 = await app.call('item/getKey', { item_id: b.itemId }, { token: ann.token });
    expect(k1.error_code).toBe(0);
    expect(k1.data.api_key).toMatch(/^[0-9a-f]{32}$/);
    expect(k1.data.api_token).toMatch(/^[0-9a-f]{32}$/);
    const k2 = await app.call('item/getKey', { item_id: b.itemId }, { token: ann.token });
    expect(k2.data).toEqual(k1.data);
    const k3 = await app.call('item/resetKey', { item_id: b.itemId }, { token: ann.token });
    expect(k3.data.api_key).toBe(k1.data.api_key);
    expect(k3.data.api_token).not.toBe(k1.data.api_token);
    const other = await buildItem(app, ann, { name: 'Keys2' });
    const k4 = await app.call('item/getKey', { item_id: other.itemId }, { token: ann.token });
    expect(k4.data.api_key).not.toBe(k1.data.api_key);
  });

  it('refuses everyone but managers', async () => {
    const b = await buildItem(app, ann, { name: 'Keys3' });
    await addMember(app, b.itemId, bob, 1);
    expect((await app.call('item/getKey', { item_id: b.itemId }, { token: bob.token })).error_code).toBe(10303);
    expect((await app.call('item/resetKey', { item_id: b.itemId }, { token: cid.token })).error_code).toBe(10303);
    expect((await app.call('item/getKey', { item_id: b.itemId })).error_code).toBe(10102);
    expect(await app.deps.db.select().from(itemTokens).where(eq(itemTokens.itemId, b.itemId))).toHaveLength(0);
  });
});
