// issue #23, around the page: page_comment/*, page_feedback/*, subscription/* — who may, who is
// refused (anonymous, stranger, read-only member, signed-out token), and the notices they send live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectSocket, seedItem, seedPage, until } from '../helpers/realtime';
import { notices, pageComments, pageFeedback, subscriptions } from '../../server/db/schema';

type U = { uid: number; user_token: string; username: string };

let app: TestApp;
const u: Record<string, U> = {};
/** a private item with everything on: ann owns, bob edits, cat reads, dan is a stranger */
let item: number;
let page: number;
let otherPage: number;
/** a public item with everything on */
let pub: number;
let pubPage: number;

const call = (path: string, params: Record<string, unknown>, who?: U) => app.call(path, params, who ? { token: who.user_token } : {});
const noticesOf = (who: U, type: string) =>
  app.deps.db
    .select()
    .from(notices)
    .where(and(eq(notices.toUid, who.uid), eq(notices.noticeType, type)));

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve']) u[name] = await app.register(`c_${name}`);
  item = await seedItem(app.deps.db, u.ann, { itemName: 'Handbook', password: 'item-pw-1', allowComment: 1, allowFeedback: 1 });
  await addMember(app.deps.db, item, u.bob, 1);
  await addMember(app.deps.db, item, u.cat, 0);
  page = await seedPage(app.deps.db, item, 'how to', { pageTitle: 'Guide', authorUid: u.ann.uid, authorUsername: 'c_ann' });
  otherPage = await seedPage(app.deps.db, item, 'other', { pageTitle: 'Other', authorUid: u.ann.uid, authorUsername: 'c_ann' });
  pub = await seedItem(app.deps.db, u.ann, { itemName: 'Open book', allowComment: 1, allowFeedback: 1 });
  pubPage = await seedPage(app.deps.db, pub, 'public words', { pageTitle: 'Public', authorUid: u.ann.uid, authorUsername: 'c_ann' });
}, 180_000);
afterAll(() => app.close());

