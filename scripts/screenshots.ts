// Screenshots of the reader and account screens, in English and Chinese, at 1600, 1280 and 390 px,
// into .tmp/screenshots/<screen>-<lang>-<width>.png. Builds its own data on a throw-away server.
// Run: npm run build && node --import tsx scripts/screenshots.ts [screen-name-filter]
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from '../test/e2e/helpers/server';
import { launchBrowser, searchInItem } from '../test/e2e/helpers/browser';
import { addMember, createCatalog, createItem, createPage, createShareLink, registerUser, type TestUser } from '../test/e2e/helpers/fixtures';

const OUT = path.resolve('.tmp/screenshots');
const WIDTHS = [1600, 1280, 390];
const LANGS = [
  { code: 'en', locale: 'en-US' },
  { code: 'zh', locale: 'zh-CN' },
];

const API_PAGE = `# 用户登录 User login

Logs a user in and returns a session. 用户名或邮箱均可登录。

## Request

\`\`\`http
POST /api/user/login
Content-Type: application/x-www-form-urlencoded
\`\`\`

| Parameter | Type | Required | Description |
|-----------|------|----------|-------------|
| username | string | yes | Username or email 用户名 |
| password | string | yes | Login password |
| v_code | string | no | Verification code, after repeated failures |

## Response

\`\`\`json
{
  "error_code": 0,
  "data": { "uid": 1, "username": "ann", "user_token": "…" }
}
\`\`\`

### Error codes

- [x] 10204 wrong username or password
- [x] 10210 verification code now required
- [ ] 10429 too many attempts

## Flow

\`\`\`mermaid
sequenceDiagram
  Browser->>Server: POST /api/user/login
  Server-->>Browser: Set-Cookie + user info
\`\`\`

The token lifetime is $t = 30 \\times 86400$ seconds.

> Tip: the session cookie is HttpOnly; scripts never see it.
`;

interface Data {
  owner: TestUser;
  reader: TestUser;
  pub: number;
  priv: number;
  single: number;
  loginPage: number;
  shareKey: string;
  /** an item of 55 pages: search answers come 50 at a time */
  many: number;
}

async function seed(server: E2EServer): Promise<Data> {
  const owner = await registerUser(server, 'ann');
  const reader = await registerUser(server, 'rob');
  const pub = await createItem(server, owner, { item_name: 'Payments API', item_description: 'Public reference of the payments platform: orders, refunds, webhooks.' });
  await createPage(server, owner, { item_id: pub, page_title: 'Overview 概述', page_content: '# Overview\n\nWelcome to the **Payments API**.\n\n## Base URL\n\n`https://api.example.com/v1`\n' });
  const users = await createCatalog(server, owner, pub, 'Users 用户');
  const loginPage = await createPage(server, owner, { item_id: pub, cat_id: users, page_title: 'User login 用户登录', page_content: API_PAGE });
  await createPage(server, owner, { item_id: pub, cat_id: users, page_title: 'User info', page_content: '## POST /api/user/info\n\nReturns the current user.' });
  const orders = await createCatalog(server, owner, pub, 'Orders 订单');
  const refunds = await createCatalog(server, owner, pub, 'Refunds', orders);
  await createPage(server, owner, { item_id: pub, cat_id: orders, page_title: 'Create order', page_content: '## POST /orders\n\nCreates an order.' });
  await createPage(server, owner, { item_id: pub, cat_id: refunds, page_title: 'Refund an order with a rather long title that wraps', page_content: '## POST /refunds' });
  await createCatalog(server, owner, pub, 'Data dictionary 数据字典');
  await addMember(server, owner, pub, reader.username, 0);

  const priv = await createItem(server, owner, { item_name: 'Internal handbook 内部手册', item_description: 'Private: on-call, deploys, secrets rotation.', password: 'handbook' });
  await createPage(server, owner, { item_id: priv, page_title: 'On-call', page_content: '# On-call\n\nRotation starts Monday.' });
  const single = await createItem(server, owner, { item_name: 'Release notes', item_type: 2, item_description: 'One page of release notes' });
  await createItem(server, owner, { item_name: 'Team spreadsheet', item_type: 4 });
  await createItem(server, reader, { item_name: "Rob's notes", item_description: 'Shared with nobody' });
  const shareKey = await createShareLink(server, owner, loginPage);
  const many = await createItem(server, owner, { item_name: 'Order service 订单服务', item_description: 'Many pages: search answers 50 at a time' });
  for (let i = 1; i <= 55; i++) {
    await createPage(server, owner, { item_id: many, page_title: `Order endpoint ${i} 订单接口`, page_content: `## GET /orders/${i}\n\nReads order ${i}: status, lines and the 订单 history.`, s_number: i });
  }
  return { owner, reader, pub, priv, single, loginPage, shareKey, many };
}

/** On a phone the search box is in the menu drawer: open it first. */
async function searchFromMenu(page: Page, keyword: string): Promise<void> {
  const menuButton = page.getByTestId('open-menu');
  if (await menuButton.count()) await menuButton.click();
  await searchInItem(page, keyword);
}

