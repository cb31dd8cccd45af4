// The admin list's "last login": set by logging in, by registering (which logs in), and by coming
// back with a remembered session (the token's hourly renewal, as ShowDoc sets it when a token
// restores a session).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { users } from '../../server/db/schema';

let app: TestApp;
let admin: { uid: number; user_token: string };

const lastLogin = async (uid: number) => (await app.deps.db.select().from(users).where(eq(users.uid, uid)))[0].lastLoginTime;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('ll_admin'); // the first account is the administrator
});

afterAll(async () => {
  app.setNow(undefined);
  await app?.close();
});

describe('last login', () => {
  it('a newly registered (and so logged-in) user shows a last login in the admin list', async () => {
    const u = await app.register('ll_fresh');
    expect(await lastLogin(u.uid)).toBeGreaterThan(0);
    const list = await app.call('adminUser/getList', { username: 'll_fresh' }, { token: admin.user_token });
    const row = list.data.users.find((r: { username: string }) => r.username === 'll_fresh');
    expect(row.last_login_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a remembered session coming back after an hour records a login; within the hour it writes nothing', async () => {
    const u = await app.register('ll_back');
    const start = Math.floor(Date.now() / 1000);
    await app.deps.db.update(users).set({ lastLoginTime: 0 }).where(eq(users.uid, u.uid));
    app.deps.sessions.clear();
    app.setNow(start + 60);
    expect((await app.call('user/info', {}, { token: u.user_token })).error_code).toBe(0);
    expect(await lastLogin(u.uid)).toBe(0);
    app.deps.sessions.clear();
    app.setNow(start + 2 * 3600);
    expect((await app.call('user/info', {}, { token: u.user_token })).error_code).toBe(0);
    expect(await lastLogin(u.uid)).toBe(start + 2 * 3600);
  });
});