describe('page_comment', () => {
  it('refuses the anonymous, strangers of a private item, and signed-out tokens; stores nothing', async () => {
    expect((await call('page_comment/add', { page_id: page, content: 'hi' })).error_code).toBe(10102);
    expect((await call('page_comment/add', { page_id: page, content: 'hi' }, u.dan)).error_code).toBe(10307);
    expect((await call('page_comment/getList', { page_id: page }, u.dan)).error_code).toBe(10307);
    expect((await call('page_comment/getList', { page_id: page })).error_code).toBe(10307);
    const gone = await app.login('c_eve');
    const token = gone.data.user_token as string;
    expect((await app.call('user/logout', {}, { token })).error_code).toBe(0);
    expect((await app.call('page_comment/add', { page_id: pubPage, content: 'hi' }, { token })).error_code).toBe(10102);
    expect(await app.deps.db.select().from(pageComments)).toEqual([]);
  });

  it('refuses bad content and items with comments off', async () => {
    expect((await call('page_comment/add', { page_id: page, content: '   ' }, u.cat)).error_code).toBe(10100);
    expect((await call('page_comment/add', { page_id: page, content: 'x'.repeat(501) }, u.cat)).error_code).toBe(10100);
    const off = await seedItem(app.deps.db, u.ann, { itemName: 'Quiet' });
    const offPage = await seedPage(app.deps.db, off, 'q');
    const refused = await call('page_comment/add', { page_id: offPage, content: 'hello' }, u.ann);
    expect(refused).toMatchObject({ error_code: 10100, error_message: 'Comments are not enabled for this item' });
    expect((await call('page_comment/getList', { page_id: offPage }, u.ann)).data).toEqual({ total: 0, page: 1, comments: [], can_comment: false });
    const single = await seedItem(app.deps.db, u.ann, { itemName: 'Single', itemType: 2, allowComment: 1 });
    const singlePage = await seedPage(app.deps.db, single, 's');
    expect((await call('page_comment/add', { page_id: singlePage, content: 'hello' }, u.ann)).error_code).toBe(10100);
    expect(await app.deps.db.select().from(pageComments)).toEqual([]);
  });

  it('a read-only member comments, a member replies with mentions: the replied-to, the mentioned member and the page author are told live, the stranger is not', async () => {
    const annSocket = await connectSocket(app.url, u.ann.user_token);
    const pushed: any[] = [];
    annSocket.on('notice', (n) => pushed.push(n));
    const first = await call('page_comment/add', { page_id: page, content: 'Is step 2 right?' }, u.cat);
    expect(first.error_code).toBe(0);
    expect(first.data).toEqual({ comment_id: expect.any(Number), message: 'Comment posted' });
    await until(async () => (await noticesOf(u.ann, 'page_commented')).length === 1, 'page author told');
    await until(() => pushed.some((n) => n.notice_title === 'A page has a new comment'), 'pushed to the author');

    const reply = await call('page_comment/add', { page_id: page, parent_id: first.data.comment_id, content: 'Yes — see @c_ann and @C_Dan, cc @nobody.' }, u.bob);
    expect(reply.error_code).toBe(0);
    await until(async () => (await noticesOf(u.cat, 'comment_reply')).length === 1, 'reply notice');
    await until(async () => (await noticesOf(u.ann, 'comment_mention')).length === 1, 'mention notice');
    const [mention] = await noticesOf(u.ann, 'comment_mention');
    expect(mention).toMatchObject({ fromUid: u.bob.uid, objectType: 'page', objectId: page });
    expect(mention.noticeContent).toContain(`href="/${item}?page_id=${page}"`);
    expect(await noticesOf(u.dan, 'comment_mention')).toEqual([]);
    expect(await noticesOf(u.bob, 'comment_reply')).toEqual([]);
    annSocket.close();

    const list = await call('page_comment/getList', { page_id: page }, u.cat);
    expect(list.error_code).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.can_comment).toBe(true);
    const [thread] = list.data.comments;
    expect(thread).toMatchObject({ comment_id: first.data.comment_id, parent_id: 0, uid: u.cat.uid, username: 'c_cat', content: 'Is step 2 right?', is_owner: true, can_delete: true });
    expect(thread.addtime_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]).toMatchObject({ parent_id: first.data.comment_id, username: 'c_bob', is_owner: false, can_delete: false });
    const asOwner = await call('page_comment/getList', { page_id: page }, u.ann);
    expect(asOwner.data.comments[0].can_delete).toBe(true);
    expect(asOwner.data.comments[0].replies[0].can_delete).toBe(true);

    // two levels only, and only to a comment of the same page
    expect((await call('page_comment/add', { page_id: page, parent_id: reply.data.comment_id, content: 'deeper' }, u.cat)).error_code).toBe(10100);
    expect((await call('page_comment/add', { page_id: otherPage, parent_id: first.data.comment_id, content: 'elsewhere' }, u.cat)).error_code).toBe(10100);
  });

  it('delete: the author or an item manager, never another member', async () => {
    const c = (await call('page_comment/add', { page_id: page, content: 'delete me' }, u.bob)).data.comment_id;
    expect((await call('page_comment/delete', { comment_id: c }, u.cat)).error_code).toBe(10303);
    expect((await call('page_comment/delete', { comment_id: c }, u.dan)).error_code).toBe(10307);
    expect((await call('page_comment/delete', { comment_id: c })).error_code).toBe(10102);
    expect((await call('page_comment/delete', { comment_id: c }, u.bob)).error_code).toBe(0);
    expect((await call('page_comment/delete', { comment_id: c }, u.bob)).error_code).toBe(10101);
    const d = (await call('page_comment/add', { page_id: page, content: 'a manager removes this' }, u.cat)).data.comment_id;
    expect((await call('page_comment/delete', { comment_id: d }, u.ann)).error_code).toBe(0);
    const [row] = await app.deps.db.select().from(pageComments).where(eq(pageComments.commentId, d));
    expect(row.isDeleted).toBe(1);
    const ids = (await call('page_comment/getList', { page_id: page }, u.ann)).data.comments.map((t: any) => t.comment_id);
    expect(ids).not.toContain(c);
    expect(ids).not.toContain(d);
  });

  it('public items: guests read, a signed-in stranger comments but cannot mention or list the members', async () => {
    const added = await call('page_comment/add', { page_id: pubPage, content: 'hello @c_bob' }, u.dan);
    expect(added.error_code).toBe(0);
    const guest = await call('page_comment/getList', { page_id: pubPage });
    expect(guest.data.comments.map((t: any) => [t.content, t.is_owner, t.can_delete])).toEqual([['hello @c_bob', false, false]]);
    expect(guest.data.can_comment).toBe(false);
    expect((await call('page_comment/mentionable', { page_id: pubPage }, u.dan)).data).toEqual([]);
    await until(async () => (await noticesOf(u.ann, 'page_commented')).some((n) => n.objectId === pubPage), 'author told');
    expect(await noticesOf(u.bob, 'comment_mention')).toEqual([]);
  });

  it('mentionable: the item’s people who may read the page, for members', async () => {
    const res = await call('page_comment/mentionable', { page_id: page }, u.cat);
    expect(res.error_code).toBe(0);
    expect(res.data.map((p: any) => p.username).sort()).toEqual(['c_ann', 'c_bob', 'c_cat']);
    expect((await call('page_comment/mentionable', { page_id: page }, u.dan)).error_code).toBe(10307);
  });
});

