// issue #20 §1: every ShowDoc-compatible answer carries ShowDoc's types. ShowDoc's database layer
// stringifies what it fetches (ids, types, flags, orders: "12", "1"); what it computes in PHP (rights,
// counts, its own flags) stays a number or boolean (showdoc-behaviour §1.3, §3). ShowDoc's web client
// compares with ===, e.g. item/info's default_page_id against the menu's page_id.
// Also: the comment/feedback switches item/add and item/update keep, and the login code once the
// captcha is due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, standardItemSpec, type Actor, type BuiltItem } from '../helpers/fixtures';
import { items } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import { PNG } from '../helpers/upload';

let app: TestApp;
let admin: Actor;
let owner: Actor;
let mate: Actor;
let b: BuiltItem;

type Kind = 'text' | 'number' | 'boolean';
/** "text" = a decimal number as a JSON string, as ShowDoc's PDO hands it out */
function expectTypes(where: string, row: Record<string, unknown>, kinds: Record<string, Kind>): void {
  expect(row, where).toBeTruthy();
  for (const [key, kind] of Object.entries(kinds)) {
    const v = row[key];
    if (kind === 'text') {
      expect(typeof v, `${where}.${key} = ${JSON.stringify(v)}`).toBe('string');
      expect(v, `${where}.${key}`).toMatch(/^-?\d+$/);
    } else {
      expect(typeof v, `${where}.${key} = ${JSON.stringify(v)}`).toBe(kind);
    }
  }
}

async function ok(path: string, params: Record<string, unknown>, token = owner.token) {
  const r = await app.call(path, params, { token });
  expect(r.error_code, `${path}: ${r.error_message}`).toBe(0);
  return r.data;
}

const PAGE_ROW: Record<string, Kind> = { page_id: 'text', item_id: 'text', cat_id: 'text', s_number: 'text', author_uid: 'text', is_del: 'text' };
const PAGE_ROW_IN_MENU: Record<string, Kind> = { page_id: 'text', item_id: 'text', cat_id: 'text', s_number: 'text', author_uid: 'text' };
const CATALOG_ROW: Record<string, Kind> = { cat_id: 'text', item_id: 'text', parent_cat_id: 'text', level: 'text', s_number: 'text' };

beforeAll(async () => {
  app = await startTestApp();
  admin = await makeUser(app, 'types_admin');
  owner = await makeUser(app, 'types_owner');
  mate = await makeUser(app, 'types_mate');
  b = await buildItem(app, owner, standardItemSpec('Typed'));
  await addMember(app, b.itemId, mate, 1, [b.cats.Guide]);
}, 120_000);
afterAll(() => app?.close());

describe('item answers', () => {
  it('item/info: fetched ids, type and flags as text, rights as booleans; default_page_id === the menu page_id', async () => {
    const d = await ok('item/info', { item_id: b.itemId, default_page_id: b.pages.Storage });
    expectTypes('item/info', d, {
      item_id: 'text',
      item_type: 'text',
      is_archived: 'text',
      allow_comment: 'text',
      allow_feedback: 'text',
      default_page_id: 'text',
      default_cat_id2: 'number',
      unread_count: 'number',
      is_login: 'boolean',
      item_edit: 'boolean',
      ItemPermn: 'boolean',
      ItemCreator: 'boolean',
    });
    expect(d.item_type).toBe('1');
    expectTypes('menu.pages[0]', d.menu.pages[0], PAGE_ROW_IN_MENU);
    const guide = d.menu.catalogs[0];
    expectTypes('menu.catalogs[0]', guide, CATALOG_ROW);
    expectTypes('menu.catalogs[0].pages[0]', guide.pages[0], PAGE_ROW_IN_MENU);
    // ShowDoc's client opens the page by comparing with ===: the default page must be found in the tree
    const storage = guide.catalogs[0].catalogs[0].pages.find((p: { page_id: unknown }) => p.page_id === d.default_page_id);
    expect(storage?.page_title).toBe('Storage');
    // without a page asked for: the first page of the menu, found the same way
    const first = await ok('item/info', { item_id: b.itemId });
    expect(first.menu.pages.some((p: { page_id: unknown }) => p.page_id === first.default_page_id)).toBe(true);
  });

  it('item/detail gives item_type "1" and the row as text; item/myList adds the computed flags as numbers', async () => {
    const d = await ok('item/detail', { item_id: b.itemId });
    expectTypes('item/detail', d, { item_id: 'text', uid: 'text', item_type: 'text', is_archived: 'text', is_del: 'text', allow_comment: 'text', allow_feedback: 'text', is_private: 'number' });
    expect(d.item_type).toBe('1');
    const list = await ok('item/myList', {});
    const mine = list.find((i: { item_id: unknown }) => i.item_id === String(b.itemId));
    expectTypes('item/myList', mine, { item_id: 'text', uid: 'text', item_type: 'text', is_del: 'text', creator: 'number', manage: 'number', is_private: 'number', is_star: 'number', s_number: 'number' });
    const key = await ok('item/getKey', { item_id: b.itemId });
    expectTypes('item/getKey', key, { id: 'text', item_id: 'text' });
    const found = await ok('item/search', { item_id: b.itemId, keyword: 'Install' });
    expectTypes('item/search', found, { item_id: 'text' });
    expectTypes('item/search pages[0]', found.pages[0], { page_id: 'text', item_id: 'text', cat_id: 'text', s_number: 'text', author_uid: 'text' });
  });
});

