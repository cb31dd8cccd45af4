// /api/notice/*: a user's own notices only; unread count; setRead/delete by the recipient alone;
// content always sanitised; notices created from domain events (item transferred, page edited by
// someone else with burst dedupe, export/import finished) and pushed after commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectSocket, seedItem, seedPage, until } from '../helpers/realtime';
import { catalogs, notices } from '../../server/db/schema';
import type { DomainEvents } from '../../server/events';
import { PAGE_EDIT_NOTICE_WINDOW } from '../../server/domain/notices/pageEdited';

type U = { uid: number; user_token: string; username: string };

let app: TestApp;
const u: Record<string, U> = {};
const now = 1_800_000_000;

const noticesOf = (who: U) => app.deps.db.select().from(notices).where(eq(notices.toUid, who.uid));
const byType = async (who: U, type: string) => (await noticesOf(who)).filter((n) => n.noticeType === type);

async function insertNotice(to: U, extra: Partial<typeof notices.$inferInsert> = {}) {
  const [row] = await app.deps.db
    .insert(notices)
    .values({ toUid: to.uid, noticeTitle: 'Hello', noticeContent: '<p>hi</p>', noticeType: 'test', noticeTime: now, ...extra })
    .returning();
  return row;
}

function pageSaved(p: Partial<DomainEvents['page.saved']> & { itemId: number; pageId: number; uid: number; previousAuthorUid: number }): DomainEvents['page.saved'] {
  return { title: 'Guide', created: false, source: 'http', content: 'new', previousContent: 'old', version: 2, ...p };
}

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  app.setNow(now);
  for (const name of ['admin', 'ann', 'bob', 'cat', 'dan']) u[name] = await app.register(`n_${name}`);
}, 180_000);
afterAll(() => app.close());