describe('page_feedback', () => {
  it('one vote per user, toggled by the same vote; counts for editors only', async () => {
    const voted = await call('page_feedback/submit', { page_id: page, feedback_type: 1 }, u.cat);
    expect(voted.data).toEqual({ helpful_count: 0, unhelpful_count: 0, user_feedback: 1, counts_visible: false, message: 'Thank you for your feedback' });
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 2 }, u.bob)).data).toMatchObject({ helpful_count: 1, unhelpful_count: 1, user_feedback: 2, counts_visible: true });
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 1 }, u.cat)).data.user_feedback).toBe(0);
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 2 }, u.cat)).data.user_feedback).toBe(2);
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 2 }, u.cat)).data.user_feedback).toBe(0);
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 1 }, u.cat)).data.user_feedback).toBe(1);
    expect((await call('page_feedback/getStat', { page_id: page }, u.ann)).data).toEqual({ helpful_count: 1, unhelpful_count: 1, user_feedback: 0, counts_visible: true });
    expect((await call('page_feedback/getStat', { page_id: page }, u.cat)).data).toEqual({ helpful_count: 0, unhelpful_count: 0, user_feedback: 1, counts_visible: false });
    const rows = await app.deps.db.select().from(pageFeedback).where(eq(pageFeedback.pageId, page));
    expect(rows).toHaveLength(2);
  });

  it('refuses the stranger, a bad type, and guests without a browser id; guests of public items vote by client_id', async () => {
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 1 }, u.dan)).error_code).toBe(10307);
    expect((await call('page_feedback/getStat', { page_id: page })).error_code).toBe(10307);
    expect((await call('page_feedback/submit', { page_id: page, feedback_type: 5 }, u.cat)).error_code).toBe(10100);
    expect((await call('page_feedback/submit', { page_id: pubPage, feedback_type: 1 })).error_code).toBe(10100);
    const guest = await call('page_feedback/submit', { page_id: pubPage, feedback_type: 1, client_id: 'browser-1' });
    expect(guest.data).toMatchObject({ user_feedback: 1, counts_visible: false });
    expect((await call('page_feedback/getStat', { page_id: pubPage, client_id: 'browser-1' })).data.user_feedback).toBe(1);
    expect((await call('page_feedback/getStat', { page_id: pubPage, client_id: 'browser-2' })).data.user_feedback).toBe(0);
    expect((await call('page_feedback/getStat', { page_id: pubPage }, u.ann)).data).toMatchObject({ helpful_count: 1, counts_visible: true });
  });

  it('answers zeros and refuses votes when feedback is off', async () => {
    const off = await seedItem(app.deps.db, u.ann, { itemName: 'No votes' });
    const offPage = await seedPage(app.deps.db, off, 'q');
    expect((await call('page_feedback/getStat', { page_id: offPage }, u.ann)).data).toEqual({ helpful_count: 0, unhelpful_count: 0, user_feedback: 0, counts_visible: false });
    expect((await call('page_feedback/submit', { page_id: offPage, feedback_type: 1 }, u.ann)).error_code).toBe(10100);
    expect(await app.deps.db.select().from(pageFeedback).where(eq(pageFeedback.pageId, offPage))).toEqual([]);
  });
});

