// F11 — user/allUser listed every account to any logged-in user. Now a user finds only people
// who share an item (ownership, membership, a team bound to it) or a team with them, by the
// first characters (at least 2) of their username or name, at most 20 at a time.
// Administrators search every account, with the same 2-character rule and cap. A stranger can
// still be added to an item by the exact username (member/save checks it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, addTeamMember, buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { eq } from 'drizzle-orm';
import { itemMembers, teamMembers, users } from '../../server/db/schema';

let app: TestApp;
let admin: Actor;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let dave: Actor;
let erin: Actor;
let aliceItem: number;

const names = (r: { data: Array<{ username: string }> }) => r.data.map((u) => u.username).sort();
const search = (who: Actor, username: string) => app.call<Array<{ uid: number; username: string; name: string }>>('user/allUser', { username }, { token: who.token });

beforeAll(async () => {
  app = await startTestApp();
  admin = await makeUser(app, 'f11_admin'); // the first account is the administrator
  alice = await makeUser(app, 'f11_alice');
  bob = await makeUser(app, 'f11_bob');
  carol = await makeUser(app, 'f11_carol');
  dave = await makeUser(app, 'f11_dave');
  erin = await makeUser(app, 'f11_erin');
  // bob is a member of alice's item; carol shares a team (bound to an item of erin's) with alice;
  // dave shares nothing with anyone
  aliceItem = (await buildItem(app, alice, { name: 'Alice item' })).itemId;
  await addMember(app, aliceItem, bob, 1);
  const erinItem = (await buildItem(app, erin, { name: 'Erin item' })).itemId;
  const teamId = await addTeamMember(app, erin, erinItem, alice, 1);
  await app.deps.db.insert(teamMembers).values({ teamId, memberUid: carol.uid, memberUsername: carol.username, addtime: 1 });
  // 25 accounts that are members of alice's item, all starting with f11_many
  for (let i = 0; i < 25; i++) {
    const [u] = await app.deps.db
      .insert(users)
      .values({ username: `f11_many${String(i).padStart(2, '0')}`, password: 'x', regTime: 1 })
      .returning({ uid: users.uid, username: users.username });
    await app.deps.db.insert(itemMembers).values({ itemId: aliceItem, uid: u.uid, username: u.username, memberGroupId: 0, addtime: 1 });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('user/allUser', () => {
  it('lists only people who share an item or a team with the caller, never a stranger', async () => {
    expect(names(await search(alice, 'f11_b'))).toEqual(['f11_bob']);
    expect(names(await search(alice, 'f11_c'))).toEqual(['f11_carol']);
    // erin owns the item alice's team is bound to
    expect(names(await search(alice, 'f11_e'))).toEqual(['f11_erin']);
    expect(names(await search(alice, 'f11_d'))).toEqual([]);
    expect(names(await search(alice, 'f11_dave'))).toEqual([]);
    // the name field is searched the same way, and only among those people
    await app.deps.db.update(users).set({ name: 'Zed Dave' }).where(eq(users.uid, dave.uid));
    await app.deps.db.update(users).set({ name: 'Zed Bob' }).where(eq(users.uid, bob.uid));
    expect(names(await search(alice, 'zed'))).toEqual(['f11_bob']);
    // dave, who shares nothing, finds nobody
    expect(names(await search(dave, 'f11'))).toEqual([]);
    // answers hold nothing but uid, username and name
    const r = await search(alice, 'f11_bob');
    expect(Object.keys(r.data[0]).sort()).toEqual(['name', 'uid', 'username']);
  });

  it('needs at least 2 characters, for administrators too', async () => {
    for (const who of [alice, admin]) {
      for (const q of ['', 'f', ' ', '%', '_']) {
        const r = await search(who, q);
        expect(r.error_code, `${who.username} '${q}'`).toBe(0);
        expect(r.data, `${who.username} '${q}'`).toEqual([]);
      }
    }
    // a LIKE wildcard is a character like any other
    expect(names(await search(alice, '%%'))).toEqual([]);
    expect(names(await search(alice, '__'))).toEqual([]);
    expect((await app.call('user/allUser', { username: 'f11' })).error_code).toBe(10102);
  });

  it('answers at most 20 people', async () => {
    const mine = await search(alice, 'f11_many');
    expect(mine.data).toHaveLength(20);
    expect(names(mine)[0]).toBe('f11_many00');
    const all = await search(admin, 'f11');
    expect(all.data).toHaveLength(20);
  });

  it('administrators find any account, a stranger included', async () => {
    expect(names(await search(admin, 'f11_dave'))).toEqual(['f11_dave']);
    expect(names(await search(admin, 'f11_b'))).toEqual(['f11_bob']);
  });

  it('a stranger is still added to an item by the exact username', async () => {
    const r = await app.call('member/save', { item_id: aliceItem, username: dave.username, member_group_id: 1 }, { token: alice.token });
    expect(r.error_code).toBe(0);
    expect(names(await search(alice, 'f11_dave'))).toEqual(['f11_dave']);
    const unknown = await app.call('member/save', { item_id: aliceItem, username: 'f11_nobody', member_group_id: 1 }, { token: alice.token });
    expect(unknown.error_code).not.toBe(0);
  });
});
