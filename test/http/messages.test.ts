// ShowDoc's message/* over Quire's notices, and adminMessage/* (site announcements): shapes and
// types as ShowDoc gives them (ids and times as strings), each user's read state, ShowDoc's
// "announcements after you registered" rule, and the refused callers (anonymous, non-admins).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { announcementReads, notices, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';

type U = { uid: number; user_token: string; username: string };
let app: TestApp;
let boss: U, ann: U, bob: U;
const now = 1_800_000_000;

const call = (path: string, params: Record<string, unknown>, who?: U, lang?: string) =>
  app.call(path, params, { token: who?.user_token, headers: lang ? { 'Accept-Language': lang } : undefined });
const announcementRows = () => app.deps.db.select().from(notices).where(eq(notices.toUid, 0));

beforeAll(async () => {
  app = await startTestApp();
  app.setNow(now);
  boss = await app.register('msg_boss'); // the first account is the administrator
  ann = await app.register('msg_ann');
  bob = await app.register('msg_bob');
  // both registered a while ago: the announcements below are newer than their accounts
  await app.deps.db.update(users).set({ regTime: now - 1000 }).where(eq(users.uid, ann.uid));
  await app.deps.db.update(users).set({ regTime: now - 1000 }).where(eq(users.uid, bob.uid));
}, 120_000);
afterAll(() => app.close());

