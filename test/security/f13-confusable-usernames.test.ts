// F13 — look-alike usernames: `аdmin` with a Cyrillic а could be registered beside `admin`.
// Usernames are now NFKC-normalised, and a name whose confusable skeleton (Unicode TR39) equals an
// existing user's is refused. Existing look-alike accounts keep working.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, DEFAULT_PASSWORD, type TestApp } from '../helpers/app';
import { throttles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { runAdminCommand } from '../../server/cli/admin';
import { ErrorCode } from '../../shared/errors';
import { tryRegister } from './accountHelpers';

let app: TestApp;
let admin: { uid: number; user_token: string };

const LOOKS_TAKEN = 'This username looks like an existing one; choose another';
const userCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('admin');
}, 120_000);
afterAll(() => app.close(), 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

describe('look-alike usernames', () => {
  it('are refused on register, in the admin console and the CLI', async () => {
    const before = await userCount();
    // Cyrillic а (U+0430), dotless ı (U+0131), Latin "rn" for m, Cyrillic І (U+0406)
    for (const name of ['\u0430dmin', 'adm\u0131n', 'adrnin', 'ADM\u0406N']) {
      const r = await tryRegister(app, name, 'lookalike-pass-1');
      expect([r.error_code, r.error_message], name).toEqual([ErrorCode.GENERIC, LOOKS_TAKEN]);
    }
    const viaAdmin = await app.call('adminUser/addUser', { username: '\u0430dmin', password: 'lookalike-pass-1' }, { token: admin.user_token });
    expect([viaAdmin.error_code, viaAdmin.error_message]).toEqual([ErrorCode.GENERIC, LOOKS_TAKEN]);
    expect(await runAdminCommand(app.deps, ['create-user', 'adm\u0131n', 'lookalike-pass-1'])).toEqual({ code: 1, out: `quire admin: ${LOOKS_TAKEN}` });
    expect(await userCount()).toBe(before);
  });

  it('are NFKC-normalised: full-width letters register and log in as their plain form', async () => {
    const r = await tryRegister(app, '\uff4a\uff4f\uff45', 'fullwidth-pass-1');
    expect(r.error_code).toBe(0);
    expect(r.data.username).toBe('joe');
    expect((await app.login('joe', 'fullwidth-pass-1')).data.uid).toBe(r.data.uid);
    expect((await app.login('\uff4a\uff4f\uff45', 'fullwidth-pass-1')).data.uid).toBe(r.data.uid);
    // "ｊｏｅ" is "joe": taken
    const again = await tryRegister(app, '\uff2a\uff2f\uff25', 'fullwidth-pass-1');
    expect(again.error_code).toBe(ErrorCode.GENERIC);
  });

  it('accounts that already look alike both still log in', async () => {
    const hash = await hashPassword(DEFAULT_PASSWORD);
    const [a] = await app.deps.db.insert(users).values({ username: 'paul', password: hash, regTime: 1 }).returning();
    const [b] = await app.deps.db.insert(users).values({ username: 'p\u0430ul', password: hash, regTime: 1 }).returning();
    expect((await app.login('paul')).data.uid).toBe(String(a.uid));
    expect((await app.login('p\u0430ul')).data.uid).toBe(String(b.uid));
    // and a third look-alike is refused
    expect((await tryRegister(app, 'pau1', 'lookalike-pass-1')).error_message).toBe(LOOKS_TAKEN);
    expect(await app.deps.db.select().from(users).where(eq(users.uid, b.uid))).toHaveLength(1);
  });
});
