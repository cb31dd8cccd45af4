// import/auto with real-world files: the Petstore documents (OpenAPI 3 YAML, Swagger 2 JSON), a
// collection exported by Postman v2.1, ShowDoc Markdown exports in both layouts, a zipped folder
// of Markdown notes with images. Each lands as the catalogs, titles, contents and attachments a
// reader expects, in a new item or in an existing item's catalog; import/status reports it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem } from '../helpers/realtime';
import { counts, findPage, fixture, outline, sendImport, treeOf } from '../helpers/imports';
import { attachmentPages, attachments, catalogs, items, users } from '../../server/db/schema';

let app: TestApp;
let dataDir: string;
type U = { uid: number; user_token: string; username: string };
let owner: U, editor: U;
let target: number, catA: number, catA1: number;

async function imported(token: string, file: string, fields: Record<string, string | number> = {}, lang?: string) {
  const r = await sendImport(app, token, fixture(file), file, fields, { lang });
  expect(r.json.error_message ?? '', file).toBe('');
  expect(r.json.error_code).toBe(0);
  return r.json.data as { item_id: number; import_id: string };
}

async function itemRow(itemId: number) {
  const [row] = await app.deps.db.select().from(items).where(eq(items.itemId, itemId));
  return row;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-'));
  app = await startTestApp({ config: { dataDir }, jobs: true });
  owner = await app.register('imp_owner');
  editor = await app.register('imp_editor');
  await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, owner.uid));
  const db = app.deps.db;
  target = await seedItem(db, owner, { itemName: 'Target' });
  const cat = async (name: string, parent: number, level: number) =>
    (await db.insert(catalogs).values({ catName: name, itemId: target, parentCatId: parent, level, addtime: 1 }).returning())[0].catId;
  catA = await cat('A', 0, 2);
  catA1 = await cat('A1', catA, 3);
  await addMember(db, target, editor, 1);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('OpenAPI', () => {
  it('the Petstore OpenAPI 3 document (YAML): a private item, a catalog per tag, one API page per operation', async () => {
    const { item_id } = await imported(owner.user_token, 'petstore-openapi3.yaml');
    const item = await itemRow(item_id);
    expect(item.itemName).toBe('Swagger Petstore - OpenAPI 3.0');
    expect(item.uid).toBe(owner.uid);
    expect(item.isDel).toBe(0);
    // as ShowDoc: imported items are private (the owner and members see them)
    expect(item.password).not.toBe('');
    const tree = await treeOf(app, item_id);
    expect(tree.catalogs.map((c) => [c.name, c.level, c.pages.length])).toEqual([
      ['pet', 2, 8],
      ['store', 2, 4],
      ['user', 2, 7],
    ]);
    expect(tree.catalogs[0].pages.map((p) => p.title)).toEqual([
      'Add a new pet to the store',
      'Update an existing pet',
      'Finds Pets by status',
      'Finds Pets by tags',
      'Find pet by ID',
      'Updates a pet in the store with form data',
      'Deletes a pet',
      'uploads an image',
    ]);
    const add = findPage(tree, 'Add a new pet to the store')!.content;
    expect(add).toContain('- ` /v3/pet `');
    expect(add).toContain('- POST');
    expect(add).toContain('**Request example**');
    expect(add).toContain('"name": "doggie"');
    expect(add).toMatch(/\|category\.name\|no\|string\|Dogs\|/);
    expect(add).toContain('|name|yes|string|doggie|');
    expect(add).toContain('**Response example**');
    expect(add).toContain('|400|Invalid input|');
    expect(add).toContain('Authentication: petstore_auth (oauth2)');
    const byId = findPage(tree, 'Find pet by ID')!.content;
    expect(byId).toContain('**Path parameters**');
    expect(byId).toContain('|petId|yes|integer(int64)|ID of pet to return|');
    const status = findPage(tree, 'Finds Pets by status')!.content;
    expect(status).toContain('|status|no|string|available|Status values that need to be considered for filter (available, pending, sold)|');
  });

  it('the Petstore Swagger 2.0 document (JSON): host and base path in URLs, form fields, files, deprecation', async () => {
    const { item_id } = await imported(owner.user_token, 'petstore-swagger2.json');
    expect((await itemRow(item_id)).itemName).toBe('Swagger Petstore');
    const tree = await treeOf(app, item_id);
    expect(tree.catalogs.map((c) => [c.name, c.pages.length])).toEqual([
      ['pet', 8],
      ['store', 4],
      ['user', 8],
    ]);
    const form = findPage(tree, 'Updates a pet in the store with form data')!.content;
    expect(form).toContain('- ` http://petstore.swagger.io/v2/pet/{petId} `');
    expect(form).toContain('**Parameters**');
    expect(form).toContain('|name|no|string|Updated name of the pet|');
    expect(findPage(tree, 'uploads an image')!.content).toContain('|file|no|file|file to upload|');
    expect(findPage(tree, 'Finds Pets by tags')!.content).toContain('- Deprecated');
    const order = findPage(tree, 'Place an order for a pet')!.content;
    expect(order).toContain('"status": "placed"');
    expect(order).toContain('|shipDate|no|string(date-time)|-|');
  });

  it('answers in Chinese and writes the pages from the Chinese template for a Chinese client', async () => {
    const { item_id } = await imported(owner.user_token, 'petstore-swagger2.json', {}, 'zh-CN');
    const page = findPage(await treeOf(app, item_id), 'Find pet by ID')!.content;
    expect(page).toContain('**简要描述：**');
    expect(page).toContain('**请求URL：**');
    expect(page).toContain('|参数名|必选|类型|说明|');
    expect(page).toContain('|petId|是|integer(int64)|ID of pet to return|');
    expect(page).toContain('**返回示例**');
  });
});

