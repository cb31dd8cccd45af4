// Single-page share links, page ordering and HTTP edit locks over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { attachmentPages, attachments, catalogs, pageLocks, pages, singlePages } from '../../server/db/schema';
import { pageExtrasOf } from '../../server/domain/pages/share';
import { joinEditSession } from '../../server/realtime/pageLocks';
import { LOCK_TTL_SECONDS } from '../../shared/limits';

let app: TestApp;
const u: Record<string, ClusterUser> = {};
let item = 0;
let other = 0;
let privateItem = 0;
let archived = 0;
let catA = 0;
let catB = 0;
let pA = 0;
let pA2 = 0;
let pB = 0;
let pRoot = 0;
let pOther = 0;
let pPrivate = 0;
let pArchived = 0;

const call = (path: string, params: Record<string, unknown>, who?: string) => app.call(path, params, who ? { token: u[who].user_token } : {});
const sNumbers = async (list: number[]) =>
  Object.fromEntries((await app.deps.db.select().from(pages).where(inArray(pages.pageId, list))).map((p) => [p.pageId, p.sNumber]));

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['owner', 'stranger', 'reader', 'editor', 'limited', 'admin']) {
    u[name] = await createUserWithToken(app.database, `sl_${name}`, name === 'admin' ? 1 : 2);
  }
  const db = app.deps.db;
  item = await seedItem(db, u.owner);
  [{ catId: catA }] = await db.insert(catalogs).values({ itemId: item, catName: 'A' }).returning();
  [{ catId: catB }] = await db.insert(catalogs).values({ itemId: item, catName: 'B' }).returning();
  pA = await seedPage(db, item, 'a', { pageTitle: 'A1', catId: catA, sNumber: 5 });
  pA2 = await seedPage(db, item, 'a2', { pageTitle: 'A2', catId: catA, sNumber: 6 });
  pB = await seedPage(db, item, 'b', { pageTitle: 'B1', catId: catB });
  pRoot = await seedPage(db, item, 'root', { pageTitle: 'Root' });
  await addMember(db, item, u.reader, 0);
  await addMember(db, item, u.editor, 1);
  await addMember(db, item, u.limited, 1, catA);
  other = await seedItem(db, u.stranger);
  pOther = await seedPage(db, other, 'other', { pageTitle: 'Other' });
  privateItem = await seedItem(db, u.owner, { password: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' });
  pPrivate = await seedPage(db, privateItem, 'private shared', { pageTitle: 'Private' });
  archived = await seedItem(db, u.owner, { isArchived: 1 });
  pArchived = await seedPage(db, archived, 'arch', { pageTitle: 'Arch' });
}, 120_000);
afterAll(() => app?.close());