describe('page answers', () => {
  it('page/info, page/history and page/diff: the page rows as text, counts as numbers', async () => {
    await ok('page/save', { page_id: b.pages.Install, item_id: b.itemId, page_title: 'Install', page_content: 'first' });
    await ok('page/save', { page_id: b.pages.Install, item_id: b.itemId, page_title: 'Install', page_content: 'second' });
    const info = await ok('page/info', { page_id: b.pages.Install, with_path: 1 });
    expectTypes('page/info', info, { ...PAGE_ROW, attachment_count: 'number' });
    expectTypes('page/info full_path[0]', info.full_path[0], { cat_id: 'text' });
    expectTypes('page/info full_path[-1]', info.full_path.at(-1), { page_id: 'text' });
    const history = await ok('page/history', { page_id: b.pages.Install });
    expectTypes('page/history[0]', history[0], { page_history_id: 'text', page_id: 'text', item_id: 'text', cat_id: 'text', author_uid: 'text', s_number: 'text' });
    const diff = await ok('page/diff', { page_id: b.pages.Install, page_history_id: history[0].page_history_id });
    expectTypes('page/diff page', diff.page, PAGE_ROW);
    expectTypes('page/diff history_page', diff.history_page, { page_history_id: 'text', page_id: 'text' });
  });

  it('recycle/getList rows as text', async () => {
    await ok('page/delete', { page_id: b.pages.Changelog });
    const bin = await ok('recycle/getList', { item_id: b.itemId });
    expectTypes('recycle/getList[0]', bin[0], { id: 'text', item_id: 'text', page_id: 'text', del_by_uid: 'text' });
  });
});

describe('catalog answers', () => {
  it('catList, catListGroup, catListName and getPagesBycat: rows as text', async () => {
    for (const action of ['catalog/catList', 'catalog/catListName', 'catalog/secondCatList']) {
      const rows = await ok(action, { item_id: b.itemId });
      expectTypes(`${action}[0]`, rows[0], CATALOG_ROW);
    }
    const tree = await ok('catalog/catListGroup', { item_id: b.itemId });
    expectTypes('catListGroup[0].sub[0]', tree[0].sub[0], CATALOG_ROW);
    const pagesOf = await ok('catalog/getPagesBycat', { item_id: b.itemId, cat_id: b.cats.Guide });
    expectTypes('getPagesBycat[0]', pagesOf[0], { page_id: 'text', s_number: 'text' });
  });
});

describe('member and team answers', () => {
  it('member/getList: member_group_id "1" as text, the catalog name and the combined member_group text', async () => {
    const list = await app.call('member/getList', { item_id: b.itemId }, { token: owner.token, headers: { 'Accept-Language': 'zh-CN' } });
    const m = list.data.find((x: { username: string }) => x.username === 'types_mate');
    expectTypes('member/getList', m, { item_member_id: 'text', item_id: 'text', uid: 'text', member_group_id: 'text', cat_id: 'text' });
    expect(m).toMatchObject({ member_group_id: '1', cat_name: 'Guide', member_group: '编辑/目录：Guide' });
  });

  it('team/getList, teamMember/getList, teamItem/getList and teamItemMember/getList: rows as text, counts as numbers', async () => {
    const team = await ok('team/save', { team_name: 'Typed team' });
    expectTypes('team/save', team, { id: 'text', uid: 'text' });
    await ok('teamMember/save', { team_id: team.id, member_username: admin.username });
    await ok('teamItem/save', { team_id: team.id, item_id: b.itemId });
    const teams = await ok('team/getList', {});
    expectTypes('team/getList[0]', teams[0], { id: 'text', uid: 'text', memberCount: 'number', itemCount: 'number', team_manage: 'number' });
    const members = await ok('teamMember/getList', { team_id: team.id });
    expectTypes('teamMember/getList[0]', members[0], { id: 'text', team_id: 'text', member_uid: 'text', team_member_group_id: 'text' });
    const bound = await ok('teamItem/getList', { item_id: b.itemId });
    expectTypes('teamItem/getList[0]', bound[0], { id: 'text', team_id: 'text', item_id: 'text', memberCount: 'number' });
    const grants = await ok('teamItemMember/getList', { team_id: team.id, item_id: b.itemId });
    expectTypes('teamItemMember/getList[0]', grants[0], { id: 'text', team_id: 'text', item_id: 'text', member_uid: 'text', member_group_id: 'text', cat_id: 'text' });
  });
});

