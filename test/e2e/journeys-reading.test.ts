// Reading and navigation journeys of issue #22 (items 6–10): the catalog tree beside the page on a
// laptop (drawer on phones), notices that cover no controls, search hits marked in the opened page,
// the password screen of a page read alone, and history restore and diff from the reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, searchInItem, watchErrors } from './helpers/browser';
import { addMember, anonymousContext, appReady, createCatalog, createItem, createPage, here, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let reader: TestUser;
const ids = { item: 0, overview: 0, heron: 0, long: 0, changelog: 0, priv: 0, secret: 0 };
const PRIVATE_PASSWORD = 'hidden-grove';

// the keyword far down a long page: opening the hit must scroll to it
const LONG = Array.from({ length: 80 }, (_, i) => (i === 70 ? 'Here the Needle-Kiwi nests, and a needle-kiwi sings.' : `Paragraph ${i} of plain text.`)).join('\n\n');

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'jr_owner');
  reader = await registerUser(server, 'jr_reader');
  ids.item = await createItem(server, owner, { item_name: 'Field Guide' });
  ids.overview = await createPage(server, owner, { item_id: ids.item, page_title: 'Overview', page_content: '# Field Guide\n\nBirds of the valley.' });
  const birds = await createCatalog(server, owner, ids.item, 'Birds');
  ids.heron = await createPage(server, owner, { item_id: ids.item, cat_id: birds, page_title: 'Heron', page_content: 'A grey wader.' });
  ids.long = await createPage(server, owner, { item_id: ids.item, cat_id: birds, page_title: 'Kiwi', page_content: LONG });
  // a version whose last line has no newline, then a line added after it
  ids.changelog = await createPage(server, owner, { item_id: ids.item, page_title: 'Changelog', page_content: 'alpha\nomega' });
  const saved = await server.api(
    'page/save',
    { page_id: ids.changelog, item_id: ids.item, page_title: 'Changelog', page_content: 'alpha\nomega\ngamma' },
    owner.token,
  );
  expect(saved.error_code).toBe(0);
  await addMember(server, owner, ids.item, reader.username, 0);
  ids.priv = await createItem(server, owner, { item_name: 'Hidden Grove', password: PRIVATE_PASSWORD });
  ids.secret = await createPage(server, owner, { item_id: ids.priv, page_title: 'Nest sites', page_content: 'The nests are by the **old oak**.' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openItem(page: Page, path: string) {
  await page.goto(server.url + path);
  await appReady(page);
  await page.getByTestId('page-title').waitFor();
}

/** Visible controls (buttons, links, inputs, menu entries) that the notice's box overlaps. */
function controlsUnder(page: Page, noticeTestId: string): Promise<string[]> {
  return page.evaluate((testId) => {
    const notice = document.querySelector(`[data-testid="${testId}"]`)!.closest('.ant-notification-notice, .ant-message-notice')!;
    const r = notice.getBoundingClientRect();
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input, [role="button"], [role="menuitem"], .ant-menu-submenu-title')];
    return controls
      .filter((el) => !el.closest('.ant-notification, .ant-message') && el.checkVisibility())
      .filter((el) => {
        const c = el.getBoundingClientRect();
        return c.width > 0 && c.height > 0 && c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top;
      })
      .map((el) => el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
  }, noticeTestId);
}

describe('6. the catalog tree beside the page', () => {
  it('is always there at 1280 px (collapsible, remembered), in English and Chinese; a drawer at 390 px', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openItem(page, `/${ids.item}`);
    const sidebar = page.getByTestId('item-sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await sidebar.getByTestId('catalog-menu').getByText('Birds').isVisible()).toBe(true);
    expect(await page.getByTestId('open-menu').count()).toBe(0);
    const toggle = page.getByTestId('toggle-catalog');
    expect(await toggle.getAttribute('aria-label')).toBe('Hide the catalog');
    await screenshot(page, 'reading-tree-1280-en');

    // hidden, and still hidden after a reload; shown again
    await toggle.click();
    await sidebar.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-label')).toBe('Show the catalog');
    await openItem(page, `/${ids.item}`);
    expect(await page.getByTestId('item-sidebar').count()).toBe(0);
    await page.getByTestId('toggle-catalog').click();
    await sidebar.waitFor();
    await openItem(page, `/${ids.item}`);
    await sidebar.waitFor();

    // from 960 px the tree stays; below it the menu button opens a drawer
    await page.setViewportSize({ width: 960, height: 800 });
    expect(await sidebar.isVisible()).toBe(true);
    await page.setViewportSize({ width: 959, height: 800 });
    await sidebar.waitFor({ state: 'detached' });
    await page.getByTestId('open-menu').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const zh = await anonymousContext(browser, { locale: 'zh-CN', width: 1280 });
    const zhPage = await zh.newPage();
    await openItem(zhPage, `/${ids.item}?page_id=${ids.heron}`);
    await zhPage.getByTestId('item-sidebar').waitFor();
    expect(await zhPage.getByTestId('toggle-catalog').getAttribute('aria-label')).toBe('收起目录');
    await screenshot(zhPage, 'reading-tree-1280-zh');
    await zh.close();

    const phone = await anonymousContext(browser, { width: 390 });
    const phonePage = await phone.newPage();
    await openItem(phonePage, `/${ids.item}?page_id=${ids.heron}`);
    expect(await phonePage.getByTestId('item-sidebar').count()).toBe(0);
    await phonePage.getByTestId('open-menu').click();
    const menu = phonePage.locator('.drawer-sidebar').getByTestId('catalog-menu');
    await menu.waitFor();
    // the drawer's slide-in has ended when the menu reaches the window's left edge
    await expect.poll(() => menu.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
    await screenshot(phonePage, 'reading-drawer-390');
    await phone.close();
  });
});

describe('7. notices cover no controls', () => {
  it('the unread notice on opening an item and a notice pushed later leave the header and toolbar free', async () => {
    const author = await registerUser(server, 'jr_author');
    const writer = await registerUser(server, 'jr_writer');
    const notebook = await createItem(server, author, { item_name: 'Notebook' });
    const note = await createPage(server, author, { item_id: notebook, page_title: 'Note', page_content: 'Short note.' });
    await addMember(server, author, notebook, writer.username, 1);
    const res = await server.api('page/save', { page_id: note, item_id: notebook, page_title: 'Note', page_content: 'Short note, edited.' }, writer.token);
    expect(res.error_code).toBe(0);

    const context = await loggedInContext(browser, server, author);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openItem(page, `/${notebook}`);
    await page.getByTestId('unread-notice').waitFor();
    expect(await controlsUnder(page, 'unread-notice')).toEqual([]);
    // Edit answers at once while the notice is shown
    await page.getByTestId('op-edit').click();
    await page.waitForURL(`**/page/edit/${notebook}/${note}`);
    await context.close();

    // a notice pushed while reading (a finished job, a new membership…), on a phone, in Chinese
    const zh = await loggedInContext(browser, server, author, { locale: 'zh-CN' });
    const phone = await zh.newPage();
    await phone.setViewportSize({ width: 390, height: 800 });
    await openItem(phone, `/${notebook}`);
    await phone.waitForSelector('[data-live="connected"]', { state: 'attached' });
    const other = await createItem(server, writer, { item_name: 'Shared shelf' });
    await addMember(server, writer, other, author.username, 0);
    const live = phone.getByTestId('live-notice');
    await live.waitFor();
    expect(await live.textContent()).toBe('你有新的未读消息，点击查看');
    // scrolled down, the back-to-top button shows: the notice stays clear of it too
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await controlsUnder(phone, 'live-notice')).toEqual([]);
    await zh.close();
  });
});

describe('8. search hits in the opened page', () => {
  it('are marked and the first one is scrolled to; clearing the search removes the marks', async () => {
    const context = await anonymousContext(browser, { locale: 'zh-CN', width: 1280 });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 700 });
    await openItem(page, `/${ids.item}`);
    const input = await searchInItem(page, 'needle-kiwi');
    expect(await input.getAttribute('placeholder')).toBe('在项目中搜索');
    await page.getByTestId('search-hit').first().click();
    await expect.poll(() => here(page)).toBe(`/${ids.item}?page_id=${ids.long}`);
    const marks = page.locator('[data-testid="markdown-body"] mark');
    await expect.poll(() => marks.count()).toBe(2);
    expect(await marks.allTextContents()).toEqual(['Needle-Kiwi', 'needle-kiwi']);
    // the first match is in view (it sits 70 paragraphs down)
    await expect
      .poll(() => marks.first().evaluate((m) => {
        const r = m.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      }))
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // the page text itself is unchanged around the marks
    expect(await page.getByTestId('markdown-body').textContent()).toContain('Here the Needle-Kiwi nests, and a needle-kiwi sings.');

    await input.fill('');
    await expect.poll(() => marks.count()).toBe(0);
    expect(await page.getByTestId('markdown-body').textContent()).toContain('Here the Needle-Kiwi nests, and a needle-kiwi sings.');
    await context.close();
  });
});

describe('9. a private page read alone', () => {
  it('asks for the password without a made-up item 0 in the address, then shows the page', async () => {
    const context = await anonymousContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/page/${ids.secret}`);
    await page.waitForURL(/\/item\/password/);
    const url = new URL(page.url());
    // the server does not tell a visitor without the password which item the page is in
    expect(url.pathname).toBe('/item/password');
    expect(url.searchParams.get('page_id')).toBe(String(ids.secret));
    expect(url.searchParams.get('redirect')).toBe(`/page/${ids.secret}`);
    await page.getByText('这是私密项目').waitFor();
    await page.getByTestId('item-password-input').fill(PRIVATE_PASSWORD);
    await page.getByTestId('item-password-submit').click();
    await page.getByTestId('markdown-body').waitFor();
    expect(here(page)).toBe(`/page/${ids.secret}`);
    expect(await page.getByTestId('markdown-body').textContent()).toContain('old oak');
    await context.close();
  });
});

describe('10. history from the reader', () => {
  it('the diff keeps an identical last line and is titled after the page; editors restore a version, readers cannot', async () => {
    const history = await server.api<{ page_history_id: number; page_content: string }[]>('page/history', { page_id: ids.changelog }, owner.token);
    expect(history.data).toHaveLength(1);
    const versionId = history.data[0].page_history_id;

    const zh = await loggedInContext(browser, server, reader, { locale: 'zh-CN' });
    const diff = await zh.newPage();
    await diff.goto(`${server.url}/page/diff/${ids.changelog}/${versionId}`);
    await diff.getByTestId('diff-side').waitFor();
    await expect.poll(() => diff.title()).toBe('Changelog — 历史版本对比 - Quire');
    const rows = await diff.$$eval('[data-testid="diff-side"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => `${td.className}:${td.textContent}`)));
    expect(rows).toEqual([
      ['same:alpha', 'same:alpha'],
      ['same:omega', 'same:omega'],
      ['empty:', 'added:gamma'],
    ]);
    // a read-only member sees the versions but no restore
    const readerPage = await zh.newPage();
    await openItem(readerPage, `/${ids.item}?page_id=${ids.changelog}`);
    await readerPage.getByTestId('op-history').click();
    await readerPage.locator(`.ant-modal a[href="/page/diff/${ids.changelog}/${versionId}"]`).waitFor();
    expect(await readerPage.getByTestId('history-restore').count()).toBe(0);
    await zh.close();

    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openItem(page, `/${ids.item}?page_id=${ids.changelog}`);
    expect(await page.getByTestId('markdown-body').textContent()).toContain('gamma');
    await page.getByTestId('op-history').click();
    await page.getByTestId('history-restore').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('markdown-body').textContent()).not.toContain('gamma');
    expect(await page.getByTestId('markdown-body').textContent()).toContain('omega');
    // the restore is a save: the replaced text is a version now
    const after = await server.api<{ page_content: string }[]>('page/history', { page_id: ids.changelog }, owner.token);
    expect(after.data).toHaveLength(2);
    expect(after.data[0].page_content).toBe('alpha\nomega\ngamma');
    await context.close();
  });
});