describe('single-page share links', () => {
  it('creates a key that serves only that page to anyone, even on a private item', async () => {
    const r = await call('page/createSinglePage', { page_id: pPrivate, isCreateSiglePage: 'true' }, 'owner');
    expect(r.error_code).toBe(0);
    expect(r.data.unique_key).toMatch(/^[0-9a-f]{32}$/);
    const shared = await call('page/infoByKey', { unique_key: r.data.unique_key });
    expect(shared.error_code).toBe(0);
    expect(shared.data).toMatchObject({ page_id: String(pPrivate), page_content: 'private shared' });
    expect(shared.data.item_id).toBeUndefined();
    expect(shared.data.cat_id).toBeUndefined();
    const viaInfo = await call('page/info', { unique_key: r.data.unique_key });
    expect(viaInfo.data.page_content).toBe('private shared');
    // the key opens nothing else of the item
    expect((await call('page/info', { page_id: pPrivate })).error_code).toBe(10307);
    expect((await call('page/info', { page_id: pPrivate }, 'owner')).data.unique_key).toBe(r.data.unique_key);
  });

  it('a new key invalidates the old one at once; cancelling removes it', async () => {
    const first = await call('page/createSinglePage', { page_id: pA, isCreateSiglePage: 'true' }, 'editor');
    const second = await call('page/createSinglePage', { page_id: pA, isCreateSiglePage: 'true' }, 'editor');
    expect(second.data.unique_key).not.toBe(first.data.unique_key);
    const old = await call('page/infoByKey', { unique_key: first.data.unique_key });
    expect(old.error_code).toBe(10101);
    expect((await call('page/infoByKey', { unique_key: second.data.unique_key })).error_code).toBe(0);
    const cancel = await call('page/createSinglePage', { page_id: pA, isCreateSiglePage: 'false' }, 'editor');
    expect(cancel.error_code).toBe(0);
    expect(cancel.data).toEqual([]);
    expect((await call('page/infoByKey', { unique_key: second.data.unique_key })).error_code).toBe(10101);
    expect(await app.deps.db.select().from(singlePages).where(eq(singlePages.pageId, pA))).toHaveLength(0);
  });

  it('expires after expire_days', async () => {
    const r = await call('page/createSinglePage', { page_id: pRoot, isCreateSiglePage: 'true', expire_days: 1 }, 'owner');
    expect(r.data.expire_time).toBeGreaterThan(0);
    app.setNow(Math.floor(Date.now() / 1000) + 86400 + 60);
    try {
      const gone = await call('page/infoByKey', { unique_key: r.data.unique_key });
      expect(gone.error_code).toBe(10101);
      expect(gone.error_message).toMatch(/expired/);
    } finally {
      app.setNow(undefined);
    }
  });

  it('page/info shows the live key and each attached file once; an expired key is removed when read', async () => {
    const db = app.deps.db;
    const page = await seedPage(db, item, 'with files', { pageTitle: 'Files' });
    const file = (name: string, pageId: number) => ({ sign: `sign-${name}-${page}`, displayName: name, uid: u.owner.uid, itemId: item, pageId, storageKey: `key-${name}-${page}` });
    // one file bound by its own column and the binding table, one by the table only, one elsewhere
    const [both, tableOnly] = await db.insert(attachments).values([file('both', page), file('table', 0)]).returning();
    await db.insert(attachments).values(file('other page', pA));
    await db.insert(attachmentPages).values([
      { fileId: both.fileId, pageId: page, itemId: item },
      { fileId: tableOnly.fileId, pageId: page, itemId: item },
    ]);
    const shared = await call('page/createSinglePage', { page_id: page, isCreateSiglePage: 'true', expire_days: 1 }, 'owner');
    const info = await call('page/info', { page_id: page }, 'owner');
    expect(info.data).toMatchObject({ unique_key: shared.data.unique_key, attachment_count: 2 });
    // the share link's own answer counts them the same way
    expect((await call('page/infoByKey', { unique_key: shared.data.unique_key })).data.attachment_count).toBe(2);
    expect(await pageExtrasOf(app.deps, pA2)).toEqual({ share: undefined, attachmentCount: 0 });

    app.setNow(Math.floor(Date.now() / 1000) + 86400 + 60);
    try {
      // the cached extras still hold the key: page/info checks it against the time
      expect((await call('page/info', { page_id: page }, 'owner')).data.unique_key).toBe('');
      expect(await pageExtrasOf(app.deps, page)).toEqual({ share: undefined, attachmentCount: 2 });
      expect(await db.select().from(singlePages).where(eq(singlePages.pageId, page))).toEqual([]);
    } finally {
      app.setNow(undefined);
    }
  });

  it('refuses to share for readers, strangers, anonymous, archived items and pages outside a catalog limit', async () => {
    const tries: [string | undefined, number, number][] = [
      [undefined, pA, 10102],
      ['stranger', pA, 10103],
      ['reader', pA, 10103],
      ['limited', pB, 10103],
      ['owner', pArchived, 10103],
    ];
    for (const [who, page, code] of tries) {
      const r = await call('page/createSinglePage', { page_id: page, isCreateSiglePage: 'true' }, who);
      expect(r.error_code, `${who} ${page}`).toBe(code);
    }
    const rows = await app.deps.db.select().from(singlePages).where(inArray(singlePages.pageId, [pA, pB, pArchived]));
    expect(rows).toHaveLength(0);
    expect((await call('page/createSinglePage', { page_id: pA, isCreateSiglePage: 'true' }, 'limited')).error_code).toBe(0);
  });

  it('a deleted page is no longer served by its key', async () => {
    const r = await call('page/createSinglePage', { page_id: pA2, isCreateSiglePage: 'true' }, 'owner');
    await app.deps.db.update(pages).set({ isDel: 1 }).where(eq(pages.pageId, pA2));
    try {
      expect((await call('page/infoByKey', { unique_key: r.data.unique_key })).error_code).toBe(10101);
    } finally {
      await app.deps.db.update(pages).set({ isDel: 0 }).where(eq(pages.pageId, pA2));
    }
  });
});

