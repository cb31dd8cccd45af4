// The ShowDoc database reader on a database built with ShowDoc's schema (test/fixtures/showdoc).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../errors';
import { SHOWDOC_FIXTURE as F, buildShowdocDb, showdocEscape } from '../../../test/fixtures/showdoc/buildShowdocDb';
import { decodeHistoryContent } from './historyContent';
import { openShowdocDb, type ShowdocSourceDb } from './sourceDb';

let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showdoc-source-'));
  dbFile = path.join(dir, 'showdoc.db.php');
  await buildShowdocDb(dbFile);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** the refusal openShowdocDb gives for `file` */
async function refusal(file: string): Promise<ApiError> {
  const e: unknown = await openShowdocDb(file).then(
    (db) => (db.close(), new Error('opened')),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

const interpolate = (e: ApiError) => e.template.replace(/\{(\w+)\}/g, (_, k: string) => String(e.vars?.[k]));

describe('openShowdocDb on a ShowDoc database', () => {
  let src: ShowdocSourceDb;
  beforeAll(async () => {
    src = await openShowdocDb(dbFile);
  });
  afterAll(() => src.close());

  it('reads the schema version and the options', () => {
    expect(src.schemaVersion).toBe(33);
    expect(src.options().get('site_url')).toBe(F.siteUrl);
  });

  it('reads users with both hash kinds', () => {
    const users = [...src.users()];
    expect(users.map((u) => [u.uid, u.username, u.groupId])).toEqual([
      [1, 'showdoc', 1],
      [2, 'alice', 2],
      [3, 'bob', 2],
      [4, 'carol', 2],
    ]);
    const alice = users[1];
    expect(alice).toMatchObject({ passwordHash: F.users.alice.hash, salt: F.users.alice.salt, email: 'alice@example.com', name: 'Alice' });
    expect(users[2].passwordHash.startsWith('$2y$10$')).toBe(true);
    expect(users[0]).toMatchObject({ passwordHash: 'a89da13684490eb9ec9e613f91d24d00', salt: '' });
  });

  it('reads items of every type with their flags', () => {
    const items = [...src.items()];
    expect(items.map((i) => [i.itemId, i.type])).toEqual([
      [F.items.regular, 1],
      [F.items.single, 2],
      [F.items.runapi, 3],
      [F.items.sheet, 4],
      [F.items.whiteboard, 5],
      [F.items.deleted, 1],
    ]);
    const byId = new Map(items.map((i) => [i.itemId, i]));
    expect(byId.get(F.items.regular)).toMatchObject({ domain: 'guide', password: '', ownerUid: F.users.alice.uid, archived: false, deleted: false });
    expect(byId.get(F.items.single)?.password).toBe('visit-me');
    expect(byId.get(F.items.sheet)?.archived).toBe(true);
    expect(byId.get(F.items.deleted)?.deleted).toBe(true);
  });

  it('reads three catalog levels', () => {
    const cats = [...src.catalogs()];
    expect(cats.map((c) => [c.catId, c.level, c.parentCatId])).toEqual([
      [F.catalogs.guide, 2, 0],
      [F.catalogs.setup, 3, F.catalogs.guide],
      [F.catalogs.linux, 4, F.catalogs.setup],
      [F.catalogs.faq, 2, 0],
    ]);
  });

  it('reads pages with their content escaped as stored', () => {
    const pages = new Map([...src.pages()].map((p) => [p.pageId, p]));
    expect(pages.size).toBe(7);
    const welcome = pages.get(F.pages.welcome);
    expect(welcome?.content).toBe(showdocEscape(F.welcomeText));
    expect(welcome?.content).toContain('&lt;b&gt;&quot;Quire&quot; &amp; &#039;ShowDoc&#039;&lt;/b&gt;');
    expect(welcome).toMatchObject({ catId: 0, deleted: false, comments: 'third save', createdAt: welcome!.updatedAt - 3600 });
    expect(pages.get(F.pages.install)?.catId).toBe(F.catalogs.linux);
    expect(pages.get(F.pages.deleted)?.deleted).toBe(true);
    expect(pages.get(F.pages.api)?.extInfo).toBe('{"page_type":"api"}');
  });

  it('decodes compressed and plain history', () => {
    const history = [...src.pageHistory()];
    expect(history.map((h) => [h.historyId, h.pageId, h.wasCompressed, h.content])).toEqual([
      [F.history.compressed.id, F.pages.welcome, true, showdocEscape(F.history.compressed.text)],
      [F.history.plain.id, F.pages.welcome, false, showdocEscape(F.history.plain.text)],
    ]);
    expect(history.map((h) => h.comments)).toEqual(['first save', 'second save']);
  });

  it('reads members with their catalog limits', () => {
    expect([...src.members()].map((m) => [m.uid, m.itemId, m.role, m.limitedTo])).toEqual([
      [F.users.bob.uid, F.items.regular, 1, [F.catalogs.guide, F.catalogs.faq]],
      [F.users.carol.uid, F.items.regular, 0, []],
    ]);
  });

  it('counts the rows of the other tables the import moves', () => {
    expect(['team', 'team_member', 'team_item', 'team_item_member', 'template', 'template_item', 'mock', 'upload_file', 'file_page', 'recycle', 'single_page', 'item_token'].map((t) => src.count(t))).toEqual([
      1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('leaves the file as it was', async () => {
    const before = await fs.readFile(dbFile);
    const again = await openShowdocDb(dbFile);
    expect([...again.pages()]).toHaveLength(7);
    again.close();
    expect((await fs.readFile(dbFile)).equals(before)).toBe(true);
  });
});

describe('openShowdocDb refuses', () => {
  it('a file that is not a database', async () => {
    const file = path.join(dir, 'notes.txt');
    await fs.writeFile(file, 'just some text, long enough to look like a file and not like a SQLite header at all. '.repeat(3));
    const e = await refusal(file);
    expect(interpolate(e)).toBe('notes.txt is not a SQLite database; choose the file Sqlite/showdoc.db.php of the ShowDoc installation');
  });

  it('a SQLite database of another application', async () => {
    const file = path.join(dir, 'other.db');
    await buildShowdocDb(file, { omitTables: ['user', 'item', 'page', 'catalog'] });
    const e = await refusal(file);
    expect(e.template).toContain('not a ShowDoc database');
  });

  it('a ShowDoc database missing a table and columns, naming them', async () => {
    const file = path.join(dir, 'old.db.php');
    await buildShowdocDb(file, { omitTables: ['mock'], omitColumns: ['catalog.level', 'item.item_domain'] });
    const e = await refusal(file);
    expect(e.vars).toEqual({ tables: 'mock', columns: 'item.item_domain, catalog.level' });
    expect(interpolate(e)).toContain('missing tables: mock; missing columns: item.item_domain, catalog.level');
  });

  it('a damaged database', async () => {
    const file = path.join(dir, 'damaged.db.php');
    const bytes = Buffer.from(await fs.readFile(dbFile));
    // keep the header page, scribble over every page after it
    bytes.fill(0xa5, 4096);
    await fs.writeFile(file, bytes);
    const e = await refusal(file);
    expect(e.template).toBe('The SQLite database {name} is damaged ({detail}); nothing was imported');
    expect(e.vars?.name).toBe('damaged.db.php');
  });

  it('a truncated database', async () => {
    const file = path.join(dir, 'truncated.db.php');
    const bytes = await fs.readFile(dbFile);
    await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const e = await refusal(file);
    expect(e.template).toContain('is damaged');
  });
});

describe('decodeHistoryContent', () => {
  it('inflates base64(zlib) and keeps plain text, including text that looks like base64', () => {
    const text = showdocEscape('# Title <x> & "y"\n中文');
    expect(decodeHistoryContent(zlib.deflateSync(Buffer.from(text), { level: 9 }).toString('base64'))).toEqual({ content: text, compressed: true });
    expect(decodeHistoryContent(text)).toEqual({ content: text, compressed: false });
    for (const plain of ['eWVzbm8=', 'abcd', 'e0e0e0e0', '']) expect(decodeHistoryContent(plain)).toEqual({ content: plain, compressed: false });
  });
});
