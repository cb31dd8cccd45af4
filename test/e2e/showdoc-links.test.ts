// Issue #21: links into the old ShowDoc web app (/web/#/<item>, #/page/<id>, #/<item>/<page>,
// #/p/<key>) open the same item or page in Quire after the move. The server sends /web/ to /
// (the browser keeps the fragment); the client turns the hash route into ours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { anonymousContext, appReady, createItem, createPage, createShareLink, here, registerUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
const ids = { item: 0, first: 0, second: 0 };
let shareKey = '';

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  const owner = await registerUser(server, 'e2e_moved');
  ids.item = await createItem(server, owner, { item_name: 'Moved from ShowDoc' });
  ids.first = await createPage(server, owner, { item_id: ids.item, page_title: 'First page', page_content: 'one', s_number: 1 });
  ids.second = await createPage(server, owner, { item_id: ids.item, page_title: 'Second page', page_content: 'two', s_number: 2 });
  shareKey = await createShareLink(server, owner, ids.second);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(page: Page, oldUrl: string): Promise<void> {
  await page.goto(server.url + oldUrl);
  await appReady(page);
  await page.getByTestId('page-title').waitFor();
}

describe('old ShowDoc web links', () => {
  it('/web/#/<item_id>, #/page/<page_id>, #/<item_id>/<page_id> and #/p/<key> land on the item or page', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await open(page, `/web/#/${ids.item}`);
    expect(here(page)).toBe(`/${ids.item}`);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.getByTestId('page-title').textContent()).toBe('First page');
    await page.getByTestId('catalog-menu').waitFor();

    await open(page, `/web/#/page/${ids.second}`);
    expect(here(page)).toBe(`/page/${ids.second}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Second page');

    await open(page, `/web/#/${ids.item}/${ids.second}`);
    expect(here(page)).toBe(`/${ids.item}?page_id=${ids.second}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Second page');

    await open(page, `/web/#/p/${shareKey}`);
    expect(here(page)).toBe(`/p/${shareKey}`);
    await page.getByTestId('standalone-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Second page');

    expect(errors).toEqual([]);
    await context.close();
  });
});