describe('subscription', () => {
  it('a reader watches for themselves and sees only their own row; editors see all', async () => {
    expect((await call('subscription/savePage', { page_id: otherPage })).error_code).toBe(10102);
    expect((await call('subscription/savePage', { page_id: otherPage }, u.dan)).error_code).toBe(10307);
    expect((await call('subscription/savePage', { page_id: otherPage }, u.cat)).error_code).toBe(0);
    expect((await call('subscription/savePage', { page_id: otherPage, uids: String(u.cat.uid) }, u.cat)).error_code).toBe(0);
    const own = await call('subscription/getPageList', { page_id: otherPage }, u.cat);
    expect(own.data).toEqual([{ id: expect.any(String), uid: String(u.cat.uid), object_id: String(otherPage), object_type: 'page', action_type: 'update', sub_time: expect.any(String), username: 'c_cat', name: '' }]);
    expect((await call('subscription/savePage', { page_id: otherPage, uids: String(u.ann.uid) }, u.bob)).error_code).toBe(0);
    expect((await call('subscription/getPageList', { page_id: otherPage }, u.cat)).data).toHaveLength(1);
    expect((await call('subscription/getPageList', { page_id: otherPage }, u.bob)).data.map((s: any) => s.username)).toEqual(['c_cat', 'c_ann']);
    expect((await call('subscription/getPageList', { page_id: otherPage }, u.dan)).error_code).toBe(10307);
  });

  it('refuses a reader adding or removing others, and anyone adding a user who cannot read the page', async () => {
    expect((await call('subscription/savePage', { page_id: otherPage, uids: String(u.bob.uid) }, u.cat)).error_code).toBe(10103);
    expect((await call('subscription/deletePage', { page_id: otherPage, uids: String(u.ann.uid) }, u.cat)).error_code).toBe(10103);
    expect((await call('subscription/savePage', { page_id: otherPage, uids: `${u.ann.uid},${u.dan.uid}` }, u.bob)).error_code).toBe(10101);
    expect((await call('subscription/savePage', { page_id: otherPage, uids: 'x,1' }, u.bob)).error_code).toBe(10101);
    const rows = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.objectId, otherPage));
    expect(rows.map((r) => r.uid).sort()).toEqual([u.ann.uid, u.cat.uid].sort());
  });

  it('a save by someone else tells the watchers live (not the saver); unwatching stops it', async () => {
    const catSocket = await connectSocket(app.url, u.cat.user_token);
    const pushed: any[] = [];
    catSocket.on('notice', (n) => pushed.push(n));
    expect((await call('subscription/savePage', { page_id: otherPage }, u.bob)).error_code).toBe(0);
    const saved = await call('page/save', { page_id: otherPage, item_id: item, page_title: 'Other', page_content: 'changed words' }, u.bob);
    expect(saved.error_code).toBe(0);
    await until(() => pushed.some((n) => n.notice_title === 'A page you watch was changed'), 'watcher told live');
    expect(await noticesOf(u.cat, 'page_changed')).toHaveLength(1);
    expect(await noticesOf(u.bob, 'page_changed')).toEqual([]);
    // ann wrote the replaced version: "a page you wrote was edited" instead
    await until(async () => (await noticesOf(u.ann, 'page_edited')).some((n) => n.objectId === otherPage), 'author told');
    expect(await noticesOf(u.ann, 'page_changed')).toEqual([]);
    catSocket.close();

    expect((await call('subscription/deletePage', { page_id: otherPage }, u.cat)).error_code).toBe(0);
    expect((await call('subscription/getPageList', { page_id: otherPage }, u.cat)).data).toEqual([]);
  });

  it('a watcher who lost access is not told', async () => {
    const lone = await seedItem(app.deps.db, u.ann, { itemName: 'Closed', password: 'closed-pw-1' });
    const lonePage = await seedPage(app.deps.db, lone, 'x', { authorUid: u.ann.uid });
    const memberId = await addMember(app.deps.db, lone, u.eve, 0);
    await addMember(app.deps.db, lone, u.cat, 0);
    for (const who of [u.eve, u.cat]) expect((await call('subscription/savePage', { page_id: lonePage }, who)).error_code).toBe(0);
    expect((await call('member/delete', { item_id: lone, item_member_id: memberId }, u.ann)).error_code).toBe(0);
    expect((await call('page/save', { page_id: lonePage, item_id: lone, page_title: 'Closed', page_content: 'new' }, u.ann)).error_code).toBe(0);
    // cat, still a member, is told in the same pass that skips eve
    await until(async () => (await noticesOf(u.cat, 'page_changed')).some((n) => n.objectId === lonePage), 'member told');
    expect(await noticesOf(u.eve, 'page_changed')).toEqual([]);
    expect((await call('subscription/savePage', { page_id: lonePage, uids: String(u.eve.uid) }, u.ann)).error_code).toBe(10101);
  });
});
