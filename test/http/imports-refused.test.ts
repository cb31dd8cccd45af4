// Imports that must not happen: users without the right (and the catalog limit), and every bad
// file — zip slip, absolute paths, symbolic links, zip bombs (by size and by count, whatever the
// headers claim), files over the upload limit, broken JSON and YAML, recursive $refs, unreadable
// names — each refused with a clear message, and nothing left behind: no item, page, catalog,
// attachment or stored file more than before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem } from '../helpers/realtime';
import { counts, fixture, sendImport, treeOf } from '../helpers/imports';
import { makeZip, png, type ZipSpec } from '../helpers/zip';
import { catalogs, imports, users } from '../../server/db/schema';

let app: TestApp;
let dataDir: string;
type U = { uid: number; user_token: string; username: string };
let owner: U, editor: U, limited: U, reader: U, stranger: U;
let privItem: number, singleItem: number, catA: number, catB: number, otherCat: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-refused-'));
  app = await startTestApp({ config: { dataDir }, jobs: true });
  owner = await app.register('ref_owner');
  editor = await app.register('ref_editor');
  limited = await app.register('ref_limited');
  reader = await app.register('ref_reader');
  stranger = await app.register('ref_stranger');
  await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, owner.uid));
  const db = app.deps.db;
  privItem = await seedItem(db, owner, { itemName: 'Private', password: 'not-a-real-hash' });
  singleItem = await seedItem(db, owner, { itemName: 'Single', itemType: 2 });
  const otherItem = await seedItem(db, owner, { itemName: 'Other' });
  const cat = async (itemId: number, name: string) => (await db.insert(catalogs).values({ catName: name, itemId, level: 2, addtime: 1 }).returning())[0].catId;
  catA = await cat(privItem, 'A');
  catB = await cat(privItem, 'B');
  otherCat = await cat(otherItem, 'Elsewhere');
  await addMember(db, privItem, editor, 1);
  await addMember(db, privItem, reader, 0);
  await addMember(db, privItem, limited, 1, catA);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends the file, expects the refusal, and checks that nothing was created. */
async function refused(token: string | undefined, bytes: Buffer, filename: string, fields: Record<string, string | number>, code: number, message: RegExp | string) {
  const before = await counts(app, dataDir);
  const r = await sendImport(app, token, bytes, filename, fields);
  expect(r.json.error_code, r.json.error_message).toBe(code);
  if (typeof message === 'string') expect(r.json.error_message).toBe(message);
  else expect(r.json.error_message).toMatch(message);
  expect(await counts(app, dataDir)).toEqual(before);
  return r;
}

const md = (name: string | Buffer, text = '# page') => ({ name, data: text }) satisfies ZipSpec;
const OPENAPI = fixture('petstore-openapi3.yaml');

