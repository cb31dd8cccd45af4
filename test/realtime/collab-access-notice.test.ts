// An open editor is told the moment its right to write changes (issue #22 item 1): another member
// locks editing → the connection's access message names the holder (and its updates are not
// taken); the lock ends → it may write again and what it typed meanwhile reaches the others; the
// holder leaving while others edit ends their lock; a member downgraded to read-only is told too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, connectSocket, emitAck, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { COLLAB_ACCESS_MESSAGE, type CollabAccess } from '../../shared/realtime';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let owner: U;
let ann: U;
let bob: U;
const sockets: Socket[] = [];
const editors: Editor[] = [];

/** an editor that records every access message the server sends it */
function editor(pageId: number, u: U): Editor & { access: CollabAccess[] } {
  const e = connectEditor(app.url, `page.${pageId}`, u.user_token);
  const access: CollabAccess[] = [];
  e.provider.messageHandlers[COLLAB_ACCESS_MESSAGE] = (_enc: unknown, dec: decoding.Decoder) => {
    access.push(JSON.parse(decoding.readVarString(dec)) as CollabAccess);
  };
  editors.push(e);
  return Object.assign(e, { access });
}
const last = (e: { access: CollabAccess[] }) => e.access[e.access.length - 1];
async function session(u: U, pageId: number): Promise<Socket> {
  const s = await connectSocket(app.url, u.user_token);
  sockets.push(s);
  expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
  return s;
}

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('an_owner');
  ann = await app.register('an_ann');
  bob = await app.register('an_bob');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  editors.forEach((e) => e.destroy());
  await app?.close();
});

describe('co-editing access notices', () => {
  it('a lock reaches an open editor at once, naming the holder; unlocking lets it write again and brings what it typed', async () => {
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'start\n');
    await addMember(app.deps.db, itemId, ann, 1);
    await addMember(app.deps.db, itemId, bob, 1);
    const annSocket = await session(ann, pageId);
    await session(bob, pageId);
    const a = editor(pageId, ann);
    const b = editor(pageId, bob);
    await Promise.all([synced(a), synced(b)]);
    await until(() => b.access.length > 0, 'bob is told he may write');
    expect(last(b)).toEqual({ write: true });

    expect(await emitAck(annSocket, 'page:lock', { page_id: pageId, exclusive: true })).toMatchObject({ ok: true });
    await until(() => last(b)?.write === false, 'bob is told of the lock');
    expect(last(b)).toEqual({ write: false, reason: 'lock', holder: ann.username });
    expect(last(a)).toEqual({ write: true });

    b.text.insert(b.text.length, 'typed while locked\n');
    expect(await emitAck(annSocket, 'page:lock', { page_id: pageId, exclusive: false })).toMatchObject({ ok: true });
    await until(() => last(b)?.write === true, 'bob is told the lock ended');
    await until(() => a.text.toString().includes('typed while locked'), 'what bob typed while locked reaches ann');
  });

  it('the holder leaving the page ends the lock for those still editing', async () => {
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'start\n');
    await addMember(app.deps.db, itemId, ann, 1);
    await addMember(app.deps.db, itemId, bob, 1);
    const annSocket = await session(ann, pageId);
    await session(bob, pageId);
    const b = editor(pageId, bob);
    await synced(b);
    expect(await emitAck(annSocket, 'page:lock', { page_id: pageId, exclusive: true })).toMatchObject({ ok: true });
    await until(() => last(b)?.write === false, 'bob is told of the lock');
    expect(await emitAck(annSocket, 'page:leave', { page_id: pageId })).toMatchObject({ ok: true });
    await until(() => last(b)?.write === true, 'bob may write once ann left');
  });

  it('a lock that runs out (no event says so) lets the editor write again once it has expired', async () => {
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'start\n');
    await addMember(app.deps.db, itemId, ann, 1);
    await addMember(app.deps.db, itemId, bob, 1);
    const b = editor(pageId, bob);
    await synced(b);
    // ShowDoc's HTTP lock, for two seconds
    const lockTo = Math.floor(Date.now() / 1000) + 2;
    expect((await app.call('page/setLock', { page_id: pageId, item_id: itemId, lock_to: lockTo }, { token: ann.user_token })).error_code).toBe(0);
    await until(() => last(b)?.write === false, 'bob is told of the lock');
    expect(last(b)).toEqual({ write: false, reason: 'lock', holder: ann.username });
    await until(() => last(b)?.write === true, 'bob may write once the lock expired', 10_000);
  });

  it('a member removed from a public item (who may still read) is told they may no longer write', async () => {
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'start\n');
    const memberId = await addMember(app.deps.db, itemId, bob, 1);
    await session(bob, pageId);
    const b = editor(pageId, bob);
    await synced(b);
    await until(() => last(b)?.write === true, 'bob may write');
    const r = await app.call('member/delete', { item_id: itemId, item_member_id: memberId }, { token: owner.user_token });
    expect(r.error_code).toBe(0);
    await until(() => last(b)?.write === false, 'bob is told he may no longer write');
    expect(last(b)).toEqual({ write: false, reason: 'rights' });
  });
});
