// Issue #21: links into the old ShowDoc site keep working after the move. A file's direct path
// (/Public/Uploads/<day>/<name>, recorded by the import in showdoc_import_map) redirects to its
// visitFile URL; ShowDoc's web app address (/web/#/…) redirects to / (the client maps the hash);
// both of ShowDoc's file URL forms (/server/index.php?s=… and Slim's /server/?s=…) serve the file.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { PNG, postFile } from '../helpers/upload';
import { attachments, showdocImportMap } from '../../server/db/schema';

let app: TestApp;
let owner: { uid: number; user_token: string };
let sign = '';
let fileId = 0;

const OLD_PATH = '2021-05-01/60a1b2c3d4e5f.png';
const visitFileUrl = (s: string) => `/server/index.php?s=/api/attachment/visitFile&sign=${s}`;

/** A GET with the path exactly as written (fetch would resolve `..` and `%2e%2e` before sending). */
function rawGet(path: string, method = 'GET'): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}/`, { method, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

const mapPath = (sourceKey: string, targetId: number, sourceTable = 'upload_path') =>
  app.deps.db.insert(showdocImportMap).values({ sourceTable, sourceKey, targetId, addtime: 1 });

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.register('old_links_owner');
  const item = await app.call<{ item_id: number }>('item/add', { item_name: 'Moved', item_type: 1 }, { token: owner.user_token });
  const page = await app.call<{ page_id: number }>('page/save', { page_id: 0, item_id: Number(item.data.item_id), page_title: 'P', page_content: 'text' }, { token: owner.user_token });
  const up = (await postFile(app, '/api/page/upload', { page_id: Number(page.data.page_id) }, { field: 'file', filename: 'a.png', bytes: PNG, type: 'image/png' }, owner.user_token)).json;
  fileId = Number(up.file_id ?? up.data?.file_id);
  sign = /sign=([0-9a-f]{32})$/.exec(up.markdown_url)![1];
  expect(fileId).toBeGreaterThan(0);
  await mapPath(OLD_PATH, fileId);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('old ShowDoc file paths (/Public/Uploads/…)', () => {
  it("a path the import recorded redirects to the file's visitFile URL, which serves the file", async () => {
    const res = await app.fetch(`/Public/Uploads/${OLD_PATH}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(visitFileUrl(sign));
    expect(await rawGet(`/Public/Uploads/${OLD_PATH}`, 'HEAD')).toEqual({ status: 302, location: visitFileUrl(sign) });
    // the file is in a public item: anyone who follows the link gets it
    const file = await app.fetch(`/Public/Uploads/${OLD_PATH}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('an unknown path, a path mapped in another table, or a file deleted since: 404', async () => {
    await mapPath('2021-05-02/other.png', fileId, 'item');
    for (const p of ['2021-05-01/60a1b2c3d4e5f.jpg', '2021-05-02/other.png', '', '2021-05-01']) {
      expect((await app.fetch(`/Public/Uploads/${p}`, { redirect: 'manual' })).status, p).toBe(404);
    }
    const [gone] = await app.deps.db.insert(attachments).values({ sign: 'f'.repeat(32), displayName: 'gone.png', uid: owner.uid, storageKey: 'nowhere' }).returning();
    await mapPath('2021-05-03/gone.png', gone.fileId);
    expect((await app.fetch('/Public/Uploads/2021-05-03/gone.png', { redirect: 'manual' })).status).toBe(302);
    await app.call('attachment/deleteMyAttachment', { file_id: gone.fileId }, { token: owner.user_token });
    expect((await app.fetch('/Public/Uploads/2021-05-03/gone.png', { redirect: 'manual' })).status).toBe(404);
  });

  it('paths that climb out of the uploads folder or name another root are never looked up, even when a row holds them', async () => {
    const hostile = ['../secret.png', '2021-05-01/../../secret.png', '2021-05-01\\..\\secret.png', '/etc/passwd', '2021-05-01//a.png'];
    for (const key of hostile) await mapPath(key, fileId);
    const requests = [
      '/Public/Uploads/../secret.png',
      '/Public/Uploads/2021-05-01/../../secret.png',
      '/Public/Uploads/%2e%2e/secret.png',
      '/Public/Uploads/2021-05-01%2f..%2f..%2fsecret.png',
      '/Public/Uploads/2021-05-01%5c..%5csecret.png',
      '/Public/Uploads/2021-05-01\\..\\secret.png',
      '/Public/Uploads//etc/passwd',
      '/Public/Uploads/%2fetc%2fpasswd',
      '/Public/Uploads/2021-05-01//a.png',
      '/Public/Uploads/%E0%A4%A',
    ];
    for (const p of requests) expect((await rawGet(p)).status, p).toBe(404);
  });
});

describe("ShowDoc's file URL forms and web app address", () => {
  it('visitFile answers at /server/index.php?s=… and at Slim\'s /server/?s=…', async () => {
    for (const url of [visitFileUrl(sign), `/server/?s=/api/attachment/visitFile&sign=${sign}`, `/server/?s=api/attachment/visitFile&sign=${sign}`]) {
      const res = await app.fetch(url);
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG), url).toBe(true);
    }
  });

  it('/web, /web/ and /web/index.html redirect to / (the browser keeps the #/… route)', async () => {
    for (const p of ['/web', '/web/', '/web/index.html']) {
      expect(await rawGet(p), p).toEqual({ status: 302, location: '/' });
    }
    // other addresses under /web are not ShowDoc's
    expect((await rawGet('/web/other')).location).toBeUndefined();
  });
});
