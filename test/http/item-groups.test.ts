// Item groups, stars and the item change log (issue #20 §2): ShowDoc's shapes and types (rows as
// strings), its codes, and every refused user (anonymous, stranger, read-only member, another user's group).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeAdmin, makeUser, type Actor } from '../helpers/fixtures';
import { until } from '../helpers/realtime';
import { itemChangeLogs, itemGroups, itemStars } from '../../server/db/schema';
import { record as recordChange } from '../../server/db/repos/itemChangeLogs';
import { ChangeLogWriter, TRIM_EVERY } from '../../server/domain/changeLog/writer';
import type { Logger } from '../../server/logger';

let app: TestApp;
let ann: Actor;
let bob: Actor;
let eve: Actor;

beforeAll(async () => {
  app = await startTestApp();
  await makeAdmin(app, 'groups_admin');
  [ann, bob, eve] = await Promise.all(['groups_ann', 'groups_bob', 'groups_eve'].map((n) => makeUser(app, n)));
}, 120_000);
afterAll(() => app.close());

const call = (who: Actor | undefined, path: string, params: Record<string, unknown> = {}) => app.call(path, params, { token: who?.token });
const ids = (list: { item_id: unknown }[]) => list.map((i) => Number(i.item_id));
const groupRows = (uid: number) => app.deps.db.select().from(itemGroups).where(eq(itemGroups.uid, uid)).orderBy(itemGroups.id);

