// attachment/getUnusedList and batchDeleteAttachments: files no page's text links to (pages in
// the recycle bin count as linking, and so do the page's history versions, as in ShowDoc); administrators see and delete everyone's, other users only
// their own; anonymous callers are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedItem, seedPage } from '../helpers/realtime';
import { attachments, pageHistory } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';

type U = { uid: number; user_token: string; username: string };
let app: TestApp;
let admin: U, ann: U, bob: U;
const files: Record<string, { fileId: number; sign: string }> = {};

const call = (path: string, params: Record<string, unknown>, who?: U) => app.call(path, params, { token: who?.user_token });
const link = (sign: string) => `![x](https://docs.example/server/index.php?s=/api/attachment/visitFile&sign=${sign})`;

async function file(name: string, owner: U) {
  const sign = randomBytes(16).toString('hex');
  const [row] = await app.deps.db
    .insert(attachments)
    .values({ sign, displayName: `${name}.png`, fileType: 'image/png', fileSize: 2048, uid: owner.uid, storageKey: `missing/${sign}`, addtime: 1 })
    .returning();
  files[name] = { fileId: row.fileId, sign };
}
const stillThere = async (...names: string[]) =>
  (await app.deps.db.select({ id: attachments.fileId }).from(attachments).where(inArray(attachments.fileId, names.map((n) => files[n].fileId)))).length;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('unused_admin'); // the first account is the administrator
  ann = await app.register('unused_ann');
  bob = await app.register('unused_bob');
  for (const [name, owner] of [['linked', ann], ['binned', ann], ['historic', ann], ['loose', ann], ['bobs', bob]] as const) await file(name, owner);
  const item = await seedItem(app.deps.db, ann);
  const page = await seedPage(app.deps.db, item, `see ${link(files.linked.sign)}`);
  // an earlier version linked a file the page no longer shows: restoring it must find the file
  await app.deps.db.insert(pageHistory).values({ pageId: page, itemId: item, pageTitle: 'Live page', pageContent: `v1 ${link(files.historic.sign)}`, addtime: 1 });
  await seedPage(app.deps.db, item, `old ${link(files.binned.sign)}`, { isDel: 1 });
}, 120_000);
afterAll(() => app.close());

describe('attachment/getUnusedList', () => {
  it('lists the files no page links to; an admin sees everyone\'s, with ShowDoc\'s number fields', async () => {
    const r = await call('attachment/getUnusedList', { count: 50 }, admin);
    expect(r.error_code).toBe(0);
    const names = r.data.list.map((f: any) => f.display_name).sort();
    expect(names).toEqual(['bobs.png', 'loose.png']);
    expect(r.data.total).toBe(2);
    expect(r.data.list.find((f: any) => f.display_name === 'loose.png')).toMatchObject({ file_id: files.loose.fileId, uid: ann.uid, username: 'unused_ann', file_size: 2048 });
    const filtered = await call('attachment/getUnusedList', { username: 'unused_bob' }, admin);
    expect(filtered.data.list.map((f: any) => f.display_name)).toEqual(['bobs.png']);
  });

  it('gives other users their own files only; refuses anonymous callers', async () => {
    const mine = await call('attachment/getUnusedList', {}, ann);
    expect(mine.data.list.map((f: any) => f.display_name)).toEqual(['loose.png']);
    const spying = await call('attachment/getUnusedList', { username: 'unused_bob' }, ann);
    expect(spying.data.list).toEqual([]);
    expect((await call('attachment/getUnusedList', {})).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('attachment/batchDeleteAttachments', () => {
  it("does not delete another user's file for a non-admin (counted as failed)", async () => {
    const r = await call('attachment/batchDeleteAttachments', { file_ids: `${files.bobs.fileId}` }, ann);
    expect(r.data).toEqual({ success: 0, failed: 1 });
    expect(await stillThere('bobs')).toBe(1);
    expect((await call('attachment/batchDeleteAttachments', { file_ids: `${files.bobs.fileId}` })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await stillThere('bobs')).toBe(1);
  });

  it('refuses bad input with 10101, deleting nothing', async () => {
    for (const file_ids of ['', '1 or 1=1', '[1,"x"]']) {
      expect((await call('attachment/batchDeleteAttachments', { file_ids }, admin)).error_code, file_ids).toBe(10101);
    }
    expect(await stillThere('linked', 'binned', 'historic', 'loose', 'bobs')).toBe(5);
  });

  it('lets the uploader delete their own, and an admin anyone\'s (comma list or JSON array)', async () => {
    expect((await call('attachment/batchDeleteAttachments', { file_ids: `${files.loose.fileId}` }, ann)).data).toEqual({ success: 1, failed: 0 });
    const r = await call('attachment/batchDeleteAttachments', { file_ids: JSON.stringify([files.bobs.fileId, 999999]) }, admin);
    expect(r.data).toEqual({ success: 1, failed: 1 });
    expect(await stillThere('loose', 'bobs')).toBe(0);
    expect(await stillThere('linked', 'binned')).toBe(2);
    const [row] = await app.deps.db.select().from(attachments).where(eq(attachments.fileId, files.linked.fileId));
    expect(row.displayName).toBe('linked.png');
  });
});
