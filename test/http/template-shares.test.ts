// template/getMyList, shareToItem, getItemList, getShareItemList (ShowDoc v3): only the owner
// shares a template, only with items they may edit; an item's shared templates go to its
// editors, not to readers, strangers or anonymous callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem } from '../helpers/realtime';
import { templateItems } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';

type U = { uid: number; user_token: string; username: string };
let app: TestApp;
let owner: U, editor: U, reader: U, stranger: U;
let itemA: number, itemB: number, foreign: number;
let templateId: number;

const call = (path: string, params: Record<string, unknown>, who?: U) => app.call(path, params, { token: who?.user_token });
const shares = () => app.deps.db.select().from(templateItems).where(eq(templateItems.templateId, templateId));

beforeAll(async () => {
  app = await startTestApp();
  await app.register('tpl_admin'); // the first account is the administrator
  owner = await app.register('tpl_owner');
  editor = await app.register('tpl_editor');
  reader = await app.register('tpl_reader');
  stranger = await app.register('tpl_stranger');
  itemA = await seedItem(app.deps.db, owner, { itemName: 'Alpha' });
  itemB = await seedItem(app.deps.db, owner, { itemName: 'Beta', password: 'not-a-real-hash' });
  foreign = await seedItem(app.deps.db, stranger, { itemName: 'Not yours' });
  for (const id of [itemA, itemB]) {
    await addMember(app.deps.db, id, editor, 1);
    await addMember(app.deps.db, id, reader, 0);
  }
  templateId = (await call('template/save', { template_title: 'API page', template_content: '## API\n|a|b|' }, owner)).data.id;
}, 120_000);
afterAll(() => app.close());

describe('template/shareToItem', () => {
  it('shares with items the owner may edit, replacing earlier shares', async () => {
    expect((await call('template/shareToItem', { template_id: templateId, item_id: `${itemA},${itemB}` }, owner)).error_code).toBe(0);
    expect((await shares()).map((s) => s.itemId).sort()).toEqual([itemA, itemB].sort());
    await call('template/shareToItem', { template_id: templateId, item_id: String(itemA) }, owner);
    expect((await shares()).map((s) => s.itemId)).toEqual([itemA]);
  });

  it('refuses an item the owner may not edit, leaving the shares as they were', async () => {
    const r = await call('template/shareToItem', { template_id: templateId, item_id: `${itemB},${foreign}` }, owner);
    expect(r.error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await shares()).map((s) => s.itemId)).toEqual([itemA]);
  });

  it('refuses anyone but the owner (editor of the item, stranger, anonymous) and bad input', async () => {
    expect((await call('template/shareToItem', { template_id: templateId, item_id: String(itemA) })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call('template/shareToItem', { template_id: templateId, item_id: String(itemB) }, editor)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('template/shareToItem', { template_id: templateId, item_id: String(foreign) }, stranger)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('template/shareToItem', { template_id: templateId, item_id: '' }, owner)).error_code).toBe(10101);
    expect((await call('template/shareToItem', { template_id: templateId, item_id: '1 or 1=1' }, owner)).error_code).toBe(10101);
    expect((await shares()).map((s) => s.itemId)).toEqual([itemA]);
  });
});

describe('template/getItemList, getMyList, getShareItemList', () => {
  it("offers an item's shared templates to its editors, with ShowDoc's string ids", async () => {
    const r = await call('template/getItemList', { item_id: itemA }, editor);
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual([expect.objectContaining({ id: String(templateId), uid: String(owner.uid), template_title: 'API page', template_content: '## API\n|a|b|' })]);
    expect(r.data[0].addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses the read-only member, a stranger and anonymous callers', async () => {
    expect((await call('template/getItemList', { item_id: itemA }, reader)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('template/getItemList', { item_id: itemA }, stranger)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('template/getItemList', { item_id: itemA })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it("lists the owner's templates with where each is shared", async () => {
    const mine = await call('template/getMyList', {}, owner);
    expect(mine.data).toEqual([expect.objectContaining({ id: String(templateId), share_item_count: 1 })]);
    expect(mine.data[0].share_item[0]).toMatchObject({ template_id: String(templateId), item_id: String(itemA), item_name: 'Alpha', uid: String(owner.uid) });
    expect((await call('template/getMyList', {}, editor)).data).toEqual([]);
    const list = await call('template/getShareItemList', { template_id: templateId }, owner);
    expect(list.data.map((s: any) => s.item_id)).toEqual([String(itemA)]);
    expect((await call('template/getShareItemList', { template_id: templateId }, editor)).error_code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('"0" shares with no item; deleting a template removes its shares', async () => {
    await call('template/shareToItem', { template_id: templateId, item_id: '0' }, owner);
    expect(await shares()).toEqual([]);
    await call('template/shareToItem', { template_id: templateId, item_id: String(itemA) }, owner);
    await call('template/delete', { id: templateId }, owner);
    expect(await shares()).toEqual([]);
    expect((await call('template/getItemList', { item_id: itemA }, editor)).data).toEqual([]);
  });
});
