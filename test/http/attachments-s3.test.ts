// Object storage: with oss_open the bytes go to an S3-compatible server through the real AWS SDK
// client. The server here is test/helpers/s3double.ts, a recorded-protocol double that verifies
// Signature V4 (no S3-compatible server installs from npm or Debian on these machines).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedItem, seedPage } from '../helpers/realtime';
import { startS3Double, type S3Double } from '../helpers/s3double';
import { attachments, users } from '../../server/db/schema';
import { defaultOssSetting, type OssSetting } from '../../server/domain/settings';
import { s3Connection } from '../../server/storage/s3Endpoint';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let app: TestApp;
let s3: S3Double;
let dataDir: string;
let user: { uid: number; user_token: string };
let pageId: number;

function oss(extra: Partial<OssSetting> = {}): OssSetting {
  return {
    ...defaultOssSetting(),
    oss_type: 's3_storage',
    endpoint: s3.url,
    bucket: s3.bucket,
    key: s3.accessKeyId,
    secret: s3.secretAccessKey,
    region: s3.region,
    protocol: 'http',
    subcat: 'docs',
    ...extra,
  };
}

async function uploadImg(name: string, bytes: Buffer, field = 'editormd-image-file', url = '/api/page/uploadImg') {
  const fd = new FormData();
  fd.append('page_id', String(pageId));
  fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await app.fetch(url, { method: 'POST', headers: { 'X-API-Token': user.user_token }, body: fd });
  return (await res.json()) as any;
}

async function rowCount(): Promise<number> {
  const [r] = await app.deps.db.select({ n: count() }).from(attachments);
  return Number(r.n);
}

const localFiles = () => (fs.existsSync(path.join(dataDir, 'uploads')) ? (fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }) as string[]) : []);

beforeAll(async () => {
  s3 = await startS3Double();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3-'));
  app = await startTestApp({ config: { dataDir } });
  await app.register('s3_first');
  const u = await app.register('s3_user');
  await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, u.uid));
  user = u;
  const item = await seedItem(app.deps.db, { uid: u.uid, username: 's3_user' }, { itemName: 'S3 item' });
  pageId = await seedPage(app.deps.db, item, 'page');
  await app.deps.settings.save({ oss_open: true, oss_setting: oss() });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('S3 driver', () => {
  let first: { fileId: number; url: string; key: string };

  it('an upload is stored as a signed PutObject under a random key in the bucket; nothing on local disk', async () => {
    const r = await uploadImg('shot.png', PNG);
    expect(r.success).toBe(1);
    const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, r.file_id));
    expect(row.storageDriver).toBe('s3');
    expect(row.storageKey).toMatch(/^docs\/[0-9a-f]{32}\.png$/);
    expect(row.realUrl).toBe(`${s3.url}/${s3.bucket}/${row.storageKey}`);
    const obj = s3.objects.get(row.storageKey)!;
    expect(obj.body.equals(PNG)).toBe(true);
    expect(obj.contentType).toBe('image/png');
    const put = s3.log.find((l) => l.method === 'PUT' && l.key === row.storageKey)!;
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDQUIRETEST\//);
    expect(s3.refused).toEqual([]);
    expect(localFiles()).toEqual([]);
    first = { fileId: r.file_id, url: r.url, key: row.storageKey };
  });

  it('visitFile streams the object back byte for byte with safe headers and counts the visit', async () => {
    const res = await fetch(first.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    const pdf = await uploadImg('doc.pdf', PDF, 'file', '/api/page/upload');
    expect(pdf.error_code).toBe(0);
    const p = await fetch(pdf.url);
    expect(Buffer.from(await p.arrayBuffer()).equals(PDF)).toBe(true);
    expect(p.headers.get('content-type')).toBe('application/octet-stream');
    expect(p.headers.get('content-disposition')).toMatch(/^attachment; filename="doc.pdf"/);
    const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, first.fileId));
    expect(row.visitTimes).toBe(1);
    expect(s3.log.filter((l) => l.method === 'GET' && l.key === first.key)).toHaveLength(1);
  });

  it('files over 8 MiB are streamed to the bucket with a declared length and come back intact', async () => {
    await app.deps.settings.save({ upload_max_mb: 10 });
    try {
      const big = Buffer.concat([PNG, Buffer.alloc(9 * 1024 * 1024 - PNG.length, 0x5a)]);
      const r = await uploadImg('big.png', big);
      expect(r.success).toBe(1);
      const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, r.file_id));
      expect(row.fileSize).toBe(big.length);
      const put = s3.log.find((l) => l.method === 'PUT' && l.key === row.storageKey)!;
      expect(put.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
      expect(put.bodyBytes).toBe(big.length);
      const res = await fetch(r.url);
      expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
      await app.call('attachment/deleteMyAttachment', { file_id: r.file_id }, { token: user.user_token });
    } finally {
      await app.deps.settings.save({ upload_max_mb: 4 });
    }
  });

  it('wrong credentials or an incomplete form: a clear error, no row, no object', async () => {
    const before = await rowCount();
    const objects = s3.objects.size;
    await app.deps.settings.save({ oss_setting: oss({ secret: 'wrong-secret' }) });
    const r = await uploadImg('x.png', PNG);
    expect(r).toMatchObject({ success: 0, error_code: 10101 });
    expect(r.message).toMatch(/object storage refused/);
    expect(s3.refused.at(-1)).toMatchObject({ method: 'PUT', code: 'SignatureDoesNotMatch' });
    await app.deps.settings.save({ oss_setting: oss({ bucket: '' }) });
    const r2 = await uploadImg('x.png', PNG);
    expect(r2).toMatchObject({ success: 0, error_code: 10101 });
    expect(await rowCount()).toBe(before);
    expect(s3.objects.size).toBe(objects);
    expect(localFiles()).toEqual([]);
    await app.deps.settings.save({ oss_setting: oss() });
  });

  it('switching object storage off sends new uploads to disk; files already in the bucket stay reachable', async () => {
    await app.deps.settings.save({ oss_open: false });
    try {
      const r = await uploadImg('local.png', PNG);
      expect(r.success).toBe(1);
      const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, r.file_id));
      expect(row.storageDriver).toBe('local');
      expect(localFiles().some((f) => f.endsWith(row.storageKey.split('/').pop()!))).toBe(true);
      const old = await fetch(first.url);
      expect(old.status).toBe(200);
      expect(Buffer.from(await old.arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      await app.deps.settings.save({ oss_open: true });
    }
  });

  it('deleting removes the object (signed DeleteObject); an object lost behind our back is a clear 404', async () => {
    const del = await app.call('attachment/deleteMyAttachment', { file_id: first.fileId }, { token: user.user_token });
    expect(del.error_code).toBe(0);
    expect(s3.objects.has(first.key)).toBe(false);
    expect(s3.log.some((l) => l.method === 'DELETE' && l.key === first.key)).toBe(true);

    const r = await uploadImg('lost.png', PNG);
    const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, r.file_id));
    s3.objects.delete(row.storageKey);
    const res = await fetch(r.url);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error_message).toMatch(/missing from storage/);
  });
});