describe('Postman', () => {
  it('a collection exported by Postman v2.1: folders become catalogs, requests API pages', async () => {
    const { item_id } = await imported(owner.user_token, 'saater_setad.postman_collection.json');
    expect((await itemRow(item_id)).itemName).toBe('saater_setad');
    const tree = await treeOf(app, item_id);
    expect(tree.catalogs.map((c) => [c.name, c.pages.length])).toEqual([
      ['order_manager', 8],
      ['user', 3],
      ['file', 3],
    ]);
    // requests named by their URL read as its last two segments, as ShowDoc shortens them
    expect(tree.catalogs[0].pages[0].title).toBe('s-sater.liara.run/register-order');
    const register = tree.catalogs[0].pages[0].content;
    expect(register).toContain('- ` https://s-sater.liara.run/register-order `');
    expect(register).toContain('- POST');
    expect(register).toContain('|Content-Type|no|string|application/json|-|');
    expect(register).toContain('"date_ad": "2025-01-09"');
    const receipt = findPage(tree, 's-sater.liara.run/update-payment-receipt')!.content;
    expect(receipt).toContain('|order_id|no|string|8knue0ocu9s83jr|-|');
    expect(receipt).toContain('|file|no|file||-|');
    const serve = findPage(tree, 's-sater.liara.run/serve-file')!.content;
    expect(serve).toContain('- GET');
    expect(serve).toContain('- ` https://s-sater.liara.run/serve-file `');
    expect(serve).toContain('|file_id|no|string|4sc9jf6c7lt24re|-|');
    expect(serve).toContain('|action|no|string|view|-|');
  });
});

