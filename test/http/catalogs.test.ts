// /api/catalog/*: tree reads, save, delete (to the recycle bin), batUpdate, copy/move — with
// every foreign id refused and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, standardItemSpec, type Actor, type BuiltItem } from '../helpers/fixtures';
import { catalogs, pageLocks, pages, recycle } from '../../server/db/schema';

let app: TestApp;
let ann: Actor;
let bob: Actor;

beforeAll(async () => {
  app = await startTestApp();
  await makeUser(app, 'cat_root'); // the first account becomes administrator
  ann = await makeUser(app, 'cat_ann');
  bob = await makeUser(app, 'cat_bob');
}, 120_000);
afterAll(() => app.close());

/** Everything of an item's tree that a refused request must leave alone. */
async function snapshot(itemId: number) {
  const cats = await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(catalogs.catId);
  const pgs = await app.deps.db
    .select({ id: pages.pageId, cat: pages.catId, s: pages.sNumber, del: pages.isDel, item: pages.itemId })
    .from(pages)
    .where(eq(pages.itemId, itemId))
    .orderBy(pages.pageId);
  return { cats, pgs };
}

const catRow = async (catId: number) => (await app.deps.db.select().from(catalogs).where(eq(catalogs.catId, catId)))[0];

describe('catalog reads', () => {
  let b: BuiltItem;
  beforeAll(async () => {
    b = await buildItem(app, ann, standardItemSpec('Reads'));
  });

  it('catListGroup nests catalogs under sub', async () => {
    const r = await app.call('catalog/catListGroup', { item_id: b.itemId }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect(r.data.map((c: any) => c.cat_name)).toEqual(['Guide', 'API']);
    expect(r.data[0].sub[0]).toMatchObject({ cat_name: 'Advanced', level: '3', parent_cat_id: String(b.cats.Guide) });
    expect(r.data[0].sub[0].sub[0]).toMatchObject({ cat_name: 'Internals', level: '4', sub: [] });
  });

  it('catListName gives full paths joined by " / "', async () => {
    const r = await app.call('catalog/catListName', { item_id: b.itemId }, { token: ann.token });
    expect(r.data.map((c: any) => c.cat_name)).toEqual(['Guide', 'Guide / Advanced', 'Guide / Advanced / Internals', 'API']);
    expect(r.data[2].cat_id).toBe(String(b.cats.Internals));
  });

  it('getPagesBycat lists a catalog’s pages in order; a catalog of another item is refused', async () => {
    await app.deps.db.update(pages).set({ sNumber: 1 }).where(eq(pages.pageId, b.pages.Configure));
    const r = await app.call('catalog/getPagesBycat', { item_id: b.itemId, cat_id: b.cats.Guide }, { token: ann.token });
    expect(r.data).toEqual([
      { page_id: String(b.pages.Configure), page_title: 'Configure', s_number: '1' },
      { page_id: String(b.pages.Install), page_title: 'Install', s_number: '99' },
    ]);
    const root = await app.call('catalog/getPagesBycat', { item_id: b.itemId, cat_id: 0 }, { token: ann.token });
    expect(root.data.map((p: any) => p.page_title)).toEqual(['Welcome', 'Changelog']);
    const other = await buildItem(app, bob, { catalogs: [{ name: 'Theirs', pages: ['Secret'] }] });
    const idor = await app.call('catalog/getPagesBycat', { item_id: b.itemId, cat_id: other.cats.Theirs }, { token: ann.token });
    expect(idor.error_code).toBe(10101);
    expect(JSON.stringify(idor)).not.toContain('Secret');
  });
});

describe('catalog/save', () => {
  it('creates top-level catalogs with order 99 and children one level down; returns the bare cat_id', async () => {
    const b = await buildItem(app, ann, {});
    const top = await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Top' }, { token: ann.token });
    expect(top.error_code).toBe(0);
    expect(typeof top.data).toBe('number');
    expect(await catRow(top.data)).toMatchObject({ catName: 'Top', level: 2, parentCatId: 0, sNumber: 99, itemId: b.itemId });
    const child = await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Child', parent_cat_id: top.data, s_number: 3 }, { token: ann.token });
    expect(await catRow(child.data)).toMatchObject({ level: 3, parentCatId: top.data, sNumber: 3 });
    const grand = await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Grand', parent_cat_id: child.data }, { token: ann.token });
    expect((await catRow(grand.data)).level).toBe(4);
    // a fourth level is refused
    const before = await snapshot(b.itemId);
    const deep = await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Too deep', parent_cat_id: grand.data }, { token: ann.token });
    expect(deep.error_code).toBe(10101);
    expect(deep.error_message).toMatch(/three levels/);
    expect(await snapshot(b.itemId)).toEqual(before);
  });

  it('renames, re-orders and re-parents, moving the levels of the whole subtree', async () => {
    const b = await buildItem(app, ann, { catalogs: [{ name: 'A', children: [{ name: 'A1' }] }, { name: 'B' }] });
    const r = await app.call('catalog/save', { item_id: b.itemId, cat_id: b.cats.A, cat_name: 'A renamed', parent_cat_id: b.cats.B, s_number: 5 }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect(r.data).toBe(b.cats.A);
    expect(await catRow(b.cats.A)).toMatchObject({ catName: 'A renamed', parentCatId: b.cats.B, level: 3, sNumber: 5 });
    expect((await catRow(b.cats.A1)).level).toBe(4);
    // back to the root
    await app.call('catalog/save', { item_id: b.itemId, cat_id: b.cats.A, cat_name: 'A', parent_cat_id: 0 }, { token: ann.token });
    expect(await catRow(b.cats.A)).toMatchObject({ level: 2, sNumber: 5 });
    expect((await catRow(b.cats.A1)).level).toBe(3);
  });

  it('refuses depth overflow by re-parenting, a catalog under itself, an empty name', async () => {
    const b = await buildItem(app, ann, { catalogs: [{ name: 'X', children: [{ name: 'X1', children: [{ name: 'X2' }] }] }, { name: 'Y', children: [{ name: 'Y1' }] }] });
    const before = await snapshot(b.itemId);
    const overflow = await app.call('catalog/save', { item_id: b.itemId, cat_id: b.cats.X, cat_name: 'X', parent_cat_id: b.cats.Y }, { token: ann.token });
    expect(overflow.error_code).toBe(10101);
    const self = await app.call('catalog/save', { item_id: b.itemId, cat_id: b.cats.X, cat_name: 'X', parent_cat_id: b.cats.X2 }, { token: ann.token });
    expect(self.error_code).toBe(10101);
    const empty = await app.call('catalog/save', { item_id: b.itemId, cat_name: '  ' }, { token: ann.token });
    expect(empty.error_code).toBe(10101);
    expect(await snapshot(b.itemId)).toEqual(before);
  });

  it('IDOR: a cat_id or parent_cat_id of another item is refused, nothing changes', async () => {
    const mine = await buildItem(app, ann, { catalogs: [{ name: 'Mine' }] });
    const theirs = await buildItem(app, bob, { catalogs: [{ name: 'Theirs' }] });
    const a = await snapshot(mine.itemId);
    const t = await snapshot(theirs.itemId);
    const rename = await app.call('catalog/save', { item_id: mine.itemId, cat_id: theirs.cats.Theirs, cat_name: 'Pwned' }, { token: ann.token });
    expect(rename.error_code).toBe(10101);
    const parent = await app.call('catalog/save', { item_id: mine.itemId, cat_name: 'Sneaky', parent_cat_id: theirs.cats.Theirs }, { token: ann.token });
    expect(parent.error_code).toBe(10101);
    const move = await app.call('catalog/save', { item_id: mine.itemId, cat_id: mine.cats.Mine, cat_name: 'Mine', parent_cat_id: theirs.cats.Theirs }, { token: ann.token });
    expect(move.error_code).toBe(10101);
    expect(await snapshot(mine.itemId)).toEqual(a);
    expect(await snapshot(theirs.itemId)).toEqual(t);
  });

  it('publishes catalog.changed', async () => {
    const b = await buildItem(app, ann, {});
    const seen: number[] = [];
    const off = app.deps.events.on('catalog.changed', (e) => seen.push(e.itemId));
    try {
      await app.call('catalog/save', { item_id: b.itemId, cat_name: 'Evented' }, { token: ann.token });
    } finally {
      off();
    }
    expect(seen).toEqual([b.itemId]);
  });
});

describe('catalog/delete', () => {
  it('removes the subtree and sends its pages to the recycle bin with the deleter', async () => {
    const b = await buildItem(app, ann, standardItemSpec('Del'));
    await app.deps.db.insert(pageLocks).values([
      { pageId: b.pages.Tuning, lockUid: bob.uid, lockUsername: bob.username, lockTo: 2_000_000_000 },
      { pageId: b.pages.Endpoints, lockUid: bob.uid, lockUsername: bob.username, lockTo: 2_000_000_000 },
    ]);
    const deleted: number[] = [];
    const off = app.deps.events.on('page.deleted', (e) => deleted.push(e.pageId));
    let r;
    try {
      r = await app.call('catalog/delete', { item_id: b.itemId, cat_id: b.cats.Guide }, { token: ann.token });
    } finally {
      off();
    }
    expect(r.error_code).toBe(0);
    expect(r.data).toBe(true);
    const ids = [b.pages.Install, b.pages.Configure, b.pages.Tuning, b.pages.Storage];
    const rows = await app.deps.db.select().from(pages).where(inArray(pages.pageId, ids));
    expect(rows.every((p) => p.isDel === 1)).toBe(true);
    const bin = await app.deps.db.select().from(recycle).where(eq(recycle.itemId, b.itemId));
    expect(bin.map((x) => x.pageId).sort()).toEqual([...ids].sort());
    expect(bin[0]).toMatchObject({ delByUid: ann.uid, delByUsername: ann.username });
    expect(deleted.sort()).toEqual([...ids].sort());
    expect(await app.deps.db.select().from(pageLocks).where(inArray(pageLocks.pageId, ids))).toHaveLength(0);
    expect(await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, b.pages.Endpoints))).toHaveLength(1);
    const left = await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, b.itemId));
    expect(left.map((c) => c.catName)).toEqual(['API']);
    // untouched: root pages and the other catalog
    const others = await app.deps.db.select().from(pages).where(inArray(pages.pageId, [b.pages.Welcome, b.pages.Endpoints]));
    expect(others.every((p) => p.isDel === 0)).toBe(true);
  });

  it('IDOR: a catalog of another item is refused, whatever item_id says', async () => {
    const mine = await buildItem(app, ann, { catalogs: [{ name: 'Mine' }] });
    const theirs = await buildItem(app, bob, { catalogs: [{ name: 'Theirs', pages: ['Keep'] }] });
    const t = await snapshot(theirs.itemId);
    expect((await app.call('catalog/delete', { item_id: mine.itemId, cat_id: theirs.cats.Theirs }, { token: ann.token })).error_code).toBe(10101);
    expect((await app.call('catalog/delete', { cat_id: theirs.cats.Theirs }, { token: ann.token })).error_code).toBe(10103);
    expect(await snapshot(theirs.itemId)).toEqual(t);
    expect((await app.call('catalog/delete', { cat_id: 987654321 }, { token: ann.token })).error_code).toBe(10101);
  });
});

