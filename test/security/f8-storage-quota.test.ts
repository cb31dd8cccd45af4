// F8: uploads have a per-user and a per-site quota (admin settings, MB, 0 = unlimited), enforced on
// every upload path with a clear error naming the quota and nothing stored. A file bound to no page
// (an orphan) is served only to its uploader and administrators until it is bound, and the
// housekeeping clean-up removes it — row and bytes — once it has been an orphan for 24 hours.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { pngOfSize, postFile, signOf } from '../helpers/upload';
import { attachments } from '../../server/db/schema';
import { runCleanup } from '../../server/domain/housekeeping';
// the attachment controller registers its clean-up step when loaded (as the server does)
import '../../server/api/index';

const KB = 1024;
const GRACE = 24 * 3600;

let app: TestApp;
let dataDir: string;
let admin: Actor, ann: Actor, bob: Actor, carol: Actor;
let pub: { itemId: number; pages: Record<string, number> };

function storedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile());
}
const rowCount = async () => Number((await app.deps.db.select({ n: count() }).from(attachments))[0].n);
const rowOf = async (fileId: number) => (await app.deps.db.select().from(attachments).where(eq(attachments.fileId, fileId)))[0];

const upload = (who: Actor, bytes: number, fields: Record<string, string | number> = {}, name = 'a.png') =>
  postFile(app, '/api/page/upload', fields, { field: 'file', filename: name, bytes: pngOfSize(bytes), type: 'image/png' }, who.token);
const uploadImg = (who: Actor, bytes: number, fields: Record<string, string | number> = {}) =>
  postFile(app, '/api/page/uploadImg', fields, { field: 'editormd-image-file', filename: 'p.png', bytes: pngOfSize(bytes), type: 'image/png' }, who.token);

async function saveSettings(values: Record<string, number>) {
  const r = await app.call('adminSetting/saveConfig', values, { token: admin.token });
  expect(r.error_code, r.error_message).toBe(0);
}