describe('page/sort', () => {
  it('sets positions 1..n for pages of the item', async () => {
    const r = await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 2, [pA2]: 1 }) }, 'editor');
    expect(r.error_code).toBe(0);
    expect(await sNumbers([pA, pA2])).toEqual({ [pA]: 2, [pA2]: 1 });
  });

  it('refuses a payload that is not JSON or not a map of ids to positions, changing nothing', async () => {
    const before = await sNumbers([pA, pA2]);
    for (const bad of ['not json', '[1,2]', JSON.stringify({ [pA]: 'x' }), JSON.stringify({ abc: 1 }), JSON.stringify({ [pA]: -1 })]) {
      const r = await call('page/sort', { item_id: item, pages: bad }, 'owner');
      expect(r.error_code, bad).toBe(10101);
    }
    expect((await call('page/sort', { item_id: item }, 'owner')).error_code).toBe(10101);
    expect(await sNumbers([pA, pA2])).toEqual(before);
  });

  it('refuses foreign pages (IDOR) and pages outside the caller\'s rights, changing nothing', async () => {
    const before = await sNumbers([pA, pA2, pB, pOther]);
    const foreign = await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 7, [pOther]: 1 }) }, 'owner');
    expect(foreign.error_code).toBe(10101);
    expect((await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 7, [pB]: 1 }) }, 'limited')).error_code).toBe(10103);
    expect((await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 7 }) }, 'reader')).error_code).toBe(10103);
    expect((await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 7 }) }, 'stranger')).error_code).toBe(10103);
    expect((await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 7 }) })).error_code).toBe(10102);
    expect((await call('page/sort', { item_id: archived, pages: JSON.stringify({ [pArchived]: 7 }) }, 'owner')).error_code).toBe(10103);
    expect(await sNumbers([pA, pA2, pB, pOther])).toEqual(before);
    expect((await call('page/sort', { item_id: item, pages: JSON.stringify({ [pA]: 3, [pA2]: 4 }) }, 'limited')).error_code).toBe(0);
  });
});

