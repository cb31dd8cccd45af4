// F1 in the browser: an editor pasting the reported payload into the page's Mock dialog gets the
// server's refusal, naming the placeholder, in their language; nothing is saved. A normal
// template is saved and its public URL answers with generated data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from '../e2e/helpers/server';
import { launchBrowser, screenshot, watchErrors } from '../e2e/helpers/browser';
import { appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from '../e2e/helpers/fixtures';
import { editorReady } from '../e2e/helpers/editor';

const PAYLOAD = JSON.stringify({ out: '@lower(require.call`${"child_process"}`.execSync.call`${"id"}`+"")' });

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let itemId = 0;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'f1_owner');
  itemId = await createItem(server, owner, { item_name: 'F1 dialog' });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

async function openMockDialog(pageId: number, locale: string): Promise<Page> {
  const context = await loggedInContext(browser, server, owner, { locale });
  contexts.push(context);
  const p = await context.newPage();
  await p.goto(`${server.url}/page/edit/${itemId}/${pageId}`);
  await appReady(p);
  await editorReady(p);
  await p.click('[data-testid="open-mock"]');
  await p.waitForSelector('[data-testid="mock-template"]');
  return p;
}

describe('mock dialog (F1)', () => {
  for (const [locale, lang, expected] of [
    ['en-US', 'en', 'The mock placeholder "@lower(require.call'],
    ['zh-CN', 'zh', 'Mock 占位符“@lower(require.call'],
  ] as const) {
    it(`shows the refusal of the reported payload and saves nothing (${lang})`, async () => {
      const pageId = await createPage(server, owner, { item_id: itemId, page_title: `Mock ${lang}`, page_content: '# API\n' });
      const p = await openMockDialog(pageId, locale);
      const errors = watchErrors(p);
      await p.fill('[data-testid="mock-template"]', PAYLOAD);
      await p.fill('[data-testid="mock-path"]', '/pwn');
      await p.click('.ant-modal-footer .ant-btn-primary');
      const message = await p.waitForSelector('.quire-error-message');
      expect(await message.textContent()).toContain(expected);
      // the message slides in: screenshot it once it is there
      await p.waitForFunction(() => !document.querySelector('[class*="ant-move-up"]'));
      await screenshot(p, `f1-mock-dialog-refused-${lang}-1600`);
      expect(await p.$('[data-testid="mock-url"]')).toBeNull();
      expect((await server.api('mock/infoByPageId', { page_id: pageId }, owner.token)).data).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('saves a normal template; its public URL answers with generated data', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Mock ok', page_content: '# API\n' });
    const p = await openMockDialog(pageId, 'en-US');
    await p.fill('[data-testid="mock-template"]', JSON.stringify({ 'list|3': [{ 'id|+1': 1, name: '@cname', zip: '/\\d{6}/' }] }));
    await p.fill('[data-testid="mock-path"]', '/users');
    await p.click('.ant-modal-footer .ant-btn-primary');
    const url = await (await p.waitForSelector('[data-testid="mock-url"]')).textContent();
    expect(url).toBe(`${server.url}/mock-path/${itemId}?path=%2Fusers`);
    const body = await (await fetch(url!)).json();
    expect(body.list.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(body.list[0].zip).toMatch(/^\d{6}$/);
  });
});
