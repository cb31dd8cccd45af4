// Issue #22, accounts, items and admin in the browser: an archived item's owner reaches its
// settings; binding an email on a site without mail says so; single-page items start in the
// creator's language; members' authority changes in place; the owner's item cards have settings
// and delete; attachment sizes, last logins, the editor's connecting note, the Auto create tab and
// the sign-up form's progress. One server and one browser for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, here, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let owner: TestUser;
let mate: TestUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  // the first account of a new site is its administrator
  admin = await registerUser(server, 'jr_admin');
  owner = await registerUser(server, 'jr_owner');
  mate = await registerUser(server, 'jr_mate');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

async function pageAs(user: TestUser, locale = 'en-US'): Promise<Page> {
  const context = await loggedInContext(browser, server, user, { locale });
  contexts.push(context);
  return context.newPage();
}

async function ok<T = unknown>(route: string, body: Record<string, string | number>, user: TestUser): Promise<T> {
  const r = await server.api<T>(route, body, user.token);
  if (r.error_code !== 0) throw new Error(`${route} → ${r.error_code} ${r.error_message ?? ''}`);
  return r.data;
}

describe('items and members', () => {
  it('16: the owner of an archived item is offered its settings, not "Leave item" (zh)', async () => {
    const itemId = await createItem(server, owner, { item_name: 'Old manual' });
    await createPage(server, owner, { item_id: itemId, page_title: 'Intro', page_content: 'Kept for the record.' });
    await ok('item/archive', { item_id: itemId, password: owner.password }, owner);
    const page = await pageAs(owner, 'zh-CN');
    await page.goto(`${server.url}/${itemId}`);
    await page.getByTestId('operation-bar').waitFor();
    await expect.poll(() => page.getByTestId('op-settings').count(), { message: 'the settings button' }).toBe(1);
    expect(await page.getByTestId('op-exit').count()).toBe(0);
    expect(await page.getByTestId('op-settings').textContent()).toContain('项目设置');
    await page.getByTestId('op-settings').click();
    await expect.poll(() => here(page)).toBe(`/item/setting/${itemId}`);
  });

  it("18: a new single-page item starts with text in the creator's language", async () => {
    const page = await pageAs(owner);
    await page.goto(server.url + '/item/add');
    await appReady(page);
    await page.locator('label', { has: page.getByTestId('type-singlePage') }).click();
    await page.getByTestId('item-name').fill('One pager');
    await page.getByTestId('create-item').click();
    await page.getByTestId('item-show-single').waitFor();
    const article = page.getByTestId('item-show-single').locator('.doc-article');
    await expect.poll(() => article.textContent(), { message: 'the welcome text' }).toContain('Welcome to Quire');
    expect(await article.textContent()).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('19: the owner changes a member from edit to read-only in place; the member loses the edit button', async () => {
    const itemId = await createItem(server, owner, { item_name: 'Team handbook' });
    await createPage(server, owner, { item_id: itemId, page_title: 'Rules', page_content: 'Be kind.' });
    await addMember(server, owner, itemId, mate.username, 1);
    const memberPage = await pageAs(mate);
    await memberPage.goto(`${server.url}/${itemId}`);
    await memberPage.getByTestId('op-edit').waitFor();

    const ownerPage = await pageAs(owner, 'zh-CN');
    await ownerPage.goto(`${server.url}/item/setting/${itemId}?tab=members`);
    const role = ownerPage.getByTestId(`member-role-${mate.username}`);
    await role.click();
    await ownerPage.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '只读' }).click();
    await ownerPage.getByText(`已更改 ${mate.username} 的权限`).waitFor();
    const members = await ok<Array<{ username: string; member_group_id: string }>>('member/getList', { item_id: itemId }, owner);
    expect(members.find((m) => m.username === mate.username)?.member_group_id).toBe('0');

    await memberPage.reload();
    await memberPage.getByTestId('op-history').waitFor();
    expect(await memberPage.getByTestId('op-edit').count()).toBe(0);
  });

  it("20: the owner's item card offers settings and delete; delete asks for the password (zh)", async () => {
    const itemId = await createItem(server, owner, { item_name: 'Throwaway' });
    const page = await pageAs(owner, 'zh-CN');
    const errors = watchErrors(page);
    await page.goto(server.url + '/item/index');
    const card = page.locator(`[data-testid="item-card"][data-item-id="${itemId}"]`);
    await card.getByTestId('item-more').click();
    const settings = page.getByTestId('item-menu-settings');
    expect(await settings.textContent()).toContain('项目设置');
    await settings.click();
    await expect.poll(() => here(page)).toBe(`/item/setting/${itemId}`);

    await page.goto(server.url + '/item/index');
    await card.getByTestId('item-more').click();
    await page.getByTestId('item-menu-delete').click();
    await page.getByTestId('password-modal-password').fill('not-my-password');
    await page.getByTestId('password-modal-ok').click();
    await page.locator('.quire-error-message').first().waitFor();
    expect(await card.count()).toBe(1);
    expect((await ok<Array<{ item_id: string }>>('item/myList', {}, owner)).some((i) => Number(i.item_id) === itemId)).toBe(true);
    await page.getByTestId('password-modal-password').fill(owner.password);
    await page.getByTestId('password-modal-ok').click();
    await expect.poll(() => card.count(), { message: 'the deleted card goes' }).toBe(0);
    const list = await ok<Array<{ item_id: string }>>('item/myList', {}, owner);
    expect(list.some((i) => Number(i.item_id) === itemId)).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('accounts', () => {
  it('17: binding an email on a site without mail says plainly that no mail was sent (en, then zh)', async () => {
    const page = await pageAs(mate);
    await page.goto(server.url + '/user/setting');
    await page.getByTestId('bind-email').click();
    await page.getByTestId('email-input').fill('mate@example.test');
    await page.getByTestId('email-password').fill(mate.password);
    await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
    const note = page.getByTestId('email-mail-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('This site cannot send mail');
    expect(await page.getByText('Check your mailbox').count()).toBe(0);

    const zh = await pageAs(mate, 'zh-CN');
    await zh.goto(server.url + '/user/setting');
    await zh.getByTestId('email-mail-note').waitFor();
    expect(await zh.getByTestId('email-mail-note').textContent()).toContain('本站无法发送邮件');
    expect(await zh.getByText('请到邮箱查收验证邮件').count()).toBe(0);
  });

  it('21: the sign-up form shows its progress and leaves for the item list (zh)', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    // hold the answer until the progress was seen: no race with a fast server
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/user/register', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/user/register');
    await page.getByTestId('register-username').fill('jr_newcomer');
    await page.getByTestId('register-password').fill('Newcomer-2026!');
    await page.getByTestId('register-again').fill('Newcomer-2026!');
    await page.locator('input[data-testid="captcha-input"], [data-testid="captcha-input"] input').first().fill('test');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-submit').getByText('正在创建账号…').waitFor();
    release();
    await page.waitForURL((u) => u.pathname === '/item/index');
    await page.getByTestId('new-item').waitFor();
  });

  it('21: the admin list shows a last login for a user who registered and is logged in', async () => {
    // registered (which logs in: its token is its session), never logged in with the password
    const fresh = await registerUser(server, 'jr_fresh');
    const page = await pageAs(admin);
    await page.goto(server.url + '/admin/index?tab=users');
    const table = page.getByTestId('admin-user-list');
    const row = table.locator('tbody tr', { hasText: fresh.username });
    await row.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    const col = headers.findIndex((h) => h.includes('Last login'));
    expect(col).toBeGreaterThan(0);
    expect(await row.locator('td').nth(col).textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('reading, editing, new items', () => {
  it('21: the reader shows the size of a small attachment in bytes', async () => {
    const itemId = await createItem(server, owner, { item_name: 'With a file' });
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Files', page_content: 'See the file.' });
    const form = new FormData();
    form.append('user_token', owner.token);
    form.append('item_id', String(itemId));
    form.append('page_id', String(pageId));
    form.append('file', new Blob(['812 bytes? no: 17 b'], { type: 'text/plain' }), 'tiny.txt');
    const up = await fetch(`${server.url}/api/page/upload`, { method: 'POST', body: form }).then((r) => r.json());
    expect(up.error_code).toBe(0);
    const page = await pageAs(owner);
    await page.goto(`${server.url}/${itemId}?page_id=${pageId}`);
    await page.getByTestId('attachments-link').click();
    const row = page.getByTestId('attachments-dialog').locator('tbody tr', { hasText: 'tiny.txt' });
    await row.waitFor();
    expect(await row.textContent()).toContain('19 B');
  });

  it('21: "Connecting to the live document…" stays on one line in Chinese', async () => {
    const itemId = await createItem(server, owner, { item_name: 'Live doc' });
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Draft', page_content: 'Text' });
    const page = await pageAs(owner, 'zh-CN');
    // the co-editing socket opens but never syncs: the editor keeps saying it is connecting
    await page.routeWebSocket(/\/collab/, () => {});
    await page.goto(`${server.url}/page/edit/${itemId}/${pageId}`);
    const tip = page.locator('.quire-page-edit-connecting .ant-spin-description');
    await tip.waitFor();
    const box = await tip.boundingBox();
    expect(await tip.textContent()).toBe('正在连接实时文档…');
    // one line: wider than tall (it was one character wide, five lines tall)
    expect(box!.width).toBeGreaterThan(box!.height * 3);
  });

  it("21: the Auto create tab has its own text, not the Import tab's", async () => {
    const page = await pageAs(owner);
    await page.goto(server.url + '/item/add');
    await page.getByRole('tab', { name: 'Import file' }).click();
    const importText = (await page.getByTestId('import-file').textContent()) ?? '';
    await page.getByRole('tab', { name: 'Auto create' }).click();
    const auto = page.getByTestId('auto-create');
    await auto.waitFor();
    const autoText = (await auto.textContent()) ?? '';
    expect(autoText).toContain('API description');
    expect(importText.length).toBeGreaterThan(20);
    expect(autoText).not.toContain(importText.slice(0, 40));
  });
});
