// Management screens in the browser (spec §2): item settings, catalog management (drag to re-parent,
// checked through the API), notices, teams, attachments (upload with the file input), personal
// settings and the admin console, against a real server; screenshots in English and Chinese at
// 1280 and 390 px go to .tmp/screenshots/management-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, appReady, createCatalog, createItem, createPage, registerUser, type TestUser } from './helpers/fixtures';
import { ITEM_PASSWORD_PLACEHOLDER } from '../../shared/limits';

let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let bob: TestUser;
const ids = { item: 0, guides: 0, setup: 0, api: 0, gone: 0, team: 0, archive: 0, target: 0, welcome: 0, alpha: 0, beta: 0 };

async function ok<T = any>(route: string, body: Record<string, string | number>, token: string): Promise<T> {
  const res = await server.api<T>(route, body, token);
  if (res.error_code !== 0) throw new Error(`${route} → ${res.error_code} ${res.error_message ?? ''}`);
  return res.data;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  admin = await registerUser(server, 'mgmt_admin'); // first account: administrator
  bob = await registerUser(server, 'mgmt_bob');
  ids.item = await createItem(server, admin, { item_name: 'Field Guide', item_description: 'Operations handbook' });
  ids.guides = await createCatalog(server, admin, ids.item, 'Guides');
  ids.setup = await createCatalog(server, admin, ids.item, 'Setup', ids.guides);
  ids.api = await createCatalog(server, admin, ids.item, 'API');
  ids.welcome = await createPage(server, admin, { item_id: ids.item, cat_id: ids.guides, page_title: 'Welcome', page_content: '# Welcome', s_number: 1 });
  ids.alpha = await createPage(server, admin, { item_id: ids.item, cat_id: ids.guides, page_title: 'Alpha', page_content: 'a', s_number: 2 });
  ids.beta = await createPage(server, admin, { item_id: ids.item, cat_id: ids.guides, page_title: 'Beta', page_content: 'b', s_number: 3 });
  ids.target = await createItem(server, admin, { item_name: 'Target Item' });
  ids.gone = await createPage(server, admin, { item_id: ids.item, page_title: 'Old notes', page_content: 'to be deleted' });
  await ok('page/delete', { page_id: ids.gone }, admin.token);
  await addMember(server, admin, ids.item, bob.username, 1);
  await ok('team/save', { team_name: 'Writers' }, admin.token);
  const teams = await ok<Array<{ id: number; team_name: string }>>('team/getList', {}, admin.token);
  ids.team = Number(teams.find((t) => t.team_name === 'Writers')!.id);
  await ok('teamMember/save', { team_id: ids.team, member_username: bob.username }, admin.token);
  await ok('teamItem/save', { team_id: ids.team, item_id: ids.item }, admin.token);
  ids.archive = await createItem(server, admin, { item_name: 'Archive Me' });
  await registerUser(server, 'mgmt_carol');
  // a notice for bob: an item transferred to him
  const gift = await createItem(server, admin, { item_name: 'Gift Item' });
  await ok('item/attorn', { item_id: gift, username: bob.username, password: admin.password }, admin.token);
  const form = new FormData();
  form.append('user_token', admin.token);
  form.append('file', new Blob(['hello attachments'], { type: 'text/plain' }), 'readme-first.txt');
  const up = await fetch(`${server.url}/api/page/upload`, { method: 'POST', body: form }).then((r) => r.json());
  expect(up.error_code).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** A context logged in as `user`: one login per user (the server throttles logins), its cookie reused. */
async function contextFor(user: TestUser, locale = 'en-US', width = 1280): Promise<BrowserContext> {
  let state = sessions.get(user.username);
  if (!state) {
    const first = await browser.newContext();
    const res = await first.request.post(`${server.url}/api/user/login`, { form: { username: user.username, password: user.password } });
    expect((await res.json()).error_code).toBe(0);
    state = await first.storageState();
    sessions.set(user.username, state);
    await first.close();
  }
  return browser.newContext({ locale, viewport: { width, height: 900 }, storageState: state });
}

async function open(context: BrowserContext, path: string, testId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url + path);
  await appReady(page);
  await page.getByTestId(testId).waitFor({ timeout: 20_000 });
  return page;
}

