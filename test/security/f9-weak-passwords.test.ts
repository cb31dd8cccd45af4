// F9 — weak passwords were accepted (`123456`, `password`). New passwords now need at least
// 8 characters and must not be on the list of common passwords — on register, the password change,
// the reset by mail, the admin console and the operator CLI. Accounts that already have a weak
// password still log in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, DEFAULT_PASSWORD, type TestApp } from '../helpers/app';
import { throttles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { createMailToken, findUserById } from '../../server/domain/accounts';
import { runAdminCommand } from '../../server/cli/admin';
import { ErrorCode } from '../../shared/errors';
import { tryRegister } from './accountHelpers';

let app: TestApp;
let admin: { uid: number; user_token: string };
let user: { uid: number; user_token: string };

const TOO_SHORT = 'Password must be 8 to 128 characters';
const COMMON = 'This password is one of the most common passwords; choose another';
const weak: [string, string][] = [
  ['123456', TOO_SHORT],
  ['abc12', TOO_SHORT],
  ['password', COMMON],
  ['12345678', COMMON],
  ['Password1', COMMON],
  ['qwertyuiop', COMMON],
  ['iloveyou', COMMON],
];
const passwordOf = async (uid: number) => (await app.deps.db.select({ p: users.password }).from(users).where(eq(users.uid, uid)))[0].p;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('f9_admin');
  user = await app.register('f9_user');
}, 120_000);
afterAll(() => app.close(), 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

describe('weak new passwords are refused with a clear message', () => {
  it('on register', async () => {
    for (const [pw, message] of weak) {
      const r = await tryRegister(app, 'f9_weak', pw);
      expect([r.error_code, r.error_message], pw).toEqual([ErrorCode.GENERIC, message]);
    }
    expect(await app.deps.db.select().from(users).where(eq(users.username, 'f9_weak'))).toEqual([]);
    expect((await tryRegister(app, 'f9_strong', 'correct-horse-battery')).error_code).toBe(0);
  });

  it('on the password change and the reset by mail', async () => {
    const before = await passwordOf(user.uid);
    for (const [pw, message] of weak) {
      const r = await app.call('user/resetPassword', { password: DEFAULT_PASSWORD, new_password: pw }, { token: user.user_token });
      expect([r.error_code, r.error_message], pw).toEqual([ErrorCode.GENERIC, message]);
    }
    const row = (await findUserById(app.deps, user.uid))!;
    await app.deps.db.update(users).set({ email: 'f9@example.com' }).where(eq(users.uid, user.uid));
    const token = await createMailToken(app.deps, { ...row, email: 'f9@example.com' }, 'reset');
    for (const [pw, message] of weak) {
      const r = await app.call('user/resetPasswordByUrl', { uid: user.uid, email: 'f9@example.com', token, new_password: pw });
      expect([r.error_code, r.error_message], pw).toEqual([ErrorCode.GENERIC, message]);
    }
    expect(await passwordOf(user.uid)).toBe(before);
    // the refused attempts did not use up the link
    expect((await app.call('user/resetPasswordByUrl', { uid: user.uid, email: 'f9@example.com', token, new_password: 'a-much-better-one' })).error_code).toBe(0);
    expect((await app.login('f9_user', 'a-much-better-one')).error_code).toBe(0);
  });

  it('in the admin console and the operator CLI', async () => {
    const add = await app.call('adminUser/addUser', { username: 'f9_added', password: 'password' }, { token: admin.user_token });
    expect([add.error_code, add.error_message]).toEqual([ErrorCode.GENERIC, COMMON]);
    const before = await passwordOf(user.uid);
    const change = await app.call('adminUser/changePassword', { uid: user.uid, new_password: '12345678' }, { token: admin.user_token });
    expect([change.error_code, change.error_message]).toEqual([ErrorCode.GENERIC, COMMON]);
    const edit = await app.call('adminUser/addUser', { uid: user.uid, password: 'iloveyou' }, { token: admin.user_token });
    expect([edit.error_code, edit.error_message]).toEqual([ErrorCode.GENERIC, COMMON]);
    expect(await passwordOf(user.uid)).toBe(before);

    const created = await runAdminCommand(app.deps, ['create-user', 'f9_cli', 'qwertyuiop']);
    expect(created).toEqual({ code: 1, out: `quire admin: ${COMMON}` });
    const reset = await runAdminCommand(app.deps, ['reset-password', 'f9_user', 'password1']);
    expect(reset).toEqual({ code: 1, out: `quire admin: ${COMMON}` });
    expect(await passwordOf(user.uid)).toBe(before);
    expect(await app.deps.db.select().from(users).where(sql`${users.username} in ('f9_added', 'f9_cli')`)).toEqual([]);
  });
});

describe('existing accounts', () => {
  it('an account that already has a weak password still logs in', async () => {
    await app.deps.db.insert(users).values({ username: 'f9_old_timer', password: await hashPassword('123456'), regTime: 1 });
    const r = await app.login('f9_old_timer', '123456');
    expect(r.error_code).toBe(0);
  });
});
