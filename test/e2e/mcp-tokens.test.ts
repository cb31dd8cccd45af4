// Issue #23 in the browser: personal settings' MCP tokens. A token is created and shown once (with
// the editor configuration), works at once from a real MCP client, is listed by its last
// characters only, and stops working when revoked. Screenshots in English and Chinese, 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createItem, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let user: TestUser;
const contexts: BrowserContext[] = [];

const LANGS = [
  { locale: 'en-US', tag: 'en', revoke: 'Revoke' },
  { locale: 'zh-CN', tag: 'zh', revoke: '撤销' },
] as const;

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  user = await registerUser(server, 'mcp_writer');
  await createItem(server, user, { item_name: 'API handbook' });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('MCP tokens in personal settings', () => {
  it('creates a token shown once, which an MCP client can use until it is revoked', async () => {
    for (const { locale, tag, revoke } of LANGS) {
      const context = await loggedInContext(browser, server, user, { locale });
      contexts.push(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/user/setting`);
      await appReady(page);
      await page.getByTestId('mcp-tokens').waitFor();
      expect(await page.getByTestId('mcp-url').textContent()).toBe(`${server.url}/mcp`);

      await page.getByTestId('mcp-token-name').fill(`Cursor (${tag})`);
      await page.getByTestId('mcp-token-create').click();
      const shown = page.getByTestId('mcp-token-value');
      await shown.waitFor();
      const token = ((await shown.textContent()) ?? '').trim();
      expect(token).toMatch(/^qmcp_[0-9a-f]{64}$/);
      expect(await page.getByTestId('mcp-token-config').textContent()).toContain(`"Authorization": "Bearer ${token}"`);
      await shots(page, `mcp-token-created-${tag}`);

      // the token works from a real MCP client at once
      const client = await mcpClient(token);
      const items = (await client.callTool({ name: 'list_items', arguments: {} })) as { content: { text: string }[] };
      expect(JSON.parse(items.content[0].text).map((i: { item_name: string }) => i.item_name)).toContain('API handbook');
      await client.close();

      await page.getByTestId('mcp-token-done').click();
      await shown.waitFor({ state: 'detached' });
      const row = page.getByTestId('mcp-token-row').filter({ hasText: `Cursor (${tag})` });
      await row.waitFor();
      // listed by its end only, never in full
      expect(await row.textContent()).toContain(`qmcp_…${token.slice(-4)}`);
      expect(await page.content()).not.toContain(token);
      await shots(page, `mcp-token-list-${tag}`);

      expect((await row.getByTestId('mcp-token-revoke').textContent())?.replace(/\s/g, '')).toBe(revoke);
      await row.getByTestId('mcp-token-revoke').click();
      await page.getByTestId('confirm-ok').click();
      await row.waitFor({ state: 'detached' });
      await expect(mcpClient(token)).rejects.toMatchObject({ code: 401 });
      expect(errors).toEqual([]);
    }
  });
});
