// Kill -9 right after a register answers: after a restart on the same data (PGlite directory or
// PostgreSQL database) the account and its token exist. A real server process (server/main.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type ServerProcess } from '../helpers/cluster';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/logger';

const kind = testDbKind();
let env: Record<string, string>;
let dataDir = '';
let database: TestDatabase | null = null;
let node: ServerProcess | null = null;

async function post(base: string, action: string, params: Record<string, string>, token?: string) {
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: token ? { 'X-API-Token': token } : {},
    body: new URLSearchParams(params),
  });
  return (await res.json()) as { error_code: number; error_message?: string; data: any };
}

beforeAll(async () => {
  if (kind === 'pglite') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-dura-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '', QUIRE_TEST_CAPTCHA: 'dura' };
    // create and migrate the PGlite directory up front: initdb is slow on a busy machine and
    // startNode gives a server 30 s to open its port
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), log: createLogger('error') });
    await migrateDatabase(db);
    await db.close();
  } else {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url!, QUIRE_TEST_CAPTCHA: 'dura' };
  }
}, 120_000);

afterAll(async () => {
  await node?.kill();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`SIGKILL durability (${kind})`, () => {
  it('a user registered just before kill -9 exists after the restart, with a working token', async () => {
    node = await startNode(env);
    const reg = await post(node.url, 'user/register', { username: 'survivor', password: 'survive-pass-1', confirm_password: 'survive-pass-1', v_code: 'dura' });
    node.proc.kill('SIGKILL'); // right after the reply, before any graceful shutdown could flush
    expect(reg.error_code).toBe(0);
    await node.kill();
    expect(node.proc.signalCode).toBe('SIGKILL');
    const { port } = node;
    node = null;

    node = await startNode(env, { port }); // the dead owner's data-dir lock is stale and taken over
    const info = await post(node.url, 'user/info', {}, reg.data.user_token);
    expect(info.error_code).toBe(0);
    expect(info.data).toMatchObject({ uid: reg.data.uid, username: 'survivor', groupid: '1' });
    const login = await post(node.url, 'user/login', { username: 'survivor', password: 'survive-pass-1' });
    expect(login.error_code).toBe(0);
    expect(login.data.uid).toBe(reg.data.uid);
  }, 240_000);
});