describe('HTTP edit locks', () => {
  it('locks for the first editor and refuses a second user naming the holder, until lock_to=1000', async () => {
    const changes: number[] = [];
    const off = app.deps.events.on('page.lockChanged', (e) => changes.push(e.pageId));
    try {
      const first = await call('page/setLock', { page_id: pB, item_id: item }, 'editor');
      expect(first.error_code).toBe(0);
      expect(first.data.id).toBeGreaterThan(0);
      const second = await call('page/setLock', { page_id: pB, item_id: item }, 'owner');
      expect(second.error_code).toBe(10101);
      expect(second.error_message).toContain('sl_editor');
      const seen = await call('page/isLock', { page_id: pB }, 'owner');
      expect(seen.data).toMatchObject({ lock: 1, is_cur_user: 0, lock_username: 'sl_editor', lock_uid: String(u.editor.uid) });
      expect((await call('page/isLock', { page_id: pB }, 'editor')).data.is_cur_user).toBe(1);
      // an HTTP save by someone else is refused while the lock lasts
      const save = await call('page/save', { page_id: pB, page_content: 'overwrite' }, 'owner');
      expect(save.error_code).toBe(10101);
      expect(save.error_message).toContain('sl_editor');
      const [kept] = await app.deps.db.select().from(pages).where(eq(pages.pageId, pB));
      expect(kept.pageContent).not.toBe('overwrite');
      expect((await call('page/info', { page_id: pB }, 'owner')).data.page_content).toBe(kept.pageContent);
      // the holder saves through its own lock
      expect((await call('page/save', { page_id: pB, page_content: 'by the holder' }, 'editor')).error_code).toBe(0);
      // heartbeat by the holder keeps it
      expect((await call('page/setLock', { page_id: pB, item_id: item }, 'editor')).error_code).toBe(0);
      // someone else's release does nothing
      await call('page/setLock', { page_id: pB, lock_to: 1000 }, 'owner');
      expect((await call('page/isLock', { page_id: pB }, 'owner')).data.lock).toBe(1);
      const release = await call('page/setLock', { page_id: pB, item_id: item, lock_to: 1000 }, 'editor');
      expect(release.error_code).toBe(0);
      expect((await call('page/isLock', { page_id: pB }, 'owner')).data).toMatchObject({ lock: 0, lock_username: '' });
      expect((await call('page/setLock', { page_id: pB, item_id: item }, 'owner')).error_code).toBe(0);
      await call('page/setLock', { page_id: pB, lock_to: 1000 }, 'owner');
    } finally {
      off();
    }
    expect(changes.filter((p) => p === pB).length).toBeGreaterThanOrEqual(3);
    expect(await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pB))).toHaveLength(0);
  });

  it('an HTTP lock expires once its heartbeat stops', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    app.setNow(t0);
    try {
      expect((await call('page/setLock', { page_id: pA, item_id: item }, 'editor')).error_code).toBe(0);
      app.setNow(t0 + 180);
      expect((await call('page/setLock', { page_id: pA, item_id: item }, 'owner')).error_code).toBe(10101);
      // a heartbeat at 180 s carries the lock on
      expect((await call('page/setLock', { page_id: pA, item_id: item }, 'editor')).error_code).toBe(0);
      app.setNow(t0 + 180 + LOCK_TTL_SECONDS - 1);
      expect((await call('page/isLock', { page_id: pA }, 'owner')).data.lock).toBe(1);
      expect((await call('page/save', { page_id: pA, page_content: 'too early' }, 'owner')).error_code).toBe(10101);
      app.setNow(t0 + 180 + LOCK_TTL_SECONDS + 1);
      // an expired lock refuses no save
      expect((await call('page/save', { page_id: pA, page_content: 'after the lock' }, 'owner')).error_code).toBe(0);
      expect((await call('page/isLock', { page_id: pA }, 'owner')).data.lock).toBe(0);
      expect((await call('page/setLock', { page_id: pA, item_id: item }, 'owner')).error_code).toBe(0);
      await call('page/setLock', { page_id: pA, lock_to: 1000 }, 'owner');
    } finally {
      app.setNow(undefined);
    }
  });

  it('a live editor\'s session lock refuses an HTTP-only client; the same user keeps the session mode', async () => {
    const joined = await joinEditSession(app.deps, pA2, u.editor.uid, u.editor.username);
    expect(joined.ok).toBe(true);
    const other = await call('page/setLock', { page_id: pA2, item_id: item }, 'owner');
    expect(other.error_code).toBe(10101);
    expect(other.error_message).toContain('sl_editor');
    expect((await call('page/setLock', { page_id: pA2, item_id: item }, 'editor')).error_code).toBe(0);
    const [row] = await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pA2));
    expect(row.mode).toBe('session');
    // a session lock does not block HTTP saves (they merge into the live document)
    expect((await call('page/save', { page_id: pA2, page_content: 'merged' }, 'owner')).error_code).toBe(0);
    await app.deps.db.delete(pageLocks).where(eq(pageLocks.pageId, pA2));
  });

  it('refuses locks to those who may not edit, and item ids of another item', async () => {
    const tries: [string | undefined, Record<string, unknown>, number][] = [
      [undefined, { page_id: pA }, 10102],
      ['stranger', { page_id: pA }, 10103],
      ['reader', { page_id: pA }, 10103],
      ['limited', { page_id: pB }, 10103],
      ['owner', { page_id: pArchived }, 10103],
      ['owner', { page_id: pA, item_id: other }, 10101],
      ['admin', { page_id: pOther, item_id: item }, 10101],
    ];
    for (const [who, params, code] of tries) {
      expect((await call('page/setLock', params, who)).error_code, `${who} ${JSON.stringify(params)}`).toBe(code);
    }
    expect(await app.deps.db.select().from(pageLocks).where(inArray(pageLocks.pageId, [pA, pB, pArchived, pOther]))).toHaveLength(0);
    expect((await call('page/isLock', { page_id: pB }, 'limited')).error_code).toBe(10103);
    expect((await call('page/isLock', { page_id: pPrivate })).error_code).toBe(10307);
  });
});
