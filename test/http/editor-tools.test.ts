// page/sqlToMarkdownTable (CREATE TABLE → data dictionary, three dialects, parsed never run) and
// ShowDoc's AI endpoints answered as "AI not configured" (agent/*, item/getAiConfig).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedItem } from '../helpers/realtime';
import { ErrorCode } from '../../shared/errors';

type U = { uid: number; user_token: string; username: string };
let app: TestApp;
let owner: U, stranger: U;
let publicItem: number, privateItem: number;

const call = (path: string, params: Record<string, unknown>, who?: U, lang?: string) =>
  app.call(path, params, { token: who?.user_token, headers: lang ? { 'Accept-Language': lang } : undefined });

beforeAll(async () => {
  app = await startTestApp();
  await app.register('tools_admin'); // the first account is the administrator
  owner = await app.register('tools_owner');
  stranger = await app.register('tools_stranger');
  publicItem = await seedItem(app.deps.db, owner, { itemName: 'Open' });
  privateItem = await seedItem(app.deps.db, owner, { itemName: 'Closed', password: 'not-a-real-hash' });
}, 120_000);
afterAll(() => app.close());

const MYSQL = `CREATE TABLE \`user\` (
  \`id\` int(11) unsigned NOT NULL AUTO_INCREMENT COMMENT 'User id',
  \`name\` varchar(64) DEFAULT '' COMMENT 'a|b',
  \`created\` datetime DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='Users';`;

describe('page/sqlToMarkdownTable', () => {
  it("turns MySQL into ShowDoc's table (Chinese headings for a Chinese reader)", async () => {
    const r = await call('page/sqlToMarkdownTable', { sql: MYSQL }, owner, 'zh-CN');
    expect(r.error_code).toBe(0);
    expect(r.data.markdown).toBe(
      '\n- user Users\n\n| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | --- | --- | --- | --- |\n' +
        '| id | int(11) unsigned | 否 |  | User id |\n' +
        '| name | varchar(64) | 是 |  | a\\|b |\n' +
        '| created | datetime | 是 | CURRENT_TIMESTAMP | - |\n\n',
    );
  });

  it('reads PostgreSQL with COMMENT ON, and SQLite, with English headings', async () => {
    const pg = `CREATE TABLE orders (id serial PRIMARY KEY, total numeric(10,2) NOT NULL DEFAULT 0, note text);
COMMENT ON TABLE orders IS 'Orders'; COMMENT ON COLUMN orders.total IS 'Sum to pay';`;
    const r = await call('page/sqlToMarkdownTable', { sql: pg }, owner);
    expect(r.data.markdown).toContain('- orders Orders');
    expect(r.data.markdown).toContain('| Field | Type | Null | Default | Comment |');
    expect(r.data.markdown).toContain('| total | numeric(10,2) | No | 0 | Sum to pay |');
    expect(r.data.markdown).toContain('| note | text | Yes |  | - |');
    const lite = await call('page/sqlToMarkdownTable', { sql: "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL DEFAULT 'x')", dialect: 'sqlite' }, owner);
    expect(lite.data.markdown).toContain('| body | text | No | x | - |');
  });

  it('refuses what is not CREATE TABLE, empty SQL and anonymous callers; runs nothing', async () => {
    for (const sql of ['DROP TABLE users', 'SELECT 1', 'CREATE TABLE (', '']) {
      const r = await call('page/sqlToMarkdownTable', { sql }, owner);
      expect(r.error_code, sql).toBe(10101);
    }
    expect((await call('page/sqlToMarkdownTable', { sql: MYSQL })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call('page/sqlToMarkdownTable', { sql: MYSQL, dialect: 'oracle' }, owner)).error_code).toBe(10101);
    // the users table is untouched
    expect((await call('user/info', {}, owner)).error_code).toBe(0);
  });
});

describe('agent/* and item/getAiConfig without AI', () => {
  it('agent/config says disabled, in ShowDoc\'s shape', async () => {
    const r = await call('agent/config', { item_id: publicItem }, owner);
    expect(r).toEqual({ error_code: 0, data: { enabled: false, welcome_message: '', can_edit: false, item_type: 'regular', is_guest: false, dialog_collapsed: 1 } });
    const site = await call('agent/config', {}, owner);
    expect(site.data.enabled).toBe(false);
    const guest = await call('agent/config', { item_id: publicItem });
    expect(guest.data).toMatchObject({ enabled: false, is_guest: true });
  });

  it('refuses anonymous site-wide questions and strangers to a private item', async () => {
    expect((await call('agent/config', {})).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await call('agent/config', { item_id: privateItem }, stranger)).error_code).not.toBe(0);
    expect((await call('agent/sessionList', { item_id: privateItem }, stranger)).error_code).not.toBe(0);
    expect((await call('item/getAiConfig', { item_id: privateItem }, stranger)).error_code).not.toBe(0);
    expect((await call('item/getAiConfig', { item_id: privateItem })).error_code).not.toBe(0);
  });

  it('lists no sessions and answers 10101 "not configured" where the service would be needed', async () => {
    expect((await call('agent/sessionList', {}, owner)).data).toEqual({ sessions: [] });
    const r = await call('agent/sessionNew', { item_id: publicItem }, owner, 'zh-CN');
    expect(r).toEqual({ error_code: 10101, error_message: 'AI 服务未配置，请联系管理员' });
    for (const path of ['agent/sessionLoad', 'agent/agent', 'agent/sessionReset', 'agent/sessionDelete', 'agent/feedback', 'agent/agentCancel']) {
      expect((await call(path, { item_id: publicItem, session_id: 1, message: 'hi' }, owner)).error_code, path).toBe(10101);
    }
    expect((await call('agent/sessionReset', { session_id: 1 })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('item/getAiConfig gives the item\'s AI settings, off, as strings', async () => {
    const r = await call('item/getAiConfig', { item_id: publicItem }, owner);
    expect(r.data).toEqual({ item_id: String(publicItem), enabled: '0', dialog_collapsed: '1', welcome_message: '', guest_enabled: '0' });
  });
});
