// Pages over HTTP: the role × endpoint matrix, save (history, URL encoding, limits, events),
// history retention, diff, delete, and id swaps between items (IDOR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { createUserWithToken } from '../helpers/cluster';
import { catalogs, items, pageHistory, pages, recycle, teamItemMembers, teamItems, teamMembers, teams } from '../../server/db/schema';
import { markRemote, type DomainEvents } from '../../server/events';
import { savePage } from '../../server/domain/pages/save';
import { watchPage } from '../../server/domain/subscriptions/pageWatchers';

let app: TestApp;
type U = { uid: number; username: string; user_token: string };
const u: Record<string, U> = {};
const ids = {
  item: 0,
  other: 0,
  privateItem: 0,
  archived: 0,
  display: 0,
  second: 0,
  catA: 0,
  catA1: 0,
  catB: 0,
  otherCat: 0,
  pRoot: 0,
  pA: 0,
  pA1: 0,
  pB: 0,
  pOther: 0,
  pPrivate: 0,
  pArchived: 0,
  pDisplay: 0,
  pSecond: 0,
  otherHistory: 0,
};

const call = (path: string, params: Record<string, unknown>, who?: string) => app.call(path, params, who ? { token: u[who].user_token } : {});
const pageRow = async (id: number) => (await app.deps.db.select().from(pages).where(eq(pages.pageId, id)))[0];
const historyOf = (id: number) => app.deps.db.select().from(pageHistory).where(eq(pageHistory.pageId, id));

async function catalog(itemId: number, name: string, parent = 0, level = 2): Promise<number> {
  const [row] = await app.deps.db.insert(catalogs).values({ itemId, catName: name, parentCatId: parent, level, addtime: 1 }).returning();
  return row.catId;
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['owner', 'stranger', 'reader', 'editor', 'limited', 'teamer', 'admin']) {
    u[name] = await createUserWithToken(app.database, `pg_${name}`, name === 'admin' ? 1 : 2);
  }
  const db = app.deps.db;
  const owner = u.owner;
  ids.item = await seedItem(db, owner, { itemName: 'Pages item' });
  ids.catA = await catalog(ids.item, 'A');
  ids.catA1 = await catalog(ids.item, 'A1', ids.catA, 3);
  ids.catB = await catalog(ids.item, 'B');
  const authored = { authorUid: owner.uid, authorUsername: owner.username };
  ids.pRoot = await seedPage(db, ids.item, 'root page', { pageTitle: 'Root', ...authored });
  ids.pA = await seedPage(db, ids.item, 'page in A', { pageTitle: 'In A', catId: ids.catA, ...authored });
  ids.pA1 = await seedPage(db, ids.item, 'page in A1', { pageTitle: 'In A1', catId: ids.catA1, ...authored });
  ids.pB = await seedPage(db, ids.item, 'secret of B', { pageTitle: 'In B', catId: ids.catB, ...authored });
  await addMember(db, ids.item, u.reader, 0);
  await addMember(db, ids.item, u.editor, 1);
  await addMember(db, ids.item, u.limited, 1, ids.catA);
  const [team] = await db.insert(teams).values({ teamName: 'T', uid: owner.uid, username: owner.username }).returning();
  await db.insert(teamMembers).values({ teamId: team.id, memberUid: u.teamer.uid, memberUsername: u.teamer.username });
  await db.insert(teamItems).values({ teamId: team.id, itemId: ids.item });
  await db.insert(teamItemMembers).values({ teamId: team.id, itemId: ids.item, memberUid: u.teamer.uid, memberUsername: u.teamer.username, memberGroupId: 1 });

  ids.other = await seedItem(db, u.stranger, { itemName: 'Other item' });
  ids.otherCat = await catalog(ids.other, 'Other cat');
  ids.pOther = await seedPage(db, ids.other, 'other content', { pageTitle: 'Other', catId: ids.otherCat });
  const [h] = await db.insert(pageHistory).values({ pageId: ids.pOther, itemId: ids.other, pageContent: 'old other', pageComments: 'c' }).returning();
  ids.otherHistory = h.pageHistoryId;

  ids.privateItem = await seedItem(db, owner, { itemName: 'Private', password: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' });
  ids.pPrivate = await seedPage(db, ids.privateItem, 'private text', authored);
  ids.archived = await seedItem(db, owner, { itemName: 'Archived', isArchived: 1 });
  ids.pArchived = await seedPage(db, ids.archived, 'archived text', authored);
  ids.display = await seedItem(db, owner, { itemName: 'Display', itemType: 3 });
  ids.pDisplay = await seedPage(db, ids.display, 'display text', authored);
  ids.second = await seedItem(db, owner, { itemName: 'Second of owner' });
  ids.pSecond = await seedPage(db, ids.second, 'second text', authored);
}, 120_000);
afterAll(() => app?.close());

