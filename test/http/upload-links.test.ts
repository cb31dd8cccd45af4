// Issue 22 item 15: what an upload's link looks like. ShowDoc clients (editor.md's page/uploadImg,
// RunApi, page/upload) keep ShowDoc's absolute `url`; Quire's editor writes `markdown_url` into
// pages — site-relative, so the page works under any address, or under the configured site URL.
// Relative and absolute links are both read back: served, bound on save, listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { PNG, postFile } from '../helpers/upload';

let app: TestApp;
let owner: { uid: number; user_token: string; username: string };
let itemId = 0;
let pageId = 0;

const RELATIVE = /^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=([0-9a-f]{32})$/;
const image = (fields: Record<string, string | number>) =>
  postFile(app, '/api/page/uploadImg', fields, { field: 'editormd-image-file', filename: 'dot.png', bytes: PNG, type: 'image/png' }, owner.user_token);

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.register('links_owner');
  const item = await app.call<{ item_id: number }>('item/add', { item_name: 'Links', item_type: 1 }, { token: owner.user_token });
  itemId = Number(item.data.item_id);
  const page = await app.call<{ page_id: number }>('page/save', { page_id: 0, item_id: itemId, page_title: 'P', page_content: 'text' }, { token: owner.user_token });
  pageId = Number(page.data.page_id);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('upload links (issue 22 #15)', () => {
  it('uploadImg and upload answer ShowDoc clients with the absolute url and give the editor a site-relative markdown_url', async () => {
    const img = (await image({ page_id: pageId })).json;
    expect(img.success).toBe(1);
    expect(img.url).toBe(`${app.url}${img.markdown_url}`);
    expect(img.markdown_url).toMatch(RELATIVE);

    const file = (await postFile(app, '/api/page/upload', { page_id: pageId }, { field: 'file', filename: 'a.png', bytes: PNG, type: 'image/png' }, owner.user_token)).json;
    expect(file.url).toBe(`${app.url}${file.markdown_url}`);
    expect(file.markdown_url).toMatch(RELATIVE);
    expect(file.data).toMatchObject({ url: file.url, markdown_url: file.markdown_url });

    const list = await app.call<{ url: string; markdown_url: string }[]>('page/uploadList', { page_id: pageId }, { token: owner.user_token });
    expect(list.data.length).toBe(2);
    for (const row of list.data) {
      expect(row.markdown_url).toMatch(RELATIVE);
      expect(row.url).toBe(`${app.url}${row.markdown_url}`);
    }
    // the relative link is served as it is written
    const res = await app.fetch(img.markdown_url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a page saved with a relative link binds the pasted image, as an absolute ShowDoc-style link does', async () => {
    const relative = (await image({ item_id: itemId })).json;
    const absolute = (await image({ item_id: itemId })).json;
    const content = `![a](${relative.markdown_url})\n\n![b](http://old-address:4999/server/index.php?s=/api/attachment/visitFile&sign=${RELATIVE.exec(absolute.markdown_url)![1]})`;
    const saved = await app.call<{ page_id: number }>('page/save', { page_id: 0, item_id: itemId, page_title: 'Linked', page_content: content }, { token: owner.user_token });
    expect(saved.error_code).toBe(0);
    const list = await app.call<{ file_id: string }[]>('page/uploadList', { page_id: Number(saved.data.page_id) }, { token: owner.user_token });
    expect(list.data.map((r) => Number(r.file_id)).sort()).toEqual([relative.file_id, absolute.file_id].map(Number).sort());
  });

  it('with a site URL configured, both links use it', async () => {
    await app.deps.settings.save({ site_url: 'https://docs.example.com/' });
    try {
      const img = (await image({ page_id: pageId })).json;
      expect(img.url).toMatch(/^https:\/\/docs\.example\.com\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{32}$/);
      expect(img.markdown_url).toBe(img.url);
    } finally {
      await app.deps.settings.save({ site_url: '' });
    }
  });
});