describe('adminMessage/addAnnouncement, listAnnouncements', () => {
  it('refuses anonymous callers (10102) and non-admins (10103), and stores nothing', async () => {
    const before = (await announcementRows()).length;
    expect((await call('adminMessage/addAnnouncement', { message_content: 'hi' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call('adminMessage/addAnnouncement', { message_content: 'hi' }, ann)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('adminMessage/listAnnouncements', {}, ann)).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await call('adminMessage/listAnnouncements', {})).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await announcementRows()).length).toBe(before);
  });

  it('refuses an empty text and a malformed send_at with 10101, storing nothing', async () => {
    const before = (await announcementRows()).length;
    const empty = await call('adminMessage/addAnnouncement', { message_content: '' }, boss, 'zh-CN');
    expect(empty).toMatchObject({ error_code: 10101, error_message: '请填写公告内容' });
    const bad = await call('adminMessage/addAnnouncement', { message_content: 'x', send_at: 'tomorrow' }, boss);
    expect(bad.error_code).toBe(10101);
    expect((await announcementRows()).length).toBe(before);
  });

  it('posts an announcement (id as a number, as ShowDoc) and lists it with ShowDoc types', async () => {
    const r = await call('adminMessage/addAnnouncement', { message_content: 'Maintenance tonight\n<script>alert(1)</script><b>22:00</b>', message_type: 'nonsense' }, boss);
    expect(r.error_code).toBe(0);
    expect(typeof r.data.id).toBe('number');
    const list = await call('adminMessage/listAnnouncements', {}, boss);
    const row = list.data.find((a: any) => a.id === String(r.data.id));
    expect(row).toMatchObject({ id: String(r.data.id), message_content_id: String(r.data.id), from_uid: '0', object_id: '0', message_type: 'announce_web' });
    expect(row.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // newlines become <br>, markup is sanitised (the bold stays, the script goes)
    expect(row.message_content).toContain('<br>');
    expect(row.message_content).toContain('<b>22:00</b>');
    expect(row.message_content).not.toContain('<script');
  });
});

describe('message/getUnread, getAnnouncementList, setRead', () => {
  let id: string;
  beforeAll(async () => {
    id = String((await call('adminMessage/addAnnouncement', { message_content: 'New release', message_type: 'announce_all' }, boss)).data.id);
  });

  it('refuses anonymous callers', async () => {
    for (const path of ['message/getUnread', 'message/getRemindList', 'message/getAnnouncementList', 'message/setRead', 'message/getUnreadRemind', 'message/delete']) {
      expect((await call(path, { message_content_id: id })).error_code, path).toBe(ErrorCode.NOT_LOGGED_IN);
    }
  });

  it('gives the newest unread announcement and [] for no reminder', async () => {
    const r = await call('message/getUnread', {}, ann);
    expect(r.error_code).toBe(0);
    expect(r.data.remind).toEqual([]);
    expect(r.data.announce).toMatchObject({ id, message_content_id: id, message_type: 'announce_all', from_name: 'System announcement' });
    const zh = await call('message/getUnread', {}, ann, 'zh-CN');
    expect(zh.data.announce.from_name).toBe('系统公告');
  });

  it('marks an announcement read for the caller only', async () => {
    expect((await call('message/setRead', { message_content_id: id, from_uid: 0 }, ann)).data).toEqual([]);
    const annList = await call('message/getAnnouncementList', {}, ann);
    expect(annList.data.find((a: any) => a.id === id).status).toBe(1);
    const bobList = await call('message/getAnnouncementList', {}, bob);
    expect(bobList.data.find((a: any) => a.id === id).status).toBe(0);
    expect((await call('message/getUnread', {}, bob)).data.announce.id).toBe(id);
    // the notice badge counts it for bob only
    expect((await call('notice/getUnreadCount', {}, bob)).data.unread_count).toBeGreaterThan((await call('notice/getUnreadCount', {}, ann)).data.unread_count);
    const reads = await app.deps.db.select().from(announcementReads).where(eq(announcementReads.noticeId, Number(id)));
    expect(reads.map((r) => r.uid)).toEqual([ann.uid]);
  });

  it("setRead of someone else's notice changes nothing", async () => {
    const [mine] = await app.deps.db.insert(notices).values({ toUid: ann.uid, noticeTitle: 'Hello', noticeContent: '<p>hi</p>', noticeType: 'test', noticeTime: now }).returning();
    expect((await call('message/setRead', { message_content_id: mine.noticeId }, bob)).error_code).toBe(0);
    const [after] = await app.deps.db.select().from(notices).where(eq(notices.noticeId, mine.noticeId));
    expect(after.isRead).toBe(0);
    // ann's own reminder: listed with ShowDoc's string types, then read
    const list = await call('message/getRemindList', { page: 1, count: 10 }, ann);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: String(mine.noticeId), message_type: 'remind', status: '0', to_uid: String(ann.uid), from_uid: '0' });
    expect((await call('message/getUnread', {}, ann)).data.remind.id).toBe(String(mine.noticeId));
    await call('message/setRead', { message_content_id: mine.noticeId }, ann);
    expect((await call('message/getRemindList', {}, ann)).data.list[0].status).toBe('1');
  });

  it('hides announcements older than the account from non-admins, not from admins', async () => {
    const [old] = await app.deps.db
      .insert(notices)
      .values({ toUid: 0, noticeType: 'announcement', noticeTitle: 'Announcement', noticeContent: 'old news', objectType: 'announce_web', noticeTime: now - 5000 })
      .returning();
    const mine = await call('message/getAnnouncementList', {}, bob);
    expect(mine.data.map((a: any) => a.id)).not.toContain(String(old.noticeId));
    const boss_ = await call('message/getAnnouncementList', {}, boss);
    expect(boss_.data.map((a: any) => a.id)).toContain(String(old.noticeId));
    // and cannot be marked read by who cannot see it
    await call('message/setRead', { message_content_id: old.noticeId }, bob);
    expect(await app.deps.db.select().from(announcementReads).where(eq(announcementReads.noticeId, old.noticeId))).toEqual([]);
  });

  it('shows announcements in the notices screen list; deleting one there puts it away for that user only', async () => {
    const list = await call('notice/getList', {}, bob);
    const shown = list.data.find((n: any) => n.notice_id === Number(id));
    expect(shown).toMatchObject({ notice_type: 'announcement', notice_title: 'Announcement', is_read: 0 });
    expect((await call('notice/delete', { notice_id: id }, bob)).error_code).toBe(0);
    expect((await call('notice/getList', {}, bob)).data.map((n: any) => n.notice_id)).not.toContain(Number(id));
    expect((await call('notice/getList', {}, ann)).data.map((n: any) => n.notice_id)).toContain(Number(id));
    expect((await announcementRows()).some((n) => n.noticeId === Number(id))).toBe(true);
  });
});
