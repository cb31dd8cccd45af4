// Moving a ShowDoc installation in (#21): a database built with ShowDoc's own schema and encodings
// (test/fixtures/showdoc) is imported, then checked through Quire's own API as its users would:
// old passwords log in (and the hash is upgraded), menus equal ShowDoc's tree, page texts and
// history, share links, mock URLs, open-API keys and files work, links inside pages point at the
// same files. A second run creates nothing; an import into a Quire that has data gets new ids.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildShowdocDb, SHOWDOC_FIXTURE as F } from '../fixtures/showdoc/buildShowdocDb';
import { importShowdoc } from '../../server/domain/showdoc/import';
import type { ShowdocImportReport } from '../../server/domain/showdoc/types';
import { items, pages, users } from '../../server/db/schema';

let app: TestApp;
let dir: string;
let dbFile: string;
let uploadsDir: string;
let report: ShowdocImportReport;
const visitUrl = (sign: string) => `/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdoc-import-'));
  dbFile = path.join(dir, 'showdoc.db.php');
  uploadsDir = path.join(dir, 'Public', 'Uploads');
  await buildShowdocDb(dbFile, { uploadsDir });
  app = await startTestApp();
  report = await importShowdoc(app.deps, { dbFile, uploadsDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function login(username: string, password: string) {
  const r = await app.call('user/login', { username, password });
  expect(r.error_code, `${username}: ${r.error_message}`).toBe(0);
  return r.data.user_token as string;
}

describe('a ShowDoc installation imported into an empty Quire', () => {
  it('reports what it imported, kept ShowDoc ids, and skipped the whiteboard item with its page', () => {
    expect(report.tables.user).toMatchObject({ source: 4, imported: 4 });
    expect(report.tables.item).toMatchObject({ source: 6, imported: 5, skipped: 1 });
    expect(report.tables.page).toMatchObject({ source: 7, imported: 6, skipped: 1 });
    expect(report.tables.page_history).toMatchObject({ source: 2, imported: 2 });
    expect(report.keptIds).toMatchObject({ users: true, items: true, catalogs: true, pages: true });
    expect(report.skipped.map((s) => `${s.table}:${s.key}:${s.reason}`)).toEqual(
      expect.arrayContaining([`item:${F.items.whiteboard}:Whiteboard items are not imported`, `page:${F.pages.board}:Its item ({id}) was not imported`]),
    );
    expect(report.missingFiles).toEqual([]);
    expect(report.idMap.page).toEqual([]);
  });

  it('lets every user log in with the ShowDoc password, and upgrades the stored hash', async () => {
    for (const u of [F.users.admin, F.users.alice, F.users.bob, F.users.carol]) {
      await login(u.username, u.password);
      const [row] = await app.deps.db.select({ password: users.password }).from(users).where(eq(users.uid, u.uid));
      expect(row.password).toMatch(/^\$argon2id\$/);
      // and again, against the new hash
      await login(u.username, u.password);
    }
    const wrong = await app.call('user/login', { username: F.users.carol.username, password: 'not-it' });
    expect(wrong.error_code).not.toBe(0);
  });

  it("shows each item's menu as ShowDoc's tree, with the page texts and their history", async () => {
    const token = await login(F.users.alice.username, F.users.alice.password);
    const info = await app.call('item/info', { item_id: F.items.regular }, { token });
    expect(info.error_code).toBe(0);
    const menu = info.data.menu;
    expect(menu.pages.map((p: any) => p.page_title)).toEqual(['Welcome']);
    expect(menu.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide', 'FAQ']);
    const setup = menu.catalogs[0].catalogs[0];
    expect(setup.cat_name).toBe('Setup');
    expect(setup.catalogs[0].cat_name).toBe('Linux');
    expect(setup.catalogs[0].pages.map((p: any) => p.page_title)).toEqual(['Install on Linux']);
    expect(menu.catalogs[1].pages).toEqual([]); // its only page is in the recycle bin

    const welcome = await app.call('page/info', { page_id: F.pages.welcome }, { token });
    expect(welcome.data.page_content).toBe(F.welcomeText.replace(`${F.siteUrl}/server/index.php?s=/api/attachment/visitFile&sign=${F.attachment.sign}`, visitUrl(F.attachment.sign)));
    const install = await app.call('page/info', { page_id: F.pages.install }, { token });
    expect(install.data.page_content).toBe("```sh\napt install showdoc && echo 'done' > /tmp/x\n```\n");

    const history = await app.call('page/history', { page_id: F.pages.welcome }, { token });
    expect(history.error_code).toBe(0);
    const texts = history.data.map((h: any) => h.page_content);
    expect(texts).toEqual(expect.arrayContaining([F.history.compressed.text, F.history.plain.text]));

    const recycle = await app.call('recycle/getList', { item_id: F.items.regular }, { token });
    expect(recycle.data.map((r: any) => r.page_title)).toEqual(['Obsolete']);
  });

  it('turns RunApi pages into API pages, keeps the spreadsheet, and the private item asks for its old password', async () => {
    const token = await login(F.users.alice.username, F.users.alice.password);
    const api = await app.call('page/info', { page_id: F.pages.api }, { token });
    expect(api.data.page_content).toContain('/users/list');
    expect(api.data.page_content).not.toMatch(/^\s*\{/);
    const sheet = await app.call('page/info', { page_id: F.pages.sheet }, { token });
    // converted to a Quire workbook: the grid opens it as it is
    const workbook = JSON.parse(sheet.data.page_content);
    expect(workbook.type).toBe('quire.workbook');
    expect(workbook.sheets[0].name).toBe('Sheet1');
    expect(workbook.sheets[0].cells['0,0'].v).toBe('<total> & "sum"');

    const anonymous = await app.call('item/info', { item_id: F.items.single });
    expect(anonymous.error_code).toBe(10307);
    const wrong = await app.call('item/info', { item_id: F.items.single, _item_pwd: 'nope' });
    expect(wrong.error_code).toBe(10307);
    const right = await app.call('item/info', { item_id: F.items.single, _item_pwd: 'visit-me' });
    expect(right.error_code).toBe(0);
    const [row] = await app.deps.db.select({ password: items.password }).from(items).where(eq(items.itemId, F.items.single));
    expect(row.password).not.toContain('visit-me');
  });

  it('keeps share links, mock URLs, open-API keys and files working', async () => {
    const shared = await app.call('page/infoByKey', { unique_key: F.shareKey });
    expect(shared.error_code).toBe(0);
    expect(shared.data.page_title).toBe('Welcome');

    const mock = await app.fetch(`/mock-data/${F.mock.uniqueKey}`);
    expect(mock.status).toBe(200);
    expect((await mock.json()).users).toHaveLength(1);
    const byPath = await app.fetch(`/mock-path/${F.items.runapi}?path=${F.mock.path}`);
    expect(byPath.status).toBe(200);
    expect((await byPath.json()).users).toHaveLength(1);

    const open = await app.call('open/updatePage', { api_key: F.itemToken.apiKey, api_token: F.itemToken.apiToken, page_title: 'From CI', page_content: 'hello' });
    expect(open.error_code).toBe(0);

    const file = await app.fetch(visitUrl(F.attachment.sign));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(F.attachment.bytes)).toBe(true);
  });

  it('keeps members with their catalog limits, and the team binding', async () => {
    const token = await login(F.users.bob.username, F.users.bob.password);
    const info = await app.call('item/info', { item_id: F.items.regular }, { token });
    expect(info.data.menu.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide', 'FAQ']);
    const teamItem = await app.call('item/info', { item_id: F.items.runapi }, { token });
    expect(teamItem.error_code).toBe(0);
    const carol = await login(F.users.carol.username, F.users.carol.password);
    const edit = await app.call('page/save', { page_id: F.pages.install, item_id: F.items.regular, page_title: 'x', page_content: 'y' }, { token: carol });
    expect(edit.error_code).not.toBe(0); // read-only member
  });

  it('a second run creates nothing', async () => {
    const before = await app.deps.db.select({ id: pages.pageId }).from(pages);
    const again = await importShowdoc(app.deps, { dbFile, uploadsDir });
    for (const [table, c] of Object.entries(again.tables)) {
      expect(c.imported, table).toBe(0);
    }
    expect(again.tables.page).toMatchObject({ already: 6 });
    const after = await app.deps.db.select({ id: pages.pageId }).from(pages);
    expect(after.length).toBe(before.length);
  });
});

describe('a ShowDoc installation imported into a Quire that has data', () => {
  let busy: TestApp;
  let second: ShowdocImportReport;
  beforeAll(async () => {
    busy = await startTestApp();
    const owner = await busy.register('quireadmin');
    // a Quire item whose id collides with ShowDoc's, and an account named like a ShowDoc one
    for (let i = 0; i < 12; i++) await busy.call('item/add', { item_name: `mine ${i}`, item_type: 1 }, { token: owner.user_token });
    // and an item already at ShowDoc's personal domain
    const taken = await busy.call('item/add', { item_name: 'Ours', item_type: 1, item_domain: 'guide' }, { token: owner.user_token });
    expect(taken.error_code).toBe(0);
    await busy.register('alice', 'quire-own-password');
    second = await importShowdoc(busy.deps, { dbFile, uploadsDir });
  });
  afterAll(() => busy?.close());

  it('gives new ids, reports the map, merges the same-named account, and links still resolve', async () => {
    expect(second.keptIds.items).toBe(false);
    const regular = second.idMap.item.find(([from]) => from === F.items.regular);
    expect(regular).toBeDefined();
    expect(second.mergedUsers).toEqual(['alice']);
    // the imported item lost the domain, and the report says so
    expect(second.skipped).toContainEqual({ table: 'item', key: String(F.items.regular), reason: 'Its personal domain {domain} is used by another item; the item was imported without it', vars: { domain: 'guide' } });
    expect(second.tables.item.skipped).toBe(1); // the whiteboard only
    // alice keeps her Quire password and now owns the imported items
    const r = await busy.call('user/login', { username: 'alice', password: 'quire-own-password' });
    expect(r.error_code).toBe(0);
    const info = await busy.call('item/info', { item_id: regular![1] }, { token: r.data.user_token });
    expect(info.error_code).toBe(0);
    expect(info.data.item_name).toBe('Guide');
    const welcomeId = second.idMap.page.find(([from]) => from === F.pages.welcome)?.[1] ?? F.pages.welcome;
    const page = await busy.call('page/info', { page_id: welcomeId }, { token: r.data.user_token });
    expect(page.data.page_content).toContain(visitUrl(F.attachment.sign));
  });
});