describe('who may import', () => {
  it('anonymous callers are asked to log in', async () => {
    await refused(undefined, OPENAPI, 'a.yaml', {}, 10102, 'You are not logged in');
  });

  it('into an existing item: readers and strangers are refused with 10302, as ShowDoc', async () => {
    await refused(reader.user_token, OPENAPI, 'a.yaml', { item_id: privItem }, 10302, 'You do not have permission to edit this item');
    await refused(stranger.user_token, OPENAPI, 'a.yaml', { item_id: privItem }, 10302, 'You do not have permission to edit this item');
    await refused(stranger.user_token, OPENAPI, 'a.yaml', { item_id: privItem, cat_id: catA }, 10302, 'You do not have permission to edit this item');
  });

  it('a member limited to catalog A: not at the root, not into B; into A yes', async () => {
    const outside = 'You may not import into this catalog: it is outside the catalogs you were given';
    await refused(limited.user_token, OPENAPI, 'a.yaml', { item_id: privItem }, 10302, outside);
    await refused(limited.user_token, OPENAPI, 'a.yaml', { item_id: privItem, cat_id: catB }, 10302, outside);
    const ok = await sendImport(app, limited.user_token, fixture('saater_setad.postman_collection.json'), 'c.json', { item_id: privItem, cat_id: catA });
    expect(ok.json.error_code).toBe(0);
    const a = (await treeOf(app, privItem)).catalogs.find((c) => c.name === 'A')!;
    expect(a.catalogs.map((c) => c.name)).toEqual(['order_manager', 'user', 'file']);
  });

  it('a catalog of another item, a missing item, a single-page item', async () => {
    await refused(editor.user_token, OPENAPI, 'a.yaml', { item_id: privItem, cat_id: otherCat }, 10101, 'The catalog does not belong to this item');
    await refused(editor.user_token, OPENAPI, 'a.yaml', { item_id: 999999 }, 10101, 'Item not found or deleted');
    await refused(owner.user_token, OPENAPI, 'a.yaml', { item_id: singleItem }, 10101, 'Files can be imported only into regular items');
  });

  it('import/start refuses the same users before anything is queued', async () => {
    const before = await counts(app, dataDir);
    const r = await sendImport(app, reader.user_token, OPENAPI, 'a.yaml', { item_id: privItem }, { action: 'start' });
    expect(r.json.error_code).toBe(10302);
    const anon = await sendImport(app, undefined, OPENAPI, 'a.yaml', {}, { action: 'start' });
    expect(anon.json.error_code).toBe(10102);
    expect(await counts(app, dataDir)).toEqual(before);
  });

  it("import/status: only the user who started the import sees it", async () => {
    const r = await sendImport(app, owner.user_token, fixture('petstore-swagger2.json'), 'p.json');
    const importId = r.json.data.import_id;
    expect((await app.call('import/status', { import_id: importId }, { token: owner.user_token })).data.state).toBe('done');
    for (const who of [editor, stranger]) {
      const other = await app.call('import/status', { import_id: importId }, { token: who.user_token });
      expect(other.error_code).toBe(10101);
      expect(other.error_message).toBe('This import no longer exists (imports are kept for 7 days)');
    }
    expect((await app.call('import/status', { import_id: importId })).error_code).toBe(10102);
  });
});