describe('ShowDoc exports', () => {
  const expected = [
    '/: 欢迎 Welcome | FAQ',
    '/用户 Users: 登录 Login | 注册',
    '/用户 Users/管理/Admin: Reset: password?',
    '/用户 Users/管理/Admin/Level 4: Deep page',
    '/Misc: Notes | Notes | Get weather',
  ];

  for (const file of ['showdoc-export.zip', 'showdoc-export-prefix.zip']) {
    it(`${file}: the item, its catalog tree and the pages' raw text`, async () => {
      const { item_id } = await imported(owner.user_token, file);
      const item = await itemRow(item_id);
      expect(item.itemName).toBe('接口文档 API Docs');
      expect(item.itemDescription).toBe('ShowDoc 导出 & more');
      // the export's visit password was empty: the item is open, as in ShowDoc
      expect(item.password).toBe('');
      const tree = await treeOf(app, item_id);
      expect(outline(tree)).toEqual(expected);
      expect(tree.catalogs[0].catalogs[0].catalogs[0].level).toBe(4);
      expect(findPage(tree, '注册')!.content).toBe('注册说明 a < b && c > d');
      expect(findPage(tree, '欢迎 Welcome')!.content).toContain('Use <b>bold</b> & "quotes" in ShowDoc.');
      const notes = tree.catalogs[1].pages.slice(0, 2).map((p) => p.content);
      expect(notes).toEqual(['First notes page.', 'Second notes page, same title.']);
      // a RunApi page becomes an API page
      const weather = findPage(tree, 'Get weather')!.content;
      expect(weather).toContain('- ` https://api.example.com/weather `');
      expect(weather).toContain('|city|yes|string|Shanghai|城市|');
      expect(weather).toContain('"temp": 21');
    });
  }
});

