// Reading in the browser (spec §2 item display, page view, share link; §6 roles; §8 redirects):
// an owner builds an item with catalogs and pages through the API; the owner, a read-only member,
// a guest of a public item and a guest of a private item read it; single-page links work alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, TEST_CAPTCHA, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, searchInItem, watchErrors } from './helpers/browser';
import {
  addMember,
  anonymousContext,
  appReady,
  createCatalog,
  createItem,
  createPage,
  createShareLink,
  here,
  loggedInContext,
  registerUser,
  type TestUser,
} from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
const ids = { pub: 0, priv: 0, overview: 0, create: 0, refund: 0, secret: 0, ordersCat: 0, refundsCat: 0 };
const PRIVATE_PASSWORD = 'open-sesame';

const OVERVIEW = `# Payments API

Intro paragraph with **bold** text and a [link](https://example.com).

## Authentication

Send the token in a header.

\`\`\`js
const answer = 42;
\`\`\`

## Limits

| Plan | Requests |
|------|----------|
| Free | 100 |

- [x] done item
- [ ] open item
`;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'e2e_owner');
  reader = await registerUser(server, 'e2e_reader');
  outsider = await registerUser(server, 'e2e_outsider');

  ids.pub = await createItem(server, owner, { item_name: 'Payments API', item_description: 'Public docs' });
  ids.overview = await createPage(server, owner, { item_id: ids.pub, page_title: 'Overview', page_content: OVERVIEW });
  ids.ordersCat = await createCatalog(server, owner, ids.pub, 'Orders');
  ids.refundsCat = await createCatalog(server, owner, ids.pub, 'Refunds', ids.ordersCat);
  ids.create = await createPage(server, owner, { item_id: ids.pub, cat_id: ids.ordersCat, page_title: 'Create order', page_content: '## POST /orders\n\nCreates an order. keyword-zebra' });
  ids.refund = await createPage(server, owner, { item_id: ids.pub, cat_id: ids.refundsCat, page_title: 'Refund order', page_content: '## POST /refunds\n\nRefunds an order.' });
  await addMember(server, owner, ids.pub, reader.username, 0);

  ids.priv = await createItem(server, owner, { item_name: 'Secret Plans', password: PRIVATE_PASSWORD });
  ids.secret = await createPage(server, owner, { item_id: ids.priv, page_title: 'Launch date', page_content: '# Launch\n\nThe launch is on **Friday**.' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function opsOf(page: Page): Promise<string[]> {
  await page.getByTestId('operation-bar').waitFor();
  return page.$$eval('[data-testid^="op-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice(3)));
}

async function openItem(page: Page, path: string) {
  await page.goto(server.url + path);
  await appReady(page);
  await page.getByTestId('page-title').waitFor();
}

describe('the owner reads their item', () => {
  it('menu, first page, rendered Markdown, table of contents and the full operation bar', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openItem(page, `/${ids.pub}`);
    expect(await page.title()).toBe('Payments API');
    // root pages first, then catalogs; the first page of the menu is shown
    expect(await page.getByTestId('page-title').textContent()).toBe('Overview');
    const menu = page.getByTestId('catalog-menu');
    expect(await menu.getByTestId('menu-page').first().textContent()).toBe('Overview');
    expect(await menu.getByTestId('menu-catalog').first().textContent()).toBe('Orders');

    // Markdown: headings with anchors, a highlighted code block, a table, task list boxes
    const body = page.getByTestId('markdown-body');
    expect(await body.locator('h2#authentication').count()).toBe(1);
    await body.locator('code.hljs').first().waitFor();
    expect(await body.locator('table').count()).toBe(1);
    expect(await body.locator('.task-list-item-checkbox.is-checked').count()).toBe(1);
    expect(await body.locator('a[href="https://example.com"]').getAttribute('rel')).toContain('noopener');

    // TOC lists the headings; clicking one scrolls and sets the hash
    const toc = page.getByTestId('toc');
    expect(await toc.locator('a').allTextContents()).toEqual(['Payments API', 'Authentication', 'Limits']);
    await toc.getByText('Limits').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#limits');

    const ops = await opsOf(page);
    expect(ops).toEqual(expect.arrayContaining(['newPage', 'newCatalog', 'edit', 'copy', 'history', 'export', 'share', 'delete', 'settings']));
    expect(ops).not.toContain('login');

    // open a page two catalogs deep: its catalogs expand, the address carries page_id, crumbs show the path
    await menu.getByText('Orders').click();
    await menu.getByText('Refunds').click();
    // a click that lands while the submenus are still expanding can miss: click until the page opens
    await expect
      .poll(
        async () => {
          await menu.getByText('Refund order').click({ timeout: 2_000 });
          return here(page);
        },
        { timeout: 15_000 },
      )
      .toBe(`/${ids.pub}?page_id=${ids.refund}`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Refund order');
    expect(await page.getByTestId('crumbs').textContent()).toBe('Orders / Refunds / Refund order');

    // a deep link opens that page with its catalogs expanded
    await openItem(page, `/${ids.pub}?page_id=${ids.create}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Create order');
    expect(await page.locator('.ant-menu-item-selected').textContent()).toContain('Create order');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches inside the item and opens a hit', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await openItem(page, `/${ids.pub}`);
    const input = await searchInItem(page, 'keyword-zebra');
    const hits = page.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.count()).toBe(1);
    expect(await hits.first().textContent()).toContain('Create order');
    await hits.first().click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Create order');
    // clearing the box brings the menu back
    await input.fill('');
    await page.getByTestId('catalog-menu').waitFor();
    await context.close();
  });

  it('a large menu arrives gzipped and shows; search shows 50 hits, then the rest with "More results"', async () => {
    const many = await createItem(server, owner, { item_name: 'Many pages' });
    for (let i = 1; i <= 55; i++) await createPage(server, owner, { item_id: many, page_title: `Note ${i} ${'with a longer title '.repeat(3)}`, page_content: `pagedzebra ${i}`, s_number: i });
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    const infoEncoding = page.waitForResponse((r) => r.url().includes('/api/item/info')).then((r) => r.headerValue('content-encoding'));
    await openItem(page, `/${many}`);
    expect(await infoEncoding).toBe('gzip');
    expect(await page.getByTestId('catalog-menu').textContent()).toContain('Note 55');
    await searchInItem(page, 'pagedzebra');
    const hits = page.getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.count()).toBe(50);
    await page.getByTestId('search-more').click();
    await expect.poll(() => hits.count()).toBe(55);
    expect(await hits.last().textContent()).toContain('Note 55 ');
    expect(await page.getByTestId('search-more').count()).toBe(0);
    await context.close();
  });

  it('share dialog: page link with QR, and the single-page link made from it opens alone', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await openItem(page, `/${ids.pub}?page_id=${ids.create}`);
    await page.getByTestId('op-share').click();
    await page.getByTestId('share-page-url').waitFor();
    expect(await page.getByTestId('share-page-url').inputValue()).toBe(`${server.url}/${ids.pub}?page_id=${ids.create}`);
    await page.getByTestId('single-page-toggle').click();
    const single = page.getByTestId('share-single-url');
    await single.waitFor();
    const link = await single.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]+$`));

    const guest = await anonymousContext(browser);
    const gp = await guest.newPage();
    await gp.goto(link);
    await gp.getByTestId('standalone-page').waitFor();
    expect(await gp.getByTestId('page-title').textContent()).toBe('Create order');
    expect(await gp.getByTestId('catalog-menu').count()).toBe(0);
    expect(await gp.getByTestId('open-in-item').count()).toBe(0);
    await guest.close();
    await context.close();
  });

  it('full-page mode hides the menu and Escape brings it back; back-to-top appears after scrolling', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1600, height: 500 });
    await openItem(page, `/${ids.pub}`);
    await page.getByTestId('full-page-toggle').click();
    await page.getByTestId('full-page-exit').waitFor();
    expect(await page.getByTestId('item-sidebar').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('item-sidebar').waitFor();
    await page.mouse.wheel(0, 2000);
    await page.getByTestId('back-to-top').waitFor();
    await page.getByTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('unread notices', () => {
  it("someone else edits the owner's page: the item display says '你有新的未读消息，点击查看' and links to the notices", async () => {
    const editor = await registerUser(server, 'e2e_editor');
    await addMember(server, owner, ids.pub, editor.username, 1);
    const res = await server.api(
      'page/save',
      { page_id: ids.create, item_id: ids.pub, cat_id: ids.ordersCat, page_title: 'Create order', page_content: '## POST /orders\n\nCreates an order. keyword-zebra (edited)' },
      editor.token,
    );
    expect(res.error_code).toBe(0);
    const context = await loggedInContext(browser, server, owner, { locale: 'zh-CN' });
    const page = await context.newPage();
    await openItem(page, `/${ids.pub}`);
    const notice = page.getByTestId('unread-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('你有新的未读消息，点击查看');
    await notice.click();
    await page.waitForURL('**/notice/index');
    await context.close();
  });
});

describe('the owner\'s operation bar', () => {
  it('stays on one line beside the breadcrumbs in both languages: Edit named at 1280 px, every operation named at 1600 px', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const context = await loggedInContext(browser, server, owner, { locale });
      const page = await context.newPage();
      for (const width of [1280, 1600]) {
        await page.setViewportSize({ width, height: 900 });
        await openItem(page, `/${ids.pub}`);
        const ops = await opsOf(page);
        expect(ops).toEqual(expect.arrayContaining(['edit', 'share', 'export', 'delete', 'settings']));
        const bar = await page.getByTestId('operation-bar').boundingBox();
        const edit = await page.getByTestId('op-edit').boundingBox();
        // one row of buttons
        expect(bar!.height).toBeLessThanOrEqual(edit!.height + 2);
        const labelled = [];
        for (const op of ops) {
          // a button without its label still names it (screen readers, tooltips)
          expect(await page.getByTestId(`op-${op}`).getAttribute('aria-label')).toBeTruthy();
          if ((await page.getByTestId(`op-${op}`).innerText()).trim()) labelled.push(op);
        }
        expect(labelled).toEqual(width === 1600 ? ops : ['edit']);
        await screenshot(page, `reading-owner-bar-${locale}-${width}`);
      }
      await context.close();
    }
  });
});

describe('other readers', () => {
  it('a read-only member reads but gets no edit controls, and may leave the item', async () => {
    const context = await loggedInContext(browser, server, reader);
    const page = await context.newPage();
    await openItem(page, `/${ids.pub}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Overview');
    const ops = await opsOf(page);
    expect(ops).toEqual(expect.arrayContaining(['history', 'share', 'exit']));
    for (const op of ['newPage', 'newCatalog', 'edit', 'copy', 'delete', 'export', 'settings', 'login']) expect(ops).not.toContain(op);
    await context.close();
  });

  it('a guest reads a public item with a login control and nothing to change', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openItem(page, `/${ids.pub}?page_id=${ids.refund}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Refund order');
    // spec §6: guests see login and history only
    expect(await opsOf(page)).toEqual(['history', 'login']);
    // the login control returns here afterwards
    await page.getByTestId('op-login').click();
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/${ids.pub}?page_id=${ids.refund}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/page/{id}: one page on its own with a way into its item', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/page/${ids.overview}`);
    await page.getByTestId('standalone-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Overview');
    expect(await page.title()).toBe('Overview');
    await page.getByTestId('toc').waitFor();
    await page.getByTestId('open-in-item').click();
    await page.getByTestId('item-show').waitFor();
    expect(here(page)).toBe(`/${ids.pub}?page_id=${ids.overview}`);
    await context.close();
  });

  it('a link to a heading scrolls to it once the page has loaded', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(`${server.url}/page/${ids.overview}#limits`);
    await page.getByTestId('markdown-body').waitFor();
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('limits')!.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });

  it('a page that does not exist says so', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/page/999999`);
    await page.getByTestId('page-missing').waitFor();
    await context.close();
  });
});

describe('private items', () => {
  it('a guest is sent to the password screen (10307) and comes back to the page asked for', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/${ids.priv}?page_id=${ids.secret}`);
    await page.waitForURL(/\/item\/password\//);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/item/password/${ids.priv}`);
    expect(url.searchParams.get('page_id')).toBe(String(ids.secret));
    expect(url.searchParams.get('redirect')).toBe(`/${ids.priv}?page_id=${ids.secret}`);

    // a wrong password is refused inline
    await page.getByTestId('item-password-input').fill('wrong');
    await page.getByTestId('item-password-submit').click();
    await page.getByTestId('form-error').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/item/password/${ids.priv}`);

    await page.getByTestId('item-password-input').fill(PRIVATE_PASSWORD);
    await page.getByTestId('item-password-submit').click();
    await page.getByTestId('page-title').waitFor();
    expect(here(page)).toBe(`/${ids.priv}?page_id=${ids.secret}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Launch date');
    expect(await page.getByTestId('markdown-body').textContent()).toContain('Friday');
    await context.close();
  });

  it('/page/{id} of a private item asks for the password (naming only the page) and returns to /page/{id}', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/page/${ids.secret}`);
    await page.waitForURL(/\/item\/password/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/item/password');
    expect(url.searchParams.get('page_id')).toBe(String(ids.secret));
    await page.getByTestId('item-password-input').fill(PRIVATE_PASSWORD);
    await page.getByTestId('item-password-submit').click();
    await page.getByTestId('standalone-page').waitFor();
    expect(here(page)).toBe(`/page/${ids.secret}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Launch date');
    await context.close();
  });

  it('a logged-in outsider is sent to the password screen too', async () => {
    const context = await loggedInContext(browser, server, outsider);
    const page = await context.newPage();
    await page.goto(`${server.url}/${ids.priv}`);
    await page.waitForURL(/\/item\/password\//);
    expect(new URL(page.url()).pathname).toBe(`/item/password/${ids.priv}`);
    await context.close();
  });

  it('10303 on an item read goes to the password screen as well', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    // the server answers 10307 for private items; ShowDoc servers answer 10303: the client treats both alike
    await page.route('**/api/item/info', (route) => route.fulfill({ json: { error_code: 10303, error_message: 'no permission' } }));
    await page.goto(`${server.url}/${ids.pub}?page_id=${ids.create}`);
    await page.waitForURL(/\/item\/password\//);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/item/password/${ids.pub}`);
    expect(url.searchParams.get('redirect')).toBe(`/${ids.pub}?page_id=${ids.create}`);
    await context.close();
  });

  it('item password captcha: after repeated wrong passwords the code appears; password and code open the item', async () => {
    const itemId = await createItem(server, owner, { item_name: 'Vault', password: 'vault-pass' });
    await createPage(server, owner, { item_id: itemId, page_title: 'Inside', page_content: 'inside the vault' });
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/${itemId}`);
    await page.waitForURL(/\/item\/password\//);
    expect(await page.getByTestId('captcha-input').count()).toBe(0);
    for (let i = 0; i < 8 && (await page.getByTestId('captcha-input').count()) === 0; i++) {
      await page.getByTestId('item-password-input').fill(`wrong-${i}`);
      await page.getByTestId('item-password-submit').click();
      await page.getByTestId('form-error').waitFor();
      await expect.poll(() => page.getByTestId('item-password-submit').isEnabled()).toBe(true);
    }
    await page.getByTestId('captcha-image').waitFor();
    // the right password without the code is refused: the code field asks for it (the server's 10206 is in the HTTP suite)
    await page.getByTestId('item-password-input').fill('vault-pass');
    await page.getByTestId('item-password-submit').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('Enter the verification code');
    expect(new URL(page.url()).pathname).toBe(`/item/password/${itemId}`);
    await page.getByTestId('item-password-input').fill('vault-pass');
    await page.getByTestId('captcha-input').fill(TEST_CAPTCHA);
    await page.getByTestId('item-password-submit').click();
    await page.getByTestId('page-title').waitFor();
    expect(here(page)).toBe(`/${itemId}`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Inside');
    await context.close();
  });

  it('a single-page link of a private item opens without the password; cancelled, it stops at once', async () => {
    const key = await createShareLink(server, owner, ids.secret);
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/p/${key}`);
    await page.getByTestId('standalone-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Launch date');
    expect(await page.getByTestId('markdown-body').textContent()).toContain('Friday');
    expect(await page.getByTestId('catalog-menu').count()).toBe(0);

    const res = await server.api('page/createSinglePage', { page_id: ids.secret, isCreateSiglePage: 'false' }, owner.token);
    expect(res.error_code).toBe(0);
    await page.reload();
    await page.getByTestId('share-missing').waitFor();
    await context.close();
  });
});
