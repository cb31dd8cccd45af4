// The MCP endpoint (/mcp) through the SDK's own client (Client + StreamableHTTPClientTransport)
// against the real app: every tool as the item's owner and as the refused users (read-only member
// for writes, a stranger to the private item), and the refused credentials (none, a login token,
// a revoked token, a malformed one). Writes go through page/save and page/upload: history kept,
// a live co-editor's document updated, the upload rules applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor, type BuiltItem } from '../helpers/fixtures';
import { PNG, pngOfSize } from '../helpers/upload';
import { connectEditor, synced, until } from '../helpers/realtime';
import { mcpTokens, pages } from '../../server/db/schema';

const TOOLS = ['list_items', 'list_catalogs', 'search_pages', 'get_page', 'create_page', 'update_page', 'list_attachments', 'upload_attachment'];

async function connect(app: TestApp, token?: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'quire-test', version: '1.0.0' });
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { ...auth, ...headers } } }));
  return client;
}

interface ToolAnswer {
  isError: boolean;
  data: any;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  const text = r.content[0]?.text ?? '';
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // the SDK's own refusals (invalid arguments) are plain text
  }
  return { isError: r.isError === true, data };
}

async function newToken(app: TestApp, who: Actor, name = 'editor'): Promise<{ id: number; token: string }> {
  const r = await app.call('aiToken/create', { name }, { token: who.token });
  expect(r.error_code).toBe(0);
  return { id: r.data.id, token: r.data.token };
}