describe('attachment answers', () => {
  it('attachment/getMyList, getAllList and page/uploadList: file rows as text, sizes in MiB and totals as numbers', async () => {
    const form = new FormData();
    form.append('page_id', String(b.pages.Welcome));
    form.append('file', new Blob(['typed file'], { type: 'text/plain' }), 'typed.txt');
    const up = await (await app.fetch('/api/page/upload', { method: 'POST', body: form, headers: { 'X-API-Token': owner.token } })).json();
    expect(up.error_code).toBe(0);
    const mine = await ok('attachment/getMyList', {});
    expect(typeof mine.total).toBe('number');
    expectTypes('getMyList.list[0]', mine.list[0], { file_id: 'text', uid: 'text', item_id: 'text', page_id: 'text', visit_times: 'text', file_size: 'text', file_size_m: 'number' });
    const all = await ok('attachment/getAllList', {}, admin.token);
    expectTypes('getAllList.list[0]', all.list[0], { file_id: 'text', uid: 'text', file_size_m: 'number' });
    const ofPage = await ok('page/uploadList', { page_id: b.pages.Welcome });
    expectTypes('page/uploadList[0]', ofPage[0], { file_id: 'text', file_size_m: 'number' });
  });
});

describe('comments and feedback switches', () => {
  const row = async (itemId: number) => (await app.deps.db.select().from(items).where(eq(items.itemId, itemId)))[0];

  it('item/add and item/update keep allow_comment / allow_feedback (regular items), item/detail and item/info give them back', async () => {
    const added = await ok('item/add', { item_name: 'Talkative', item_type: 1, allow_comment: 1, allow_feedback: 0 });
    expect(await row(added.item_id)).toMatchObject({ allowComment: 1, allowFeedback: 0 });
    expect(await ok('item/detail', { item_id: added.item_id })).toMatchObject({ allow_comment: '1', allow_feedback: '0' });

    await ok('item/update', { item_id: added.item_id, allow_feedback: 1 });
    expect(await row(added.item_id)).toMatchObject({ allowComment: 1, allowFeedback: 1 });
    // a field left out keeps its value (ShowDoc's current back end); '0' turns it off
    await ok('item/update', { item_id: added.item_id, item_name: 'Still talkative' });
    expect(await row(added.item_id)).toMatchObject({ allowComment: 1, allowFeedback: 1 });
    await ok('item/update', { item_id: added.item_id, allow_comment: '0' });
    expect(await ok('item/info', { item_id: added.item_id })).toMatchObject({ allow_comment: '0', allow_feedback: '1' });
  });

  it('other item types ignore the switches, as ShowDoc does', async () => {
    const single = await ok('item/add', { item_name: 'Single', item_type: 2, allow_comment: 1, allow_feedback: 1 });
    expect(await row(single.item_id)).toMatchObject({ allowComment: 0, allowFeedback: 0 });
    await ok('item/update', { item_id: single.item_id, allow_comment: 1 });
    expect(await row(single.item_id)).toMatchObject({ allowComment: 0 });
  });

  it('a bad switch value is refused and changes nothing', async () => {
    const before = await row(b.itemId);
    const r = await app.call('item/update', { item_id: b.itemId, allow_comment: { $ne: 1 } }, { token: owner.token, json: true });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(await row(b.itemId)).toEqual(before);
  });
});

