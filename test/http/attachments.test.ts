// Attachments on local disk: who may upload, list, bind, delete and download; every bad upload
// refused with a clear error and nothing stored; images round-trip byte for byte with safe headers;
// visits counted with the uploader's monthly flow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { attachmentPages, attachments, catalogs, fileFlow, users } from '../../server/db/schema';
import { hashItemPassword } from '../../server/policies/itemPassword';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  field: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body written by hand so file names reach the server exactly as given. */
function multipart(fields: Record<string, string | number>, files: Part[]): { body: Buffer; type: string } {
  const boundary = '----quireTestBoundary' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

let app: TestApp;
let dataDir: string;
type U = { uid: number; user_token: string; username: string };
let owner: U, editor: U, reader: U, manager: U, stranger: U, admin: U;
let privItem: number, privPage: number, pubItem: number, pubPage: number;

async function post(urlPath: string, fields: Record<string, string | number>, files: Part[], token?: string) {
  const m = multipart(fields, files);
  const headers: Record<string, string> = { 'Content-Type': m.type };
  if (token) headers['X-API-Token'] = token;
  const res = await app.fetch(urlPath, { method: 'POST', headers, body: new Uint8Array(m.body) });
  return { status: res.status, json: (await res.json()) as any };
}

const upload = (token: string | undefined, fields: Record<string, string | number>, file: Partial<Part> & { bytes: Buffer }) =>
  post('/api/page/upload', fields, [{ field: 'file', filename: 'a.png', ...file }], token);

const uploadImg = (token: string | undefined, fields: Record<string, string | number>, file: Partial<Part> & { bytes: Buffer }) =>
  post('/api/page/uploadImg', fields, [{ field: 'editormd-image-file', filename: 'a.png', ...file }], token);

function storedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile());
}

async function rowCount(): Promise<number> {
  const [r] = await app.deps.db.select({ n: count() }).from(attachments);
  return Number(r.n);
}

const signOf = (url: string) => new URL(url).searchParams.get('sign')!;

