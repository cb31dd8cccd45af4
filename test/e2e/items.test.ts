// The item list and the new-item screen in the browser: create (open and private), copy, the
// private-password rule of spec §5, drag ordering kept by item/sort, leaving a shared item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, here, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'e2e_lister');
  other = await registerUser(server, 'e2e_sharer');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('item-link').allTextContents();
}

describe('new item', () => {
  it('creates an open item and lands on it; a private item needs a password first', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/item/add');
    await appReady(page);
    await page.getByTestId('item-name').fill('Made in the browser');
    await page.getByTestId('item-description').fill('From the new item tab');
    await page.getByTestId('create-item').click();
    await page.getByTestId('item-show').waitFor();
    const itemId = Number(here(page).slice(1));
    expect(itemId).toBeGreaterThan(0);
    expect(await page.getByTestId('item-title').textContent()).toContain('Made in the browser');

    await page.goto(server.url + '/item/add');
    await page.getByTestId('item-name').fill('Private one');
    await page.getByTestId('visibility-private').click();
    await page.getByTestId('create-item').click();
    // spec §5: private_item_passwrod — nothing is sent without a password
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    expect(here(page)).toBe('/item/add');
    await page.getByTestId('item-password').fill('pw-1234');
    await page.getByTestId('create-item').click();
    await page.getByTestId('item-show').waitFor();
    const privId = here(page).slice(1);

    // a guest of the new private item meets the password screen
    const guest = await browser.newContext();
    const gp = await guest.newPage();
    await gp.goto(`${server.url}/${privId}`);
    await gp.waitForURL(/\/item\/password\//);
    await guest.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('copies an item from the copy tab', async () => {
    const src = await createItem(server, owner, { item_name: 'Copy source' });
    await createPage(server, owner, { item_id: src, page_title: 'Copied page', page_content: '# copied content' });
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.goto(server.url + '/item/add');
    await appReady(page);
    await page.getByRole('tab', { name: 'Copy item' }).click();
    await page.getByTestId('copy-source').click();
    await page.locator('.ant-select-item-option', { hasText: 'Copy source' }).click();
    await expect.poll(() => page.getByTestId('copy-name').inputValue()).toBe('Copy source (copy)');
    await page.getByTestId('copy-item').click();
    await page.getByTestId('item-show').waitFor();
    expect(Number(here(page).slice(1))).not.toBe(src);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Copied page');
    await context.close();
  });
});

describe('item list', () => {
  it('drag ordering is saved and survives a reload; the search box filters', async () => {
    const user = await registerUser(server, 'e2e_dragger');
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await createItem(server, user, { item_name: name });
    const context = await loggedInContext(browser, server, user);
    const page = await context.newPage();
    await page.goto(server.url + '/item/index');
    await page.getByTestId('item-card').nth(2).waitFor();
    expect(await cardNames(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    // drag Charlie's handle onto Alpha (dnd-kit pointer sensor: press, move past 6 px, drop)
    const from = await page.getByTestId('drag-handle').nth(2).boundingBox();
    const to = await page.getByTestId('item-card').nth(0).boundingBox();
    const sorted = page.waitForResponse((r) => r.url().endsWith('/api/item/sort'));
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x - 20, from!.y + 5, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 3, to!.y + to!.height / 2, { steps: 15 });
    await page.mouse.up();
    const res = await sorted;
    expect((await res.json()).error_code).toBe(0);
    expect(await cardNames(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await page.reload();
    await page.getByTestId('item-card').nth(2).waitFor();
    expect(await cardNames(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

    await page.getByTestId('item-search').fill('brav');
    await expect.poll(() => cardNames(page)).toEqual(['Bravo']);
    await context.close();
  });

  it('a member leaves an item shared with them; it disappears from the list', async () => {
    const shared = await createItem(server, other, { item_name: 'Shared with lister' });
    await addMember(server, other, shared, owner.username, 1);
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.goto(server.url + '/item/index');
    const card = page.locator(`[data-testid="item-card"][data-item-id="${shared}"]`);
    await card.waitFor();
    await card.getByTestId('item-more').click();
    await page.getByText('Leave item', { exact: true }).last().click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(() => card.count()).toBe(0);
    const list = await server.api<Array<{ item_id: number }>>('item/myList', {}, owner.token);
    expect(list.data.some((i) => Number(i.item_id) === shared)).toBe(false);
    await context.close();
  });
});
