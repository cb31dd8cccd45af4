// Recycle bin over HTTP: list and recover (managers only, page back at the root), and the
// 30-day purge through housekeeping (page, history, share, locks and live-document state gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { catalogs, docSnapshots, docUpdates, items, pageHistory, pages, recycle, singlePages } from '../../server/db/schema';
import { runCleanup } from '../../server/domain/housekeeping';
import type { DomainEvents } from '../../server/events';
import '../../server/api/recycle';

let app: TestApp;
const u: Record<string, ClusterUser> = {};
let item = 0;
let other = 0;
let archived = 0;
let cat = 0;

const call = (path: string, params: Record<string, unknown>, who?: string) => app.call(path, params, who ? { token: u[who].user_token } : {});
const pageRow = async (id: number) => (await app.deps.db.select().from(pages).where(eq(pages.pageId, id)))[0];
const binOf = (itemId: number) => app.deps.db.select().from(recycle).where(eq(recycle.itemId, itemId));

async function deleted(itemId: number, title: string, by: string, catId = 0): Promise<number> {
  const id = await seedPage(app.deps.db, itemId, `content of ${title}`, { pageTitle: title, catId, authorUid: u[by].uid, authorUsername: u[by].username });
  const r = await call('page/delete', { page_id: id }, by);
  expect(r.error_code).toBe(0);
  return id;
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['owner', 'stranger', 'reader', 'editor', 'manager', 'admin']) {
    u[name] = await createUserWithToken(app.database, `rc_${name}`, name === 'admin' ? 1 : 2);
  }
  item = await seedItem(app.deps.db, u.owner);
  [{ catId: cat }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'Docs' }).returning();
  await addMember(app.deps.db, item, u.reader, 0);
  await addMember(app.deps.db, item, u.editor, 1);
  await addMember(app.deps.db, item, u.manager, 2);
  other = await seedItem(app.deps.db, u.stranger);
  archived = await seedItem(app.deps.db, u.owner);
}, 120_000);
afterAll(() => app?.close());

describe('recycle/getList', () => {
  it('lists deleted pages newest first with deleter and time, for managers only', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    app.setNow(t0);
    await deleted(item, 'first', 'owner', cat);
    app.setNow(t0 + 10);
    await deleted(item, 'second', 'editor', cat);
    app.setNow(undefined);
    for (const who of ['owner', 'manager', 'admin']) {
      const r = await call('recycle/getList', { item_id: item }, who);
      expect(r.error_code, who).toBe(0);
      expect(r.data.map((x: any) => x.page_title)).toEqual(['second', 'first']);
      expect(r.data[0]).toMatchObject({ del_by_username: 'rc_editor', del_by_uid: String(u.editor.uid), item_id: String(item) });
      expect(r.data[0].del_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    for (const [who, code] of [[undefined, 10102], ['stranger', 10303], ['reader', 10303], ['editor', 10303]] as const) {
      expect((await call('recycle/getList', { item_id: item }, who)).error_code, String(who)).toBe(code);
    }
  });
});

describe('recycle/recover', () => {
  it('puts the page back at the item root and emits page.saved (source recover)', async () => {
    const id = await deleted(item, 'to recover', 'editor', cat);
    const seen: DomainEvents['page.saved'][] = [];
    const off = app.deps.events.on('page.saved', (e) => seen.push(e));
    try {
      const r = await call('recycle/recover', { item_id: item, page_id: id }, 'manager');
      expect(r.error_code).toBe(0);
    } finally {
      off();
    }
    const row = await pageRow(id);
    expect(row).toMatchObject({ isDel: 0, catId: 0 });
    expect((await binOf(item)).some((b) => b.pageId === id)).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ pageId: id, itemId: item, source: 'recover', created: false, content: 'content of to recover', uid: u.manager.uid });
    expect((await call('page/info', { page_id: id }, 'reader')).data.cat_id).toBe('0');
    // recovering again: not in the bin any more
    expect((await call('recycle/recover', { item_id: item, page_id: id }, 'owner')).error_code).toBe(10101);
  });

  it('refuses non-managers, foreign pages (IDOR) and archived items, changing nothing', async () => {
    const id = await deleted(item, 'stays deleted', 'owner', cat);
    const foreign = await deleted(other, 'foreign', 'stranger');
    const inArchive = await deleted(archived, 'archived page', 'owner');
    await app.deps.db.update(items).set({ isArchived: 1 }).where(eq(items.itemId, archived));
    const tries: [string | undefined, Record<string, unknown>, number][] = [
      [undefined, { item_id: item, page_id: id }, 10102],
      ['stranger', { item_id: item, page_id: id }, 10303],
      ['reader', { item_id: item, page_id: id }, 10303],
      ['editor', { item_id: item, page_id: id }, 10303],
      ['owner', { item_id: item, page_id: foreign }, 10101],
      ['stranger', { item_id: other, page_id: id }, 10101],
      ['owner', { item_id: archived, page_id: inArchive }, 10103],
    ];
    for (const [who, params, code] of tries) {
      expect((await call('recycle/recover', params, who)).error_code, `${who} ${JSON.stringify(params)}`).toBe(code);
    }
    expect((await pageRow(id)).isDel).toBe(1);
    expect((await pageRow(foreign)).isDel).toBe(1);
    expect((await pageRow(inArchive)).isDel).toBe(1);
    expect((await binOf(other)).map((b) => b.pageId)).toEqual([foreign]);
  });
});

describe('purge after 30 days', () => {
  it('removes pages deleted more than 30 days ago with their history, shares and live state; keeps newer ones', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    app.setNow(t0 - 31 * 86400);
    const old = await seedPage(app.deps.db, item, 'old', { pageTitle: 'old' });
    await app.deps.db.insert(pageHistory).values({ pageId: old, itemId: item, pageContent: 'older' });
    await app.deps.db.insert(singlePages).values({ pageId: old, uniqueKey: 'f'.repeat(32) });
    await app.deps.db.insert(docUpdates).values({ docName: `page.${old}`, update: new Uint8Array([1, 2, 3]) });
    await app.deps.db.insert(docSnapshots).values({ docName: `page.${old}`, state: new Uint8Array([1]) });
    const r = await call('page/delete', { page_id: old }, 'owner');
    app.setNow(undefined);
    expect(r.error_code).toBe(0);
    const recent = await deleted(item, 'recent', 'owner');
    await app.deps.db.insert(docUpdates).values({ docName: `page.${recent}`, update: new Uint8Array([9]) });

    await runCleanup(app.deps);

    expect(await pageRow(old)).toBeUndefined();
    expect(await app.deps.db.select().from(pageHistory).where(eq(pageHistory.pageId, old))).toHaveLength(0);
    expect(await app.deps.db.select().from(singlePages).where(eq(singlePages.pageId, old))).toHaveLength(0);
    expect(await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${old}`))).toHaveLength(0);
    expect(await app.deps.db.select().from(docSnapshots).where(eq(docSnapshots.docName, `page.${old}`))).toHaveLength(0);
    expect(await app.deps.db.select().from(recycle).where(and(eq(recycle.pageId, old)))).toHaveLength(0);
    expect((await pageRow(recent)).isDel).toBe(1);
    expect(await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${recent}`))).toHaveLength(1);
    expect((await binOf(item)).some((b) => b.pageId === recent)).toBe(true);
  });
});
