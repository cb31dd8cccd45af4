// The web client against the scale-out setup: PostgreSQL, Redis and WEB_CONCURRENCY=2 (two API
// processes sharing the port, Socket.IO over WebSocket only). Two members co-edit and see each
// other whichever process each tab's connections reach, every socket the client opens is a
// WebSocket, and notices reach an open tab. Runs when TEST_DATABASE_URL is set
// (vitest.e2e.config.ts), as the other PostgreSQL suites do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { editorReady, editorShows, typeAtEnd, settledTexts } from './helpers/editor';
import { startRedis, type LocalRedis } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let redis: LocalRedis;
let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let writer: TestUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // a new database on TEST_DATABASE_URL's server (named, not through QUIRE_TEST_DB: files share a process)
  db = await createTestDatabase(process.env.TEST_DATABASE_URL);
  redis = await startRedis();
  server = await startE2EServer({ DATABASE_URL: db.url!, REDIS_URL: redis.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
  browser = await launchBrowser();
  owner = await registerUser(server, 'so_owner');
  writer = await registerUser(server, 'so_writer');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
  await redis?.stop();
  await db?.drop();
});

async function tab(user: TestUser, path: string, locale = 'en-US'): Promise<{ page: Page; sockets: string[] }> {
  const context = await loggedInContext(browser, server, user, { locale });
  contexts.push(context);
  const page = await context.newPage();
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname + new URL(ws.url()).search));
  await page.goto(`${server.url}${path}`);
  await appReady(page);
  return { page, sockets };
}

describe('two API processes behind one port', () => {
  it('both processes serve', async () => {
    // the port answers once the first process listens; the second may still be starting on a busy machine
    const servingPids = () => new Set([...server.output().matchAll(/Quire is serving on \S+ .*pid=(\d+)/g)].map((m) => m[1])).size;
    await expect.poll(servingPids, { timeout: 20_000 }).toBe(2);
  });

  it('two members co-edit one page and see each other; every socket is a WebSocket', async () => {
    const itemId = await createItem(server, owner, { item_name: 'Scale-out item' });
    await addMember(server, owner, itemId, writer.username, 1);
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Shared', page_content: '# Shared\n\nfirst line\n' });
    const a = await tab(owner, `/page/edit/${itemId}/${pageId}`);
    const errors = watchErrors(a.page);
    const b = await tab(writer, `/page/edit/${itemId}/${pageId}`, 'zh-CN');
    for (const { page } of [a, b]) await editorReady(page);
    await typeAtEnd(a.page, 'from owner ');
    await typeAtEnd(b.page, 'from writer ');
    for (const { page } of [a, b]) {
      await editorShows(page, ['from owner', 'from writer']);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="editor-avatar"]').length === 2, undefined, { timeout: 15_000 });
    }
    const [textA, textB] = await settledTexts(a.page, b.page);
    expect(textA).toBe(textB);
    // the preview follows both members' edits
    for (const { page } of [a, b]) await page.waitForFunction(() => /from owner from writer/.test(document.querySelector('[data-testid="editor-preview"]')!.textContent!));
    await screenshot(a.page, 'scale-out-coediting-en-1600');
    await screenshot(b.page, 'scale-out-coediting-zh-1600');
    for (const { sockets } of [a, b]) {
      expect(sockets.some((s) => s.startsWith('/socket.io/') && s.includes('transport=websocket'))).toBe(true);
      expect(sockets.some((s) => s.startsWith('/collab'))).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('a notice created through either process reaches the open tab', async () => {
    const t = await tab(writer, '/item/index', 'zh-CN');
    await t.page.waitForSelector('[data-live="connected"]', { state: 'attached' });
    // new connections take turns between the processes: two notices, two processes
    for (const name of ['Pushed one', 'Pushed two']) {
      const itemId = await createItem(server, owner, { item_name: name });
      await addMember(server, owner, itemId, writer.username, 0);
      const notice = await t.page.waitForSelector('[data-testid="live-notice"]', { timeout: 10_000 });
      expect(await notice.textContent()).toBe('你有新的未读消息，点击查看');
      await notice.click(); // closes the message (and opens the notices, still in this tab)
      await t.page.waitForSelector('[data-testid="live-notice"]', { state: 'detached' });
    }
  });
});