describe('bad zip files', () => {
  it('zip slip: an entry climbing out with ../', async () => {
    const zip = makeZip([md('docs/ok.md'), md('docs/../../evil.md')]);
    await refused(owner.user_token, zip, 'slip.zip', {}, 10101, 'The zip file contains a path that leads outside it (docs/../../evil.md); it was refused');
  });

  it('absolute paths, Unix and Windows', async () => {
    await refused(owner.user_token, makeZip([md('/etc/cron.d/evil.md')]), 'abs.zip', {}, 10101, 'The zip file contains an absolute path (/etc/cron.d/evil.md); it was refused');
    await refused(owner.user_token, makeZip([md('C:\\Windows\\evil.md')]), 'abs.zip', {}, 10101, /absolute path \(C:\\Windows\\evil\.md\)/);
  });

  it('a symbolic link entry', async () => {
    const zip = makeZip([md('page.md'), { name: 'link.md', data: '/etc/passwd', mode: 0o120777 }]);
    await refused(owner.user_token, zip, 'link.zip', {}, 10101, 'The zip file contains a symbolic link (link.md); it was refused');
  });

  it('a zip bomb: entries that unpack past the budget, counted while inflating', async () => {
    // 20 entries of 15 MB of zeros (a few KB each packed): 300 MB unpacked, past the 256 MB budget
    const zeros = deflateRawSync(Buffer.alloc(15 * 1024 * 1024));
    const zip = makeZipWithPacked(Array.from({ length: 20 }, (_, i) => `p${i}.md`), zeros, 15 * 1024 * 1024);
    await refused(owner.user_token, zip, 'bomb.zip', {}, 10101, 'The zip file unpacks to more than 256 MB; split it into smaller files');
  });

  it('an entry whose header claims 100 bytes but unpacks to 20 MB', async () => {
    const zip = makeZipWithPacked(['liar.md'], deflateRawSync(Buffer.alloc(20 * 1024 * 1024, 0x41)), 100);
    await refused(owner.user_token, zip, 'liar.zip', {}, 10101, 'The file liar.md in the zip is larger than 16 MB');
  });

  it('more entries than allowed', async () => {
    const zip = makeZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.md`, data: '', method: 0 as const })));
    await refused(owner.user_token, zip, 'many.zip', {}, 10101, 'The zip file holds more than 10000 files and folders; split it into smaller files');
  });

  it('an encrypted zip, a damaged zip, a zip without Markdown', async () => {
    const enc = makeZip([md('secret.md')]);
    // set the "encrypted" flag in the central directory entry
    const cd = enc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    enc.writeUInt16LE(enc.readUInt16LE(cd + 8) | 1, cd + 8);
    await refused(owner.user_token, enc, 'enc.zip', {}, 10101, 'The zip file is encrypted; create it without a password');
    const whole = makeZip([md('a.md', 'x'.repeat(5000))]);
    await refused(owner.user_token, whole.subarray(0, whole.length - 40), 'cut.zip', {}, 10101, 'The zip file is damaged or incomplete; create it again and re-upload it');
    await refused(owner.user_token, makeZip([{ name: 'photo.png', data: png(2, 2, [1, 2, 3]) }]), 'photos.zip', {}, 10101, 'The zip file holds no Markdown (.md) files and no ShowDoc info.json');
  });

  it('file names in old encodings: GBK and CP437 are read, control characters refused', async () => {
    const gbk = Buffer.from([0xb2, 0xe2, 0xca, 0xd4, 0xce, 0xc4, 0xb5, 0xb5]); // 测试文档
    const cp437 = Buffer.from([0x52, 0x82, 0x73, 0x75, 0x6d, 0x82]); // Résumé
    const zip = makeZip([
      // 目录/测试文档.md in GBK, as Windows' "compressed folder" writes it on a Chinese system
      { name: Buffer.concat([Buffer.from([0xc4, 0xbf, 0xc2, 0xbc, 0x2f]), gbk, Buffer.from('.md')]), data: '中文内容' },
      { name: Buffer.concat([cp437, Buffer.from('.md')]), data: 'CV' },
    ]);
    const r = await sendImport(app, owner.user_token, zip, 'old.zip');
    expect(r.json.error_code).toBe(0);
    const tree = await treeOf(app, r.json.data.item_id);
    expect(tree.pages.map((p) => p.title)).toEqual(['Résumé']);
    expect(tree.catalogs.map((c) => [c.name, c.pages.map((p) => p.title)])).toEqual([['目录', ['测试文档']]]);
    const ctl = makeZip([{ name: Buffer.from([0x61, 0x01, 0x62, 0x2e, 0x6d, 0x64]), data: 'x' }]);
    await refused(owner.user_token, ctl, 'ctl.zip', {}, 10101, /encoding Quire cannot read; create it again with UTF-8 file names/);
  });
});

describe('bad documents', () => {
  it('a file over the upload limit is refused before it is read', async () => {
    await app.deps.settings.save({ upload_max_mb: 1 });
    try {
      const big = Buffer.concat([Buffer.from('{"openapi":"3.0.0","info":{"title":"x","version":"1"},"paths":{},"x":"'), Buffer.alloc(1_200_000, 0x61), Buffer.from('"}')]);
      const before = await counts(app, dataDir);
      const r = await sendImport(app, owner.user_token, big, 'big.json');
      expect(r.status).toBe(413);
      expect(r.json.error_code).toBe(10413);
      expect(r.json.error_message).toBe('The file is too large; files must be under 1 MB');
      expect(await counts(app, dataDir)).toEqual(before);
    } finally {
      await app.deps.settings.save({ upload_max_mb: 4 });
    }
  });

  it('invalid JSON and YAML name where the mistake is', async () => {
    await refused(owner.user_token, Buffer.from('{"openapi": "3.0.0",\n "info": {"title": "x",}\n}'), 'api.json', {}, 10101, /^api\.json is not valid JSON \(line 2, column \d+\)$/);
    await refused(owner.user_token, Buffer.from('openapi: 3.0.0\ninfo:\n  title: [unclosed\n'), 'api.yaml', {}, 10101, /^api\.yaml is not valid YAML \(line \d+, column \d+\)$/);
  });

  it('YAML aliases that expand past the budget ("billion laughs")', async () => {
    let y = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i <= 8; i++) y += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    y += 'openapi: 3.0.0\n';
    await refused(owner.user_token, Buffer.from(y), 'laughs.yaml', {}, 10101, 'laughs.yaml is too large or refers to itself too often (more than 3000000 values); split it into smaller files');
  });

  it('recursive $refs are handled: the schema is shown once, without hanging', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Tree', version: '1' },
      paths: { '/nodes': { get: { summary: 'List nodes', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } } },
      components: {
        schemas: {
          Node: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Node' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
        },
      },
    };
    const r = await sendImport(app, owner.user_token, Buffer.from(JSON.stringify(doc)), 'tree.json');
    expect(r.json.error_code).toBe(0);
    const page = (await treeOf(app, r.json.data.item_id)).pages[0].content;
    expect(page).toContain('|parent|Node|-|');
    expect(page).toContain('|children|array[Node]|-|');
    expect(page).not.toContain('parent.parent');
  });

  it('a $ref to nothing, and to another file or URL (never fetched)', async () => {
    const doc = (schema: unknown) => JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } } });
    await refused(owner.user_token, Buffer.from(doc({ $ref: '#/components/schemas/Nope' })), 'x.json', {}, 10101, /^x\.json refers to something it does not contain: /);
    const r = await sendImport(app, owner.user_token, Buffer.from(doc({ $ref: 'http://169.254.169.254/latest/meta-data' })), 'ext.json');
    expect(r.json.error_code).toBe(0);
  });

  it('documents that are not what Quire imports', async () => {
    const msg = 'Quire cannot import this file. It imports ShowDoc exports and Markdown files (zip), OpenAPI (Swagger) 2.0 and 3.x documents and Postman collections v2 (JSON or YAML)';
    await refused(owner.user_token, png(3, 3, [9, 9, 9]), 'photo.png', {}, 10101, msg);
    await refused(owner.user_token, Buffer.from('{"hello": "world"}'), 'x.json', {}, 10101, msg);
    await refused(owner.user_token, Buffer.from(''), 'empty.json', {}, 10101, 'The file is empty');
    await refused(owner.user_token, Buffer.from(JSON.stringify({ id: 'abc', name: 'old', requests: [], folders: [] })), 'v1.json', {}, 10101, /Postman collection v1/);
    await refused(owner.user_token, Buffer.from('swagger: "1.2"\ninfo: {}\npaths: {}\n'), 'old.yaml', {}, 10101, 'old.yaml is Swagger 1.2; Quire imports Swagger 2.0 and OpenAPI 3.x');
    await refused(owner.user_token, Buffer.from('{"openapi":"3.0.0","info":{"title":"x","version":"1"},"paths":{}}'), 'none.json', {}, 10101, 'none.json describes no operations (its "paths" are empty)');
  });

  it('a refused import is recorded as failed, with its reason', async () => {
    await sendImport(app, owner.user_token, Buffer.from('{"x":'), 'broken.json');
    const rows = await app.deps.db.select().from(imports).where(eq(imports.fileName, 'broken.json'));
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe('failed');
    expect(rows[0].error).toMatch(/^broken\.json is not valid JSON/);
    expect(rows[0].createdPages).toEqual([]);
  });
});

/** A zip whose entries all carry the same packed bytes (unpacking to `claimed`, or more). */
function makeZipWithPacked(names: string[], packed: Buffer, claimed: number): Buffer {
  const base = makeZip(names.map((name) => ({ name, data: Buffer.alloc(0), method: 8 as const })));
  // rebuild with the given packed data: local header + data per entry, then the central directory
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let p = 0;
  const cdStart = base.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  let c = cdStart;
  const crc = crc32Of(packed);
  for (let i = 0; i < names.length; i++) {
    const nameLen = base.readUInt16LE(p + 26);
    const local = Buffer.from(base.subarray(p, p + 30 + nameLen));
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(claimed, 22);
    parts.push(local, packed);
    const cNameLen = base.readUInt16LE(c + 28);
    const entry = Buffer.from(base.subarray(c, c + 46 + cNameLen));
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(claimed, 24);
    entry.writeUInt32LE(offset, 42);
    central.push(entry);
    offset += local.length + packed.length;
    p += 30 + nameLen + base.readUInt32LE(p + 18);
    c += 46 + cNameLen;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.from(base.subarray(base.length - 22));
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

/** CRC of what the packed bytes unpack to (they are only inflated here, in the test). */
function crc32Of(packed: Buffer): number {
  return crc32(inflateRawSync(packed));
}
