// Kill -9 of the server while two people edit a spreadsheet: every cell edit another participant
// received (the server stores before it broadcasts) is there after the restart. A real server
// process (server/main.ts) on the same data (PGlite directory or PostgreSQL database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type ServerProcess } from '../helpers/cluster';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';
import { connectEditor, synced, until, type Editor } from '../helpers/realtime';
import { cellOf, setCell, workbookOf } from '../helpers/sheet';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/logger';

const kind = testDbKind();
let env: Record<string, string>;
let dataDir = '';
let database: TestDatabase | null = null;
let node: ServerProcess | null = null;
const open: Editor[] = [];

async function post(base: string, action: string, params: Record<string, string>, token?: string) {
  const res = await fetch(`${base}/api/${action}`, { method: 'POST', headers: token ? { 'X-API-Token': token } : {}, body: new URLSearchParams(params) });
  return (await res.json()) as { error_code: number; error_message?: string; data: any };
}

beforeAll(async () => {
  if (kind === 'pglite') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sheet-dura-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '', QUIRE_TEST_CAPTCHA: 'dura' };
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), log: createLogger('error') });
    await migrateDatabase(db);
    await db.close();
  } else {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url!, QUIRE_TEST_CAPTCHA: 'dura' };
  }
}, 120_000);

afterAll(async () => {
  open.forEach((e) => e.destroy());
  await node?.kill();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`spreadsheet edits survive kill -9 (${kind})`, () => {
  it('every cell edit the other editor received is there after the restart', async () => {
    node = await startNode(env);
    const reg = await post(node.url, 'user/register', { username: 'sheeter', password: 'survive-pass-1', confirm_password: 'survive-pass-1', v_code: 'dura' });
    expect(reg.error_code).toBe(0);
    const token = reg.data.user_token as string;
    const item = await post(node.url, 'item/add', { item_name: 'Sheet', item_type: '4' }, token);
    expect(item.error_code).toBe(0);
    const info = await post(node.url, 'item/info', { item_id: String(item.data.item_id) }, token);
    const pageId = Number(info.data.menu.pages[0].page_id);
    expect(pageId).toBeGreaterThan(0);

    const a = connectEditor(node.url, `page.${pageId}`, token);
    const b = connectEditor(node.url, `page.${pageId}`, token);
    open.push(a, b);
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 30; i++) setCell(i % 2 ? a : b, `${i},${i % 3}`, { v: `edit ${i}` });
    // b (or a) has received every edit from the other: each one was stored first
    await until(() => Object.keys(workbookOf(a).sheets[0].cells).length === 30 && Object.keys(workbookOf(b).sheets[0].cells).length === 30, 'both saw all 30 edits');
    node.proc.kill('SIGKILL');
    a.destroy();
    b.destroy();
    await node.kill();
    expect(node.proc.signalCode).toBe('SIGKILL');
    const { port } = node;
    node = null;

    node = await startNode(env, { port });
    const c = connectEditor(node.url, `page.${pageId}`, token);
    open.push(c);
    await synced(c);
    for (let i = 0; i < 30; i++) expect(cellOf(c, `${i},${i % 3}`)?.v).toBe(`edit ${i}`);
  }, 240_000);
});