describe('vendor names map to their S3-compatible endpoints', () => {
  const base = { ...defaultOssSetting(), bucket: 'bkt', key: 'k', secret: 's' };

  it('aliyun: OSS endpoint, region from the endpoint, virtual-hosted URLs', () => {
    const c = s3Connection({ ...base, oss_type: 'aliyun', endpoint: 'oss-cn-hangzhou.aliyuncs.com' });
    expect(c).toMatchObject({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'cn-hangzhou', forcePathStyle: false, publicBase: 'https://bkt.oss-cn-hangzhou.aliyuncs.com' });
  });

  it('qcloud: cos.<region>.myqcloud.com with SecretId/SecretKey', () => {
    const c = s3Connection({ ...base, oss_type: 'qcloud', endpoint: '', region: 'ap-guangzhou', secretId: 'AKID1', secretKey: 'SK1' });
    expect(c).toMatchObject({ endpoint: 'https://cos.ap-guangzhou.myqcloud.com', region: 'ap-guangzhou', accessKeyId: 'AKID1', secretAccessKey: 'SK1', forcePathStyle: false });
  });

  it('qiniu: s3.<region>.qiniucs.com; a custom domain makes the public URL', () => {
    const c = s3Connection({ ...base, oss_type: 'qiniu', endpoint: '', region: 'cn-east-1', domain: 'cdn.example.com', protocol: 'http' });
    expect(c).toMatchObject({ endpoint: 'http://s3.cn-east-1.qiniucs.com', region: 'cn-east-1', publicBase: 'http://cdn.example.com' });
  });

  it('generic S3 uses path style; a bad sub-folder is ignored; a missing endpoint or key is refused', () => {
    const c = s3Connection({ ...base, oss_type: 's3_storage', endpoint: 'http://minio.local:9000', subcat: '../../etc' });
    expect(c).toMatchObject({ endpoint: 'http://minio.local:9000', forcePathStyle: true, prefix: '', publicBase: 'http://minio.local:9000/bkt' });
    expect(() => s3Connection({ ...base, oss_type: 's3_storage', endpoint: '' })).toThrow(/endpoint/);
    expect(() => s3Connection({ ...base, oss_type: 's3_storage', endpoint: 'x', key: '' })).toThrow(/credentials/);
  });
});