describe('notice/getList, getUnreadCount', () => {
  it('needs a login', async () => {
    for (const a of ['getList', 'getUnreadCount', 'setRead', 'delete']) expect((await app.call(`notice/${a}`, { notice_id: 1 })).error_code, a).toBe(10102);
  });

  it('lists only the caller’s notices, newest first, all or unread, bounded by count', async () => {
    const a1 = await insertNotice(u.ann, { noticeTitle: 'first' });
    const a2 = await insertNotice(u.ann, { noticeTitle: 'second', isRead: 1 });
    const a3 = await insertNotice(u.ann, { noticeTitle: 'third' });
    await insertNotice(u.bob, { noticeTitle: 'bob only' });
    const all = await app.call('notice/getList', { notice_type: 'all' }, { token: u.ann.user_token });
    expect(all.error_code).toBe(0);
    expect(all.data.map((n: any) => n.notice_id)).toEqual([a3.noticeId, a2.noticeId, a1.noticeId]);
    expect(all.data[0]).toMatchObject({ notice_title: 'third', is_read: 0, notice_content: '<p>hi</p>', from_name: '' });
    expect(all.data[0].notice_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const unread = await app.call('notice/getList', { notice_type: 'unread' }, { token: u.ann.user_token });
    expect(unread.data.map((n: any) => n.notice_title)).toEqual(['third', 'first']);
    const one = await app.call('notice/getList', { notice_type: 'all', count: 1 }, { token: u.ann.user_token });
    expect(one.data.map((n: any) => n.notice_title)).toEqual(['third']);
    const count = await app.call('notice/getUnreadCount', {}, { token: u.ann.user_token });
    expect(count.data).toEqual({ unread_count: 2 });
    expect((await app.call('notice/getUnreadCount', {}, { token: u.bob.user_token })).data).toEqual({ unread_count: 1 });
  });

  it('refuses bad parameters', async () => {
    for (const p of [{ notice_type: 'everything' }, { count: 0 }, { count: 1000 }, { count: 'ten' }]) {
      const res = await app.call('notice/getList', p, { token: u.ann.user_token });
      expect(res.error_code, JSON.stringify(p)).toBe(10101);
    }
  });
});

describe('notice/setRead and notice/delete', () => {
  it('only the recipient may mark a notice read; the first reading time is kept', async () => {
    const n = await insertNotice(u.ann);
    const other = await app.call('notice/setRead', { notice_id: n.noticeId }, { token: u.bob.user_token });
    expect(other.error_code).toBe(10101);
    expect(other.error_message).toBe('Notice not found');
    expect((await app.call('notice/setRead', { notice_id: n.noticeId }, { token: u.admin.user_token })).error_code).toBe(10101);
    expect((await app.deps.db.select().from(notices).where(eq(notices.noticeId, n.noticeId)))[0].isRead).toBe(0);
    const before = (await app.call('notice/getUnreadCount', {}, { token: u.ann.user_token })).data.unread_count;
    expect((await app.call('notice/setRead', { notice_id: n.noticeId }, { token: u.ann.user_token })).error_code).toBe(0);
    expect((await app.call('notice/getUnreadCount', {}, { token: u.ann.user_token })).data.unread_count).toBe(before - 1);
    app.setNow(now + 50);
    expect((await app.call('notice/setRead', { notice_id: n.noticeId }, { token: u.ann.user_token })).error_code).toBe(0);
    app.setNow(now);
    const [row] = await app.deps.db.select().from(notices).where(eq(notices.noticeId, n.noticeId));
    expect(row).toMatchObject({ isRead: 1, readTime: now });
    expect((await app.call('notice/setRead', { notice_id: 999999 }, { token: u.ann.user_token })).error_code).toBe(10101);
    expect((await app.call('notice/setRead', { notice_id: 'x' }, { token: u.ann.user_token })).error_code).toBe(10101);
  });

  it('only the recipient may delete a notice', async () => {
    const n = await insertNotice(u.ann);
    expect((await app.call('notice/delete', { notice_id: n.noticeId }, { token: u.bob.user_token })).error_code).toBe(10101);
    expect((await app.call('notice/delete', { notice_id: n.noticeId }, { token: u.admin.user_token })).error_code).toBe(10101);
    expect(await app.deps.db.select().from(notices).where(eq(notices.noticeId, n.noticeId))).toHaveLength(1);
    expect((await app.call('notice/delete', { notice_id: n.noticeId }, { token: u.ann.user_token })).error_code).toBe(0);
    expect(await app.deps.db.select().from(notices).where(eq(notices.noticeId, n.noticeId))).toHaveLength(0);
    expect((await app.call('notice/delete', { notice_id: n.noticeId }, { token: u.ann.user_token })).error_code).toBe(10101);
  });
});

describe('notice content is sanitised HTML', () => {
  it('strips scripts, event handlers and dangerous links from stored content', async () => {
    const n = await insertNotice(u.cat, {
      noticeContent:
        '<p onclick="steal()">hi <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(2)>' +
        '<a href="javascript:alert(3)">bad</a><a href="//evil.example/x">far</a><a href="/12?page_id=3">ok</a>' +
        '<svg onload=alert(4)></svg><iframe src="/x"></iframe><style>*{}</style>',
    });
    const res = await app.call('notice/getList', {}, { token: u.cat.user_token });
    const content: string = res.data.find((x: any) => x.notice_id === n.noticeId).notice_content;
    expect(content).not.toMatch(/<script|onerror|onclick|onload|javascript:|<img|<svg|<iframe|<style|evil\.example/i);
    expect(content).toContain('<b>there</b>');
    expect(content).toContain('<a href="/12?page_id=3">ok</a>');
  });

  it('shows user-given names as text, in the reader’s language', async () => {
    const item = await seedItem(app.deps.db, u.bob, { itemName: '<img src=x onerror=alert(1)>Docs' });
    await app.call('user/updateInfo', { name: '<script>x</script>Bob' }, { token: u.bob.user_token });
    const res = await app.call('member/save', { item_id: item, username: 'n_cat', member_group_id: 0 }, { token: u.bob.user_token });
    expect(res.error_code).toBe(0);
    const en = (await app.call('notice/getList', { notice_type: 'unread' }, { token: u.cat.user_token })).data.find((x: any) => x.notice_type === 'member_added');
    expect(en.notice_content).not.toMatch(/<script|<img|<[^>]*onerror/);
    expect(en.notice_content).toContain('&lt;img src=x onerror=alert(1)&gt;Docs');
    expect(en.notice_content).toContain('read-only access');
    expect(en.notice_content).not.toContain('只读');
    const zh = (await app.call('notice/getList', { notice_type: 'unread' }, { token: u.cat.user_token, headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } })).data.find((x: any) => x.notice_type === 'member_added');
    expect(zh.notice_title).toBe('你被添加为项目成员');
    expect(zh.notice_content).toContain('只读权限');
    expect(zh.notice_content).not.toContain('read-only access');
  });
});

