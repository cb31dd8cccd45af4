// Role × endpoint matrix for the item and catalog endpoints (DESIGN §4): anonymous, logged-in
// stranger, read-only member, edit member, catalog-limited member, team member, manager,
// creator, administrator — plus archived and read-only-display (type 3) items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, addTeamMember, buildItem, makeAdmin, makeUser, standardItemSpec, type Actor, type BuiltItem } from '../helpers/fixtures';
import { catalogs, items, itemTokens, pages } from '../../server/db/schema';

let app: TestApp;
let admin: Actor;
let owner: Actor;
let stranger: Actor;
let ro: Actor;
let editor: Actor;
let limited: Actor;
let teamer: Actor;
let manager: Actor;

type Role = 'anonymous' | 'stranger' | 'readOnly' | 'editor' | 'limited' | 'team' | 'manager' | 'creator' | 'admin';
const ROLES: Role[] = ['anonymous', 'stranger', 'readOnly', 'editor', 'limited', 'team', 'manager', 'creator', 'admin'];
const tokenOf = (r: Role): string | undefined =>
  ({ anonymous: undefined, stranger, readOnly: ro, editor, limited, team: teamer, manager, creator: owner, admin })[r]?.token;

beforeAll(async () => {
  app = await startTestApp();
  admin = await makeAdmin(app, 'roles_admin');
  [owner, stranger, ro, editor, limited, teamer, manager] = await Promise.all(
    ['roles_owner', 'roles_stranger', 'roles_ro', 'roles_editor', 'roles_limited', 'roles_team', 'roles_manager'].map((n) => makeUser(app, n)),
  );
}, 120_000);
afterAll(() => app.close());

/** A private standard item with every kind of member; `limited` may only edit the API catalog. */
async function privateItem(extra: { archived?: boolean; itemType?: number } = {}): Promise<BuiltItem> {
  const b = await buildItem(app, owner, { ...standardItemSpec(), password: 'item-pw', ...extra });
  await addMember(app, b.itemId, ro, 0);
  await addMember(app, b.itemId, editor, 1);
  await addMember(app, b.itemId, limited, 1, [b.cats.API]);
  await addMember(app, b.itemId, manager, 2);
  await addTeamMember(app, owner, b.itemId, teamer, 1);
  return b;
}

async function snapshot(itemId: number) {
  const db = app.deps.db;
  const [item, cats, pageRows, tokens] = await Promise.all([
    db.select().from(items).where(eq(items.itemId, itemId)),
    db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(catalogs.catId),
    db.select({ id: pages.pageId, cat: pages.catId, del: pages.isDel, s: pages.sNumber }).from(pages).where(eq(pages.itemId, itemId)).orderBy(pages.pageId),
    db.select().from(itemTokens).where(eq(itemTokens.itemId, itemId)),
  ]);
  return { item: item[0], cats, pages: pageRows, tokens };
}

const titles = (menu: any): string[] => [
  ...menu.pages.map((p: any) => p.page_title),
  ...menu.catalogs.flatMap((c: any) => [`[${c.cat_name}]`, ...titles(c)]),
];