describe('template, member, lock, share, save, copy, mock and upload answers (#20 §1, the rest)', () => {
  it('template/getList rows as text; template/save answers the id as a number (ShowDoc: the insert id)', async () => {
    const saved = await ok('template/save', { template_title: 'Typed tpl', template_content: 'x' });
    expectTypes('template/save', saved, { id: 'number', uid: 'text' });
    const list = await ok('template/getList', {});
    expectTypes('template/getList[0]', list[0], { id: 'text', uid: 'text' });
  });

  it('member/getAllList and getMyAllList: uid (and getMyAllList addtime, unix seconds) as numbers, cast by ShowDoc', async () => {
    const all = await ok('member/getAllList', { item_id: b.itemId });
    expectTypes('member/getAllList[0]', all[0], { uid: 'number' });
    const mine = await ok('member/getMyAllList', {});
    expectTypes('member/getMyAllList[0]', mine[0], { uid: 'number', addtime: 'number' });
  });

  it('page/isLock: computed flags as numbers, lock_uid as the row\'s text ("" when unlocked); setLock and createSinglePage numbers', async () => {
    const free = await ok('page/isLock', { page_id: b.pages.Welcome });
    expectTypes('page/isLock (free)', free, { lock: 'number', is_cur_user: 'number', exceed: 'number' });
    expect(free.lock_uid).toBe('');
    const lock = await ok('page/setLock', { page_id: b.pages.Welcome, item_id: b.itemId });
    expectTypes('page/setLock', lock, { id: 'number' });
    const held = await ok('page/isLock', { page_id: b.pages.Welcome });
    expectTypes('page/isLock (held)', held, { lock: 'number', lock_uid: 'text', is_cur_user: 'number', exceed: 'number' });
    expect(held).toMatchObject({ lock: 1, lock_uid: String(owner.uid), is_cur_user: 1 });
    await ok('page/setLock', { page_id: b.pages.Welcome, item_id: b.itemId, lock_to: 1000 });
    const link = await ok('page/createSinglePage', { page_id: b.pages.Welcome, isCreateSiglePage: 'true', expire_days: 1 });
    expectTypes('page/createSinglePage', link, { page_id: 'number', expire_time: 'number' });
  });

  it('page/save: a new page answers the insert id as a number, a saved-over page its row (ids as text)', async () => {
    const created = await ok('page/save', { item_id: b.itemId, page_title: 'Typed new', page_content: 'a' });
    expectTypes('page/save (new)', created, { page_id: 'number' });
    const over = await ok('page/save', { page_id: created.page_id, item_id: b.itemId, page_title: 'Typed new', page_content: 'b' });
    expectTypes('page/save (over)', over, { page_id: 'text', item_id: 'text', cat_id: 'text', version: 'number' });
  });

  it('catalog/save answers a bare number, catalog/copy the new cat_id as text', async () => {
    const catId = await ok('catalog/save', { item_id: b.itemId, cat_name: 'Typed cat' });
    expect(typeof catId).toBe('number');
    const copied = await ok('catalog/copy', { cat_id: catId, item_id: b.itemId });
    expectTypes('catalog/copy', copied, { cat_id: 'text' });
  });

  it('mock/add echoes page_id as a number; mock/infoByPageId gives the row as text', async () => {
    const link = await ok('mock/add', { page_id: b.pages.Welcome, template: '{"a":1}', path: '/typed' });
    expectTypes('mock/add', link, { page_id: 'number' });
    const info = await ok('mock/infoByPageId', { page_id: b.pages.Welcome });
    expectTypes('mock/infoByPageId', info, { id: 'text', uid: 'text', page_id: 'text', item_id: 'text', view_times: 'text' });
  });

  it('page/upload and page/uploadImg: ShowDoc answers {url, success: 1} (success a number)', async () => {
    const form = new FormData();
    form.append('page_id', String(b.pages.Welcome));
    form.append('file', new Blob(['typed'], { type: 'text/plain' }), 'typed2.txt');
    const up = await (await app.fetch('/api/page/upload', { method: 'POST', body: form, headers: { 'X-API-Token': owner.token } })).json();
    expect(typeof up.url).toBe('string');
    expect(up.success).toBe(1);
    const img = new FormData();
    img.append('page_id', String(b.pages.Welcome));
    img.append('editormd-image-file', new Blob([PNG], { type: 'image/png' }), 'typed.png');
    const shot = await (await app.fetch('/api/page/uploadImg', { method: 'POST', body: img, headers: { 'X-API-Token': owner.token } })).json();
    expect(typeof shot.url, JSON.stringify(shot)).toBe('string');
    expect(shot.success).toBe(1);
  });
});

// last: it leaves this address needing the captcha for every login
describe('login codes', () => {
  it('a wrong password answers 10204, then 10210 once the next attempt needs the captcha (here: 20 failures from one address)', async () => {
    const codes: number[] = [];
    // different names: no account reaches its own limit of 5
    for (let i = 0; i < 20; i++) codes.push((await app.login(`nobody_${i % 10}_here`, `wrong-${i}`)).error_code);
    expect(codes.slice(0, 19)).toEqual(Array(19).fill(ErrorCode.WRONG_CREDENTIALS));
    expect(codes[19]).toBe(ErrorCode.LOGIN_CAPTCHA_REQUIRED);
    // the client now shows the captcha: without it even the right password is refused
    expect((await app.login('types_owner')).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
  });
});