describe('notices from events', () => {
  it('item.attorned: the new owner is told (not for team transfers)', async () => {
    const item = await seedItem(app.deps.db, u.dan, { itemName: 'Moved' });
    app.deps.events.emit('item.attorned', { itemId: item, fromUid: u.ann.uid, toUid: u.dan.uid });
    await until(async () => (await byType(u.dan, 'item_attorned')).length === 1, 'item_attorned notice');
    const [n] = await byType(u.dan, 'item_attorned');
    expect(n).toMatchObject({ fromUid: u.ann.uid, fromName: 'n_ann', objectType: 'item', objectId: item });
    expect(n.noticeContent).toContain(`<a href="/${item}">Moved</a>`);
    app.deps.events.emit('item.attorned', { itemId: item, fromUid: u.ann.uid, toUid: u.bob.uid, teamId: 5 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await byType(u.bob, 'item_attorned')).toEqual([]);
  });

  it('page.saved: the earlier author is told once per burst, not for own edits, new or recovered pages', async () => {
    const item = await seedItem(app.deps.db, u.ann, { itemName: 'Wiki', password: 'pw' });
    await addMember(app.deps.db, item, u.bob, 1);
    await addMember(app.deps.db, item, u.cat, 1);
    const page = await seedPage(app.deps.db, item, 'text', { authorUid: u.bob.uid, pageTitle: 'Guide' });
    // not for own edits, new pages or recoveries
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.bob.uid, previousAuthorUid: u.bob.uid }));
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.bob.uid, created: true }));
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.bob.uid, source: 'recover' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(await byType(u.bob, 'page_edited')).toEqual([]);
    // a burst of saves by another user: one notice
    for (let i = 0; i < 4; i++) app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.bob.uid }));
    await until(async () => (await byType(u.bob, 'page_edited')).length === 1, 'page_edited notice');
    await new Promise((r) => setTimeout(r, 300));
    const burst = await byType(u.bob, 'page_edited');
    expect(burst).toHaveLength(1);
    expect(burst[0]).toMatchObject({ fromUid: u.ann.uid, objectType: 'page', objectId: page });
    expect(burst[0].noticeContent).toContain(`<a href="/${item}?page_id=${page}">Guide</a>`);
    // another editor is another notice; the same editor after the window is another one too
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.cat.uid, previousAuthorUid: u.bob.uid }));
    await until(async () => (await byType(u.bob, 'page_edited')).length === 2, 'second editor');
    app.setNow(now + PAGE_EDIT_NOTICE_WINDOW + 1);
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.bob.uid }));
    await until(async () => (await byType(u.bob, 'page_edited')).length === 3, 'after the window');
    app.setNow(now);
  });

  it('page.saved: no notice to an author who can no longer read the page', async () => {
    const item = await seedItem(app.deps.db, u.ann, { itemName: 'Private', password: 'pw' });
    const page = await seedPage(app.deps.db, item, 'text', { authorUid: u.dan.uid });
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.dan.uid }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await byType(u.dan, 'page_edited')).toEqual([]);
  });

  it('page.saved: an author limited to some catalogs is told only about pages inside them', async () => {
    const item = await seedItem(app.deps.db, u.ann, { itemName: 'Limited', password: 'pw' });
    const [inside, outside] = await app.deps.db
      .insert(catalogs)
      .values([
        { catName: 'Mine', itemId: item },
        { catName: 'Theirs', itemId: item },
      ])
      .returning({ id: catalogs.catId });
    await addMember(app.deps.db, item, u.cat, 1, inside.id);
    const other = await seedPage(app.deps.db, item, 'text', { authorUid: u.cat.uid, catId: outside.id, pageTitle: 'Elsewhere' });
    const root = await seedPage(app.deps.db, item, 'text', { authorUid: u.cat.uid, pageTitle: 'At the root' });
    const own = await seedPage(app.deps.db, item, 'text', { authorUid: u.cat.uid, catId: inside.id, pageTitle: 'Inside' });
    for (const page of [other, root]) app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: page, uid: u.ann.uid, previousAuthorUid: u.cat.uid }));
    app.deps.events.emit('page.saved', pageSaved({ itemId: item, pageId: own, uid: u.ann.uid, previousAuthorUid: u.cat.uid }));
    await until(async () => (await byType(u.cat, 'page_edited')).some((n) => n.objectId === own), 'notice inside the limit');
    await new Promise((r) => setTimeout(r, 300));
    expect((await byType(u.cat, 'page_edited')).map((n) => n.objectId)).toEqual([own]);
  });

  it('job.progress: a finished or failed export/import makes one notice', async () => {
    const progress = (p: Partial<DomainEvents['job.progress']>) =>
      app.deps.events.emit('job.progress', { uid: u.cat.uid, jobId: 'j1', name: 'export', status: 'active', progress: 50, ...p });
    progress({});
    progress({ name: 'mail', status: 'done', jobId: 'm1' });
    progress({ status: 'done', progress: 100, result: { url: '/api/export/download?id=j1' } });
    progress({ status: 'done', progress: 100, result: { url: '/api/export/download?id=j1' } });
    progress({ jobId: 'j2', name: 'import', status: 'failed', error: '<img src=x onerror=alert(1)>bad file' });
    progress({ jobId: 'j3', name: 'export', status: 'done', result: { url: 'https://evil.example/x' } });
    await until(async () => (await noticesOf(u.cat)).filter((n) => n.noticeType.startsWith('job_')).length === 3, 'job notices');
    await new Promise((r) => setTimeout(r, 200));
    const jobs = (await noticesOf(u.cat)).filter((n) => n.noticeType.startsWith('job_'));
    expect(jobs.map((n) => n.noticeTitle).sort()).toEqual(['Your export is ready', 'Your export is ready', 'Your import failed']);
    const list = (await app.call('notice/getList', { count: 100 }, { token: u.cat.user_token })).data;
    const j1 = list.find((n: any) => n.notice_id === jobs.find((j) => j.objectType === 'job:j1')!.noticeId);
    expect(j1.notice_content).toContain('href="/api/export/download?id=j1"');
    expect(j1.object_type).toBe('job');
    const j2 = list.find((n: any) => n.notice_type === 'job_failed');
    expect(j2.notice_content).toContain('&lt;img src=x onerror=alert(1)&gt;bad file');
    const j3 = list.find((n: any) => n.notice_id === jobs.find((j) => j.objectType === 'job:j3')!.noticeId);
    expect(j3.notice_content).not.toContain('evil.example');
  });

  it('end to end: item/attorn and page/save by someone else notify through the real endpoints', async () => {
    const item = await seedItem(app.deps.db, u.ann, { itemName: 'Handed over' });
    const moved = await app.call('item/attorn', { item_id: item, username: 'n_cat', password: 'secret-pass-1' }, { token: u.ann.user_token });
    expect(moved.error_code).toBe(0);
    await until(async () => (await byType(u.cat, 'item_attorned')).some((n) => n.objectId === item), 'attorn notice');

    const wiki = await seedItem(app.deps.db, u.ann, { itemName: 'Shared wiki' });
    await addMember(app.deps.db, wiki, u.dan, 1);
    const page = await seedPage(app.deps.db, wiki, 'first words', { authorUid: u.dan.uid, authorUsername: 'n_dan', pageTitle: 'Notes' });
    const saved = await app.call('page/save', { page_id: page, item_id: wiki, page_title: 'Notes', page_content: 'edited words' }, { token: u.ann.user_token });
    expect(saved.error_code).toBe(0);
    await until(async () => (await byType(u.dan, 'page_edited')).some((n) => n.objectId === page), 'page edited notice');
    const list = (await app.call('notice/getList', { notice_type: 'unread' }, { token: u.dan.user_token })).data;
    expect(list.find((n: any) => n.notice_type === 'page_edited')).toMatchObject({ from_name: 'n_ann', notice_title: 'A page you wrote was edited' });
  });

  it('publishes notice.created after the commit, and the gateway pushes it to the user', async () => {
    const socket = await connectSocket(app.url, u.dan.user_token);
    const pushed: any[] = [];
    socket.on('notice', (p) => pushed.push(p));
    const seenInDb: Promise<boolean>[] = [];
    const off = app.deps.events.on('notice.created', ({ noticeId }) => {
      seenInDb.push(app.deps.db.select().from(notices).where(eq(notices.noticeId, noticeId)).then((r) => r.length === 1));
    });
    const item = await seedItem(app.deps.db, u.ann, { itemName: 'Pushed' });
    const res = await app.call('member/save', { item_id: item, username: 'n_dan', member_group_id: 1 }, { token: u.ann.user_token });
    expect(res.error_code).toBe(0);
    off();
    expect(await Promise.all(seenInDb)).toEqual([true]);
    await until(() => pushed.length === 1, 'notice pushed');
    const [row] = await app.deps.db.select().from(notices).where(and(eq(notices.toUid, u.dan.uid), eq(notices.objectId, item)));
    expect(pushed[0]).toMatchObject({ notice_id: row.noticeId, notice_title: 'You were added to an item' });
    expect(pushed[0].unread_count).toBe((await app.call('notice/getUnreadCount', {}, { token: u.dan.user_token })).data.unread_count);
    socket.close();
  });
});