interface Shot {
  name: string;
  path: (d: Data) => string;
  as?: 'owner' | 'reader';
  /** what to wait for before the picture */
  ready: string;
  /** extra steps after ready */
  then?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'home', path: () => '/', ready: '[data-testid="landing"]' },
  { name: 'login', path: () => '/user/login', ready: '[data-testid="login-form"]' },
  { name: 'register', path: () => '/user/register', ready: '[data-testid="captcha-image"]' },
  { name: 'reset-password', path: () => '/user/resetPassword', ready: 'form' },
  { name: 'reset-by-link', path: () => '/user/ResetPasswordByUrl?uid=1&email=ann%40example.com&token=abc', ready: 'form' },
  { name: 'item-list', path: () => '/item/index', as: 'owner', ready: '[data-testid="item-card"]' },
  { name: 'item-add', path: () => '/item/add', as: 'owner', ready: '[data-testid="new-item-form"]' },
  { name: 'item-password', path: (d) => `/item/password/${d.priv}?redirect=%2F${d.priv}`, ready: '[data-testid="item-password-form"]' },
  { name: 'item-show-owner', path: (d) => `/${d.pub}?page_id=${d.loginPage}`, as: 'owner', ready: '[data-testid="markdown-body"] .is-rendered' },
  { name: 'item-show-reader', path: (d) => `/${d.pub}?page_id=${d.loginPage}`, as: 'reader', ready: '[data-testid="markdown-body"] h1' },
  { name: 'item-show-guest', path: (d) => `/${d.pub}`, ready: '[data-testid="markdown-body"] h1' },
  {
    name: 'item-search',
    path: (d) => `/${d.pub}`,
    as: 'owner',
    ready: '[data-testid="markdown-body"] h1',
    then: async (page) => {
      await searchFromMenu(page, 'order');
      await page.getByTestId('search-hit').first().waitFor();
    },
  },
  {
    name: 'item-search-more',
    path: (d) => `/${d.many}`,
    as: 'owner',
    ready: '[data-testid="markdown-body"] h2',
    then: async (page) => {
      await searchFromMenu(page, '订单');
      await page.getByTestId('search-more').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'share-dialog',
    path: (d) => `/${d.pub}?page_id=${d.loginPage}`,
    as: 'owner',
    ready: '[data-testid="markdown-body"] h1',
    then: async (page) => {
      await page.getByTestId('op-share').click();
      await page.getByTestId('share-single-url').waitFor();
    },
  },
  { name: 'item-single-page', path: (d) => `/${d.single}`, as: 'owner', ready: '[data-testid="markdown-body"]' },
  { name: 'page-view', path: (d) => `/page/${d.loginPage}`, ready: '[data-testid="markdown-body"] .is-rendered' },
  { name: 'share-link', path: (d) => `/p/${d.shareKey}`, ready: '[data-testid="markdown-body"] .is-rendered' },
  { name: 'not-found', path: () => '/no/such/screen', ready: '#root *' },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, StorageState>();

/** A context for `user` (or a guest): one login per user (logins are rate-limited), its cookie reused. */
async function contextFor(browser: Browser, server: E2EServer, user: TestUser | null, locale: string, width: number) {
  const viewport = { width, height: width < 600 ? 844 : 900 };
  if (user && !sessions.has(user.username)) {
    const first = await browser.newContext();
    const res = await first.request.post(`${server.url}/api/user/login`, { form: { username: user.username, password: user.password } });
    const body = await res.json();
    if (body.error_code !== 0) throw new Error(`login ${user.username}: ${body.error_message}`);
    // what the login screen keeps for display (never the token)
    const shown = { uid: Number(body.data.uid), username: user.username, name: '', groupid: Number(body.data.groupid ?? 2) };
    const state = await first.storageState();
    state.origins = [{ origin: server.url, localStorage: [{ name: 'quire.user', value: JSON.stringify(shown) }] }];
    sessions.set(user.username, state);
    await first.close();
  }
  return browser.newContext({ locale, viewport, deviceScaleFactor: 1, storageState: user ? sessions.get(user.username) : undefined });
}

async function main() {
  const filter = process.argv[2] ?? '';
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startE2EServer();
  const browser = await launchBrowser();
  const failures: string[] = [];
  try {
    const data = await seed(server);
    for (const shot of SHOTS.filter((s) => s.name.includes(filter))) {
      for (const lang of LANGS) {
        for (const width of WIDTHS) {
          const user = shot.as === 'owner' ? data.owner : shot.as === 'reader' ? data.reader : null;
          const context = await contextFor(browser, server, user, lang.locale, width);
          const page = await context.newPage();
          const file = path.join(OUT, `${shot.name}-${lang.code}-${width}.png`);
          try {
            await page.goto(server.url + shot.path(data));
            await page.locator(shot.ready).first().waitFor({ timeout: 30_000 });
            if (shot.then) await shot.then(page);
            await page.waitForTimeout(400);
            await page.screenshot({ path: file, fullPage: width < 600 || shot.name.startsWith('home') });
            console.log('saved', path.relative(process.cwd(), file));
          } catch (e) {
            failures.push(`${shot.name}-${lang.code}-${width}: ${(e as Error).message.split('\n')[0]}`);
            await page.screenshot({ path: file }).catch(() => {});
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failures.length) {
    console.error(`${failures.length} screenshot(s) did not reach their ready state:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