async function fileRow(fileId: number) {
  const [r] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, fileId));
  return r;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-att-'));
  app = await startTestApp({ config: { dataDir } });
  owner = await app.register('att_owner');
  editor = await app.register('att_editor');
  reader = await app.register('att_reader');
  manager = await app.register('att_manager');
  stranger = await app.register('att_stranger');
  admin = await app.register('att_admin');
  // the first account becomes an administrator: make the roles explicit
  await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, owner.uid));
  await app.deps.db.update(users).set({ groupid: 1 }).where(eq(users.uid, admin.uid));
  const db = app.deps.db;
  privItem = await seedItem(db, owner, { itemName: 'Private', password: 'not-a-real-hash' });
  privPage = await seedPage(db, privItem, 'private page');
  pubItem = await seedItem(db, owner, { itemName: 'Public' });
  pubPage = await seedPage(db, pubItem, 'public page');
  await addMember(db, privItem, editor, 1);
  await addMember(db, privItem, reader, 0);
  await addMember(db, privItem, manager, 2);
  await addMember(db, pubItem, editor, 1);
  await app.deps.settings.save({ upload_max_mb: 1 });
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upload permissions', () => {
  it('page/upload to a private item: editors, managers, the owner and admins; not readers, strangers or anonymous', async () => {
    const before = await rowCount();
    const refused: [U | undefined, number][] = [
      [undefined, 10102],
      [stranger, 10307],
      [reader, 10103],
    ];
    for (const [u, code] of refused) {
      const r = await upload(u?.user_token, { page_id: privPage, item_id: privItem }, { bytes: PNG });
      expect(r.json.error_code, u?.username ?? 'anonymous').toBe(code);
    }
    expect(await rowCount()).toBe(before);
    expect(storedFiles()).toHaveLength(before);
    for (const u of [editor, manager, owner, admin]) {
      const r = await upload(u.user_token, { page_id: privPage, item_id: privItem }, { bytes: PNG, filename: `${u.username}.png` });
      expect(r.json.error_code, u.username).toBe(0);
      expect(r.json.success).toBe(1);
      const row = await fileRow(r.json.file_id);
      expect(row).toMatchObject({ uid: u.uid, itemId: privItem, pageId: privPage, displayName: `${u.username}.png`, fileType: 'image/png', storageDriver: 'local' });
    }
    expect(await rowCount()).toBe(before + 4);
  });

  it('the item is derived from the page: a page of another item is refused', async () => {
    const before = await rowCount();
    // editor of the public item names it, but the page belongs to the private item where the stranger has no rights
    const r = await upload(stranger.user_token, { page_id: privPage, item_id: pubItem }, { bytes: PNG });
    expect(r.json.error_code).toBe(10101);
    const r2 = await upload(reader.user_token, { item_id: privItem }, { bytes: PNG });
    expect(r2.json.error_code).toBe(10103);
    expect(await rowCount()).toBe(before);
  });

  it('uploadImg answers {success, url, message}, never the envelope, and checks the same rights', async () => {
    const before = await rowCount();
    const anon = await uploadImg(undefined, { page_id: privPage }, { bytes: PNG });
    expect(anon.json).toMatchObject({ success: 0, error_code: 10102 });
    expect(anon.json.message).toMatch(/not logged in/i);
    const r = await uploadImg(reader.user_token, { page_id: privPage }, { bytes: PNG });
    expect(r.json).toMatchObject({ success: 0, error_code: 10103 });
    const s = await uploadImg(stranger.user_token, { item_id: privItem }, { bytes: PNG });
    expect(s.json).toMatchObject({ success: 0, error_code: 10307 });
    expect(await rowCount()).toBe(before);
    const ok = await uploadImg(editor.user_token, { page_id: privPage, item_id: privItem }, { bytes: PNG });
    expect(ok.json.success).toBe(1);
    expect(ok.json.url).toMatch(/\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{32}$/);
    expect(ok.json).not.toHaveProperty('data');
    expect(await rowCount()).toBe(before + 1);
  });

  it('any logged-in user may upload an unbound file to their own library', async () => {
    const r = await uploadImg(stranger.user_token, {}, { bytes: GIF, filename: 'mine.gif' });
    expect(r.json.success).toBe(1);
    const row = await fileRow(r.json.file_id);
    expect(row).toMatchObject({ itemId: 0, pageId: 0, uid: stranger.uid, fileType: 'image/gif' });
  });
});

