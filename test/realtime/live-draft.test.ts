// page/liveDraft (issue #22 item 2): the reader learns that the shared document holds edits
// nobody saved, how many places changed, and who is editing; saving from the editor clears it;
// whoever may not read the page learns nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, connectSocket, emitAck, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { countChanges } from '../../server/domain/collab/liveDraft';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let owner: U;
let ann: U;
const sockets: Socket[] = [];
const editors: Editor[] = [];
const PRIVATE = { password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' };

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('ld_owner');
  ann = await app.register('ld_ann');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  editors.forEach((e) => e.destroy());
  await app?.close();
});

describe('page/liveDraft', () => {
  it('counts changed runs', () => {
    expect(countChanges('a b c', 'a b c')).toBe(0);
    expect(countChanges('one\ntwo\nthree\n', 'one!\ntwo\nthree\nfour\n')).toBe(2);
  });

  it('tells a reader who is editing and how many unsaved changes the shared document holds; a save clears them', async () => {
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'first\nsecond\n');
    await addMember(app.deps.db, itemId, ann, 1);
    const ask = async () => (await app.call('page/liveDraft', { page_id: pageId })).data;
    expect(await ask()).toEqual({ editing: null, changes: 0 });

    const s = await connectSocket(app.url, ann.user_token);
    sockets.push(s);
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    const e = connectEditor(app.url, `page.${pageId}`, ann.user_token);
    editors.push(e);
    await synced(e);
    e.text.insert(0, 'new top\n');
    e.text.insert(e.text.length, 'new end\n');
    await until(async () => (await ask()).changes === 2, 'the reader sees two unsaved changes');
    expect(await ask()).toEqual({ editing: ann.username, changes: 2 });

    const saved = await app.call('page/save', { page_id: pageId, item_id: itemId, page_title: 'Live page', page_content: e.text.toString(), from_collab: 1 }, { token: ann.user_token });
    expect(saved.error_code).toBe(0);
    expect((await ask()).changes).toBe(0);
  });

  it('answers nothing to whoever may not read the page', async () => {
    const itemId = await seedItem(app.deps.db, owner, PRIVATE);
    const pageId = await seedPage(app.deps.db, itemId, 'secret\n');
    const r = await app.call('page/liveDraft', { page_id: pageId });
    expect(r.error_code).not.toBe(0);
    expect(r.data).toBeUndefined();
  });
});
