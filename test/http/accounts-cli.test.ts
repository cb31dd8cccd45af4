// The operator CLI (server/cli/admin.ts): create-user [--admin], reset-password, make-admin.
// Commands run against the test app's database (both engines); then the real entry point:
// PGlite — works on a stopped server's DATA_DIR and refuses clearly while a server holds it;
// PostgreSQL — works directly beside a running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminCli, runAdminCommand } from '../../server/cli/admin';
import { startNode, type ServerProcess } from '../helpers/cluster';
import { startTestApp, type TestApp } from '../helpers/app';
import { testDbKind } from '../helpers/db';
import { ErrorCode } from '../../shared/errors';

const exec = promisify(execFile);
const kind = testDbKind();

let app: TestApp;
let dataDir = '';
let server: ServerProcess | null = null;

/** The real entry point, as `npm run admin -- …` runs it. */
async function cliProcess(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], { env: { ...process.env, NODE_ENV: 'test', ...env }, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e: any) {
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const cmd = (...argv: string[]) => runAdminCommand(app.deps, argv);

async function login(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/user/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  return (await res.json()) as { error_code: number; data: any };
}

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('admin CLI commands', () => {
  it('create-user: the first account of an empty database is administrator, --admin makes more', async () => {
    expect(await cmd('create-user', 'root', 'root-pass-1')).toEqual({ code: 0, out: expect.stringMatching(/^created user root \(uid \d+, administrator\)$/) });
    const plain = await cmd('create-user', 'ann', 'ann-pass-1');
    expect(plain).toEqual({ code: 0, out: expect.stringMatching(/^created user ann \(uid \d+\)$/) });
    expect((await cmd('create-user', 'cat', 'cat-pass-1', '--admin')).out).toMatch(/administrator/);
    const r = await app.login('root', 'root-pass-1');
    expect([r.error_code, r.data.groupid]).toEqual([0, '1']);
    const a = await app.login('ann', 'ann-pass-1');
    expect([a.error_code, a.data.groupid]).toEqual([0, '2']);
  });

  it('refuses bad input with a clear line and a non-zero exit code, changing nothing', async () => {
    expect(await cmd('create-user', 'ANN', 'other-pass-1')).toEqual({ code: 1, out: 'quire admin: Username already exists' });
    expect(await cmd('create-user', 'dan', '123')).toEqual({ code: 1, out: 'quire admin: Password must be 8 to 128 characters' });
    expect((await cmd('create-user', "' OR 1=1 --", 'whatever-1')).out).toMatch(/^quire admin: Username must be/);
    expect((await cmd('create-user', 'x'.repeat(10_000), 'whatever-1')).code).toBe(1);
    expect(await cmd('reset-password', 'nobody', 'new-pass-1')).toEqual({ code: 1, out: 'quire admin: no user named "nobody"' });
    expect(await cmd('reset-password', 'ann', 'x')).toEqual({ code: 1, out: 'quire admin: Password must be 8 to 128 characters' });
    expect(await cmd('make-admin', 'nobody')).toEqual({ code: 1, out: 'quire admin: no user named "nobody"' });
    const usage = await cmd('create-user', 'dan');
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/create-user takes 2 arguments, got 1\nusage: npm run admin/);
    expect(await cmd('frobnicate')).toMatchObject({ code: 2, out: expect.stringMatching(/unknown command "frobnicate"/) });
    expect((await cmd('make-admin', 'ann', '--force')).out).toMatch(/unknown option --force/);
    expect((await cmd()).code).toBe(2);
    expect((await app.login('ann', 'ann-pass-1')).data.groupid).toBe('2');
    expect((await app.login('dan', '123')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });

  it('reset-password ends the sessions; make-admin promotes at once', async () => {
    const before = await app.login('ann', 'ann-pass-1');
    const token = before.data.user_token;
    expect(await cmd('reset-password', 'ann', 'ann-new-pass')).toEqual({ code: 0, out: 'password of ann changed; their sessions were ended' });
    expect((await app.call('user/info', {}, { token })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.login('ann', 'ann-pass-1')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    const fresh = (await app.login('ann', 'ann-new-pass')).data.user_token;
    expect((await app.call('adminUser/getList', {}, { token: fresh })).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect(await cmd('make-admin', 'ANN')).toEqual({ code: 0, out: 'ann is now an administrator' });
    expect((await app.call('adminUser/getList', {}, { token: fresh })).error_code).toBe(0);
    expect(await cmd('make-admin', 'ann')).toEqual({ code: 0, out: 'ann is already an administrator' });
  });

  it('bad configuration is one clear line', async () => {
    expect(await runAdminCli(['make-admin', 'ann'], { NODE_ENV: 'test', PORT: 'abc' })).toEqual({ code: 1, out: 'quire admin: configuration error: PORT must be a whole number, got "abc"' });
    expect((await runAdminCli([], { NODE_ENV: 'test' })).code).toBe(2);
  });
});

describe(`admin CLI entry point (${kind})`, () => {
  if (kind === 'pglite') {
    it('works on a stopped server’s data directory, refuses while a server holds it', async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-'));
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      expect(await runAdminCli(['create-user', 'root', 'root-pass-1', '--admin'], { NODE_ENV: 'test', ...env })).toMatchObject({ code: 0 });
      expect(fs.existsSync(path.join(dataDir, 'quire.pid'))).toBe(false); // the CLI released its lock

      server = await startNode(env);
      const root = await login(server.url, 'root', 'root-pass-1');
      expect([root.error_code, root.data.groupid]).toEqual([0, '1']);

      const busy = await cliProcess(env, ['create-user', 'eve', 'eve-pass-1']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/a Quire server \(pid \d+\) is using the data directory .*; stop it first/);
      expect((await login(server.url, 'eve', 'eve-pass-1')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
      expect((await login(server.url, 'root', 'root-pass-1')).error_code).toBe(0); // the server kept its lock and data

      await server.kill();
      server = null;
      const after = await cliProcess(env, ['create-user', 'eve', 'eve-pass-1']);
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/created user eve \(uid \d+\)/);
    }, 180_000); // a fresh PGlite directory (initdb) and a server start: slow on a busy machine
  } else {
    it('works directly on the PostgreSQL database while a server runs', async () => {
      const env = { DATABASE_URL: app.database.url! };
      const r = await cliProcess(env, ['create-user', 'eve', 'eve-pass-1']);
      expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/created user eve \(uid \d+\)/) });
      expect((await login(app.url, 'eve', 'eve-pass-1')).error_code).toBe(0);
      const bad = await cliProcess(env, ['make-admin', 'nobody']);
      expect(bad).toMatchObject({ code: 1, stderr: 'quire admin: no user named "nobody"\n' });
    });
  }
});
