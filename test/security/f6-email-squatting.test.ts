// F6 — email squatting: registering the *username* bob@example.com copied it into the email field
// without the uniqueness check, and login matched usernames before emails, so the attacker took
// over Bob's email login and received memberships meant for Bob. Usernames shaped like an email
// now share one namespace with emails; old collisions resolve the same way every time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, DEFAULT_PASSWORD, type TestApp } from '../helpers/app';
import { itemMembers, throttles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { ErrorCode } from '../../shared/errors';
import { tryRegister } from './accountHelpers';

let app: TestApp;
let bob: { uid: number; user_token: string };
let owner: { uid: number; user_token: string };

const byName = async (username: string) => app.deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);

beforeAll(async () => {
  app = await startTestApp();
  await app.register('f6_admin');
  owner = await app.register('f6_owner');
  bob = await app.register('bob');
  expect((await app.call('user/updateEmail', { email: 'bob@example.com', password: DEFAULT_PASSWORD }, { token: bob.user_token })).error_code).toBe(0);
}, 120_000);
afterAll(() => app.close(), 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

describe('usernames shaped like an email', () => {
  it('cannot be another account’s email address (any case)', async () => {
    for (const name of ['bob@example.com', 'BOB@Example.COM']) {
      const r = await tryRegister(app, name, 'squat-pass-2024');
      expect(r.error_code, name).toBe(ErrorCode.GENERIC);
      expect(r.error_message).toBe('Email address is already used by another account');
      expect(await byName(name)).toEqual([]);
    }
    // Bob still logs in with his email, into his own account
    const login = await app.login('bob@example.com');
    expect(login.error_code).toBe(0);
    expect(login.data.uid).toBe(String(bob.uid));
  });

  it('an email cannot be set to another account’s email-shaped username', async () => {
    const erin = await app.register('erin@example.com');
    expect((await byName('erin@example.com'))[0].email).toBe('erin@example.com');
    // Erin moves her mail elsewhere: her username still names the address
    expect((await app.call('user/updateEmail', { email: 'erin@mail.example', password: DEFAULT_PASSWORD }, { token: erin.user_token })).error_code).toBe(0);
    const frank = await app.register('frank');
    const r = await app.call('user/updateEmail', { email: 'ERIN@example.com', password: DEFAULT_PASSWORD }, { token: frank.user_token });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toBe('Email address is already used by another account');
    expect((await byName('frank'))[0].email).toBe('');
    // her own username's address stays hers to take back
    expect((await app.call('user/updateEmail', { email: 'erin@example.com', password: DEFAULT_PASSWORD }, { token: erin.user_token })).error_code).toBe(0);
  });
});

describe('collisions made before the fix', () => {
  it('login by that name opens the username’s owner only; members added by the address are the email’s owner', async () => {
    // a squatter row as the old code stored it: username = Carol's address, email copied
    const carol = await app.register('carol');
    await app.deps.db.update(users).set({ email: 'carol@example.com', emailVerify: 1700000000 }).where(eq(users.uid, carol.uid));
    const [squatter] = await app.deps.db
      .insert(users)
      .values({ username: 'carol@example.com', email: 'carol@example.com', password: await hashPassword('squatter-pass-9'), regTime: 1 })
      .returning();

    // deterministic: the username owner, checked with its own password; never Carol's account
    expect((await app.login('carol@example.com', 'squatter-pass-9')).data.uid).toBe(String(squatter.uid));
    expect((await app.login('carol@example.com', DEFAULT_PASSWORD)).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.login('carol', DEFAULT_PASSWORD)).data.uid).toBe(String(carol.uid));

    // a membership "by email" goes to the address's owner, not to the squatter
    const item = await app.call('item/add', { item_name: 'Carol docs', item_type: 1 }, { token: owner.user_token });
    expect(item.error_code).toBe(0);
    const add = await app.call('member/save', { item_id: item.data.item_id, username: 'carol@example.com', member_group_id: 1 }, { token: owner.user_token });
    expect(add.error_code).toBe(0);
    const members = await app.deps.db.select().from(itemMembers).where(eq(itemMembers.itemId, Number(item.data.item_id)));
    expect(members.map((m) => m.uid)).toEqual([carol.uid]);
  });
});
