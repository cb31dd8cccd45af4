// Co-editing over the y-websocket protocol with real providers: convergence, late joiners,
// offline edits, read-only enforcement, strangers, persistence and external writes merged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { docUpdates, itemMembers } from '../../server/db/schema';

let app: TestApp;
let owner: { uid: number; user_token: string; username: string };
let editor: { uid: number; user_token: string; username: string };
let reader: { uid: number; user_token: string; username: string };
let stranger: { uid: number; user_token: string; username: string };
let itemId: number;
const open: Editor[] = [];
const track = (e: Editor) => (open.push(e), e);

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('rt_owner');
  editor = await app.register('rt_editor');
  reader = await app.register('rt_reader');
  stranger = await app.register('rt_stranger');
  itemId = await seedItem(app.deps.db, owner, { password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' });
  await addMember(app.deps.db, itemId, editor, 1);
  await addMember(app.deps.db, itemId, reader, 0);
});
afterAll(async () => {
  open.forEach((e) => e.destroy());
  await app.close();
});

describe('co-editing', () => {
  it('seeds from the saved page and two editors converge', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'Hello');
    const a = track(connectEditor(app.url, `page.${pageId}`, owner.user_token));
    const b = track(connectEditor(app.url, `page.${pageId}`, editor.user_token));
    await Promise.all([synced(a), synced(b)]);
    expect(a.text.toString()).toBe('Hello');
    expect(b.text.toString()).toBe('Hello');
    a.text.insert(5, ' world');
    b.text.insert(0, '>> ');
    await until(() => a.text.toString() === b.text.toString() && a.text.length === 14, 'convergence');
    expect(a.text.toString()).toBe('>> Hello world');
  });

  it('twenty editors typing at once converge and a late joiner gets everything', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const eds = Array.from({ length: 20 }, () => track(connectEditor(app.url, `page.${pageId}`, editor.user_token)));
    await Promise.all(eds.map((e) => synced(e)));
    for (let round = 0; round < 5; round++) eds.forEach((e, i) => e.text.insert(0, `${i}.${round};`));
    const expected = 20 * 5;
    await until(() => eds.every((e) => e.text.toString().split(';').length - 1 === expected), 'all 100 edits everywhere', 20_000);
    const first = eds[0].text.toString();
    expect(eds.every((e) => e.text.toString() === first)).toBe(true);
    const late = track(connectEditor(app.url, `page.${pageId}`, reader.user_token));
    await synced(late);
    await until(() => late.text.toString() === first, 'late joiner state');
  });

  it('merges edits made offline when the editor reconnects', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'base');
    const a = track(connectEditor(app.url, `page.${pageId}`, owner.user_token));
    const b = track(connectEditor(app.url, `page.${pageId}`, editor.user_token));
    await Promise.all([synced(a), synced(b)]);
    b.provider.disconnect();
    b.text.insert(4, ' offline');
    a.text.insert(0, 'online ');
    await until(() => a.text.toString() === 'online base', 'online edit');
    b.provider.connect();
    await until(() => a.text.toString() === b.text.toString() && a.text.toString().includes('offline'), 'offline edit merged');
    expect(a.text.toString()).toBe('online base offline');
  });
});

describe('permissions', () => {
  it("drops a read-only member's updates: they never reach others or storage", async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'ro');
    const w = track(connectEditor(app.url, `page.${pageId}`, owner.user_token));
    const r = track(connectEditor(app.url, `page.${pageId}`, reader.user_token));
    await Promise.all([synced(w), synced(r)]);
    const before = app.realtime!.collab.droppedUpdates;
    r.text.insert(0, 'HACK');
    await until(() => app.realtime!.collab.droppedUpdates > before, 'update dropped');
    w.text.insert(2, '!');
    await until(() => r.text.toString().includes('!'), 'reader still receives');
    expect(w.text.toString()).toBe('ro!');
    const stored = await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pageId}`));
    expect(stored.every((u) => u.uid !== reader.uid)).toBe(true);
  });

  it('refuses a stranger and an anonymous visitor of a private item', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'secret');
    const s = track(connectEditor(app.url, `page.${pageId}`, stranger.user_token));
    expect(await s.closed).toEqual({ code: 4403, reason: 'item password required' });
    expect(s.text.toString()).toBe('');
    const anon = track(connectEditor(app.url, `page.${pageId}`));
    expect((await anon.closed).code).toBe(4401);
  });

  it('disconnects a member removed while connected', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'x');
    const victim = await app.register('rt_removed');
    await addMember(app.deps.db, itemId, victim, 1);
    const e = track(connectEditor(app.url, `page.${pageId}`, victim.user_token));
    await synced(e);
    await app.deps.db.delete(itemMembers).where(eq(itemMembers.uid, victim.uid));
    app.deps.events.emit('item.accessChanged', { itemId, uids: [victim.uid] });
    const closed = await Promise.race([e.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    expect(closed).toEqual({ code: 4403, reason: 'item password required' });
  });
});

describe('external writes', () => {
  it('merges a write that bypassed the editor without losing live typing', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'line one\nline two\n');
    const a = track(connectEditor(app.url, `page.${pageId}`, owner.user_token));
    await synced(a);
    a.text.insert(0, 'LIVE ');
    await until(async () => (await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pageId}`))).length > 0, 'stored');
    app.deps.events.emit('page.saved', {
      itemId,
      pageId,
      uid: 0,
      previousAuthorUid: 0,
      title: 'Live page',
      created: false,
      source: 'open',
      content: 'line one\nline two changed\n',
      previousContent: 'line one\nline two\n',
      version: 2,
    });
    await until(() => a.text.toString() === 'LIVE line one\nline two changed\n', 'merged');
  });
});