describe('page/info', () => {
  it('answers the same page without path from memory: identical fields, gzipped when large and asked for', async () => {
    const big = await seedPage(app.deps.db, ids.item, '## Big\n\n' + '长内容 long content line\n'.repeat(1500), { pageTitle: 'Big page', catId: ids.catA1 });
    const withPath = await call('page/info', { page_id: big, with_path: 1 }, 'reader');
    const res = await app.fetch('/api/page/info', {
      method: 'POST',
      headers: { 'x-api-token': u.reader.user_token, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' },
      body: `page_id=${big}`,
    });
    // fetch decodes the body; the header says what came over the wire
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await res.json();
    const { full_path: _path, ...fields } = withPath.data;
    expect(_path).toHaveLength(3);
    expect(plain).toEqual({ error_code: 0, data: fields });
    // a save changes the answer at once
    expect((await call('page/save', { page_id: big, page_title: 'Big page', page_content: 'now small' }, 'owner')).error_code).toBe(0);
    expect((await call('page/info', { page_id: big }, 'reader')).data.page_content).toBe('now small');
  });

  it('serves a page with formatted times, attachment count and share key', async () => {
    const r = await call('page/info', { page_id: ids.pA1, with_path: 1 }, 'reader');
    expect(r.error_code).toBe(0);
    // ShowDoc's types: the page row's ids as text, the count as a number
    expect(r.data).toMatchObject({ page_id: String(ids.pA1), item_id: String(ids.item), cat_id: String(ids.catA1), page_title: 'In A1', page_content: 'page in A1', attachment_count: 0, unique_key: '' });
    expect(r.data.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.data.full_path).toEqual([
      { cat_id: String(ids.catA), cat_name: 'A' },
      { cat_id: String(ids.catA1), cat_name: 'A1' },
      { page_id: String(ids.pA1), page_title: 'In A1' },
    ]);
    expect(r.data.search_vector).toBeUndefined();
  });

  const matrix: [string, string | undefined, () => number, number][] = [
    ['anonymous on a public item', undefined, () => ids.pB, 0],
    ['anonymous on a private item', undefined, () => ids.pPrivate, 10307],
    ['a stranger on a private item', 'stranger', () => ids.pPrivate, 10307],
    ['a stranger on a public item', 'stranger', () => ids.pB, 0],
    ['a read-only member', 'reader', () => ids.pB, 0],
    ['a catalog-limited member inside its catalog (sub-catalog)', 'limited', () => ids.pA1, 0],
    ['a catalog-limited member outside its catalogs', 'limited', () => ids.pB, 10103],
    ['a catalog-limited member on a root page', 'limited', () => ids.pRoot, 10103],
    ['a team member', 'teamer', () => ids.pB, 0],
    ['the creator on a private item', 'owner', () => ids.pPrivate, 0],
    ['an administrator on a private item', 'admin', () => ids.pPrivate, 0],
    ['anyone on an archived item', 'reader', () => ids.pArchived, 0],
  ];
  for (const [label, who, page, code] of matrix) {
    it(`${code ? 'refuses' : 'serves'} ${label}`, async () => {
      for (const path of ['page/info', 'page/history', 'page/isLock']) {
        const r = await call(path, { page_id: page() }, who);
        expect(r.error_code, path).toBe(code);
      }
    });
  }

  it('answers 10101 for a missing or deleted page', async () => {
    expect((await call('page/info', { page_id: 999999 }, 'owner')).error_code).toBe(10101);
    expect((await call('page/info', { page_id: 'abc' }, 'owner')).error_code).toBe(10101);
  });
});

describe('page/save', () => {
  it('creates a page in a catalog and returns page_id; version 1, searchable', async () => {
    const r = await call('page/save', { page_id: 0, item_id: ids.item, cat_id: ids.catA, page_title: 'New one', page_content: '# hello' }, 'editor');
    expect(r.error_code).toBe(0);
    const row = await pageRow(r.data.page_id);
    expect(row).toMatchObject({ itemId: ids.item, catId: ids.catA, pageTitle: 'New one', pageContent: '# hello', version: 1, authorUid: u.editor.uid, sNumber: 99 });
    expect(row.searchVector).toBeTruthy();
    expect(await historyOf(row.pageId)).toHaveLength(0);
  });

  it('updates: keeps the previous version in history, bumps version, emits page.saved with previousContent', async () => {
    const id = await seedPage(app.deps.db, ids.item, 'version one', { pageTitle: 'V', authorUid: u.owner.uid, authorUsername: u.owner.username });
    // the save reads who watches the page, so its notices need no query of their own
    await watchPage(app.deps, id, [u.owner.uid, u.editor.uid]);
    const seen: DomainEvents['page.saved'][] = [];
    const off = app.deps.events.on('page.saved', (e) => seen.push(e));
    try {
      const r = await call('page/save', { page_id: id, item_id: ids.item, page_title: 'V2', page_content: 'version two', page_comments: 'fix typo' }, 'editor');
      expect(r.error_code).toBe(0);
      // saving over a page answers its row read back: the id as text (a new page: the insert id, a number)
      expect(r.data.page_id).toBe(String(id));
      const collab = await call('page/save', { page_id: id, page_title: 'V3', page_content: 'version three', from_collab: 1 }, 'editor');
      expect(collab.error_code).toBe(0);
    } finally {
      off();
    }
    const row = await pageRow(id);
    expect(row).toMatchObject({ pageTitle: 'V3', pageContent: 'version three', version: 3, authorUid: u.editor.uid });
    const hist = await historyOf(id);
    expect(hist.map((h) => h.pageContent).sort()).toEqual(['version one', 'version two']);
    expect(hist.find((h) => h.pageContent === 'version one')!.authorUid).toBe(u.owner.uid);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({
      itemId: ids.item,
      pageId: id,
      uid: u.editor.uid,
      previousAuthorUid: u.owner.uid,
      title: 'V2',
      created: false,
      source: 'http',
      content: 'version two',
      previousContent: 'version one',
      version: 2,
      watcherUids: [u.owner.uid, u.editor.uid],
    });
    expect(seen[1]).toMatchObject({ source: 'collab', previousContent: 'version two', content: 'version three', previousAuthorUid: u.editor.uid, version: 3 });
  });

  it('decodes is_urlencode=1 content (PHP urldecode: + is a space)', async () => {
    const content = '中文 & a+b = 100%';
    const r = await call('page/save', { page_id: ids.pA, page_title: 'In A', page_content: encodeURIComponent(content) + '+tail', is_urlencode: 1 }, 'owner');
    expect(r.error_code).toBe(0);
    expect((await pageRow(ids.pA)).pageContent).toBe(content + ' tail');
  });

  it('refuses invalid percent-encoding, a 5 MB page and empty content, changing nothing', async () => {
    const before = await pageRow(ids.pA);
    const hist = (await historyOf(ids.pA)).length;
    const bad = await call('page/save', { page_id: ids.pA, page_content: 'ok %E4%B8 broken %zz', is_urlencode: 1 }, 'owner');
    expect(bad.error_code).toBe(10101);
    expect(bad.error_message).toMatch(/URL encoding/);
    const big = await call('page/save', { page_id: ids.pA, page_content: 'x'.repeat(5 * 1024 * 1024) }, 'owner');
    expect(big.error_code).not.toBe(0);
    expect(big.error_message).toMatch(/too large|too long/);
    const empty = await call('page/save', { page_id: ids.pA, page_content: '   ' }, 'owner');
    expect(empty.error_code).toBe(10101);
    expect(empty.error_message).toMatch(/Empty content/);
    const zh = await app.call('page/save', { page_id: ids.pA, page_content: '%E4%B8', is_urlencode: 1 }, { token: u.owner.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_message).toContain('URL 编码');
    const after = await pageRow(ids.pA);
    expect(after.version).toBe(before.version);
    expect(after.pageContent).toBe(before.pageContent);
    expect(await historyOf(ids.pA)).toHaveLength(hist);
  });

  const writers: [string, string | undefined, () => number, number][] = [
    ['anonymous', undefined, () => ids.pB, 10102],
    ['a stranger', 'stranger', () => ids.pB, 10103],
    ['a read-only member', 'reader', () => ids.pB, 10103],
    ['a catalog-limited member outside its catalogs', 'limited', () => ids.pB, 10103],
    ['the creator of an archived item', 'owner', () => ids.pArchived, 10103],
    ['the creator of a type-3 item', 'owner', () => ids.pDisplay, 10103],
    ['an administrator of an archived item', 'admin', () => ids.pArchived, 10103],
    ['a catalog-limited member inside its catalog', 'limited', () => ids.pA1, 0],
    ['an edit member', 'editor', () => ids.pB, 0],
    ['a team member', 'teamer', () => ids.pB, 0],
    ['the creator', 'owner', () => ids.pB, 0],
    ['an administrator', 'admin', () => ids.pB, 0],
  ];
  for (const [label, who, page, code] of writers) {
    it(`${code ? 'refuses' : 'accepts'} an update by ${label}`, async () => {
      const before = await pageRow(page());
      const r = await call('page/save', { page_id: page(), page_title: before.pageTitle, page_content: `by ${label}` }, who);
      expect(r.error_code).toBe(code);
      const after = await pageRow(page());
      if (code) expect(after.version).toBe(before.version);
      else expect(after.pageContent).toBe(`by ${label}`);
    });
  }

  it('refuses creating a page for non-editors, outside the limit, in a foreign or missing catalog', async () => {
    const count = async () => (await app.deps.db.select().from(pages).where(eq(pages.itemId, ids.item))).length;
    const n = await count();
    const tries: [string, Record<string, unknown>, number][] = [
      ['reader', { cat_id: ids.catA }, 10103],
      ['stranger', { cat_id: 0 }, 10103],
      ['limited', { cat_id: ids.catB }, 10103],
      ['limited', { cat_id: 0 }, 10103],
      ['editor', { cat_id: ids.otherCat }, 10101],
      ['editor', { cat_id: 987654 }, 10101],
    ];
    for (const [who, extra, code] of tries) {
      const r = await call('page/save', { page_id: 0, item_id: ids.item, page_title: 'x', page_content: 'y', ...extra }, who);
      expect(r.error_code, `${who} ${JSON.stringify(extra)}`).toBe(code);
    }
    expect(await count()).toBe(n);
    const ok = await call('page/save', { page_id: 0, item_id: ids.item, cat_id: ids.catA1, page_title: 'limited new', page_content: 'y' }, 'limited');
    expect(ok.error_code).toBe(0);
  });

  it('IDOR: a page of another item with this item_id, or a foreign cat_id, is refused with nothing changed', async () => {
    const second = await pageRow(ids.pSecond);
    const swapped = await call('page/save', { page_id: ids.pSecond, item_id: ids.item, page_content: 'hijack' }, 'owner');
    expect(swapped.error_code).toBe(10101);
    const foreignCat = await call('page/save', { page_id: ids.pA, item_id: ids.item, cat_id: ids.otherCat, page_content: 'move' }, 'owner');
    expect(foreignCat.error_code).toBe(10101);
    const otherPage = await call('page/save', { page_id: ids.pOther, item_id: ids.item, page_content: 'hijack' }, 'editor');
    expect(otherPage.error_code).toBe(10103);
    expect(await pageRow(ids.pSecond)).toEqual(second);
    expect((await pageRow(ids.pOther)).pageContent).toBe('other content');
    expect((await pageRow(ids.pA)).catId).toBe(ids.catA);
  });

  it('bumps the item update time; a single-page item takes its page title as name', async () => {
    const single = await seedItem(app.deps.db, u.owner, { itemName: 'Old name', itemType: 2, lastUpdateTime: 5 });
    const page = await seedPage(app.deps.db, single, 'x', { pageTitle: 'Old name' });
    const r = await call('page/save', { page_id: page, page_title: 'New title', page_content: 'y' }, 'owner');
    expect(r.error_code).toBe(0);
    const [row] = await app.deps.db.select().from(items).where(eq(items.itemId, single));
    expect(row.itemName).toBe('New title');
    expect(row.lastUpdateTime).toBeGreaterThan(5);
  });

  it('a limited member may not move a page out of its catalogs', async () => {
    const r = await call('page/save', { page_id: ids.pA1, cat_id: ids.catB, page_content: 'moved' }, 'limited');
    expect(r.error_code).toBe(10103);
    expect((await pageRow(ids.pA1)).catId).toBe(ids.catA1);
  });
});

describe('history, comments and diff', () => {
  let pid = 0;
  beforeAll(async () => {
    pid = await seedPage(app.deps.db, ids.item, 'h0', { pageTitle: 'Hist', catId: ids.catB });
  });

  it('keeps only the configured number of versions (history_version_count)', async () => {
    await app.deps.settings.save({ history_version_count: 3 });
    try {
      for (let i = 1; i <= 5; i++) {
        const r = await call('page/save', { page_id: pid, page_title: 'Hist', page_content: `h${i}` }, 'owner');
        expect(r.error_code).toBe(0);
      }
      const rows = await historyOf(pid);
      expect(rows.map((r) => r.pageContent).sort()).toEqual(['h2', 'h3', 'h4']);
      const list = await call('page/history', { page_id: pid }, 'reader');
      expect(list.data.map((h: any) => h.page_content)).toEqual(['h4', 'h3', 'h2']);
    } finally {
      await app.deps.settings.save({ history_version_count: 50 });
    }
  });

  it('defaults to 50 versions', async () => {
    const id = await seedPage(app.deps.db, ids.item, 'start', { pageTitle: 'Many' });
    for (let i = 0; i < 53; i++) {
      await call('page/save', { page_id: id, page_title: 'Many', page_content: `v${i}` }, 'owner');
    }
    expect(await historyOf(id)).toHaveLength(50);
  });

  it('concurrent saves of one page each keep the version they replaced: none is lost', async () => {
    const id = await seedPage(app.deps.db, ids.item, 'start', { pageTitle: 'Race' });
    const contents = Array.from({ length: 8 }, (_, i) => `racer ${i}`);
    const results = await Promise.all(contents.map((c) => call('page/save', { page_id: id, page_title: 'Race', page_content: c }, 'owner')));
    expect(results.map((r) => r.error_code)).toEqual(contents.map(() => 0));
    const [page] = await app.deps.db.select().from(pages).where(eq(pages.pageId, id));
    const kept = (await historyOf(id)).map((h) => h.pageContent);
    // every version ever written is either the current one or in history, exactly once
    expect([...kept, page.pageContent].sort()).toEqual(['start', ...contents].sort());
    expect(page.version).toBe(1 + contents.length);
    // the answer from memory is the version the database kept last
    expect((await call('page/info', { page_id: id }, 'owner')).data.page_content).toBe(page.pageContent);
  });

  it("a save keeps the item row in memory with its new update time, and a single-page item's new name", async () => {
    const t0 = Math.floor(Date.now() / 1000) + 100;
    const single = await seedItem(app.deps.db, u.owner, { itemName: 'Single', itemType: 2 });
    const pageId = await seedPage(app.deps.db, single, 'one', { pageTitle: 'Single' });
    const loads: number[] = [];
    const load = (id: number) => async () => (loads.push(id), (await app.deps.db.select().from(items).where(eq(items.itemId, id)))[0]);
    app.setNow(t0);
    try {
      for (const [itemId, page, title] of [[ids.item, ids.pRoot, 'Root'], [single, pageId, 'Renamed by its page']] as const) {
        await app.deps.reads.item(itemId, load(itemId));
        loads.length = 0;
        expect((await call('page/save', { page_id: page, page_title: title, page_content: `at ${t0}` }, 'owner')).error_code).toBe(0);
        const cached = await app.deps.reads.item(itemId, load(itemId));
        expect(loads).toEqual([]);
        const [stored] = await app.deps.db.select().from(items).where(eq(items.itemId, itemId));
        expect(stored.lastUpdateTime).toBe(t0);
        expect(cached).toEqual(stored);
      }
      expect((await app.deps.reads.item(single, load(single)))?.itemName).toBe('Renamed by its page');
    } finally {
      app.setNow(undefined);
    }
  });

  it('a save keeps its row for the next read, unless another write to the page overlapped it', async () => {
    const id = await seedPage(app.deps.db, ids.item, 'start', { pageTitle: 'Kept' });
    const input = { itemId: ids.item, pageId: id, title: 'Kept', uid: u.owner.uid, username: u.owner.username, source: 'http' as const };
    const loads: number[] = [];
    const read = () => app.deps.reads.page(id, async () => (loads.push(id), pageRow(id)) as never);
    await savePage(app.deps, { ...input, content: 'alone' });
    expect((await read())?.pageContent).toBe('alone');
    expect(loads).toHaveLength(0);
    // another process's write to this page is announced while this save runs: its row may be older
    const saving = savePage(app.deps, { ...input, content: 'overlapped' });
    app.deps.events.emit('reads.stale', markRemote({ pageIds: [id] }));
    await saving;
    expect((await read())?.pageContent).toBe('overlapped');
    expect(loads).toHaveLength(1);
  });

  it('updates comments of a version (editors only, ids of this page only)', async () => {
    const [h] = await historyOf(pid);
    expect((await call('page/updateHistoryComments', { page_id: pid, page_history_id: h.pageHistoryId, page_comments: 'note' }, 'reader')).error_code).toBe(10103);
    expect((await call('page/updateHistoryComments', { page_id: pid, page_history_id: h.pageHistoryId, page_comments: 'note' }, 'limited')).error_code).toBe(10103);
    expect((await call('page/updateHistoryComments', { page_id: pid, page_history_id: h.pageHistoryId, page_comments: 'note' })).error_code).toBe(10102);
    const ok = await call('page/updateHistoryComments', { page_id: pid, page_history_id: h.pageHistoryId, page_comments: 'note' }, 'editor');
    expect(ok.error_code).toBe(0);
    const list = await call('page/history', { page_id: pid }, 'editor');
    expect(list.data.find((x: any) => x.page_history_id === String(h.pageHistoryId)).page_comments).toBe('note');
    // IDOR: a history id of another item's page
    const idor = await call('page/updateHistoryComments', { page_id: pid, page_history_id: ids.otherHistory, page_comments: 'pwned' }, 'owner');
    expect(idor.error_code).toBe(10101);
    const [other] = await app.deps.db.select().from(pageHistory).where(eq(pageHistory.pageHistoryId, ids.otherHistory));
    expect(other.pageComments).toBe('c');
  });

  it('diffs the current page with a version of the same page only', async () => {
    const [h] = await historyOf(pid);
    const r = await call('page/diff', { page_id: pid, page_history_id: h.pageHistoryId }, 'reader');
    expect(r.error_code).toBe(0);
    expect(r.data.page.page_content).toBe('h5');
    expect(r.data.history_page.page_content).toBe(h.pageContent);
    expect((await call('page/diff', { page_id: pid, page_history_id: ids.otherHistory }, 'owner')).error_code).toBe(10101);
    expect((await call('page/diff', { page_id: pid, page_history_id: h.pageHistoryId }, 'limited')).error_code).toBe(10103);
    expect((await call('page/history', { page_id: pid }, 'limited')).error_code).toBe(10103);
    expect((await call('page/diff', { page_id: ids.pPrivate, page_history_id: 1 }, 'stranger')).error_code).toBe(10307);
  });
});

describe('page/delete', () => {
  it('moves the page to the recycle bin with deleter and time; managers or the author only', async () => {
    const byOwner = await seedPage(app.deps.db, ids.item, 'x', { pageTitle: 'Owner page', catId: ids.catA, authorUid: u.owner.uid, authorUsername: u.owner.username });
    const byEditor = await seedPage(app.deps.db, ids.item, 'x', { pageTitle: 'Editor page', catId: ids.catA, authorUid: u.editor.uid, authorUsername: u.editor.username });
    expect((await call('page/delete', { page_id: byOwner })).error_code).toBe(10102);
    expect((await call('page/delete', { page_id: byOwner }, 'stranger')).error_code).toBe(10103);
    expect((await call('page/delete', { page_id: byOwner }, 'reader')).error_code).toBe(10103);
    expect((await call('page/delete', { page_id: byOwner }, 'editor')).error_code).toBe(10303);
    expect((await call('page/delete', { page_id: byOwner, item_id: ids.second }, 'owner')).error_code).toBe(10101);
    expect((await call('page/delete', { page_id: ids.pArchived }, 'owner')).error_code).toBe(10103);
    expect((await call('page/delete', { page_id: ids.pDisplay }, 'owner')).error_code).toBe(10103);
    expect((await pageRow(byOwner)).isDel).toBe(0);
    expect((await pageRow(ids.pArchived)).isDel).toBe(0);

    const t = Math.floor(Date.now() / 1000) + 1000;
    app.setNow(t);
    try {
      expect((await call('page/delete', { page_id: byEditor }, 'editor')).error_code).toBe(0);
      expect((await call('page/delete', { page_id: byOwner }, 'admin')).error_code).toBe(0);
    } finally {
      app.setNow(undefined);
    }
    const row = await pageRow(byEditor);
    expect(row.isDel).toBe(1);
    expect(row.addtime).toBe(t);
    const [bin] = await app.deps.db.select().from(recycle).where(and(eq(recycle.pageId, byEditor), eq(recycle.itemId, ids.item)));
    expect(bin).toMatchObject({ delByUid: u.editor.uid, delByUsername: u.editor.username, delTime: t, pageTitle: 'Editor page' });
    expect((await call('page/info', { page_id: byEditor }, 'owner')).error_code).toBe(10101);
    expect((await call('page/delete', { page_id: byEditor }, 'owner')).error_code).toBe(10101);
  });
});
