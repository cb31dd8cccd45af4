// Info item: a file over the size limit is refused while the body is read; the message must name
// the limit from the settings ("… under 1 MB"), not "limit ? MB".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { pngOfSize, postFile } from '../helpers/upload';

const MB = 1024 * 1024;

let app: TestApp;
let owner: Actor;
let pageId: number;

beforeAll(async () => {
  app = await startTestApp();
  owner = await makeUser(app, 'sizeowner');
  pageId = (await buildItem(app, owner, { rootPages: ['P'] })).pages.P;
}, 120_000);
afterAll(() => app?.close());

describe('the upload-size message names the limit', () => {
  it('page/upload and uploadImg, in English and Chinese, for limits of 1 and 3 MB', async () => {
    for (const limit of [1, 3]) {
      await app.deps.settings.save({ upload_max_mb: limit });
      const file = pngOfSize(limit * MB + 1);
      const env = await postFile(app, '/api/page/upload', { page_id: pageId }, { field: 'file', filename: 'big.png', bytes: file, type: 'image/png' }, owner.token);
      expect(env.status).toBe(413);
      expect(env.json.error_code).toBe(10413);
      expect(env.json.error_message).toBe(`The file is too large; files must be under ${limit} MB`);

      const img = await postFile(app, '/api/page/uploadImg', { page_id: pageId }, { field: 'editormd-image-file', filename: 'big.png', bytes: file, type: 'image/png' }, owner.token);
      expect(img.json).toMatchObject({ success: 0, error_code: 10413 });
      expect(img.json.message).toBe(`The file is too large; files must be under ${limit} MB`);

      const zh = await postFile(app, '/api/page/upload?lang=zh-cn', { page_id: pageId }, { field: 'file', filename: 'big.png', bytes: file, type: 'image/png' }, owner.token);
      expect(zh.json.error_message).toBe(`文件太大，文件必须小于 ${limit} MB`);
      expect(zh.json.error_message).not.toContain('?');
    }
  });
});