/** visitFile as someone (or anonymously): the HTTP status and envelope code */
async function visit(sign: string, who?: Actor): Promise<{ status: number; code: number }> {
  const res = await app.fetch(`/api/attachment/visitFile?sign=${sign}`, { headers: who ? { 'X-API-Token': who.token } : {} });
  if ((res.headers.get('content-type') ?? '').startsWith('image/')) {
    await res.arrayBuffer();
    return { status: res.status, code: 0 };
  }
  return { status: res.status, code: ((await res.json()) as { error_code: number }).error_code };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-f8-'));
  app = await startTestApp({ config: { dataDir } });
  admin = await makeUser(app, 'f8admin'); // the first account is the administrator
  ann = await makeUser(app, 'f8ann');
  bob = await makeUser(app, 'f8bob');
  carol = await makeUser(app, 'f8carol');
  pub = await buildItem(app, ann, { name: 'Public', rootPages: ['Guide', 'Notes'] });
  await addMember(app, pub.itemId, bob, 1);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('F8: storage quotas', () => {
  it('a user over their quota is refused on every upload path with the quota named; nothing is stored', async () => {
    await saveSettings({ user_upload_quota_mb: 1, site_upload_quota_mb: 0 });
    expect((await upload(ann, 600 * KB, { page_id: pub.pages.Guide })).json.error_code).toBe(0);
    const rows = await rowCount();
    const files = storedFiles().length;

    const over = await upload(ann, 600 * KB, { page_id: pub.pages.Guide });
    expect(over.json.error_code).not.toBe(0);
    expect(over.json.error_message).toMatch(/upload quota of 1 MB/);
    const img = await uploadImg(ann, 600 * KB, { page_id: pub.pages.Guide });
    expect(img.json.success).toBe(0);
    expect(img.json.message).toMatch(/upload quota of 1 MB/);
    const alias = await postFile(app, '/api/attachment/attachmentUpload', {}, { field: 'file', filename: 'b.png', bytes: pngOfSize(600 * KB), type: 'image/png' }, ann.token);
    expect(alias.json.error_message).toMatch(/upload quota of 1 MB/);
    const zh = await postFile(app, '/api/page/upload?lang=zh-cn', {}, { field: 'file', filename: 'c.png', bytes: pngOfSize(600 * KB), type: 'image/png' }, ann.token);
    expect(zh.json.error_message).toMatch(/1 MB/);
    expect(zh.json.error_message).toMatch(/配额/);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);

    // a file that fits is still taken; another user has a quota of their own
    expect((await upload(ann, 100 * KB, { page_id: pub.pages.Guide })).json.error_code).toBe(0);
    expect((await upload(bob, 600 * KB)).json.error_code).toBe(0);
  });

  it('the site quota counts everyone\'s files', async () => {
    await saveSettings({ user_upload_quota_mb: 0, site_upload_quota_mb: 2 });
    // stored so far: about 1.3 MB
    expect((await upload(carol, 500 * KB)).json.error_code).toBe(0);
    const rows = await rowCount();
    const files = storedFiles().length;
    const over = await upload(carol, 500 * KB);
    expect(over.json.error_code).not.toBe(0);
    expect(over.json.error_message).toMatch(/site's upload quota of 2 MB/);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('usage and quota are reported to the user and to the administrator', async () => {
    await saveSettings({ user_upload_quota_mb: 1, site_upload_quota_mb: 2 });
    const mine = await app.call('attachment/getMyList', {}, { token: ann.token });
    expect(mine.error_code).toBe(0);
    expect(mine.data.quota_m).toBe(1);
    expect(mine.data.used).toBe((await app.deps.db.select().from(attachments).where(eq(attachments.uid, ann.uid))).reduce((s, r) => s + r.fileSize, 0));
    const all = await app.call('attachment/getAllList', {}, { token: admin.token });
    expect(all.data.site_quota_m).toBe(2);
    expect(all.data.user_quota_m).toBe(1);
    const config = await app.call('adminSetting/loadConfig', {}, { token: admin.token });
    expect(config.data).toMatchObject({ user_upload_quota_mb: 1, site_upload_quota_mb: 2 });
    expect((await app.call('adminSetting/saveConfig', { user_upload_quota_mb: -1 }, { token: admin.token })).error_code).not.toBe(0);
    await saveSettings({ user_upload_quota_mb: 0, site_upload_quota_mb: 0 });
  });
});

describe('F8: orphan files', () => {
  it('a file bound to no page is served only to its uploader and administrators until it is bound', async () => {
    const up = await upload(bob, 2 * KB, { item_id: 0, page_id: 0 }, 'mine.png');
    expect(up.json.error_code).toBe(0);
    const sign = signOf(up.json.url);
    expect((await visit(sign, bob)).status).toBe(200);
    expect((await visit(sign, admin)).status).toBe(200);
    expect(await visit(sign, carol)).toMatchObject({ status: 403, code: 10103 });
    expect((await visit(sign)).status).toBe(403);

    // uploaded to a public item (bob edits it) but to no page yet: not served to the item's readers either
    const draft = await uploadImg(bob, 2 * KB, { item_id: pub.itemId, page_id: 0 });
    expect(draft.json.success).toBe(1);
    expect((await visit(signOf(draft.json.url))).status).toBe(403);

    // bound to a page, the file is served to whoever may read that page
    expect((await app.call('attachment/bindingPage', { file_id: up.json.file_id, page_id: pub.pages.Notes }, { token: bob.token })).error_code).toBe(0);
    expect((await visit(sign)).status).toBe(200);
    expect((await visit(sign, carol)).status).toBe(200);
  });

  it('saving a page that shows the uploader\'s orphan image binds it to the page', async () => {
    const draft = await uploadImg(bob, 2 * KB, { item_id: pub.itemId, page_id: 0 });
    const sign = signOf(draft.json.url);
    expect((await visit(sign, carol)).status).toBe(403);
    const saved = await app.call('page/save', { item_id: pub.itemId, page_title: 'With image', page_content: `# Plan\n\n![plan](${draft.json.url})\n` }, { token: bob.token });
    expect(saved.error_code, saved.error_message).toBe(0);
    expect((await visit(sign, carol)).status).toBe(200);
    expect((await visit(sign)).status).toBe(200);
    // someone else's orphan is not bound by quoting its link
    const other = await upload(carol, 2 * KB, {}, 'carol.png');
    await app.call('page/save', { item_id: pub.itemId, page_title: 'Quoting', page_content: `[x](${other.json.url})` }, { token: bob.token });
    expect((await visit(signOf(other.json.url))).status).toBe(403);
  });

  it('the clean-up removes orphans 24 hours after they were left unbound, row and bytes; bound files stay', async () => {
    const now = Math.floor(Date.now() / 1000);
    const orphan = await upload(carol, 2 * KB, {}, 'old-orphan.png');
    const bound = await upload(ann, 2 * KB, { page_id: pub.pages.Guide }, 'bound.png');
    const orphanRow = await rowOf(orphan.json.file_id);
    const boundRow = await rowOf(bound.json.file_id);
    const onDisk = (key: string) => fs.existsSync(path.join(dataDir, 'uploads', key));
    expect(onDisk(orphanRow.storageKey)).toBe(true);

    // within the grace period nothing is removed
    let young: Awaited<ReturnType<typeof upload>>;
    app.setNow(now + GRACE - 60);
    try {
      await runCleanup(app.deps);
      expect(await rowOf(orphan.json.file_id)).toBeDefined();
      // a younger orphan, uploaded late in the grace period of the first
      young = await upload(carol, 2 * KB, {}, 'young.png');
      expect(young.json.error_code).toBe(0);
      app.setNow(now + GRACE + 60);
      await runCleanup(app.deps);
    } finally {
      app.setNow(undefined);
    }
    expect(await rowOf(orphan.json.file_id)).toBeUndefined();
    expect(onDisk(orphanRow.storageKey)).toBe(false);
    expect(await visit(orphanRow.sign, carol)).toMatchObject({ status: 404 });
    expect(await rowOf(bound.json.file_id)).toBeDefined();
    expect(onDisk(boundRow.storageKey)).toBe(true);
    const youngRow = await rowOf(young.json.file_id);
    expect(youngRow).toBeDefined();
    expect(onDisk(youngRow.storageKey)).toBe(true);
  });

  it('a file taken off its last page becomes an orphan then: its 24 hours start when it is unbound, not when it was uploaded', async () => {
    const now = Math.floor(Date.now() / 1000);
    const up = await upload(ann, 2 * KB, { page_id: pub.pages.Notes }, 'unbound.png');
    const row = await rowOf(up.json.file_id);
    app.setNow(now + 3 * GRACE);
    try {
      await runCleanup(app.deps);
      expect(await rowOf(up.json.file_id)).toBeDefined();
      // bob edits the item: he takes ann's file off the page (only the uploader could delete it)
      expect((await app.call('page/deleteUploadFile', { file_id: up.json.file_id, page_id: pub.pages.Notes }, { token: bob.token })).error_code).toBe(0);
      expect(await visit(row.sign, carol)).toMatchObject({ status: 403 });
      app.setNow(now + 4 * GRACE - 60);
      await runCleanup(app.deps);
      expect(await rowOf(up.json.file_id)).toBeDefined();
      app.setNow(now + 4 * GRACE + 60);
      await runCleanup(app.deps);
      expect(await rowOf(up.json.file_id)).toBeUndefined();
      expect(fs.existsSync(path.join(dataDir, 'uploads', row.storageKey))).toBe(false);
    } finally {
      app.setNow(undefined);
    }
  });
});