describe('MCP endpoint', () => {
  let app: TestApp;
  let admin: Actor, owner: Actor, reader: Actor, stranger: Actor, limited: Actor;
  let item: BuiltItem;
  const client: Record<string, Client> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ realtime: true });
    admin = await makeUser(app, 'mcp_admin'); // the first account: the owner below is an ordinary user
    owner = await makeUser(app, 'mcp_owner');
    reader = await makeUser(app, 'mcp_reader');
    stranger = await makeUser(app, 'mcp_stranger');
    item = await buildItem(app, owner, {
      name: 'Private handbook',
      password: 'item-secret',
      rootPages: [{ title: 'Welcome', content: 'Welcome to the zebra handbook' }],
      catalogs: [
        { name: 'Guides', pages: [{ title: 'Install', content: 'Install with npm' }] },
        { name: 'Ops', pages: [{ title: 'Runbook', content: 'Restart the service' }] },
      ],
    });
    await addMember(app, item.itemId, reader, 0);
    limited = await makeUser(app, 'mcp_limited');
    await addMember(app, item.itemId, limited, 1, [item.cats.Ops]);
    for (const [name, who] of Object.entries({ owner, reader, stranger, limited })) {
      tokens[name] = (await newToken(app, who)).token;
      client[name] = await connect(app, tokens[name]);
    }
  }, 60_000);
  afterAll(async () => {
    for (const c of Object.values(client)) await c.close();
    await app?.close();
  });

  it('offers ShowDoc\'s tool names', async () => {
    const { tools } = await client.owner.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    expect(tools.find((t) => t.name === 'create_page')?.inputSchema.required).toEqual(expect.arrayContaining(['item_id', 'page_title', 'page_content']));
  });

  it('list_items: the items the token\'s user can open', async () => {
    const mine = await call(client.owner, 'list_items');
    expect(mine.isError).toBe(false);
    expect(mine.data.map((i: any) => String(i.item_id))).toContain(String(item.itemId));
    const theirs = await call(client.reader, 'list_items');
    expect(theirs.data.map((i: any) => String(i.item_id))).toContain(String(item.itemId));
    const none = await call(client.stranger, 'list_items');
    expect(none.isError).toBe(false);
    expect(none.data.map((i: any) => String(i.item_id))).not.toContain(String(item.itemId));
  });

  it('list_catalogs: the catalog tree for members, refused to a stranger', async () => {
    for (const who of ['owner', 'reader']) {
      const r = await call(client[who], 'list_catalogs', { item_id: item.itemId });
      expect(r.isError, who).toBe(false);
      expect(r.data.menu.catalogs.map((c: any) => c.cat_name)).toEqual(['Guides', 'Ops']);
      expect(r.data.menu.pages.map((p: any) => p.page_title)).toEqual(['Welcome']);
    }
    const ops = await call(client.limited, 'list_catalogs', { item_id: item.itemId });
    expect(ops.data.menu.catalogs.map((c: any) => c.cat_name)).toEqual(['Ops']);
    const refused = await call(client.stranger, 'list_catalogs', { item_id: item.itemId });
    expect(refused.isError).toBe(true);
    expect(refused.data.error_code).not.toBe(0);
    expect(JSON.stringify(refused.data)).not.toContain('Welcome');
  });

  it('search_pages: hits for members, refused to a stranger', async () => {
    const r = await call(client.reader, 'search_pages', { item_id: item.itemId, query: 'zebra' });
    expect(r.isError).toBe(false);
    expect(r.data.pages.map((p: any) => p.page_title)).toEqual(['Welcome']);
    const refused = await call(client.stranger, 'search_pages', { item_id: item.itemId, query: 'zebra' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.data)).not.toContain('Welcome');
  });

  it('get_page: content for members, refused to a stranger', async () => {
    const r = await call(client.reader, 'get_page', { page_id: item.pages.Install });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ page_title: 'Install', page_content: 'Install with npm' });
    for (const who of ['stranger', 'limited']) {
      const refused = await call(client[who], 'get_page', { page_id: item.pages.Install });
      expect(refused.isError, who).toBe(true);
      expect(JSON.stringify(refused.data), who).not.toContain('npm');
    }
  });

  it('create_page: the owner creates a page in a catalog; a read-only member and a stranger create nothing', async () => {
    const before = (await app.deps.db.select().from(pages).where(eq(pages.itemId, item.itemId))).length;
    for (const [who, catId] of [['reader', 0], ['stranger', 0], ['limited', item.cats.Guides]] as const) {
      const refused = await call(client[who], 'create_page', { item_id: item.itemId, page_title: `By ${who}`, page_content: 'nope', cat_id: catId });
      expect(refused.isError, who).toBe(true);
      expect(refused.data.error_code, who).toBeGreaterThan(0);
    }
    expect((await app.deps.db.select().from(pages).where(eq(pages.itemId, item.itemId))).length).toBe(before);

    const made = await call(client.owner, 'create_page', { item_id: item.itemId, page_title: 'From the editor', page_content: '# Made by MCP', cat_id: item.cats.Guides });
    expect(made.isError).toBe(false);
    const pageId = Number(made.data.page_id);
    const info = await app.call('page/info', { page_id: pageId }, { token: owner.token });
    expect(info.data).toMatchObject({ page_title: 'From the editor', page_content: '# Made by MCP', cat_id: String(item.cats.Guides) });
    expect(info.data.author_uid).toBe(String(owner.uid));

    const badCatalog = await call(client.owner, 'create_page', { item_id: item.itemId, page_title: 'Lost', page_content: 'x', cat_id: 999_999 });
    expect(badCatalog.isError).toBe(true);
    const invalid = await call(client.owner, 'create_page', { item_id: item.itemId, page_title: 'No content' });
    expect(invalid.isError).toBe(true);
  });

  it('update_page: history kept and a live co-editor\'s document updated; refused to a read-only member and a stranger', async () => {
    const pageId = item.pages.Welcome;
    const editor = connectEditor(app.url, `page.${pageId}`, owner.token);
    try {
      await synced(editor);
      expect(editor.text.toString()).toBe('Welcome to the zebra handbook');

      for (const who of ['reader', 'stranger']) {
        const refused = await call(client[who], 'update_page', { page_id: pageId, page_content: `changed by ${who}` });
        expect(refused.isError, who).toBe(true);
      }
      const unchanged = await app.call('page/info', { page_id: pageId }, { token: owner.token });
      expect(unchanged.data.page_content).toBe('Welcome to the zebra handbook');

      const r = await call(client.owner, 'update_page', { page_id: pageId, page_content: 'Welcome to the updated handbook' });
      expect(r.isError).toBe(false);
      const info = await app.call('page/info', { page_id: pageId }, { token: owner.token });
      expect(info.data).toMatchObject({ page_title: 'Welcome', page_content: 'Welcome to the updated handbook' });
      const history = await app.call('page/history', { page_id: pageId }, { token: owner.token });
      expect(history.error_code).toBe(0);
      expect(history.data.map((h: any) => h.page_content)).toContain('Welcome to the zebra handbook');
      await until(() => editor.text.toString() === 'Welcome to the updated handbook', 'the live document took the MCP save');

      const renamed = await call(client.owner, 'update_page', { page_id: pageId, page_title: 'Hello', page_content: 'Renamed' });
      expect(renamed.isError).toBe(false);
      expect((await app.call('page/info', { page_id: pageId }, { token: owner.token })).data.page_title).toBe('Hello');
    } finally {
      editor.destroy();
    }
  });

  it('upload_attachment and list_attachments: upload rules and edit rights apply; lists for readers only', async () => {
    const pageId = item.pages.Install;
    const png = PNG.toString('base64');
    for (const who of ['reader', 'stranger']) {
      const refused = await call(client[who], 'upload_attachment', { page_id: pageId, file_base64: png, file_name: 'shot.png' });
      expect(refused.isError, who).toBe(true);
    }
    const up = await call(client.owner, 'upload_attachment', { page_id: pageId, file_base64: png, file_name: 'shot.png' });
    expect(up.isError).toBe(false);
    expect(up.data.url).toContain('sign=');

    const exe = await call(client.owner, 'upload_attachment', { page_id: pageId, file_base64: Buffer.from('MZ not really').toString('base64'), file_name: 'tool.exe' });
    expect(exe.isError).toBe(true);
    const garbage = await call(client.owner, 'upload_attachment', { page_id: pageId, file_base64: '***not base64***', file_name: 'a.png' });
    expect(garbage.isError).toBe(true);
    expect(garbage.data.error_message).toBe('file_base64 is not valid base64');
    const nowhere = await call(client.owner, 'upload_attachment', { file_base64: png, file_name: 'a.png' });
    expect(nowhere.isError).toBe(true);
    const before = (await app.deps.settings.get()).upload_max_mb;
    await app.deps.settings.save({ upload_max_mb: 1 });
    try {
      const big = await call(client.owner, 'upload_attachment', { page_id: pageId, file_base64: pngOfSize(1024 * 1024 + 10).toString('base64'), file_name: 'big.png' });
      expect(big.isError).toBe(true);
      expect(big.data.error_code).toBe(10413);
    } finally {
      await app.deps.settings.save({ upload_max_mb: before });
    }

    for (const who of ['owner', 'reader']) {
      const onPage = await call(client[who], 'list_attachments', { page_id: pageId });
      expect(onPage.isError, who).toBe(false);
      expect(onPage.data.map((f: any) => f.display_name)).toEqual(['shot.png']);
      const onItem = await call(client[who], 'list_attachments', { item_id: item.itemId });
      expect(onItem.data.map((f: any) => [f.display_name, f.page_id])).toEqual([['shot.png', pageId]]);
    }
    // a member limited to Ops sees none of the Guides files
    expect((await call(client.limited, 'list_attachments', { item_id: item.itemId })).data).toEqual([]);
    expect((await call(client.limited, 'list_attachments', { page_id: pageId })).isError).toBe(true);
    for (const args of [{ page_id: pageId }, { item_id: item.itemId }]) {
      const refused = await call(client.stranger, 'list_attachments', args);
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.data)).not.toContain('shot.png');
    }
  });

  it('refuses requests without a valid MCP token: none, a login token, a malformed one, a revoked one', async () => {
    await expect(connect(app)).rejects.toMatchObject({ code: 401 });
    await expect(connect(app, owner.token)).rejects.toMatchObject({ code: 401 });
    await expect(connect(app, 'qmcp_' + '0'.repeat(64))).rejects.toMatchObject({ code: 401 });
    await expect(connect(app, 'not a token')).rejects.toMatchObject({ code: 401 });
    // a token in a cookie or the URL does not count either
    const cookie = await app.fetch(`/mcp?user_token=${tokens.owner}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', cookie: `user_token=${owner.token}` }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(cookie.status).toBe(401);
    expect(cookie.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await cookie.json()).error.data.error_code).toBe(10102);

    const doomed = await newToken(app, owner, 'doomed');
    const c = await connect(app, doomed.token);
    expect((await call(c, 'list_items')).isError).toBe(false);
    expect((await app.call('aiToken/revoke', { id: doomed.id }, { token: owner.token })).error_code).toBe(0);
    await expect(call(c, 'list_items')).rejects.toMatchObject({ code: 401 });
    await expect(connect(app, doomed.token)).rejects.toMatchObject({ code: 401 });
    await c.close();
  });

  it('acts on the bearer token alone: a browser\'s grant cookie for the private item adds nothing', async () => {
    const res = await app.fetch('/api/item/pwd', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-API-Token': stranger.token },
      body: new URLSearchParams({ item_id: String(item.itemId), password: 'item-secret' }),
    });
    expect((await res.json()).error_code).toBe(0);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('=');
    // the cookie opens the page over HTTP…
    const viaHttp = await app.call('page/info', { page_id: item.pages.Install }, { token: stranger.token, cookie });
    expect(viaHttp.data.page_content).toBe('Install with npm');
    // …but not over MCP
    const c = await connect(app, tokens.stranger, { Cookie: cookie });
    const refused = await call(c, 'get_page', { page_id: item.pages.Install });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.data)).not.toContain('npm');
    await c.close();
  });

  it('a deleted user\'s tokens go with them', async () => {
    const leaving = await makeUser(app, 'mcp_leaving');
    const { token } = await newToken(app, leaving);
    const c = await connect(app, token);
    expect((await app.call('adminUser/deleteUser', { uid: leaving.uid }, { token: admin.token })).error_code).toBe(0);
    await expect(call(c, 'list_items')).rejects.toMatchObject({ code: 401 });
    expect(await app.deps.db.select().from(mcpTokens).where(eq(mcpTokens.uid, leaving.uid))).toEqual([]);
    await c.close();
  });

  it('an MCP token is no login token for the HTTP API', async () => {
    const r = await app.call('item/myList', {}, { token: tokens.owner });
    expect(r.error_code).toBe(10102);
  });

  it('aiToken: create shows the token once, list shows only its end, revoke works on one\'s own tokens only', async () => {
    const made = await newToken(app, reader, 'Cursor');
    expect(made.token).toMatch(/^qmcp_[0-9a-f]{64}$/);
    const list = await app.call('aiToken/list', {}, { token: reader.token });
    expect(list.error_code).toBe(0);
    const listed = list.data.tokens.find((t: any) => t.id === made.id);
    expect(listed).toMatchObject({ name: 'Cursor', token_preview: `qmcp_…${made.token.slice(-4)}` });
    expect(JSON.stringify(list.data)).not.toContain(made.token);
    const [row] = await app.deps.db.select().from(mcpTokens).where(eq(mcpTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(5));

    const stolen = await app.call('aiToken/revoke', { id: made.id }, { token: stranger.token });
    expect(stolen.error_code).toBe(10101);
    expect((await app.call('aiToken/list', {}, { token: reader.token })).data.tokens.some((t: any) => t.id === made.id)).toBe(true);
    expect((await app.call('aiToken/list', {})).error_code).toBe(10102);
    expect((await app.call('aiToken/create', { name: 'x' })).error_code).toBe(10102);
    expect((await app.call('aiToken/list', {}, { token: stranger.token })).data.tokens.every((t: any) => t.id !== made.id)).toBe(true);
  });
});

describe('MCP endpoint limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ config: { rateLimitPerMinute: 4 } });
  }, 60_000);
  afterAll(() => app?.close());

  it('counts every MCP request per user like search, with 429 and the wait past the allowance', async () => {
    const alice = await makeUser(app, 'mcp_limit_a');
    const bob = await makeUser(app, 'mcp_limit_b');
    const a = await connect(app, (await newToken(app, alice)).token); // initialize + initialized: 2 requests
    expect((await call(a, 'list_items')).isError).toBe(false);
    expect((await call(a, 'list_items')).isError).toBe(false);
    await expect(call(a, 'list_items')).rejects.toMatchObject({ code: 429, message: expect.stringContaining('Too many requests; try again in') });
    // bob has his own allowance
    const b = await connect(app, (await newToken(app, bob)).token);
    expect((await call(b, 'list_items')).isError).toBe(false);
    await a.close();
    await b.close();
  });
});