describe('itemGroup/*', () => {
  it('getList answers [] for a user without groups, and 10102 without login', async () => {
    expect(await call(eve, 'itemGroup/getList')).toEqual({ error_code: 0, data: [] });
    expect((await call(undefined, 'itemGroup/getList')).error_code).toBe(10102);
  });

  it('save creates and renames groups; getList gives ShowDoc rows (every column a string) in tab order', async () => {
    const a = await buildItem(app, ann, { name: 'Alpha' });
    const b = await buildItem(app, ann, { name: 'Beta' });
    const first = await call(ann, 'itemGroup/save', { group_name: 'Backend', item_ids: `${a.itemId},${b.itemId}` });
    expect(first.error_code).toBe(0);
    expect(first.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      group_name: 'Backend',
      item_ids: `${a.itemId},${b.itemId}`,
      s_number: '0',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(first.data).not.toHaveProperty('uid');
    const second = await call(ann, 'itemGroup/save', { group_name: 'Docs', item_ids: '' });
    expect(second.data.s_number).toBe('1');

    const renamed = await call(ann, 'itemGroup/save', { id: first.data.id, group_name: 'Server', item_ids: String(a.itemId) });
    expect(renamed.data).toMatchObject({ id: first.data.id, group_name: 'Server', item_ids: String(a.itemId) });

    const list = await call(ann, 'itemGroup/getList');
    expect(list.data.map((g: any) => g.group_name)).toEqual(['Server', 'Docs']);
    expect(list.data[0]).toEqual({ ...renamed.data, uid: String(ann.uid) });
    for (const g of list.data) for (const v of Object.values(g)) expect(typeof v).toBe('string');

    await call(ann, 'itemGroup/saveSort', { groups: JSON.stringify([{ id: Number(second.data.id), s_number: 0 }, { id: first.data.id, s_number: 1 }]) });
    expect((await call(ann, 'itemGroup/getList')).data.map((g: any) => g.group_name)).toEqual(['Docs', 'Server']);
  });

  it('refuses bad input with 10101 and stores nothing', async () => {
    const before = await groupRows(bob.uid);
    for (const params of [{ group_name: '' }, { group_name: 'X', item_ids: '1,abc' }, { group_name: 'X', item_ids: '1;DROP' }, { group_name: 'x'.repeat(51) }]) {
      const r = await call(bob, 'itemGroup/save', params);
      expect(r.error_code, JSON.stringify(params)).toBe(10101);
    }
    expect((await call(bob, 'itemGroup/save', { group_name: '' })).error_message).toBe('Please enter the group name');
    expect((await app.call('itemGroup/save', { group_name: '' }, { token: bob.token, headers: { 'Accept-Language': 'zh-CN' } })).error_message).toBe('分组名称不能为空');
    expect((await call(bob, 'itemGroup/saveSort', {})).error_code).toBe(10101);
    expect((await call(bob, 'itemGroup/saveSort', { groups: '{not json' })).error_code).toBe(10101);
    expect((await call(bob, 'itemGroup/delete', { id: 0 })).error_code).toBe(10101);
    expect(await groupRows(bob.uid)).toEqual(before);
  });

  it("another user's group can be neither changed, deleted, re-ordered nor listed", async () => {
    const mine = await call(ann, 'itemGroup/save', { group_name: 'Private plans', item_ids: '' });
    const before = await groupRows(ann.uid);
    const upd = await call(eve, 'itemGroup/save', { id: mine.data.id, group_name: 'Taken', item_ids: '1' });
    expect(upd.error_code).toBe(10103);
    expect((await call(eve, 'itemGroup/delete', { id: mine.data.id })).error_code).toBe(10101);
    expect((await call(eve, 'itemGroup/saveSort', { groups: JSON.stringify([{ id: mine.data.id, s_number: 99 }]) })).error_code).toBe(0);
    expect((await call(eve, 'itemGroup/getList')).data).toEqual([]);
    expect(await groupRows(ann.uid)).toEqual(before);
    for (const path of ['itemGroup/save', 'itemGroup/delete', 'itemGroup/saveSort']) {
      expect((await call(undefined, path, { id: mine.data.id, group_name: 'x', groups: '[]' })).error_code, path).toBe(10102);
    }
    expect(await groupRows(ann.uid)).toEqual(before);
  });

  it('delete removes the group and its saved drag order', async () => {
    const g = await call(ann, 'itemGroup/save', { group_name: 'Short-lived', item_ids: '' });
    await call(ann, 'item/sort', { data: JSON.stringify({ 1: 1 }), item_group_id: g.data.id });
    expect(await call(ann, 'itemGroup/delete', { id: g.data.id })).toEqual({ error_code: 0, data: { success: true } });
    expect((await groupRows(ann.uid)).some((r) => String(r.id) === g.data.id)).toBe(false);
    expect((await call(ann, 'itemGroup/delete', { id: g.data.id })).error_code).toBe(10101);
  });
});

describe('item/myList with groups and stars', () => {
  it('item_group_id picks a group (only items the user reaches), -1 the starred ones; is_star marks them', async () => {
    const own = await buildItem(app, bob, { name: 'Own' });
    const shared = await buildItem(app, ann, { name: 'Shared' });
    await addMember(app, shared.itemId, bob, 0);
    const foreign = await buildItem(app, ann, { name: 'Not for bob', password: 'secret-item' });
    const g = await call(bob, 'itemGroup/save', { group_name: 'Mixed', item_ids: `${own.itemId},${foreign.itemId}` });

    const inGroup = await call(bob, 'item/myList', { item_group_id: g.data.id });
    expect(ids(inGroup.data)).toEqual([own.itemId]);

    expect(await call(bob, 'item/star', { item_id: shared.itemId })).toEqual({ error_code: 0, data: { id: expect.any(Number) } });
    const all = await call(bob, 'item/myList');
    expect(all.data.find((i: any) => Number(i.item_id) === shared.itemId).is_star).toBe(1);
    expect(all.data.find((i: any) => Number(i.item_id) === own.itemId).is_star).toBe(0);
    expect(ids((await call(bob, 'item/myList', { item_group_id: -1 })).data)).toEqual([shared.itemId]);

    // another user's group id shows nothing
    const annGroup = await call(ann, 'itemGroup/save', { group_name: 'Ann only', item_ids: String(shared.itemId) });
    expect((await call(bob, 'item/myList', { item_group_id: annGroup.data.id })).data).toEqual([]);

    expect(await call(bob, 'item/unstar', { item_id: shared.itemId })).toEqual({ error_code: 0, data: [] });
    expect((await call(bob, 'item/myList', { item_group_id: -1 })).data).toEqual([]);
  });

  it('star is refused to anonymous and to strangers of a private item (10103), storing nothing', async () => {
    const secret = await buildItem(app, ann, { name: 'Secret', password: 'secret-item' });
    expect((await call(undefined, 'item/star', { item_id: secret.itemId })).error_code).toBe(10102);
    expect((await call(eve, 'item/star', { item_id: secret.itemId })).error_code).toBe(10103);
    expect((await call(eve, 'item/star', { item_id: 999_999_999 })).error_code).toBe(10101);
    expect((await call(undefined, 'item/unstar', { item_id: secret.itemId })).error_code).toBe(10102);
    expect((await call(eve, 'item/unstar', { item_id: 'abc' })).error_code).toBe(10101);
    expect(await app.deps.db.select().from(itemStars).where(eq(itemStars.itemId, secret.itemId))).toEqual([]);
  });

  it('item/detail gives the caller\'s groups holding the item', async () => {
    const it1 = await buildItem(app, eve, { name: 'Grouped' });
    const g = await call(eve, 'itemGroup/save', { group_name: 'G', item_ids: String(it1.itemId) });
    await call(eve, 'itemGroup/save', { group_name: 'Other', item_ids: '' });
    expect((await call(eve, 'item/detail', { item_id: it1.itemId })).data.group_ids).toEqual([Number(g.data.id)]);
  });
});

describe('item/getChangeLog', () => {
  const logOf = async (who: Actor | undefined, itemId: number, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    app.call('item/getChangeLog', { item_id: itemId, ...extra }, { token: who?.token, headers });
  const rowCount = async (itemId: number) => (await app.deps.db.select().from(itemChangeLogs).where(eq(itemChangeLogs.itemId, itemId))).length;

  it('records who created, edited, moved and deleted pages and catalogs, newest first, paged', async () => {
    const item = await buildItem(app, ann, { name: 'Logged' });
    await addMember(app, item.itemId, bob, 1);
    const cat = await call(ann, 'catalog/save', { item_id: item.itemId, cat_name: 'Guides' });
    const other = await call(ann, 'catalog/save', { item_id: item.itemId, cat_name: 'Other' });
    await call(ann, 'catalog/save', { item_id: item.itemId, cat_id: cat.data, cat_name: 'Guides v2' });
    const page = await call(bob, 'page/save', { item_id: item.itemId, cat_id: cat.data, page_title: 'Install', page_content: 'one' });
    const pageId = Number(page.data.page_id);
    await call(bob, 'page/save', { item_id: item.itemId, page_id: pageId, cat_id: cat.data, page_title: 'Install', page_content: 'two' });
    await call(ann, 'catalog/batUpdate', { item_id: item.itemId, cats: JSON.stringify([{ page_id: pageId, parent_cat_id: other.data, s_number: 1 }]) });
    await call(bob, 'page/delete', { page_id: pageId });
    await call(ann, 'catalog/delete', { cat_id: other.data });
    await until(async () => (await rowCount(item.itemId)) === 8, 'eight changes recorded');

    const r = await logOf(ann, item.itemId);
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(8);
    const seen = r.data.list.map((e: any) => [e.username, e.op_action_type, e.op_object_type, e.op_object_name]);
    expect(seen).toEqual([
      ['groups_ann', 'delete', 'catalog', 'Other'],
      ['groups_bob', 'delete', 'page', 'Install'],
      ['groups_ann', 'drag', 'tree', 'Install'],
      ['groups_bob', 'update', 'page', 'Install'],
      ['groups_bob', 'create', 'page', 'Install'],
      ['groups_ann', 'update', 'catalog', 'Guides v2'],
      ['groups_ann', 'create', 'catalog', 'Other'],
      ['groups_ann', 'create', 'catalog', 'Guides'],
    ]);
    const top = r.data.list[1];
    expect(top).toEqual({
      id: expect.stringMatching(/^\d+$/),
      uid: String(bob.uid),
      item_id: String(item.itemId),
      op_action_type: 'delete',
      op_object_type: 'page',
      op_object_id: String(pageId),
      op_object_name: 'Install',
      remark: '',
      optime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      username: 'groups_bob',
      name: '',
      oper: 'groups_bob',
      op_action_type_desc: 'Deleted',
      op_object_type_desc: 'Page',
    });
    expect(r.data.list[2].remark).toBe('page');

    const zh = await logOf(ann, item.itemId, { page: 1, count: 2 }, { 'Accept-Language': 'zh-CN' });
    expect(zh.data.total).toBe(8);
    expect(zh.data.list.map((e: any) => [e.op_action_type_desc, e.op_object_type_desc])).toEqual([
      ['删除', '目录'],
      ['删除', '页面(或接口)'],
    ]);
    const page2 = await logOf(ann, item.itemId, { page: 2, count: 3 });
    expect(page2.data.list.map((e: any) => e.id)).toEqual(r.data.list.slice(3, 6).map((e: any) => e.id));
    // ShowDoc clamps: count 0 → 1, page 0 → 1
    expect((await logOf(ann, item.itemId, { page: 0, count: 0 })).data.list.map((e: any) => e.id)).toEqual([r.data.list[0].id]);
    // editing members read it too
    expect((await logOf(bob, item.itemId)).data.total).toBe(8);
  });

  it('records restores from the recycle bin and open API writes (uid "0", no user)', async () => {
    const item = await buildItem(app, ann, { name: 'Scripted' });
    const page = await call(ann, 'page/save', { item_id: item.itemId, page_title: 'Draft', page_content: 'x' });
    await call(ann, 'page/delete', { page_id: page.data.page_id });
    await call(ann, 'recycle/recover', { item_id: item.itemId, page_id: page.data.page_id });
    const key = (await call(ann, 'item/getKey', { item_id: item.itemId })).data;
    expect((await app.call('open/updatePage', { api_key: key.api_key, api_token: key.api_token, page_title: 'From CI', page_content: 'y' })).error_code).toBe(0);
    await until(async () => (await rowCount(item.itemId)) === 4, 'four changes recorded');
    const list = (await logOf(ann, item.itemId)).data.list;
    expect(list.map((e: any) => [e.uid, e.username, e.op_action_type, e.op_object_name])).toEqual([
      ['0', '', 'create', 'From CI'],
      [String(ann.uid), 'groups_ann', 'recover', 'Draft'],
      [String(ann.uid), 'groups_ann', 'delete', 'Draft'],
      [String(ann.uid), 'groups_ann', 'create', 'Draft'],
    ]);
  });

  it('refuses anonymous, strangers, read-only members and catalog-limited editors', async () => {
    const item = await buildItem(app, ann, { name: 'Guarded', password: 'secret-item', catalogs: [{ name: 'Open', pages: ['P'] }] });
    await call(ann, 'catalog/save', { item_id: item.itemId, cat_name: 'Hidden plans' });
    await until(async () => (await rowCount(item.itemId)) === 1, 'one change recorded');
    await addMember(app, item.itemId, bob, 0);
    expect((await logOf(undefined, item.itemId)).error_code).toBe(10102);
    expect((await logOf(eve, item.itemId)).error_code).toBe(10103);
    expect((await logOf(bob, item.itemId)).error_code).toBe(10103);
    const limited = await makeUser(app, 'groups_limited');
    await addMember(app, item.itemId, limited, 1, [item.cats.Open!]);
    const refused = await logOf(limited, item.itemId);
    expect(refused.error_code).toBe(10103);
    expect(JSON.stringify(refused)).not.toContain('Hidden plans');
    expect((await logOf(ann, 'nope' as unknown as number)).error_code).toBe(10101);
  });

  it('keeps the newest 300 changes of an item', async () => {
    const item = await buildItem(app, eve, { name: 'Busy' });
    const cat = await call(eve, 'catalog/save', { item_id: item.itemId, cat_name: 'c0' });
    for (let i = 1; i <= 301; i++) await call(eve, 'catalog/save', { item_id: item.itemId, cat_id: cat.data, cat_name: `c${i}` });
    await until(async () => (await logOf(eve, item.itemId, { count: 1 })).data.list[0]?.op_object_name === 'c301', 'last change recorded');
    const r = await logOf(eve, item.itemId, { page: 3, count: 100 });
    expect(r.data.total).toBe(300);
    expect(r.data.list.at(-1).op_object_name).toBe('c2');
  }, 120_000);

  it('changes recorded at once by many saves all land, each trimming around the others, and the newest 300 stay', async () => {
    const item = await buildItem(app, eve, { name: 'Busy at once' });
    const change = (i: number) => ({ itemId: item.itemId, uid: eve.uid, opActionType: 'update', opObjectType: 'page', opObjectId: i, opObjectName: `p${i}`, optime: i });
    for (let i = 1; i <= 300; i++) await recordChange(app.deps.db, change(i));
    // every one of these trims the same oldest rows: they must not queue (or deadlock) on each other
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => recordChange(app.deps.db, change(301 + i))));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    // one more, alone, sees every row the others left and trims to the newest 300
    await recordChange(app.deps.db, change(501));
    const names = (await app.deps.db.select({ id: itemChangeLogs.opObjectId }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, item.itemId))).map((r) => r.id);
    expect(names.length).toBe(300);
    expect(Math.min(...names)).toBe(202);
  }, 120_000);

  const warnings: string[] = [];
  const quietLog: Logger = { debug() {}, info() {}, error() {}, warn: (m, f) => void warnings.push(`${m} ${JSON.stringify(f)}`), child: () => quietLog };

  it('the writer puts the changes of one moment in order, trims in steps, and readers see only the newest 300', async () => {
    const item = await buildItem(app, eve, { name: 'Batched' });
    const writer = new ChangeLogWriter(app.deps.db, quietLog);
    const change = (i: number) => ({ itemId: item.itemId, uid: eve.uid, opActionType: 'update', opObjectType: 'page', opObjectId: i, opObjectName: `b${i}`, optime: i });
    // 330 changes in one turn: four statements of at most 100, the first trimming the item
    for (let i = 1; i <= 330; i++) writer.add(change(i));
    await writer.written();
    const rows = await app.deps.db.select({ id: itemChangeLogs.id, n: itemChangeLogs.opObjectId }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, item.itemId)).orderBy(itemChangeLogs.id);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: rows.length }, (_, i) => 330 - rows.length + 1 + i));
    // between two trims an item keeps a few rows past the 300: fewer than TRIM_EVERY
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.length).toBeLessThan(300 + TRIM_EVERY);
    const all = (await logOf(eve, item.itemId, { page: 1, count: 100 })).data;
    expect(all.total).toBe(300);
    expect(all.list[0].op_object_name).toBe('b330');
    const third = (await logOf(eve, item.itemId, { page: 3, count: 100 })).data.list;
    expect(third.length).toBe(100);
    expect(third.at(-1).op_object_name).toBe('b31');
    expect((await logOf(eve, item.itemId, { page: 4, count: 100 })).data).toEqual({ total: 300, list: [] });
    // the next TRIM_EVERY changes of the item bring a trim: back to 300 counting the new ones
    for (let i = 331; i < 331 + TRIM_EVERY; i++) writer.add(change(i));
    await writer.written();
    const after = await app.deps.db.select({ n: itemChangeLogs.opObjectId }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, item.itemId));
    expect(after.length).toBeLessThan(300 + TRIM_EVERY);
    expect(Math.max(...after.map((r) => r.n))).toBe(330 + TRIM_EVERY);
  }, 120_000);

  it('an entry the database refuses is logged and lost alone: the others of its batch are written', async () => {
    const item = await buildItem(app, eve, { name: 'One bad entry' });
    const writer = new ChangeLogWriter(app.deps.db, quietLog);
    warnings.length = 0;
    writer.add({ itemId: item.itemId, uid: eve.uid, opActionType: 'update', opObjectType: 'page', opObjectId: 1, opObjectName: 'before', optime: 1 });
    // PostgreSQL text holds no NUL character
    writer.add({ itemId: item.itemId, uid: eve.uid, opActionType: 'update', opObjectType: 'page', opObjectId: 2, opObjectName: 'bad\u0000name', optime: 2 });
    writer.add({ itemId: item.itemId, uid: eve.uid, opActionType: 'update', opObjectType: 'page', opObjectId: 3, opObjectName: 'after', optime: 3 });
    await writer.written();
    const names = (await app.deps.db.select({ name: itemChangeLogs.opObjectName }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, item.itemId)).orderBy(itemChangeLogs.id)).map((r) => r.name);
    expect(names).toEqual(['before', 'after']);
    expect(warnings.filter((w) => w.startsWith('change log entry not written'))).toHaveLength(1);
  });
});