/** The element's box once it stopped moving (dialogs open with an animation). */
async function stableBox(page: Page, testId: string) {
  let prev = '';
  for (let i = 0; i < 40; i++) {
    const box = (await page.getByTestId(testId).boundingBox())!;
    const now = JSON.stringify(box);
    if (now === prev) return box;
    prev = now;
    await page.waitForTimeout(100);
  }
  throw new Error(`${testId} kept moving`);
}

/**
 * Screenshots of one screen: English at 1280 px and Chinese at 390 px (MANAGEMENT_SCREENSHOTS=all adds
 * the other two combinations); each shot also asserts the page logged no error.
 */
const SHOTS: Array<[string, 'en' | 'zh', number]> =
  process.env.MANAGEMENT_SCREENSHOTS === 'all'
    ? [
        ['en-US', 'en', 1280],
        ['en-US', 'en', 390],
        ['zh-CN', 'zh', 1280],
        ['zh-CN', 'zh', 390],
      ]
    : [
        ['en-US', 'en', 1280],
        ['zh-CN', 'zh', 390],
      ];

async function shoot(user: TestUser, path: string, testId: string, name: string, ready?: (p: Page) => Promise<void>) {
  for (const [locale, lang, width] of SHOTS) {
    const context = await contextFor(user, locale, width);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + path);
    await appReady(page);
    await page.getByTestId(testId).waitFor({ timeout: 20_000 });
    if (ready) await ready(page);
    await page.waitForTimeout(300);
    await screenshot(page, `management-${name}-${lang}-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
}

describe('item settings', () => {
  it('shows base info, members and teams, open API key and the recycle bin to the owner', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/item/setting/${ids.item}`, 'base-info-form');
    const errors = watchErrors(page);
    expect(await page.getByTestId('item-name').inputValue()).toBe('Field Guide');
    await page.getByTestId('tab-members').click();
    await page.getByTestId('member-list').getByText('mgmt_bob').waitFor();
    await page.getByTestId('team-list').getByText('Writers').waitFor();
    await page.getByTestId('tab-openApi').click();
    const key = await ok<{ api_key: string }>('item/getKey', { item_id: ids.item }, admin.token);
    await page.getByTestId('api-key').getByText(key.api_key).waitFor();
    await page.getByTestId('tab-recycle').click();
    await page.getByTestId('recycle-list').getByText('Old notes').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the base info', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/item/setting/${ids.item}`, 'base-info-form');
    await page.getByTestId('item-name').fill('Field Guide 2');
    await page.getByTestId('base-info-save').click();
    await expect.poll(async () => (await ok<{ item_name: string }>('item/detail', { item_id: ids.item }, admin.token)).item_name).toBe('Field Guide 2');
    await context.close();
  });

  it('saves a private item untouched: it stays private and its password still opens it', async () => {
    const secret = await createItem(server, admin, { item_name: 'Hidden Guide', password: 'visit-pw-1' });
    const context = await contextFor(admin);
    const page = await open(context, `/item/setting/${secret}`, 'base-info-form');
    // item/detail's placeholder fills the field: the password is stored hashed and never sent
    expect(await page.getByTestId('item-password').inputValue()).toBe(ITEM_PASSWORD_PLACEHOLDER);
    await page.getByTestId('item-name').fill('Hidden Guide 2');
    await page.getByTestId('base-info-save').click();
    await expect.poll(async () => (await ok<{ item_name: string }>('item/detail', { item_id: secret }, admin.token)).item_name).toBe('Hidden Guide 2');
    expect((await server.api('item/info', { item_id: secret })).error_code).toBe(10307);
    expect((await server.api('item/info', { item_id: secret, _item_pwd: 'visit-pw-1' })).error_code).toBe(0);
    await context.close();
  });

  it('adds a member with the user picker', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/item/setting/${ids.item}?tab=members`, 'member-list');
    await page.getByTestId('member-users').click();
    await page.keyboard.type('mgmt_car');
    await page.locator('.ant-select-item-option', { hasText: 'mgmt_carol' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-list').getByText('mgmt_carol').waitFor();
    const members = await ok<Array<{ username: string; member_group_id: string }>>('member/getList', { item_id: ids.item }, admin.token);
    expect(members.find((m) => m.username === 'mgmt_carol')?.member_group_id).toBe('1');
    await context.close();
  });

  it('suggests only people the user works with, and adds anyone else by the exact username', async () => {
    const own = await createItem(server, bob, { item_name: 'Bob notes' });
    const stranger = await registerUser(server, 'mgmt_dan');
    const context = await contextFor(bob);
    const page = await open(context, `/item/setting/${own}?tab=members`, 'member-list');
    await page.getByTestId('member-users').click();
    await page.getByText('Type at least 2 characters of a username').waitFor();
    // mgmt_admin shares an item and a team with bob; mgmt_dan shares nothing
    await page.keyboard.type('mgmt_');
    await page.locator('.ant-select-item-option', { hasText: 'mgmt_admin' }).waitFor();
    expect(await page.locator('.ant-select-item-option', { hasText: 'mgmt_dan' }).count()).toBe(0);
    for (let i = 0; i < 'mgmt_'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(stranger.username);
    await page.keyboard.press('Enter');
    await screenshot(page, 'management-member-picker-exact-name-en-1280');
    await page.keyboard.press('Escape');
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-list').getByText('mgmt_dan').waitFor();
    const members = await ok<Array<{ username: string }>>('member/getList', { item_id: own }, bob.token);
    expect(members.map((m) => m.username)).toContain('mgmt_dan');
    await context.close();
  });

  it('archives an item with the owner password, then returns to the item list', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/item/setting/${ids.archive}?tab=advanced`, 'advanced-archive');
    await page.getByTestId('advanced-archive').click();
    await page.getByTestId('password-modal-password').fill('wrong-password');
    await page.getByTestId('password-modal-ok').click();
    await page.locator('.quire-error-message').first().waitFor();
    expect(Number((await ok<{ is_archived: number }>('item/detail', { item_id: ids.archive }, admin.token)).is_archived)).toBe(0);
    await page.getByTestId('password-modal-password').fill(admin.password);
    await page.getByTestId('password-modal-ok').click();
    await page.waitForURL(/\/item\/index$/, { timeout: 10_000 });
    expect(Number((await ok<{ is_archived: number }>('item/detail', { item_id: ids.archive }, admin.token)).is_archived)).toBe(1);
    await context.close();
  });

  it('tells a plain member that settings are for managers', async () => {
    const context = await contextFor(bob);
    const page = await open(context, `/item/setting/${ids.item}`, 'item-setting-denied');
    expect(await page.getByTestId('base-info-form').count()).toBe(0);
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(admin, `/item/setting/${ids.item}`, 'base-info-form', 'item-setting');
    await shoot(admin, `/item/setting/${ids.item}?tab=members`, 'member-list', 'item-members');
    await shoot(admin, `/item/setting/${ids.item}?tab=openApi`, 'api-key', 'item-openapi');
  });
});