describe('bad uploads are refused and nothing is stored', () => {
  const cases: { name: string; file: Partial<Part> & { bytes: Buffer }; code: number; message: RegExp; img?: boolean }[] = [
    { name: 'x.svg with onload', file: { filename: 'x.svg', bytes: SVG, type: 'image/svg+xml' }, code: 10101, message: /not allowed: svg/ },
    { name: 'x.html', file: { filename: 'x.html', bytes: HTML, type: 'text/html' }, code: 10101, message: /not allowed: html/ },
    { name: 'x.php', file: { filename: 'x.php', bytes: Buffer.from('<?php phpinfo(); ?>') }, code: 10101, message: /not allowed: php/ },
    { name: 'test.<>php', file: { filename: 'test.<>php', bytes: Buffer.from('<?=phpinfo();?>'), type: 'image/png' }, code: 10101, message: /not allowed: php/ },
    { name: 'x.php.', file: { filename: 'x.php.', bytes: Buffer.from('<?php ?>') }, code: 10101, message: /not allowed/ },
    { name: 'x.%70hp', file: { filename: 'x.%70hp', bytes: Buffer.from('<?php ?>') }, code: 10101, message: /not allowed: %70hp/ },
    { name: 'a.png that is really HTML', file: { filename: 'a.png', bytes: HTML, type: 'image/png' }, code: 10101, message: /does not match its extension \.png/ },
    { name: 'a.txt with binary content', file: { filename: 'a.txt', bytes: PNG }, code: 10101, message: /does not match its extension \.txt/ },
    { name: 'x.pdf that is a PNG', file: { filename: 'x.pdf', bytes: PNG }, code: 10101, message: /does not match/ },
    { name: '..%2f..%2fetc%2fpasswd', file: { filename: '..%2f..%2fetc%2fpasswd', bytes: Buffer.from('root:x:0:0::/root:/bin/sh\n') }, code: 10101, message: /not allowed/ },
    { name: '../../etc/passwd', file: { filename: '../../etc/passwd', bytes: Buffer.from('root:x:0:0\n') }, code: 10101, message: /not allowed: \(none\)/ },
    { name: 'a 0-byte png', file: { filename: 'a.png', bytes: Buffer.alloc(0), type: 'image/png' }, code: 10101, message: /The file is empty/ },
    { name: 'exactly the limit (files must be under it)', file: { filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]) }, code: 10413, message: /under 1 MB/ },
  ];
  for (const c of cases) {
    it(`page/upload: ${c.name}`, async () => {
      const before = await rowCount();
      const files = storedFiles().length;
      const r = await upload(editor.user_token, { page_id: privPage }, c.file);
      expect(r.json.error_code).toBe(c.code);
      expect(r.json.error_message).toMatch(c.message);
      expect(await rowCount()).toBe(before);
      expect(storedFiles()).toHaveLength(files);
    });
  }

  it('just over the limit: refused while reading the body (10413)', async () => {
    const before = await rowCount();
    const files = storedFiles().length;
    const r = await upload(editor.user_token, { page_id: privPage }, { filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]) });
    expect(r.status).toBe(413);
    expect(r.json.error_code).toBe(10413);
    expect(r.json.error_message).toMatch(/too large/);
    expect(await rowCount()).toBe(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('the limit follows the settings', async () => {
    await app.deps.settings.save({ upload_max_mb: 2 });
    try {
      const r = await upload(editor.user_token, { page_id: privPage }, { filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]) });
      expect(r.json.error_code).toBe(0);
      await app.call('attachment/deleteMyAttachment', { file_id: r.json.file_id }, { token: editor.user_token });
    } finally {
      await app.deps.settings.save({ upload_max_mb: 1 });
    }
  });

  it('wrong field name, the field twice, no file at all', async () => {
    const before = await rowCount();
    const wrong = await post('/api/page/upload', { page_id: privPage }, [{ field: 'editormd-image-file', filename: 'a.png', bytes: PNG }], editor.user_token);
    expect(wrong.json.error_code).toBe(10101);
    expect(wrong.json.error_message).toMatch(/field file/);
    const extra = await post('/api/page/upload', { page_id: privPage }, [
      { field: 'file', filename: 'a.png', bytes: PNG },
      { field: 'other', filename: 'b.png', bytes: PNG },
    ], editor.user_token);
    expect(extra.json.error_code).toBe(10101);
    const twice = await post('/api/page/upload', { page_id: privPage }, [
      { field: 'file', filename: 'a.png', bytes: PNG },
      { field: 'file', filename: 'b.html', bytes: HTML },
    ], editor.user_token);
    expect(twice.json.error_code).toBe(10101);
    expect(twice.json.error_message).toMatch(/one file at a time/);
    const none = await app.call('page/upload', { page_id: privPage }, { token: editor.user_token });
    expect(none.error_code).toBe(10101);
    const img = await post('/api/page/uploadImg', { page_id: privPage }, [{ field: 'file', filename: 'a.png', bytes: PNG }], editor.user_token);
    expect(img.json).toMatchObject({ success: 0, error_code: 10101 });
    expect(img.json.message).toMatch(/editormd-image-file/);
    expect(await rowCount()).toBe(before);
  });

  it('uploadImg takes images only; an SVG is refused even with an image type; messages follow the language', async () => {
    const before = await rowCount();
    const pdf = await uploadImg(editor.user_token, { page_id: privPage }, { filename: 'x.pdf', bytes: PDF });
    expect(pdf.json).toMatchObject({ success: 0 });
    expect(pdf.json.message).toMatch(/Only images/);
    const svg = await post('/api/page/uploadImg?lang=zh-cn', { page_id: privPage }, [{ field: 'editormd-image-file', filename: 'x.svg', bytes: SVG, type: 'image/svg+xml' }], editor.user_token);
    expect(svg.json.success).toBe(0);
    expect(svg.json.message).toContain('只能上传图片');
    expect(await rowCount()).toBe(before);
  });

  it('names are neutralised: path parts dropped, % kept literally, storage names random', async () => {
    const a = await upload(editor.user_token, { page_id: privPage }, { filename: '../../etc/x.png', bytes: PNG });
    expect(a.json.error_code).toBe(0);
    expect((await fileRow(a.json.file_id)).displayName).toBe('x.png');
    const b = await upload(editor.user_token, { page_id: privPage }, { filename: '..%2f..%2f100%.png', bytes: PNG });
    expect(b.json.error_code).toBe(0);
    const row = await fileRow(b.json.file_id);
    expect(row.displayName).toBe('..%2f..%2f100%.png');
    expect(row.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const res = await app.fetch(b.json.url.replace(/^https?:\/\/[^/]+/, ''), { headers: { 'X-API-Token': editor.user_token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename=".._2f.._2f100_.png"; filename*=UTF-8''..%252f..%252f100%25.png`);
    await res.arrayBuffer();
    for (const f of storedFiles()) expect(f).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]+$/);
    // nothing was written outside the uploads directory
    expect(fs.readdirSync(dataDir)).toEqual(['uploads']);
  });

  it('real documents, archives and text files are accepted and typed from their content', async () => {
    const { Document, Packer, Paragraph } = await import('docx');
    const ExcelJS = (await import('exceljs')).default;
    const JSZip = (await import('jszip')).default;
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('hello')] }] }));
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow([1, 2]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const zip = new JSZip();
    zip.file('a.txt', 'a');
    const zipped = await zip.generateAsync({ type: 'nodebuffer' });
    const files: [string, Buffer, string][] = [
      ['spec.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['sheet.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['bundle.zip', zipped, 'application/zip'],
      ['manual.pdf', PDF, 'application/pdf'],
      ['data.csv', Buffer.from('a,b\n1,2\n'), 'text/csv'],
      ['conf.json', Buffer.from('{"a":1}'), 'application/json'],
      ['PHOTO.JPEG', Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=', 'base64'), 'image/jpeg'],
    ];
    for (const [name, bytes, mime] of files) {
      const r = await upload(editor.user_token, { page_id: pubPage }, { filename: name, bytes });
      expect(r.json.error_code, name).toBe(0);
      expect((await fileRow(r.json.file_id)).fileType, name).toBe(mime);
    }
  });

  it('a pasted image named "blob" gets the extension of its content', async () => {
    const r = await uploadImg(editor.user_token, { page_id: privPage }, { filename: 'blob', bytes: GIF });
    expect(r.json.success).toBe(1);
    expect((await fileRow(r.json.file_id)).displayName).toBe('blob.gif');
  });
});

describe('serving files', () => {
  it('an image round-trips byte for byte, inline, with nosniff and a sandboxing CSP; visits and flow are counted', async () => {
    const up = await uploadImg(owner.user_token, { page_id: pubPage }, { filename: 'photo.png', bytes: PNG });
    expect(up.json.success).toBe(1);
    const url = new URL(up.json.url);
    expect(url.pathname).toBe('/server/index.php');
    const res = await fetch(up.json.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="photo.png"/);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    // the same file through /api/attachment/visitFile and the common alias
    const sign = signOf(up.json.url);
    const viaApi = await app.fetch(`/api/attachment/visitFile?sign=${sign}`);
    expect(Buffer.from(await viaApi.arrayBuffer()).equals(PNG)).toBe(true);
    const viaCommon = await app.fetch(`/api/common/visitFile?sign=${sign}`);
    expect(Buffer.from(await viaCommon.arrayBuffer()).equals(PNG)).toBe(true);
    const row = await fileRow(up.json.file_id);
    expect(row.visitTimes).toBe(3);
    expect(row.lastVisitTime).toBeGreaterThan(0);
    const flows = await app.deps.db.select().from(fileFlow).where(eq(fileFlow.uid, owner.uid));
    expect(flows).toHaveLength(1);
    expect(flows[0].used).toBe(3 * PNG.length);
    expect(flows[0].dateMonth).toMatch(/^\d{4}-\d{2}$/);
    const mine = await app.call('attachment/getMyList', {}, { token: owner.user_token });
    expect(mine.data.used_flow_m).toBe(Math.round(((3 * PNG.length) / 1024 / 1024) * 1000) / 1000);
  });

  it('flow is kept per month', async () => {
    await addMember(app.deps.db, pubItem, manager, 1);
    const up = await uploadImg(manager.user_token, { page_id: pubPage }, { filename: 'm.gif', bytes: GIF });
    const sign = signOf(up.json.url);
    const visit = () => app.fetch(`/api/attachment/visitFile?sign=${sign}`);
    app.setNow(Date.UTC(2030, 0, 15) / 1000);
    try {
      await (await visit()).arrayBuffer();
      app.setNow(Date.UTC(2030, 1, 15) / 1000);
      await (await visit()).arrayBuffer();
      await (await visit()).arrayBuffer();
      const flows = await app.deps.db.select().from(fileFlow).where(eq(fileFlow.uid, manager.uid));
      expect(Object.fromEntries(flows.map((f) => [f.dateMonth, f.used]))).toEqual({ '2030-01': GIF.length, '2030-02': 2 * GIF.length });
    } finally {
      app.setNow(undefined);
    }
  });

  it('non-images are downloads: application/octet-stream, attachment, nosniff', async () => {
    const up = await upload(editor.user_token, { page_id: pubPage }, { filename: '报告 "v1".pdf', bytes: PDF, type: 'text/html' });
    expect(up.json.error_code).toBe(0);
    const res = await fetch(up.json.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="__ v1.pdf"; filename*=UTF-8''${encodeURIComponent('报告 v1.pdf')}`);
    const txt = await upload(editor.user_token, { page_id: pubPage }, { filename: 'notes.txt', bytes: Buffer.from('<script>alert(1)</script> plain text') });
    expect(txt.json.error_code).toBe(0);
    const t = await fetch(txt.json.url);
    expect(t.headers.get('content-type')).toBe('application/octet-stream');
    expect(t.headers.get('content-disposition')).toMatch(/^attachment;/);
    await t.arrayBuffer();
  });

  it('files of private items are served only to those who may visit the item', async () => {
    const up = await uploadImg(editor.user_token, { page_id: privPage }, { filename: 'secret.png', bytes: PNG });
    const sign = signOf(up.json.url);
    const get = (token?: string) => app.fetch(`/api/attachment/visitFile?sign=${sign}`, { headers: token ? { 'X-API-Token': token } : {} });
    const before = (await fileRow(up.json.file_id)).visitTimes;
    const anon = await get();
    expect(anon.status).toBe(403);
    expect(((await anon.json()) as any).error_code).toBe(10307);
    const s = await get(stranger.user_token);
    expect(s.status).toBe(403);
    expect(((await s.json()) as any).error_code).toBe(10307);
    expect((await fileRow(up.json.file_id)).visitTimes).toBe(before);
    for (const u of [reader, editor, manager, owner, admin]) {
      const r = await get(u.user_token);
      expect(r.status, u.username).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(PNG)).toBe(true);
    }
    // bound also to a public page, the file becomes public
    await app.call('attachment/bindingPage', { file_id: up.json.file_id, page_id: pubPage }, { token: editor.user_token });
    const pub = await get();
    expect(pub.status).toBe(200);
    await pub.arrayBuffer();
  });

  it('a private item\'s password (_item_pwd) opens its files; a wrong one does not', async () => {
    const item = await seedItem(app.deps.db, owner, { itemName: 'Locked', password: await hashItemPassword('open-sesame') });
    const page = await seedPage(app.deps.db, item, 'locked page');
    const up = await uploadImg(owner.user_token, { page_id: page }, { filename: 'locked.png', bytes: PNG });
    const sign = signOf(up.json.url);
    const wrong = await app.fetch(`/api/attachment/visitFile?sign=${sign}&_item_pwd=nope`, { headers: { 'X-API-Token': stranger.user_token } });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as any).error_code).toBe(10307);
    const right = await app.fetch(`/api/attachment/visitFile?sign=${sign}&_item_pwd=open-sesame`);
    expect(right.status).toBe(200);
    expect(Buffer.from(await right.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('members limited to a catalog get only the files of pages inside it', async () => {
    const limited = await app.register('att_limited');
    const [a, b] = await app.deps.db
      .insert(catalogs)
      .values([
        { catName: 'A', itemId: privItem, level: 2 },
        { catName: 'B', itemId: privItem, level: 2 },
      ])
      .returning();
    const [a2] = await app.deps.db.insert(catalogs).values({ catName: 'A/2', itemId: privItem, level: 3, parentCatId: a.catId }).returning();
    const pageA = await seedPage(app.deps.db, privItem, 'in A/2', { catId: a2.catId });
    const pageB = await seedPage(app.deps.db, privItem, 'in B', { catId: b.catId });
    await addMember(app.deps.db, privItem, limited, 0, a.catId);
    const inA = await uploadImg(owner.user_token, { page_id: pageA }, { filename: 'a.png', bytes: PNG });
    const inB = await uploadImg(owner.user_token, { page_id: pageB }, { filename: 'b.png', bytes: PNG });
    const get = (url: string) => app.fetch(`/api/attachment/visitFile?sign=${signOf(url)}`, { headers: { 'X-API-Token': limited.user_token } });
    const ra = await get(inA.json.url);
    expect(ra.status).toBe(200);
    await ra.arrayBuffer();
    const rb = await get(inB.json.url);
    expect(rb.status).toBe(403);
    expect(((await rb.json()) as any).error_code).toBe(10103);
    expect((await app.call('page/uploadList', { page_id: pageB }, { token: limited.user_token })).error_code).toBe(10103);
    expect((await app.call('page/uploadList', { page_id: pageA }, { token: limited.user_token })).error_code).toBe(0);
  });

  it('an unknown sign is a 404', async () => {
    const r = await app.fetch('/api/attachment/visitFile?sign=0123456789abcdef0123456789abcdef');
    expect(r.status).toBe(404);
    expect(((await r.json()) as any).error_code).toBe(10101);
    const r2 = await app.fetch('/api/attachment/visitFile?sign=../../etc/passwd');
    expect(r2.status).toBe(404);
    await r2.arrayBuffer();
  });
});

describe('lists, bindings and deletion', () => {
  it('uploadList needs visit rights on the page item; page 0 asks to save first', async () => {
    const anon = await app.call('page/uploadList', { page_id: privPage });
    expect(anon.error_code).toBe(10307);
    const s = await app.call('page/uploadList', { page_id: privPage }, { token: stranger.user_token });
    expect(s.error_code).toBe(10307);
    const zero = await app.call('page/uploadList', { page_id: 0 }, { token: owner.user_token });
    expect(zero.error_code).toBe(10103);
    expect(zero.error_message).toMatch(/save the page/);
    const r = await app.call('page/uploadList', { page_id: privPage }, { token: reader.user_token });
    expect(r.error_code).toBe(0);
    expect(r.data.length).toBeGreaterThan(3);
    // ShowDoc's fields, and Quire's markdown_url (the link the editor writes into the page)
    expect(Object.keys(r.data[0]).sort()).toEqual(['addtime', 'display_name', 'file_id', 'file_size', 'file_size_m', 'file_type', 'markdown_url', 'url']);
    // bytes as ShowDoc's column (text): a small file is 0.000 MiB, its size in bytes still shows
    for (const f of r.data) expect(f.file_size, f.display_name).toMatch(/^[1-9][0-9]*$/);
    const pub = await app.call('page/uploadList', { page_id: pubPage });
    expect(pub.error_code).toBe(0);
  });

  it('getMyList: only my files, filters, paging, usage', async () => {
    const anon = await app.call('attachment/getMyList', {});
    expect(anon.error_code).toBe(10102);
    const all = await app.call('attachment/getMyList', { count: 100 }, { token: editor.user_token });
    expect(all.error_code).toBe(0);
    const rows = await app.deps.db.select().from(attachments).where(eq(attachments.uid, editor.uid));
    expect(all.data.total).toBe(rows.length);
    expect(all.data.list.every((f: any) => f.username === editor.username)).toBe(true);
    expect(all.data.used).toBe(rows.reduce((s, r) => s + r.fileSize, 0));
    expect(all.data).toHaveProperty('used_m');
    const images = await app.call('attachment/getMyList', { count: 100, attachment_type: 1 }, { token: editor.user_token });
    expect(images.data.list.every((f: any) => f.file_type.startsWith('image/'))).toBe(true);
    const others = await app.call('attachment/getMyList', { count: 100, attachment_type: 2 }, { token: editor.user_token });
    expect(others.data.list.every((f: any) => !f.file_type.startsWith('image/'))).toBe(true);
    expect(images.data.total + others.data.total).toBe(rows.length);
    const named = await app.call('attachment/getMyList', { display_name: '100%' }, { token: editor.user_token });
    expect(named.data.list.map((f: any) => f.display_name)).toEqual(['..%2f..%2f100%.png']);
    const page2 = await app.call('attachment/getMyList', { count: 2, page: 2 }, { token: editor.user_token });
    expect(page2.data.list).toHaveLength(2);
    expect(page2.data.list[0].file_id).toBe(all.data.list[2].file_id);
    const bad = await app.call('attachment/getMyList', { attachment_type: '1 OR 1=1' }, { token: editor.user_token });
    expect(bad.error_code).toBe(10101);
  });

  it('admin lists: 10103 for every non-admin, 10102 anonymous; admin sees everyone and filters by uploader', async () => {
    for (const u of [stranger, reader, editor, manager, owner]) {
      expect((await app.call('attachment/getAllList', {}, { token: u.user_token })).error_code, u.username).toBe(10103);
    }
    expect((await app.call('attachment/getAllList', {})).error_code).toBe(10102);
    const r = await app.call('attachment/getAllList', { count: 100 }, { token: admin.user_token });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(await rowCount());
    const byUser = await app.call('attachment/getAllList', { count: 100, username: 'att_manager' }, { token: admin.user_token });
    expect(byUser.data.list.length).toBeGreaterThan(0);
    expect(byUser.data.list.every((f: any) => f.username === 'att_manager')).toBe(true);
    const wild = await app.call('attachment/getAllList', { username: '%' }, { token: admin.user_token });
    expect(wild.data.total).toBe(0);
  });

  it('bindingPage: the uploader with edit rights on the page', async () => {
    const up = await uploadImg(reader.user_token, {}, { filename: 'r.png', bytes: PNG });
    const fileId = up.json.file_id;
    const noEdit = await app.call('attachment/bindingPage', { file_id: fileId, page_id: privPage }, { token: reader.user_token });
    expect(noEdit.error_code).toBe(10103);
    const notMine = await app.call('attachment/bindingPage', { file_id: fileId, page_id: privPage }, { token: editor.user_token });
    expect(notMine.error_code).toBe(10103);
    const anon = await app.call('attachment/bindingPage', { file_id: fileId, page_id: pubPage });
    expect(anon.error_code).toBe(10102);
    expect(await app.deps.db.select().from(attachmentPages).where(eq(attachmentPages.fileId, fileId))).toHaveLength(0);
    await addMember(app.deps.db, pubItem, reader, 1);
    const ok = await app.call('attachment/bindingPage', { file_id: fileId, page_id: pubPage }, { token: reader.user_token });
    expect(ok.error_code).toBe(0);
    const again = await app.call('attachment/bindingPage', { file_id: fileId, page_id: pubPage }, { token: reader.user_token });
    expect(again.error_code).toBe(0);
    const b = await app.deps.db.select().from(attachmentPages).where(eq(attachmentPages.fileId, fileId));
    expect(b).toMatchObject([{ pageId: pubPage, itemId: pubItem }]);
  });

  it('deleteUploadFile: edit rights; others only unbind, the uploader deletes the last binding', async () => {
    const up = await upload(owner.user_token, { page_id: privPage }, { filename: 'o.png', bytes: PNG });
    const fileId = up.json.file_id;
    const row = await fileRow(fileId);
    expect((await app.call('page/deleteUploadFile', { file_id: fileId, page_id: privPage }, { token: reader.user_token })).error_code).toBe(10103);
    expect((await app.call('page/deleteUploadFile', { file_id: fileId, page_id: privPage }, { token: stranger.user_token })).error_code).toBe(10307);
    expect((await app.call('page/deleteUploadFile', { file_id: fileId, page_id: pubPage }, { token: editor.user_token })).error_code).toBe(10101);
    expect((await fileRow(fileId))?.fileId).toBe(fileId);
    // the editor unbinds the owner's file: it leaves the page, the owner keeps it
    expect((await app.call('page/deleteUploadFile', { file_id: fileId, page_id: privPage }, { token: editor.user_token })).error_code).toBe(0);
    expect((await fileRow(fileId))?.fileId).toBe(fileId);
    expect(await app.deps.db.select().from(attachmentPages).where(eq(attachmentPages.fileId, fileId))).toHaveLength(0);
    // the owner's own upload, last binding → deleted with its bytes
    const up2 = await upload(owner.user_token, { page_id: privPage }, { filename: 'o2.png', bytes: PNG });
    const row2 = await fileRow(up2.json.file_id);
    expect(fs.existsSync(path.join(dataDir, 'uploads', row2.storageKey))).toBe(true);
    expect((await app.call('page/deleteUploadFile', { file_id: up2.json.file_id, page_id: privPage }, { token: owner.user_token })).error_code).toBe(0);
    expect(await fileRow(up2.json.file_id)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'uploads', row2.storageKey))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads', row.storageKey))).toBe(true);
  });

  it('deleteMyAttachment: only the uploader; deleteAttachment: only admins', async () => {
    const up = await uploadImg(stranger.user_token, {}, { filename: 'del.png', bytes: PNG });
    const fileId = up.json.file_id;
    const row = await fileRow(fileId);
    for (const u of [editor, owner, admin]) {
      expect((await app.call('attachment/deleteMyAttachment', { file_id: fileId }, { token: u.user_token })).error_code, u.username).toBe(10103);
    }
    for (const u of [stranger, reader, editor, manager, owner]) {
      expect((await app.call('attachment/deleteAttachment', { file_id: fileId }, { token: u.user_token })).error_code, u.username).toBe(10103);
    }
    expect((await app.call('attachment/deleteAttachment', { file_id: fileId })).error_code).toBe(10102);
    expect((await fileRow(fileId))?.fileId).toBe(fileId);
    expect((await app.call('attachment/deleteMyAttachment', { file_id: fileId }, { token: stranger.user_token })).error_code).toBe(0);
    expect(await fileRow(fileId)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'uploads', row.storageKey))).toBe(false);
    const gone = await app.fetch(`/api/attachment/visitFile?sign=${row.sign}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    expect((await app.call('attachment/deleteMyAttachment', { file_id: fileId }, { token: stranger.user_token })).error_code).toBe(10101);

    const up2 = await upload(editor.user_token, { page_id: privPage }, { filename: 'adm.png', bytes: PNG });
    expect((await app.call('attachment/deleteAttachment', { file_id: up2.json.file_id }, { token: admin.user_token })).error_code).toBe(0);
    expect(await fileRow(up2.json.file_id)).toBeUndefined();
    expect(await app.deps.db.select().from(attachmentPages).where(eq(attachmentPages.fileId, up2.json.file_id))).toHaveLength(0);
  });

  it("ShowDoc's attachment-side names reach the same actions", async () => {
    const r = await post('/api/attachment/attachmentUpload', { page_id: pubPage }, [{ field: 'file', filename: 'alias.png', bytes: PNG }], editor.user_token);
    expect(r.json.error_code).toBe(0);
    const list = await app.call('attachment/pageAttachmentUploadList', { page_id: pubPage });
    expect(list.data.some((f: any) => f.file_id === String(r.json.file_id))).toBe(true);
    const viaS = await app.call(`/server/index.php?s=/api/page/uploadList&page_id=${pubPage}`, {});
    expect(viaS.error_code).toBe(0);
  });
});
