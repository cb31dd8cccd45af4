// Pushed over the socket, not polled: a notice created for a user shows in that user's open tab
// at once (spec §9: the 10-second message linking to the notices).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot } from './helpers/browser';
import { addMember, appReady, createItem, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'live_owner');
  member = await registerUser(server, 'live_member');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live notices', () => {
  it('a notice reaches the open tab of its recipient as soon as it is created', async () => {
    const context = await loggedInContext(browser, server, member, { locale: 'zh-CN' });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/item/index`);
    await appReady(tab);
    await tab.waitForSelector('[data-live="connected"]', { state: 'attached' });
    const itemId = await createItem(server, owner, { item_name: 'Pushed item' });
    await addMember(server, owner, itemId, member.username, 1);
    const notice = await tab.waitForSelector('[data-testid="live-notice"]', { timeout: 10_000 });
    expect(await notice.textContent()).toBe('你有新的未读消息，点击查看');
    await screenshot(tab, 'live-notice-zh-1600');
    await notice.click();
    await tab.waitForURL((u) => u.pathname === '/notice/index');
    await context.close();
  });
});