describe('catalog management', () => {
  it('nests a catalog by dragging it to the right, saved through batUpdate', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/catalog/${ids.item}`, 'catalog-tree');
    const errors = watchErrors(page);
    expect(await page.getByTestId(`cat-row-${ids.setup}`).getAttribute('data-depth')).toBe('1');
    const box = await stableBox(page, `cat-handle-${ids.api}`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // one indentation step (28 px) to the right: API becomes the last child of Guides, beside Setup
    for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + box.width / 2 + i * 5, box.y + box.height / 2, { steps: 2 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const tree = await ok<Array<{ cat_id: number; sub?: Array<{ cat_id: number }> }>>('catalog/catListGroup', { item_id: ids.item }, admin.token);
        const guides = tree.find((c) => Number(c.cat_id) === ids.guides);
        return (guides?.sub ?? []).map((c) => Number(c.cat_id));
      })
      .toEqual([ids.setup, ids.api]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a sub-catalog from the dialog', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/catalog/${ids.item}`, 'catalog-tree');
    await page.getByTestId(`cat-addsub-${ids.setup}`).click();
    await page.getByTestId('catalog-form-name').fill('Linux');
    await page.getByTestId('catalog-form-ok').click();
    await page.getByTestId('catalog-tree').getByText('Linux').waitFor();
    const names = await ok<Array<{ cat_name: string }>>('catalog/catListName', { item_id: ids.item }, admin.token);
    expect(names.map((c) => c.cat_name.replace(/\s*\/\s*/g, '/'))).toContain('Guides/Setup/Linux');
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(admin, `/catalog/${ids.item}`, 'catalog-tree', 'catalog');
  });

  it('sorts the pages of a catalog by dragging them (page/sort)', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/catalog/${ids.item}`, 'catalog-tree');
    await page.getByTestId(`cat-sort-${ids.guides}`).click();
    await page.getByTestId(`sort-page-${ids.beta}`).waitFor();
    const from = await stableBox(page, `sort-page-${ids.beta}`);
    const to = await stableBox(page, `sort-page-${ids.welcome}`);
    await page.mouse.move(from.x + 40, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + 40, from.y + from.height / 2 + ((to.y - from.y - 6) * i) / 12, { steps: 2 });
    await page.mouse.up();
    await expect
      .poll(async () => (await ok<Array<{ page_title: string }>>('catalog/getPagesBycat', { item_id: ids.item, cat_id: ids.guides }, admin.token)).map((p) => p.page_title))
      .toEqual(['Beta', 'Welcome', 'Alpha']);
    await context.close();
  });

  it('moves a catalog with its sub-catalogs to another item', async () => {
    const context = await contextFor(admin);
    const page = await open(context, `/catalog/${ids.item}`, 'catalog-tree');
    await page.getByTestId(`cat-copy-${ids.setup}`).click();
    await page.getByRole('radio', { name: 'Move' }).check();
    await page.getByTestId('copy-target-item').click();
    await page.locator('.ant-select-item-option', { hasText: 'Target Item' }).click();
    await page.getByTestId('copy-catalog-ok').click();
    await expect
      .poll(async () => {
        const tree = await ok<Array<{ cat_name: string; sub?: Array<{ cat_name: string }> }>>('catalog/catListGroup', { item_id: ids.target }, admin.token);
        return tree.map((c) => `${c.cat_name}>${(c.sub ?? []).map((x) => x.cat_name).join(',')}`);
      })
      .toEqual(['Setup>Linux']);
    await page.getByTestId(`cat-row-${ids.setup}`).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('teams', () => {
  it('lists the team with counts and opens its members and items', async () => {
    const context = await contextFor(admin);
    const page = await open(context, '/team/index', 'team-list');
    await page.getByTestId('team-list').getByText('Writers').waitFor();
    await page.getByTestId(`team-members-${ids.team}`).click();
    await page.getByTestId('team-member-list').getByText('mgmt_bob').waitFor();
    await page.goto(`${server.url}/team/item/${ids.team}`);
    await page.getByTestId('team-item-list').getByText('Field Guide').waitFor();
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(admin, '/team/index', 'team-list', 'teams', (p) => p.getByText('Writers').first().waitFor());
    await shoot(admin, `/team/item/${ids.team}`, 'team-item-list', 'team-items', (p) => p.getByText('Field Guide').first().waitFor());
  });
});

describe('my attachments', () => {
  it('lists files with usage and uploads a new one', async () => {
    const context = await contextFor(admin);
    const page = await open(context, '/attachment/index', 'attachment-list');
    await page.getByTestId('attachment-list').getByText('readme-first.txt').waitFor();
    await page.locator('[data-testid="attachment-drop"] input[type=file], .manage-dropzone input[type=file]').first().setInputFiles({
      name: 'second-file.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('second'),
    });
    await page.getByTestId('attachment-list').getByText('second-file.txt').waitFor();
    const mine = await ok<{ total: number }>('attachment/getMyList', { page: 1, count: 6 }, admin.token);
    expect(Number(mine.total)).toBe(2);
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(admin, '/attachment/index', 'attachment-list', 'attachments', (p) => p.getByText('readme-first.txt').first().waitFor());
  });
});

describe('notices, personal settings', () => {
  it('shows a notice, opens it and marks it read', async () => {
    const context = await contextFor(bob);
    const page = await open(context, '/notice/index', 'notice-list');
    const notices = await ok<Array<{ notice_id: number; is_read: number | string }>>('notice/getList', { notice_type: 'all' }, bob.token);
    expect(notices.length).toBeGreaterThan(0);
    const first = notices[0];
    await page.getByTestId(`notice-${first.notice_id}`).getByRole('button', { name: /view/i }).click();
    await page.getByTestId('notice-content').getByText('Gift Item').waitFor();
    await expect
      .poll(async () => {
        const list = await ok<Array<{ notice_id: number; is_read: number | string }>>('notice/getList', { notice_type: 'all' }, bob.token);
        return Number(list.find((n) => n.notice_id === first.notice_id)?.is_read);
      })
      .toBe(1);
    await context.close();
  });

  it('shows the account', async () => {
    const context = await contextFor(admin);
    const settings = await open(context, '/user/setting', 'setting-username');
    expect(await settings.getByTestId('setting-username').textContent()).toBe('mgmt_admin');
    await settings.getByTestId('email-status').waitFor();
    await context.close();
  });

  it('changes the password: a wrong current one is refused and the dialog stays; the right one signs out', async () => {
    const dave = await registerUser(server, 'mgmt_dave');
    const context = await contextFor(dave);
    const page = await open(context, '/user/setting', 'change-password');
    await page.getByTestId('change-password').click();
    await page.getByTestId('old-password').fill('Wrong-999999');
    await page.getByTestId('new-password').fill('Newer-654321');
    await page.getByTestId('confirm-password').fill('Newer-654321');
    const save = page.locator('.ant-modal', { has: page.getByTestId('old-password') }).locator('.ant-modal-footer .ant-btn-primary');
    await save.click();
    await page.locator('.quire-error-message').getByText('Old password is wrong').waitFor();
    await page.waitForTimeout(400); // the message slides in
    await screenshot(page, 'management-password-refused-en-1280');
    // the dialog stays open and can be sent again
    await page.getByTestId('old-password').fill(dave.password);
    await expect.poll(() => save.getAttribute('class')).not.toContain('ant-btn-loading');
    await save.click();
    await page.waitForURL(/\/user\/login/, { timeout: 10_000 });
    const login = (password: string) => server.api<unknown>('user/login', { username: dave.username, password });
    expect((await login(dave.password)).error_code).not.toBe(0);
    expect((await login('Newer-654321')).error_code).toBe(0);
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(bob, '/notice/index', 'notice-list', 'notices');
    await shoot(admin, '/user/setting', 'setting-username', 'user-setting');
  });
});

describe('admin console', () => {
  it('shows users to the administrator and the LDAP and storage forms in the settings', async () => {
    const context = await contextFor(admin);
    const page = await open(context, '/admin/index', 'admin-user-list');
    await page.getByTestId('admin-user-list').getByText('mgmt_bob').waitFor();
    await page.goto(`${server.url}/admin/index?tab=items`);
    await page.getByTestId('admin-item-list').getByText('Field Guide 2').waitFor();
    await page.goto(`${server.url}/admin/index?tab=settings`);
    await page.getByTestId('ldap-open').click();
    await page.getByTestId('ldap-form').waitFor();
    await page.getByTestId('oss-open').click();
    await page.getByTestId('oss-form').waitFor();
    await screenshot(page, 'management-admin-settings-open-en-1280');
    await context.close();
  });

  it('sets how long a sign-in lasts', async () => {
    const context = await contextFor(admin);
    const page = await open(context, '/admin/index?tab=settings', 'admin-settings-form');
    const days = page.locator('input[data-testid="session-expire-days"], [data-testid="session-expire-days"] input').first();
    expect(await days.inputValue()).toBe('30');
    await days.fill('14');
    await page.getByTestId('admin-settings-save').click();
    await expect.poll(async () => (await ok<{ session_expire_days: number }>('adminSetting/loadConfig', {}, admin.token)).session_expire_days).toBe(14);
    await context.close();
  });

  it('refuses an ordinary user', async () => {
    const context = await contextFor(bob);
    await open(context, '/admin/index', 'admin-denied');
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    await shoot(admin, '/admin/index', 'admin-user-list', 'admin-users', (p) => p.getByText('mgmt_bob').first().waitFor());
    await shoot(admin, '/admin/index?tab=settings', 'admin-settings-form', 'admin-settings');
  });
});