describe('reads on a private item', () => {
  let b: BuiltItem;
  beforeAll(async () => {
    b = await privateItem();
  });

  const infoExpect: Record<Role, { code: number; permn?: boolean; creator?: boolean }> = {
    anonymous: { code: 10307 },
    stranger: { code: 10307 },
    readOnly: { code: 0, permn: false, creator: false },
    editor: { code: 0, permn: true, creator: false },
    limited: { code: 0, permn: true, creator: false },
    team: { code: 0, permn: true, creator: false },
    manager: { code: 0, permn: true, creator: true },
    creator: { code: 0, permn: true, creator: true },
    admin: { code: 0, permn: true, creator: true },
  };

  for (const role of ROLES) {
    it(`item/info, catListGroup, catListName as ${role}`, async () => {
      const want = infoExpect[role];
      const info = await app.call('item/info', { item_id: b.itemId }, { token: tokenOf(role) });
      expect(info.error_code).toBe(want.code);
      const group = await app.call('catalog/catListGroup', { item_id: b.itemId }, { token: tokenOf(role) });
      const names = await app.call('catalog/catListName', { item_id: b.itemId }, { token: tokenOf(role) });
      expect(group.error_code).toBe(want.code);
      expect(names.error_code).toBe(want.code);
      if (want.code !== 0) {
        expect(JSON.stringify([info, group, names])).not.toMatch(/Welcome|Guide|Install/);
        return;
      }
      expect(info.data.ItemPermn).toBe(want.permn);
      expect(info.data.ItemCreator).toBe(want.creator);
      expect(info.data.can_manage).toBe(want.creator);
      if (role === 'limited') {
        // only its catalog: no other top-level catalog, no root pages
        expect(titles(info.data.menu)).toEqual(['[API]', 'Endpoints']);
        expect(group.data.map((c: any) => c.cat_name)).toEqual(['API']);
        expect(names.data.map((c: any) => c.cat_name)).toEqual(['API']);
        const kw = await app.call('item/info', { item_id: b.itemId, keyword: 'Content' }, { token: tokenOf(role) });
        expect(kw.data.menu.pages.map((p: any) => p.page_title)).toEqual(['Endpoints']);
        const hidden = await app.call('item/info', { item_id: b.itemId, default_page_id: b.pages.Install }, { token: tokenOf(role) });
        expect(hidden.data.default_page_id).toBe(String(b.pages.Endpoints));
      } else {
        expect(titles(info.data.menu)).toEqual(['Welcome', 'Changelog', '[Guide]', 'Install', 'Configure', '[Advanced]', 'Tuning', '[Internals]', 'Storage', '[API]', 'Endpoints']);
        expect(names.data).toHaveLength(4);
      }
    });
  }

  it("an archived item: ItemCreator is off for everyone (as ShowDoc), can_manage still names its managers (their settings link)", async () => {
    const archived = await privateItem({ archived: true });
    const expectManage: Record<Role, boolean | null> = {
      anonymous: null,
      stranger: null,
      readOnly: false,
      editor: false,
      limited: false,
      team: false,
      manager: true,
      creator: true,
      admin: true,
    };
    for (const role of ROLES) {
      const info = await app.call('item/info', { item_id: archived.itemId }, { token: tokenOf(role) });
      if (expectManage[role] === null) {
        expect(info.error_code, role).toBe(10307);
        continue;
      }
      expect(info.data, role).toMatchObject({ is_archived: '1', ItemPermn: false, ItemCreator: false, can_manage: expectManage[role] });
    }
  });

  const manageExpect: Record<Role, number> = {
    anonymous: 10102,
    stranger: 10303,
    readOnly: 10303,
    editor: 10303,
    limited: 10303,
    team: 10303,
    manager: 0,
    creator: 0,
    admin: 0,
  };
  for (const role of ROLES) {
    it(`item/detail and item/getKey as ${role}`, async () => {
      const d = await app.call('item/detail', { item_id: b.itemId }, { token: tokenOf(role) });
      const k = await app.call('item/getKey', { item_id: b.itemId }, { token: tokenOf(role) });
      expect(d.error_code).toBe(manageExpect[role]);
      expect(k.error_code).toBe(manageExpect[role]);
      if (manageExpect[role] !== 0) expect(JSON.stringify([d, k])).not.toMatch(/api_token|item_name/);
    });
  }

  it('public items are readable by anonymous visitors and strangers, not writable', async () => {
    const pub = await buildItem(app, owner, standardItemSpec('Public'));
    for (const token of [undefined, stranger.token]) {
      const info = await app.call('item/info', { item_id: pub.itemId }, { token });
      expect(info.error_code).toBe(0);
      expect(info.data).toMatchObject({ ItemPermn: false, ItemCreator: false, is_login: !!token });
      expect((await app.call('catalog/catListGroup', { item_id: pub.itemId }, { token })).error_code).toBe(0);
    }
    const before = await snapshot(pub.itemId);
    expect((await app.call('catalog/save', { item_id: pub.itemId, cat_name: 'X' }, { token: stranger.token })).error_code).toBe(10103);
    expect((await app.call('catalog/delete', { cat_id: pub.cats.API }, { token: stranger.token })).error_code).toBe(10103);
    expect((await app.call('item/update', { item_id: pub.itemId, item_name: 'X' }, { token: stranger.token })).error_code).toBe(10303);
    expect(await snapshot(pub.itemId)).toEqual(before);
  });
});

/** The write endpoints, in an order where earlier successes do not break later cases. */
interface WriteCase {
  name: string;
  path: string;
  params: (b: BuiltItem) => Record<string, unknown>;
  /** content write (requireEdit) or item setting (requireManage) */
  kind: 'edit' | 'manage';
  /** inside the limited member's catalog */
  inLimit?: boolean;
}

