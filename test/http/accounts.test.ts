// Accounts over HTTP (spec §7 "Common and user", issue 2 §5/§7): register, login, captcha after
// failures, tokens in four places, profile/password/email changes, mail-less reset, legacy hashes,
// hostile input (SQL/NoSQL shapes, 10 MB values, malformed JSON) and rate limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import bcrypt from 'bcryptjs';
import { startTestApp, DEFAULT_PASSWORD, type TestApp } from '../helpers/app';
import { passwordResets, throttles, userTokens, users } from '../../server/db/schema';
import { legacyShowdocHash } from '../../server/auth/passwords';
import { createMailToken, findUserById } from '../../server/domain/accounts';
import { ErrorCode } from '../../shared/errors';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';

let app: TestApp;

const userCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const allUsers = () => app.deps.db.select().from(users).orderBy(users.uid);
const row = async (username: string) => (await app.deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`))[0];

async function registerRaw(params: Record<string, unknown>, withCaptcha = true) {
  const c = withCaptcha ? await app.captcha() : null;
  return app.call('user/register', { ...(c ? { captcha_id: c.id, v_code: c.answer } : {}), ...params });
}

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(() => app.close(), 60_000);
// every case starts with empty failure counters and rate-limit windows (all requests come from 127.0.0.1)
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

describe('register', () => {
  it('the first account becomes administrator, later ones ordinary users', async () => {
    const first = await app.register('first_admin');
    const second = await app.register('second_user');
    expect((await row('first_admin')).groupid).toBe(1);
    expect((await row('second_user')).groupid).toBe(2);
    const info = await app.call('user/info', {}, { token: first.user_token });
    // ShowDoc's user row: uid and groupid as text
    expect(info.data).toMatchObject({ username: 'first_admin', groupid: '1', uid: String(first.uid) });
    expect((await app.call('user/info', {}, { token: second.user_token })).data.groupid).toBe('2');
  });

  it('always demands the captcha: missing, wrong, reused or expired → 10206, nothing created', async () => {
    const before = await userCount();
    const p = { username: 'capless', password: 'capless-1', confirm_password: 'capless-1' };
    expect((await registerRaw(p, false)).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    const c = await app.captcha();
    expect((await app.call('user/register', { ...p, captcha_id: c.id, v_code: 'zzzz' })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    // a wrong answer burns the captcha: the right answer no longer works
    expect((await app.call('user/register', { ...p, captcha_id: c.id, v_code: c.answer })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    const c2 = await app.captcha();
    app.setNow(Math.floor(Date.now() / 1000) + 3600);
    expect((await app.call('user/register', { ...p, captcha_id: c2.id, v_code: c2.answer })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    app.setNow(undefined);
    expect(await userCount()).toBe(before);
    // the cookie flow of common/verify works too (single use)
    const res = await app.fetch('/api/common/verify');
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const id = res.headers.get('x-captcha-id')!;
    const [cap] = await app.deps.db.execute<{ answer: string }>(sql`select answer from captchas where captcha_id = ${id}`).then((r: any) => r.rows ?? r);
    const ok = await app.call('user/register', { ...p, v_code: cap.answer }, { cookie });
    expect(ok.error_code).toBe(0);
    const again = await app.call('user/register', { ...p, username: 'capless2', v_code: cap.answer }, { cookie });
    expect(again.error_code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('respects the registration switch', async () => {
    await app.deps.settings.save({ register_open: false });
    const before = await userCount();
    const r = await registerRaw({ username: 'closed_door', password: 'closed-1', confirm_password: 'closed-1' });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toBe('Registration is closed by the administrator');
    expect(await userCount()).toBe(before);
    await app.deps.settings.save({ register_open: true });
    expect((await registerRaw({ username: 'closed_door', password: 'closed-1', confirm_password: 'closed-1' })).error_code).toBe(0);
  });

  it('refuses bad usernames and passwords with a clear message, creating nothing', async () => {
    const before = await allUsers();
    const cases: Record<string, unknown>[] = [
      { username: 'FIRST_ADMIN', password: 'taken-pass-1', confirm_password: 'taken-pass-1' },
      { username: 'short_pw', password: '123', confirm_password: '123' },
      { username: 'mismatch', password: 'mismatch-1', confirm_password: 'mismatch-2' },
      { username: 'x', password: 'valid-pass-1', confirm_password: 'valid-pass-1' },
      { username: 'a b', password: 'valid-pass-1', confirm_password: 'valid-pass-1' },
      { username: '<script>', password: 'valid-pass-1', confirm_password: 'valid-pass-1' },
      { username: '', password: 'valid-pass-1', confirm_password: 'valid-pass-1' },
      { username: 'long_pw', password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
    ];
    for (const c of cases) {
      const r = await registerRaw(c);
      expect(r.error_code, JSON.stringify(c).slice(0, 80)).not.toBe(0);
      expect(r.error_message).toBeTruthy();
    }
    expect(await allUsers()).toEqual(before);
    const zh = await app.call('user/register', { username: 'zh_user' }, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    expect(zh.error_message).toBe('请输入验证码');
  });
});

describe('login', () => {
  it('by username (any case) or by email; wrong password and unknown user → 10204', async () => {
    const u = await app.register('login_lee');
    await app.call('user/updateEmail', { email: 'Lee@Example.com', password: DEFAULT_PASSWORD }, { token: u.user_token });
    for (const name of ['login_lee', 'LOGIN_LEE', 'lee@example.com', 'LEE@EXAMPLE.COM']) {
      const r = await app.login(name);
      expect(r.error_code, name).toBe(0);
      expect(r.data.uid).toBe(String(u.uid));
      expect(r.data.user_token).toMatch(/^[0-9a-f]{64}$/);
    }
    expect((await app.login('login_lee', 'wrong-password')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.login('nobody_here')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.call('user/login', { username: 'login_lee' })).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.call('user/login', {})).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await row('login_lee')).lastLoginTime).toBeGreaterThan(0);
  });

  it(`demands the captcha after ${LOGIN_FAILURES_BEFORE_CAPTCHA} failures (10210, then 10206 without it)`, async () => {
    await app.register('forgetful');
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_BEFORE_CAPTCHA; i++) codes.push((await app.login('forgetful', `wrong-${i}-pass`)).error_code);
    expect(codes).toEqual([...Array(LOGIN_FAILURES_BEFORE_CAPTCHA - 1).fill(ErrorCode.WRONG_CREDENTIALS), ErrorCode.LOGIN_CAPTCHA_REQUIRED]);
    // the right password alone is not enough now
    expect((await app.login('forgetful')).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    const bad = await app.captcha();
    expect((await app.call('user/login', { username: 'forgetful', password: DEFAULT_PASSWORD, captcha_id: bad.id, v_code: 'nope' })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    // with the captcha but the wrong password: still 10210 (the client keeps showing the code)
    const c1 = await app.captcha();
    expect((await app.call('user/login', { username: 'forgetful', password: 'still-wrong', captcha_id: c1.id, v_code: c1.answer })).error_code).toBe(ErrorCode.LOGIN_CAPTCHA_REQUIRED);
    const c2 = await app.captcha();
    const ok = await app.call('user/login', { username: 'forgetful', password: DEFAULT_PASSWORD, captcha_id: c2.id, v_code: c2.answer });
    expect(ok.error_code).toBe(0);
    // loginByVerify is the same action
    const c3 = await app.captcha();
    expect((await app.call('user/loginByVerify', { username: 'forgetful', password: DEFAULT_PASSWORD, captcha_id: c3.id, v_code: c3.answer })).error_code).toBe(0);
  });

  it('accepts a legacy ShowDoc md5 hash once and upgrades it to argon2id', async () => {
    // ShowDoc's default admin: password 123456, empty salt
    await app.deps.db.insert(users).values({ username: 'showdoc', password: 'a89da13684490eb9ec9e613f91d24d00', salt: '', groupid: 2, regTime: 1 });
    const salt = 'f'.repeat(32);
    await app.deps.db.insert(users).values({ username: 'legacy_salted', password: legacyShowdocHash('old-secret-9', salt), salt, groupid: 2, regTime: 1 });
    expect((await app.login('showdoc', '1234567')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await row('showdoc')).password).toBe('a89da13684490eb9ec9e613f91d24d00');
    expect((await app.login('showdoc', '123456')).error_code).toBe(0);
    expect((await app.login('legacy_salted', 'old-secret-9')).error_code).toBe(0);
    for (const name of ['showdoc', 'legacy_salted']) {
      const r = await row(name);
      expect(r.password.startsWith('$argon2id$')).toBe(true);
      expect(r.salt).toBe('');
    }
    expect((await app.login('showdoc', '123456')).error_code).toBe(0);
    expect((await app.login('legacy_salted', 'old-secret-9')).error_code).toBe(0);
    expect((await app.login('legacy_salted', 'old-secret-8')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });

  it("accepts newer ShowDoc's bcrypt $2y$ hash (by name or email) and upgrades it to argon2id; a wrong password changes nothing", async () => {
    // PHP's password_hash('bcrypt-pass-7', PASSWORD_BCRYPT) writes $2y$10$…; bcryptjs writes the same algorithm as $2b$
    const php = (password: string) => '$2y$' + bcrypt.hashSync(password, 10).slice(4);
    const stored = php('bcrypt-pass-7');
    await app.deps.db.insert(users).values({ username: 'slim_user', password: stored, salt: '', email: 'slim@example.com', groupid: 2, regTime: 1 });
    await app.deps.db.insert(users).values({ username: 'slim_mail', password: php('bcrypt-mail-7'), salt: '', email: 'slim.mail@example.com', groupid: 2, regTime: 1 });

    expect((await app.call('user/login', { username: 'slim_user', password: 'bcrypt-pass-8' })).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.call('user/login', { username: 'slim_user', password: '' })).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await row('slim_user')).password).toBe(stored);

    // through ShowDoc's own URL form
    const ok = await app.call('/server/index.php?s=/api/user/login', { username: 'slim_user', password: 'bcrypt-pass-7' });
    expect(ok.error_code).toBe(0);
    expect((await app.call('user/info', {}, { token: ok.data.user_token })).data.username).toBe('slim_user');
    const upgraded = await row('slim_user');
    expect(upgraded.password).toMatch(/^\$argon2id\$/);
    expect(upgraded.salt).toBe('');
    expect((await app.login('slim_user', 'bcrypt-pass-7')).error_code).toBe(0);
    expect((await app.login('slim_user', 'bcrypt-pass-8')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await row('slim_user')).password).toBe(upgraded.password);

    // ShowDoc logs in by email too
    expect((await app.login('slim.mail@example.com', 'bcrypt-mail-7')).error_code).toBe(0);
    expect((await row('slim_mail')).password).toMatch(/^\$argon2id\$/);
    expect((await app.login('slim.mail@example.com', 'bcrypt-mail-7')).error_code).toBe(0);
  });
});

describe('tokens', () => {
  it('are accepted as user_token, Bearer, X-API-Token and the HttpOnly cookie', async () => {
    const res = await app.fetch('/api/user/login', { method: 'POST', body: new URLSearchParams({ username: 'login_lee', password: DEFAULT_PASSWORD }) });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/cookie_token=[0-9a-f]{64}/);
    expect(setCookie.toLowerCase()).toContain('httponly');
    const token = ((await res.json()) as any).data.user_token;
    const cookie = setCookie.split(';')[0];
    const ways = [
      app.call('user/info', { user_token: token }),
      app.call('/server/index.php?s=/api/user/info', { user_token: token }),
      app.call('user/info', {}, { headers: { Authorization: `Bearer ${token}` } }),
      app.call('user/info', {}, { token }),
      // the cookie acts for the user on a POST from our own pages (Origin)
      app.call('user/info', {}, { cookie, headers: { Origin: app.url } }),
    ];
    for (const r of await Promise.all(ways)) expect(r.data?.username).toBe('login_lee');
    // a cookie sent by another site does not authenticate, and cannot log the user out
    const cross = await app.call('user/info', {}, { cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(cross.error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    const crossLogout = await app.call('user/logout', {}, { cookie, headers: { Origin: 'https://evil.example' } });
    expect(crossLogout.error_code).toBe(0);
    expect((await app.call('user/info', {}, { cookie, headers: { Origin: app.url } })).data?.username).toBe('login_lee');
    // tokens are stored hashed
    const stored = await app.deps.db.select().from(userTokens);
    expect(stored.some((t) => t.tokenHash === token)).toBe(false);
  });

  it('logout revokes the token (and only that one); expired tokens are refused', async () => {
    const a = (await app.login('login_lee')).data.user_token;
    const b = (await app.login('login_lee')).data.user_token;
    expect((await app.call('user/info', {}, { token: a })).error_code).toBe(0);
    const out = await app.fetch('/api/user/logout', { headers: { 'X-API-Token': a } });
    expect(((await out.json()) as any).error_code).toBe(0);
    expect(out.headers.get('set-cookie')).toMatch(/cookie_token=;/);
    const gone = await app.call('user/info', {}, { token: a });
    expect(gone.error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(gone.error_message).toBe('Your login has expired; please log in again');
    expect((await app.call('user/info', {}, { token: b })).error_code).toBe(0);
    expect((await app.call('user/info')).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.call('user/info', { redirect_login: 'false' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    app.setNow(Math.floor(Date.now() / 1000) + (app.deps.config.tokenTtlDays + 1) * 86400);
    expect((await app.call('user/info', {}, { token: b })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    app.setNow(undefined);
  });
});

describe('profile', () => {
  let token: string;
  let uid: number;
  beforeAll(async () => {
    const u = await app.register('profile_pat');
    token = u.user_token;
    uid = u.uid;
  }, 60_000);

  it('updateInfo sets the display name (raw, not escaped); too long → error; anonymous → 10102', async () => {
    expect((await app.call('user/updateInfo', { name: 'Pat <O\'Neil> & co' }, { token })).error_code).toBe(0);
    expect((await app.call('user/info', {}, { token })).data.name).toBe("Pat <O'Neil> & co");
    const long = await app.call('user/updateInfo', { name: 'n'.repeat(51) }, { token });
    expect(long.error_code).toBe(ErrorCode.GENERIC);
    expect((await row('profile_pat')).name).toBe("Pat <O'Neil> & co");
    expect((await app.call('user/updateInfo', { name: 'anon' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('resetPassword needs the old password, ends other sessions and hands out a new token', async () => {
    const other = (await app.login('profile_pat')).data.user_token;
    const wrong = await app.call('user/resetPassword', { password: 'not-it', new_password: 'brand-new-1' }, { token });
    expect([wrong.error_code, wrong.error_message]).toEqual([ErrorCode.GENERIC, 'Old password is wrong']);
    const short = await app.call('user/resetPassword', { password: DEFAULT_PASSWORD, new_password: '123' }, { token });
    expect(short.error_code).toBe(ErrorCode.GENERIC);
    expect((await app.login('profile_pat')).error_code).toBe(0);
    const ok = await app.call('user/resetPassword', { password: DEFAULT_PASSWORD, new_password: 'brand-new-1' }, { token });
    expect(ok.error_code).toBe(0);
    expect((await app.call('user/info', {}, { token: other })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.call('user/info', {}, { token })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    token = ok.data.user_token;
    expect((await app.call('user/info', {}, { token })).error_code).toBe(0);
    expect((await app.login('profile_pat')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.login('profile_pat', 'brand-new-1')).error_code).toBe(0);
    expect((await app.call('user/resetPassword', { password: 'brand-new-1', new_password: 'x-new-pass' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('updateEmail checks format, password and uniqueness; without SMTP no mail is claimed', async () => {
    const before = await row('profile_pat');
    for (const [email, password] of [
      ['not-an-email', 'brand-new-1'],
      ['pat@example.com', 'wrong-password'],
      ['lee@example.com', 'brand-new-1'], // login_lee's (case-insensitive)
      ['a@b', 'brand-new-1'],
      [`${'x'.repeat(250)}@example.com`, 'brand-new-1'],
    ]) {
      const r = await app.call('user/updateEmail', { email, password }, { token });
      expect(r.error_code, email.slice(0, 40)).toBe(ErrorCode.GENERIC);
    }
    expect(await row('profile_pat')).toEqual(before);
    const ok = await app.call('user/updateEmail', { email: 'pat@example.com', password: 'brand-new-1' }, { token });
    // no mail server: the answer says so plainly (a code and a message in the caller's language)
    expect(ok.data).toEqual({
      email: 'pat@example.com',
      email_verify: 0,
      mail_sent: false,
      mail_error_code: ErrorCode.MAIL_UNAVAILABLE,
      mail_error: 'This site cannot send mail (no mail server is configured): your address is saved, but no confirmation mail was sent',
    });
    const zh = await app.call('user/updateEmail', { email: 'pat@example.com', password: 'brand-new-1' }, { token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.data.mail_error).toMatch(/^本站无法发送邮件/);
    expect((await app.call('common/homePageSetting')).data.mail_enabled).toBe(0);
    expect((await app.call('user/info', {}, { token })).data.email).toBe('pat@example.com');
    expect((await app.call('user/updateEmail', { email: 'p@example.com', password: 'brand-new-1' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('resetPasswordEmail without SMTP: a clear error, never a silent success', async () => {
    const c = await app.captcha();
    const r = await app.call('user/resetPasswordEmail', { email: 'pat@example.com', captcha_id: c.id, v_code: c.answer });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toMatch(/Mail is not configured on this server/);
    expect(await app.deps.db.select().from(passwordResets)).toEqual([]);
    const noCaptcha = await app.call('user/resetPasswordEmail', { email: 'pat@example.com' });
    expect(noCaptcha.error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    const badEmail = await app.call('user/resetPasswordEmail', { email: "' OR 1=1 --" });
    expect(badEmail.error_code).toBe(ErrorCode.GENERIC);
  });

  it('resetPasswordByUrl: a mailed token works once, for its user and email only', async () => {
    const user = (await findUserById(app.deps, uid))!;
    const t = await createMailToken(app.deps, user, 'reset');
    const other = await app.call('user/resetPasswordByUrl', { uid: uid + 1000, email: user.email, token: t, new_password: 'via-mail-1' });
    expect(other.error_code).toBe(ErrorCode.GENERIC);
    expect((await app.call('user/resetPasswordByUrl', { uid, email: 'x@example.com', token: t, new_password: 'via-mail-1' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await app.call('user/resetPasswordByUrl', { uid, email: user.email, token: 'f'.repeat(64), new_password: 'via-mail-1' })).error_code).toBe(ErrorCode.GENERIC);
    // note: wrong attempts above did not burn the token
    const t2 = await createMailToken(app.deps, user, 'reset');
    const ok = await app.call('user/resetPasswordByUrl', { uid, email: user.email, token: t2, new_password: 'via-mail-1' });
    expect(ok.error_code).toBe(0);
    expect((await app.login('profile_pat', 'via-mail-1')).error_code).toBe(0);
    const twice = await app.call('user/resetPasswordByUrl', { uid, email: user.email, token: t2, new_password: 'via-mail-2' });
    expect(twice.error_code).toBe(ErrorCode.GENERIC);
    expect((await app.login('profile_pat', 'via-mail-1')).error_code).toBe(0);
    token = (await app.login('profile_pat', 'via-mail-1')).data.user_token;
  });

  it('allUser searches names for logged-in users only', async () => {
    // only among people who share an item or a team (test/security/f11-all-users.test.ts)
    const item = await app.call('item/add', { item_name: 'Shared with Lee', item_type: 1 }, { token });
    expect((await app.call('member/save', { item_id: item.data.item_id, username: 'login_lee', member_group_id: 1 }, { token })).error_code).toBe(0);
    const r = await app.call('user/allUser', { username: 'LOGIN_' }, { token });
    expect(r.data.map((u: any) => u.username)).toEqual(['login_lee']);
    expect(JSON.stringify(r.data)).not.toMatch(/password|email/);
    expect((await app.call('user/allUser', { username: '%' }, { token })).data).toEqual([]);
    expect((await app.call('user/allUser', { username: 'login' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('hostile input', () => {
  const shapes = ["' OR 1=1 --", '{"$ne":null}', '{"$gt":""}', "admin'--", '1; DROP TABLE users; --', '\u0000', '../../etc/passwd', '${7*7}'];

  it('SQL/NoSQL-shaped strings in every field are plain text: refused or stored as typed, nothing else changes', async () => {
    const u = await app.register('hostile_hal');
    const before = await allUsers();
    for (const s of shapes) {
      // PostgreSQL text cannot hold NUL: such values are refused up front (10101), never a 500
      const nul = s.includes('\u0000');
      expect((await app.call('user/login', { username: s, password: s })).error_code, s).toBe(nul ? ErrorCode.GENERIC : ErrorCode.WRONG_CREDENTIALS);
      expect((await app.call('user/login', { username: 'hostile_hal', password: s })).error_code, s).toBe(nul ? ErrorCode.GENERIC : ErrorCode.WRONG_CREDENTIALS);
      await app.deps.db.delete(throttles);
      const reg = await registerRaw({ username: s, password: s.padEnd(8, 'x'), confirm_password: s.padEnd(8, 'x') });
      expect(reg.error_code, s).not.toBe(0);
      expect((await app.call('user/updateEmail', { email: s, password: DEFAULT_PASSWORD }, { token: u.user_token })).error_code, s).toBe(ErrorCode.GENERIC);
      expect((await app.call('user/resetPassword', { password: s, new_password: 'whatever-1' }, { token: u.user_token })).error_code, s).toBe(ErrorCode.GENERIC);
      expect((await app.call('user/allUser', { username: s }, { token: u.user_token })).error_code, s).toBe(nul ? ErrorCode.GENERIC : 0);
      expect((await app.call('user/updateInfo', { name: s }, { token: u.user_token })).error_code, s).toBe(nul ? ErrorCode.GENERIC : 0);
      expect((await app.call('user/info', { user_token: s })).error_code, s).toBe(ErrorCode.NOT_LOGGED_IN);
    }
    expect((await allUsers()).map((r) => ({ ...r, name: '' }))).toEqual(before.map((r) => ({ ...r, name: '' })));
    for (const s of shapes.filter((x) => !x.includes('\u0000'))) {
      expect((await app.call('user/updateInfo', { name: s }, { token: u.user_token })).error_code).toBe(0);
      expect((await row('hostile_hal')).name).toBe(s);
    }
  });

  it('objects and arrays where text is expected are refused (JSON body and form arrays)', async () => {
    const before = await allUsers();
    const j1 = await app.call('user/login', { username: { $ne: null }, password: { $ne: null } }, { json: true });
    expect(j1.error_code).toBe(ErrorCode.GENERIC);
    expect(j1.error_message).toBe('Parameter username must be text');
    const j2 = await app.call('user/login', { username: 'hostile_hal', password: ['a', 'b'] }, { json: true });
    expect(j2.error_code).toBe(ErrorCode.GENERIC);
    const form = await app.fetch('/api/user/login', { method: 'POST', body: 'username[$ne]=x&password[$ne]=y', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(((await form.json()) as any).error_code).not.toBe(0);
    const arr = await app.fetch('/api/user/login', { method: 'POST', body: 'username=a&username=b&password=c', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(((await arr.json()) as any).error_code).not.toBe(0);
    expect(await allUsers()).toEqual(before);
  });

  it('a 10 MB username is refused with a clear error and the server keeps working', async () => {
    const before = await userCount();
    const big = 'a'.repeat(10 * 1024 * 1024);
    const res = await app.fetch('/api/user/register', { method: 'POST', body: new URLSearchParams({ username: big, password: 'big-pass-1', confirm_password: 'big-pass-1' }) });
    const body = (await res.json()) as any;
    expect([ErrorCode.BODY_TOO_LARGE, ErrorCode.GENERIC]).toContain(body.error_code);
    expect(body.error_message).toMatch(/too large|too long/);
    const json = await app.fetch('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: big, password: 'x' }) });
    expect(((await json.json()) as any).error_code).not.toBe(0);
    const smaller = await app.call('user/login', { username: 'a'.repeat(100_000), password: 'whatever-1' });
    expect(smaller.error_code).toBe(ErrorCode.GENERIC);
    expect(smaller.error_message).toMatch(/too long/);
    expect(await userCount()).toBe(before);
    expect((await app.login('hostile_hal')).error_code).toBe(0);
  });

  it('malformed JSON → a clear error, nothing stored', async () => {
    const before = await userCount();
    for (const body of ['{"username": "mal", "password":', '[1,2', 'null}', '{"username":"x"']) {
      const res = await app.fetch('/api/user/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      const j = (await res.json()) as any;
      expect(j.error_code, body).toBe(ErrorCode.GENERIC);
      expect(j.error_message).toBe('Malformed JSON body');
    }
    expect(await userCount()).toBe(before);
  });
});

describe('rate limits (10429)', () => {
  it('login per account and per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await app.login('rate_target', 'wrong-pass-x')).error_code);
    expect(codes[20]).toBe(ErrorCode.RATE_LIMITED);
    expect(codes.slice(0, 20)).not.toContain(ErrorCode.RATE_LIMITED);
    const r = await app.login('rate_target', 'wrong-pass-x');
    expect(r.error_message).toMatch(/^Too many requests; try again in \d+ seconds$/);
    // another account from the same IP is not blocked yet
    expect((await app.login('hostile_hal')).error_code).toBe(0);
    await app.deps.db.delete(throttles);
    const ipCodes: number[] = [];
    for (let i = 0; i < 61; i++) ipCodes.push((await app.call('user/login', { username: `ip_${i}`, password: 'x' })).error_code);
    expect(ipCodes[60]).toBe(ErrorCode.RATE_LIMITED);
    expect((await app.login('hostile_hal')).error_code).toBe(ErrorCode.RATE_LIMITED);
  });

  it('register, password reset mail and captcha images per IP', async () => {
    const reg: number[] = [];
    for (let i = 0; i < 21; i++) reg.push((await app.call('user/register', { username: `r_${i}`, password: 'x-pass-12', confirm_password: 'x-pass-12' })).error_code);
    expect(reg.slice(0, 20)).toEqual(Array(20).fill(ErrorCode.CAPTCHA_WRONG));
    expect(reg[20]).toBe(ErrorCode.RATE_LIMITED);

    const reset: number[] = [];
    for (let i = 0; i < 11; i++) reset.push((await app.call('user/resetPasswordEmail', { email: 'pat@example.com' })).error_code);
    expect(reset[10]).toBe(ErrorCode.RATE_LIMITED);

    let last = 0;
    for (let i = 0; i < 121; i++) {
      const res = await app.fetch('/api/common/verify');
      await res.arrayBuffer();
      last = res.status;
    }
    const limited = await app.fetch('/api/common/verify');
    const text = await limited.text();
    expect(last === 429 || text.includes('10429')).toBe(true);
    await app.deps.db.delete(throttles);
    expect((await app.fetch('/api/common/verify')).headers.get('content-type')).toBe('image/png');
  });
});

describe('common endpoints of the login and register screens', () => {
  it('common/verify: a PNG captcha, not cached, under a no-script CSP, with its cookie', async () => {
    const res = await app.fetch('/api/common/verify?t=123');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('set-cookie')).toMatch(/captcha_id=[0-9a-f]{32}/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('createCaptcha + showCaptcha (ShowDoc 3.x) feed registerByVerify; an unknown id is refused', async () => {
    const created = await app.call('common/createCaptcha');
    const id = created.data.captcha_id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const img = await app.fetch(`/api/common/showCaptcha?captcha_id=${id}`);
    expect(img.headers.get('content-type')).toBe('image/png');
    const [cap] = await app.deps.db.execute<{ answer: string }>(sql`select answer from captchas where captcha_id = ${id}`).then((r: any) => r.rows ?? r);
    const r = await app.call('user/registerByVerify', { username: 'by_verify', password: 'verify-pass-1', confirm_password: 'verify-pass-1', captcha_id: id, captcha: cap.answer });
    expect(r.error_code).toBe(0);
    expect((await app.call('common/showCaptcha', { captcha_id: id })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
    expect((await app.call('common/showCaptcha', { captcha_id: "' OR 1=1 --" })).error_code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('homePageSetting, qrcode, update/checkDb and ScriptCron/run answer without login', async () => {
    const home = await app.call('common/homePageSetting');
    expect(home.data).toMatchObject({ home_page: 1, home_item: 0, register_open: 1 });
    const qr = await app.fetch('/api/common/qrcode?size=4&url=' + encodeURIComponent('https://docs.example.com/1?page_id=2'));
    expect(qr.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await qr.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await app.call('common/qrcode', {})).error_code).toBe(ErrorCode.GENERIC);
    expect(await app.call('update/checkDb', {}, { method: 'GET' })).toEqual({ error_code: 0, data: [] });
    expect(await app.call('/server/index.php?s=/api/ScriptCron/run', {}, { method: 'GET' })).toEqual({ error_code: 0, data: [] });
  });
});

describe('account state stays consistent', () => {
  it('no account has a plaintext or empty password hash', async () => {
    const rows = await allUsers();
    for (const r of rows) {
      expect(r.password.length).toBeGreaterThan(20);
      expect(r.password).not.toBe(DEFAULT_PASSWORD);
    }
    const [{ n }] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.groupid, 1));
    expect(n).toBe(1);
  });
});