describe('Markdown zip', () => {
  it('folders become catalogs (three levels), files pages, linked images and files attachments with working links', async () => {
    const before = await counts(app, dataDir);
    const { item_id, import_id } = await imported(owner.user_token, 'markdown-notes.zip');
    expect((await itemRow(item_id)).itemName).toBe('Team Notes');
    const tree = await treeOf(app, item_id);
    expect(outline(tree)).toEqual(['/: 01 Welcome', '/guide: 2 Setup | 10 Advanced', '/guide/deep/er: Deepest']);
    const welcome = findPage(tree, '01 Welcome')!;
    const signs = [...welcome.content.matchAll(/visitFile&sign=([0-9a-f]{32})/g)].map((m) => m[1]);
    expect(signs).toHaveLength(2);
    // site-relative, as the editor writes them: the page keeps working under another address (#22 item 15)
    expect(welcome.content).toMatch(/!\[Logo\]\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{32}\)/);
    expect(welcome.content).toMatch(/\[spec\]\(\S+sign=[0-9a-f]{32} "The spec"\)/);
    // what could not become an attachment keeps its link; code is left alone
    expect(welcome.content).toContain('![vector](images/vector.svg)');
    expect(welcome.content).toContain('![gone](images/missing.png)');
    expect(welcome.content).toContain('```md\n![not a link](images/logo.png)\n```');
    const setup = findPage(tree, '2 Setup')!;
    expect(setup.content).toMatch(/<img src="\S+sign=[0-9a-f]{32}" width="200">/);
    // the logo is one file, bound to both pages that show it
    const logoSign = /!\[Logo\]\(\S+sign=([0-9a-f]{32})\)/.exec(welcome.content)![1];
    expect(setup.content).toContain(logoSign);
    const files = await app.deps.db.select().from(attachments).where(eq(attachments.itemId, item_id));
    expect(files.map((f) => f.displayName).sort()).toEqual(['diagram.png', 'logo.png', 'spec.pdf']);
    expect(files.every((f) => f.orphanSince === 0 && f.uid === owner.uid)).toBe(true);
    const logo = files.find((f) => f.displayName === 'logo.png')!;
    const bound = await app.deps.db.select().from(attachmentPages).where(eq(attachmentPages.fileId, logo.fileId));
    expect(bound.map((b) => b.pageId).sort()).toEqual([welcome.pageId, setup.pageId].sort());
    const after = await counts(app, dataDir);
    expect(after.attachments - before.attachments).toBe(3);
    expect(after.storedFiles - before.storedFiles).toBe(3);
    // the image is served to the owner, byte for byte
    const res = await app.fetch(`/server/index.php?s=/api/attachment/visitFile&sign=${logo.sign}`, { headers: { 'X-API-Token': owner.user_token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');

    // the report says what was created and what was left out, and why
    const st = await app.call('import/status', { import_id }, { token: owner.user_token });
    expect(st.error_code).toBe(0);
    expect(st.data.state).toBe('done');
    expect(st.data.item_id).toBe(item_id);
    const report = st.data.report;
    expect(report).toMatchObject({ format: 'markdown', item_id, new_item: 1, pages_created: 4, catalogs_created: 3, attachments_created: 3 });
    const skipped = Object.fromEntries(report.skipped.map((s: { name: string; reason: string }) => [s.name, s.reason]));
    expect(skipped['images/vector.svg']).toBe('Only images may be uploaded here (jpg, jpeg, gif, png, bmp, webp)');
    expect(skipped['images/unused.png']).toBe('Not a Markdown file and no page links to it');
    expect(skipped['guide/deep/er/still']).toBe('Catalogs nest at most three levels: its pages were put in guide/deep/er');
  });
});

describe('into an existing item', () => {
  it("an editor imports a Postman collection into a catalog: folders nest under it, the item's pages stay", async () => {
    const before = await treeOf(app, target);
    const { item_id } = await imported(editor.user_token, 'saater_setad.postman_collection.json', { item_id: target, cat_id: catA });
    expect(item_id).toBe(target);
    const tree = await treeOf(app, target);
    const a = tree.catalogs.find((c) => c.name === 'A')!;
    expect(a.catalogs.map((c) => [c.name, c.level, c.pages.length])).toEqual([
      ['A1', 3, 0],
      ['order_manager', 3, 8],
      ['user', 3, 3],
      ['file', 3, 3],
    ]);
    expect(tree.pages).toEqual(before.pages);
    // the item itself is not renamed, nor made private
    expect((await itemRow(target)).itemName).toBe('Target');
    expect((await itemRow(target)).password).toBe('');
  });

  it('a Markdown zip into a third-level catalog: one more level, deeper folders folded into it', async () => {
    const { import_id } = await imported(editor.user_token, 'markdown-notes.zip', { item_id: target, cat_id: catA1 });
    const tree = await treeOf(app, target, catA1);
    expect(outline(tree)).toEqual(['/: 01 Welcome', '/guide: 2 Setup | 10 Advanced | Deepest']);
    expect(tree.catalogs[0].level).toBe(4);
    const st = await app.call('import/status', { import_id }, { token: editor.user_token });
    expect(st.data.report).toMatchObject({ new_item: 0, item_id: target, cat_id: catA1, pages_created: 4, catalogs_created: 1 });
  });

  it('importing again reuses the catalogs of the same name and adds the pages anew', async () => {
    const cats = (await treeOf(app, target)).catalogs.find((c) => c.name === 'A')!.catalogs.length;
    const { import_id } = await imported(editor.user_token, 'saater_setad.postman_collection.json', { item_id: target, cat_id: catA });
    const a = (await treeOf(app, target)).catalogs.find((c) => c.name === 'A')!;
    expect(a.catalogs).toHaveLength(cats);
    expect(a.catalogs.find((c) => c.name === 'user')!.pages).toHaveLength(6);
    const st = await app.call('import/status', { import_id }, { token: editor.user_token });
    expect(st.data.report).toMatchObject({ catalogs_created: 0, pages_created: 14 });
  });

  it('the pages are found by the item search', async () => {
    const r = await app.call('item/search', { item_id: target, keyword: 'forgot' }, { token: editor.user_token });
    expect(r.error_code).toBe(0);
    expect(JSON.stringify(r.data)).toContain('forgot-password');
  });
});