const WRITES: WriteCase[] = [
  { name: 'getPagesBycat (Guide)', path: 'catalog/getPagesBycat', kind: 'edit', params: (b) => ({ item_id: b.itemId, cat_id: b.cats.Guide }) },
  { name: 'getPagesBycat (API)', path: 'catalog/getPagesBycat', kind: 'edit', inLimit: true, params: (b) => ({ item_id: b.itemId, cat_id: b.cats.API }) },
  { name: 'save: new top catalog', path: 'catalog/save', kind: 'edit', params: (b) => ({ item_id: b.itemId, cat_name: 'New top' }) },
  { name: 'save: sub-catalog of API', path: 'catalog/save', kind: 'edit', inLimit: true, params: (b) => ({ item_id: b.itemId, cat_name: 'Sub', parent_cat_id: b.cats.API }) },
  { name: 'save: rename Guide', path: 'catalog/save', kind: 'edit', params: (b) => ({ item_id: b.itemId, cat_id: b.cats.Guide, cat_name: 'Guide 2' }) },
  {
    name: 'batUpdate: reorder Guide',
    path: 'catalog/batUpdate',
    kind: 'edit',
    params: (b) => ({ item_id: b.itemId, cats: JSON.stringify([{ cat_id: b.cats.Guide, cat_name: 'Guide', parent_cat_id: 0, level: 2, s_number: 5 }]) }),
  },
  {
    name: 'batUpdate: reorder API',
    path: 'catalog/batUpdate',
    kind: 'edit',
    inLimit: true,
    params: (b) => ({ item_id: b.itemId, cats: JSON.stringify([{ cat_id: b.cats.API, cat_name: 'API', parent_cat_id: 0, level: 2, s_number: 7 }]) }),
  },
  { name: 'copy: Guide/Advanced to the root', path: 'catalog/copy', kind: 'edit', params: (b) => ({ cat_id: b.cats.Advanced, to_item_id: b.itemId, new_p_cat_id: 0 }) },
  { name: 'delete: Guide', path: 'catalog/delete', kind: 'edit', params: (b) => ({ item_id: b.itemId, cat_id: b.cats.Guide }) },
  { name: 'delete: API', path: 'catalog/delete', kind: 'edit', inLimit: true, params: (b) => ({ item_id: b.itemId, cat_id: b.cats.API }) },
  { name: 'item/update', path: 'item/update', kind: 'manage', params: (b) => ({ item_id: b.itemId, item_name: 'Renamed', item_description: 'd' }) },
  { name: 'item/resetKey', path: 'item/resetKey', kind: 'manage', params: (b) => ({ item_id: b.itemId }) },
];

function expected(role: Role, w: WriteCase, item: 'private' | 'archived' | 'type3'): number {
  if (role === 'anonymous') return 10102;
  if (w.kind === 'manage') {
    if (!['manager', 'creator', 'admin'].includes(role)) return 10303;
    return item === 'archived' ? 10103 : 0;
  }
  if (role === 'stranger') return 10307;
  if (role === 'readOnly') return 10103;
  if (item !== 'private') return 10103;
  if (role === 'limited') return w.inLimit ? 0 : 10103;
  return 0;
}

for (const item of ['private', 'archived', 'type3'] as const) {
  describe(`writes on a ${item} item`, () => {
    for (const role of ROLES) {
      it(`as ${role}`, async () => {
        const b = await privateItem({ archived: item === 'archived', itemType: item === 'type3' ? 3 : 1 });
        for (const w of WRITES) {
          const before = await snapshot(b.itemId);
          const r = await app.call(w.path, w.params(b), { token: tokenOf(role) });
          expect(r.error_code, `${w.name} as ${role} on ${item}`).toBe(expected(role, w, item));
          if (r.error_code !== 0) expect(await snapshot(b.itemId), `${w.name} changed data`).toEqual(before);
        }
      });
    }
  });
}

describe('type 3 and archived items report no edit rights', () => {
  it('item/info flags', async () => {
    const t3 = await privateItem({ itemType: 3 });
    const arch = await privateItem({ archived: true });
    for (const id of [t3.itemId, arch.itemId]) {
      for (const who of [owner, editor, admin]) {
        const r = await app.call('item/info', { item_id: id }, { token: who.token });
        expect(r.error_code).toBe(0);
        expect(r.data).toMatchObject({ ItemPermn: false, ItemCreator: false });
      }
    }
  });
});
