// item/info's menu answer kept ready as bytes (http/readyAnswer.ts): identity, gzip and brotli
// carry the same JSON; the ETag follows the answer's content, so a repeat reader gets 304, a page
// save gives a new ETag, and callers with different rights or per-user fields never share an
// ETag or a body. Access is decided before any ready bytes are sent.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUserWithToken, type ClusterUser } from '../helpers/cluster';
import { addMember, seedItem, seedPage } from '../helpers/realtime';
import { catalogs, pages } from '../../server/db/schema';
import { createNotices } from '../../server/domain/notices/create';

let app: TestApp;
const u: Record<string, ClusterUser> = {};
let item = 0;
let firstPage = 0;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** a form POST with exactly these headers (fetch would add Accept-Encoding and decode the body) */
function post(path: string, form: Record<string, string | number>, headers: Record<string, string> = {}): Promise<Raw> {
  const body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const info = (who: string | null, headers: Record<string, string> = {}, extra: Record<string, string | number> = {}) =>
  post('item/info', { item_id: item, ...(who ? { user_token: u[who].user_token } : {}), ...extra }, headers);

const decoded = (r: Raw) =>
  r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.body;

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['owner', 'editor', 'reader', 'limited', 'stranger']) u[name] = await createUserWithToken(app.database, `ir_${name}`);
  // private (a password): only members read it
  item = await seedItem(app.deps.db, u.owner, { itemName: 'Ready menu', password: 'x' });
  const [{ catId: catA }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'A', level: 2 }).returning();
  const [{ catId: catB }] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: 'B', level: 2 }).returning();
  await addMember(app.deps.db, item, u.editor, 1);
  await addMember(app.deps.db, item, u.reader, 0);
  await addMember(app.deps.db, item, u.limited, 0, catA);
  // a menu well over the size from which answers are compressed (8 KB)
  for (let i = 0; i < 120; i++) {
    const id = await seedPage(app.deps.db, item, `content ${i}`, { pageTitle: `Page ${i} — 接口说明 with a longer title`, catId: i % 2 ? catA : catB, sNumber: i });
    if (i === 0) firstPage = id;
  }
});

afterAll(async () => {
  await app?.close();
});