describe('catalog/batUpdate', () => {
  it('re-orders and re-parents catalogs and moves pages', async () => {
    const b = await buildItem(app, ann, { rootPages: ['Loose'], catalogs: [{ name: 'A', children: [{ name: 'A1' }] }, { name: 'B' }] });
    const cats = [
      { cat_id: b.cats.B, cat_name: 'B', parent_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: b.cats.A, cat_name: 'A', parent_cat_id: b.cats.B, level: 3, s_number: 2 },
      { cat_id: b.cats.A1, cat_name: 'A1', parent_cat_id: b.cats.A, level: 4, s_number: 1 },
      { page_id: b.pages.Loose, parent_cat_id: b.cats.A1, s_number: 7 },
    ];
    const r = await app.call('catalog/batUpdate', { item_id: b.itemId, cats: JSON.stringify(cats) }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect(await catRow(b.cats.A)).toMatchObject({ parentCatId: b.cats.B, level: 3, sNumber: 2 });
    expect(await catRow(b.cats.A1)).toMatchObject({ parentCatId: b.cats.A, level: 4 });
    expect(await catRow(b.cats.B)).toMatchObject({ level: 2, sNumber: 1 });
    const [p] = await app.deps.db.select().from(pages).where(eq(pages.pageId, b.pages.Loose));
    expect(p).toMatchObject({ catId: b.cats.A1, sNumber: 7 });
  });

  it('accepts the whole tree as ShowDoc’s editor sends it, even when an older tree is deeper than three levels', async () => {
    const b = await buildItem(app, ann, {
      catalogs: [{ name: 'L2', children: [{ name: 'L3', children: [{ name: 'L4', children: [{ name: 'L5 (imported)' }] }] }] }, { name: 'Other' }],
    });
    expect((await catRow(b.cats['L5 (imported)'])).level).toBe(5);
    const tree = [
      { cat_id: b.cats.Other, cat_name: 'Other', parent_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: b.cats.L2, cat_name: 'L2', parent_cat_id: 0, level: 2, s_number: 2 },
      { cat_id: b.cats.L3, cat_name: 'L3', parent_cat_id: b.cats.L2, level: 3, s_number: 1 },
      { cat_id: b.cats.L4, cat_name: 'L4', parent_cat_id: b.cats.L3, level: 4, s_number: 1 },
      { cat_id: b.cats['L5 (imported)'], cat_name: 'L5 (imported)', parent_cat_id: b.cats.L4, level: 5, s_number: 1 },
    ];
    const r = await app.call('catalog/batUpdate', { item_id: b.itemId, cats: JSON.stringify(tree) }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect((await catRow(b.cats.Other)).sNumber).toBe(1);
    expect((await catRow(b.cats.L2)).sNumber).toBe(2);
    const rename = await app.call('catalog/save', { item_id: b.itemId, cat_id: b.cats['L5 (imported)'], cat_name: 'L5 renamed', parent_cat_id: b.cats.L4 }, { token: ann.token });
    expect(rename.error_code).toBe(0);
    expect(await catRow(b.cats['L5 (imported)'])).toMatchObject({ catName: 'L5 renamed', level: 5 });
  });

  it('refuses bad payloads and foreign ids, changing nothing', async () => {
    const b = await buildItem(app, ann, { rootPages: ['Loose'], catalogs: [{ name: 'A', children: [{ name: 'A1', children: [{ name: 'A2' }] }] }, { name: 'B' }] });
    const other = await buildItem(app, bob, { rootPages: ['Foreign page'], catalogs: [{ name: 'Foreign' }] });
    const before = await snapshot(b.itemId);
    const otherBefore = await snapshot(other.itemId);
    const send = (cats: unknown) => app.call('catalog/batUpdate', { item_id: b.itemId, cats: typeof cats === 'string' ? cats : JSON.stringify(cats) }, { token: ann.token });
    const cases: [string, unknown][] = [
      ['not JSON', '[{cat_id: 1'],
      ['not a list', { cat_id: b.cats.A }],
      ['foreign catalog', [{ cat_id: other.cats.Foreign, cat_name: 'Mine now', parent_cat_id: 0 }]],
      ['foreign parent', [{ cat_id: b.cats.B, cat_name: 'B', parent_cat_id: other.cats.Foreign }]],
      ['foreign page', [{ page_id: other.pages['Foreign page'], parent_cat_id: b.cats.A }]],
      ['page into a foreign catalog', [{ page_id: b.pages.Loose, parent_cat_id: other.cats.Foreign }]],
      ['fourth level', [{ cat_id: b.cats.A, cat_name: 'A', parent_cat_id: b.cats.B }]],
      ['cycle', [{ cat_id: b.cats.A, cat_name: 'A', parent_cat_id: b.cats.A1 }, { cat_id: b.cats.A1, cat_name: 'A1', parent_cat_id: b.cats.A }]],
      ['valid entry then a foreign one', [{ cat_id: b.cats.B, cat_name: 'B2', parent_cat_id: 0, s_number: 1 }, { cat_id: other.cats.Foreign, parent_cat_id: 0 }]],
      ['object injection', [{ cat_id: { $ne: null }, parent_cat_id: 0 }]],
    ];
    for (const [label, cats] of cases) {
      const r = await send(cats);
      expect(r.error_code, label).toBe(10101);
    }
    expect(await snapshot(b.itemId)).toEqual(before);
    expect(await snapshot(other.itemId)).toEqual(otherBefore);
  });
});

describe('catalog/copy', () => {
  let src: BuiltItem;
  let dst: BuiltItem;
  beforeAll(async () => {
    src = await buildItem(app, ann, standardItemSpec('Copy src'));
    dst = await buildItem(app, bob, { catalogs: [{ name: 'Landing' }] });
    await addMember(app, dst.itemId, ann, 1);
  });

  it('copies a catalog with its sub-catalogs and pages into another item the caller may edit', async () => {
    const srcBefore = await snapshot(src.itemId);
    const r = await app.call('catalog/copy', { cat_id: src.cats.Guide, to_item_id: dst.itemId, new_p_cat_id: 0, is_del: 0 }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect(await catRow(Number(r.data.cat_id))).toMatchObject({ catName: 'Guide', itemId: dst.itemId, parentCatId: 0, level: 2 });
    const names = await app.call('catalog/catListName', { item_id: dst.itemId }, { token: bob.token });
    expect(names.data.map((c: any) => c.cat_name).sort()).toEqual(['Guide', 'Guide / Advanced', 'Guide / Advanced / Internals', 'Landing']);
    const copied = await app.deps.db.select().from(pages).where(and(eq(pages.itemId, dst.itemId), eq(pages.isDel, 0)));
    expect(copied.map((p) => p.pageTitle).sort()).toEqual(['Configure', 'Install', 'Storage', 'Tuning']);
    expect(copied.some((p) => Object.values(src.pages).includes(p.pageId))).toBe(false);
    expect(await snapshot(src.itemId)).toEqual(srcBefore);
  });

  it('copies under a catalog of the target when the depth allows it, refuses a fourth level', async () => {
    const ok = await app.call('catalog/copy', { cat_id: src.cats.API, to_item_id: dst.itemId, new_p_cat_id: dst.cats.Landing }, { token: ann.token });
    expect(ok.error_code).toBe(0);
    expect(await catRow(Number(ok.data.cat_id))).toMatchObject({ level: 3, parentCatId: dst.cats.Landing, itemId: dst.itemId });
    const before = await snapshot(dst.itemId);
    const deep = await app.call('catalog/copy', { cat_id: src.cats.Guide, to_item_id: dst.itemId, new_p_cat_id: dst.cats.Landing }, { token: ann.token });
    expect(deep.error_code).toBe(10101);
    expect(await snapshot(dst.itemId)).toEqual(before);
  });

  it('moves (is_del=1) keeping ids: catalogs and pages now belong to the target', async () => {
    const from = await buildItem(app, ann, { catalogs: [{ name: 'Mover', pages: ['Moved page'], children: [{ name: 'Mover child', pages: ['Deep page'] }] }] });
    const r = await app.call('catalog/copy', { cat_id: from.cats.Mover, to_item_id: dst.itemId, new_p_cat_id: 0, is_del: 1 }, { token: ann.token });
    expect(r.error_code).toBe(0);
    expect(r.data.cat_id).toBe(String(from.cats.Mover));
    expect(await catRow(from.cats['Mover child'])).toMatchObject({ itemId: dst.itemId, level: 3 });
    const moved = await app.deps.db.select().from(pages).where(inArray(pages.pageId, [from.pages['Moved page'], from.pages['Deep page']]));
    expect(moved.every((p) => p.itemId === dst.itemId && p.isDel === 0)).toBe(true);
    const left = await app.call('item/info', { item_id: from.itemId }, { token: ann.token });
    expect(left.data.menu.catalogs).toEqual([]);
  });

  it('moving a catalog into its own subtree is refused', async () => {
    const b = await buildItem(app, ann, { catalogs: [{ name: 'P', children: [{ name: 'P1' }] }] });
    const before = await snapshot(b.itemId);
    const r = await app.call('catalog/copy', { cat_id: b.cats.P, to_item_id: b.itemId, new_p_cat_id: b.cats.P1, is_del: 1 }, { token: ann.token });
    expect(r.error_code).toBe(10101);
    expect(await snapshot(b.itemId)).toEqual(before);
  });

  it('authorises both items and checks new_p_cat_id against the target', async () => {
    const notMine = await buildItem(app, bob, { catalogs: [{ name: 'Bob only', pages: ['Bob page'] }] });
    const readOnly = await buildItem(app, bob, { catalogs: [{ name: 'RO' }] });
    await addMember(app, readOnly.itemId, ann, 0);
    const third = await buildItem(app, bob, { catalogs: [{ name: 'Third' }] });
    const snaps = async () => Promise.all([src, dst, notMine, readOnly, third].map((x) => snapshot(x.itemId)));
    const before = await snaps();
    // target not editable
    expect((await app.call('catalog/copy', { cat_id: src.cats.API, to_item_id: notMine.itemId }, { token: ann.token })).error_code).toBe(10103);
    expect((await app.call('catalog/copy', { cat_id: src.cats.API, to_item_id: readOnly.itemId }, { token: ann.token })).error_code).toBe(10103);
    // source not editable (cat_id of someone else's item)
    expect((await app.call('catalog/copy', { cat_id: notMine.cats['Bob only'], to_item_id: src.itemId }, { token: ann.token })).error_code).toBe(10103);
    expect((await app.call('catalog/copy', { cat_id: notMine.cats['Bob only'], to_item_id: src.itemId, is_del: 1 }, { token: ann.token })).error_code).toBe(10103);
    // parent catalog from a third item
    expect((await app.call('catalog/copy', { cat_id: src.cats.API, to_item_id: dst.itemId, new_p_cat_id: third.cats.Third }, { token: ann.token })).error_code).toBe(10101);
    // item_id naming another item than the catalog's
    expect((await app.call('catalog/copy', { item_id: src.itemId, cat_id: notMine.cats['Bob only'], to_item_id: src.itemId }, { token: ann.token })).error_code).toBe(10101);
    expect(await snaps()).toEqual(before);
  });
});