describe('item/add and item/update with item_group_ids (ShowDoc item dialog)', () => {
  it('add puts the new item in the caller\'s named groups; update sets exactly the named ones; other users\' groups stay untouched', async () => {
    const [g1, g2] = [await call(bob, 'itemGroup/save', { group_name: 'One', item_ids: '' }), await call(bob, 'itemGroup/save', { group_name: 'Two', item_ids: '' })];
    const foreign = await call(eve, 'itemGroup/save', { group_name: 'Eve', item_ids: '' });
    const added = await call(bob, 'item/add', { item_name: 'Dialog item', item_group_ids: JSON.stringify([g1.data.id, Number(foreign.data.id)]) });
    expect(added.error_code).toBe(0);
    const itemId = Number(added.data.item_id);
    expect((await call(bob, 'item/detail', { item_id: itemId })).data.group_ids).toEqual([Number(g1.data.id)]);
    expect((await call(eve, 'itemGroup/getList')).data.find((g: any) => g.id === foreign.data.id).item_ids).toBe('');

    // a form array (item_group_ids[]=…) as a browser form sends it
    const viaForm = await app.fetch('/api/item/update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-API-Token': bob.token },
      body: `item_id=${itemId}&item_group_ids[]=${g1.data.id}&item_group_ids[]=${g2.data.id}`,
    });
    expect((await viaForm.json()).data.group_ids).toEqual([Number(g1.data.id), Number(g2.data.id)]);
    const upd = await call(bob, 'item/update', { item_id: itemId, item_group_ids: `${g2.data.id}` });
    expect(upd.error_code).toBe(0);
    expect(upd.data.group_ids).toEqual([Number(g2.data.id)]);
    // not naming groups leaves them as they are; an explicit [] empties them
    await call(bob, 'item/update', { item_id: itemId, item_name: 'Renamed' });
    expect((await call(bob, 'item/detail', { item_id: itemId })).data.group_ids).toEqual([Number(g2.data.id)]);
    await call(bob, 'item/update', { item_id: itemId, item_group_ids: '[]' });
    expect((await call(bob, 'item/detail', { item_id: itemId })).data.group_ids).toEqual([]);
  });

  it('refuses garbage group ids and creates nothing', async () => {
    const before = (await call(bob, 'item/myList')).data.length;
    expect((await call(bob, 'item/add', { item_name: 'Bad groups', item_group_ids: '1,x' })).error_code).toBe(10101);
    expect((await call(bob, 'item/add', { item_name: 'Bad groups', item_group_ids: '[{"a":1}]' })).error_code).toBe(10101);
    expect((await call(bob, 'item/myList')).data.length).toBe(before);
  });
});