describe('item/info ready answers', () => {
  it('sends the same JSON uncompressed, gzipped and in brotli, with one ETag, as JSON.stringify writes it', async () => {
    const plain = await info('owner');
    const gzip = await info('owner', { 'accept-encoding': 'gzip' });
    const br = await info('owner', { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(decoded(gzip).equals(plain.body)).toBe(true);
    expect(decoded(br).equals(plain.body)).toBe(true);
    for (const r of [plain, gzip, br]) {
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers.etag).toBe(plain.headers.etag);
    }
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.error_code).toBe(0);
    expect(json.data.menu.catalogs).toHaveLength(2);
    // byte for byte what the envelope's JSON.stringify writes (ShowDoc clients read exact shapes)
    expect(JSON.stringify(json)).toBe(plain.body.toString('utf8'));
    // the answer carries ShowDoc's types: ids as text, flags as computed
    expect(json.data.item_id).toBe(String(item));
    expect(json.data.is_login).toBe(true);
    // asked again: the very same bytes
    expect((await info('owner')).body.equals(plain.body)).toBe(true);
  });

  it('answers 304 to the ETag it gave, and the whole answer to any other', async () => {
    const first = await info('reader');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await info('reader', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const listed = await info('reader', { 'if-none-match': `W/"other", ${etag}`, 'accept-encoding': 'gzip' });
    expect(listed.status).toBe(304);
    const other = await info('reader', { 'if-none-match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);
  });

  it('never gives one caller the ETag or the body of a caller with other rights', async () => {
    const owner = await info('owner');
    const editor = await info('editor');
    const reader = await info('reader');
    const limited = await info('limited');
    const answers = [owner, editor, reader, limited];
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(4);
    expect(new Set(answers.map((r) => r.body.toString('base64'))).size).toBe(4);
    const data = (r: Raw) => JSON.parse(r.body.toString('utf8')).data;
    expect(data(owner).item_manage).toBe(true);
    expect(data(editor).item_manage).toBe(false);
    expect(data(editor).item_edit).toBe(true);
    expect(data(reader).item_edit).toBe(false);
    // the catalog-limited member sees only its catalog, whatever ETag it sends
    expect(data(limited).menu.catalogs.map((c: { cat_name: string }) => c.cat_name)).toEqual(['A']);
    for (const theirs of [owner, editor, reader]) {
      const r = await info('limited', { 'if-none-match': theirs.headers.etag! });
      expect(r.status).toBe(200);
      expect(r.body.equals(limited.body)).toBe(true);
    }
    // an ETag is no credential: who may not read the item gets its error, not a 304 or a menu
    for (const who of ['stranger', null]) {
      const r = await info(who, { 'if-none-match': owner.headers.etag! });
      expect(r.status).toBe(200);
      expect(r.headers.etag).toBeUndefined();
      const json = JSON.parse(r.body.toString('utf8'));
      expect(json.error_code).not.toBe(0);
      expect(json.data).toBeUndefined();
    }
  });

  it('gives each caller the default page they asked for under its own ETag', async () => {
    const plain = await info('reader');
    const asked = await info('reader', {}, { default_page_id: firstPage });
    expect(JSON.parse(asked.body.toString('utf8')).data.default_page_id).toBe(String(firstPage));
    expect(asked.headers.etag).not.toBe(plain.headers.etag);
    expect((await info('reader', { 'if-none-match': plain.headers.etag! }, { default_page_id: firstPage })).status).toBe(200);
  });

  it('a page save changes the menu, its ETag and its compressed forms', async () => {
    const before = await info('editor', { 'accept-encoding': 'gzip' });
    const saved = await app.call('page/save', { item_id: item, page_id: 0, cat_id: 0, page_title: 'Saved just now', page_content: 'x' }, { token: u.editor.user_token });
    expect(saved.error_code).toBe(0);
    const after = await info('editor', { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const titles = JSON.parse(decoded(after).toString('utf8')).data.menu.pages.map((p: { page_title: string }) => p.page_title);
    expect(titles).toContain('Saved just now');
    const plain = await info('editor');
    expect(plain.headers.etag).toBe(after.headers.etag);
    expect(decoded(after).equals(plain.body)).toBe(true);
  });

  it('a new notice, and reading it, change the reader\'s unread count and ETag', async () => {
    const unread = (r: Raw) => JSON.parse(r.body.toString('utf8')).data.unread_count;
    const before = await info('reader');
    const [notice] = await createNotices(app.deps, [
      { toUid: u.reader.uid, fromUid: u.owner.uid, fromName: 'owner', noticeType: 'member_added', title: 'You were added', content: '', objectType: 'item', objectId: item },
    ]);
    const told = await info('reader', { 'if-none-match': before.headers.etag! });
    expect(told.status).toBe(200);
    expect(unread(told)).toBe(unread(before) + 1);
    expect((await app.call('notice/setRead', { notice_id: notice.noticeId }, { token: u.reader.user_token })).error_code).toBe(0);
    const read = await info('reader', { 'if-none-match': told.headers.etag! });
    expect(read.status).toBe(200);
    expect(unread(read)).toBe(unread(before));
    expect(read.headers.etag).toBe(before.headers.etag);
    // the owner's answer did not move
    expect(unread(await info('owner'))).toBe(0);
  });

  it('a keyword filters the menu for that request, as before', async () => {
    const r = await info('owner', {}, { keyword: 'Page 7 ' });
    const json = JSON.parse(r.body.toString('utf8'));
    expect(json.error_code).toBe(0);
    expect(r.headers.etag).toBeUndefined();
  });
});

describe('the menu past its time-to-live', () => {
  // a change made without an event (another process, no Redis) is only found by the reload the
  // time-to-live asks for: the expired menu is served once more while one load refreshes it
  const titles = (r: Raw) => {
    const menu = JSON.parse(r.body.toString('utf8')).data.menu;
    return [...menu.pages, ...menu.catalogs.flatMap((c: { pages: { page_title: string }[] }) => c.pages)].map((p: { page_title: string }) => p.page_title);
  };

  it('unchanged rows keep the same answer and ETag; a change behind the process\'s back shows once the reload is done', async () => {
    const before = await info('owner');
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * app.deps.reads.ttlMs });
      const again = await info('owner', { 'if-none-match': before.headers.etag! });
      expect(again.status).toBe(304);
      await app.deps.db.update(pages).set({ pageTitle: 'Renamed behind the cache' }).where(eq(pages.pageId, firstPage));
      vi.setSystemTime(Date.now() + 10 * app.deps.reads.ttlMs);
      // the expired menu may be served once more; the reload it started then answers
      await info('owner');
      await vi.waitFor(async () => expect(titles(await info('owner'))).toContain('Renamed behind the cache'), { timeout: 5000, interval: 20 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('readers arriving together while the menu reloads get one consistent answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * app.deps.reads.ttlMs });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => info('owner')));
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      expect(answers.every((a) => a.status === 200)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
