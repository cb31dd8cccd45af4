// xlsx import and export of table items, as jobs: a real workbook (values, formulas, merges,
// widths, styles, number formats) imported and exported back and read with exceljs; text that
// looks like a formula is exported as text; bad files are refused with nothing changed; the
// policies decide who may import and export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, seedItem, seedPage, synced, until } from '../helpers/realtime';
import { setCell, workbookOf } from '../helpers/sheet';
import { jobs, pages } from '../../server/db/schema';
import { waitForJob } from '../../server/jobs/control';
import { ITEM_TYPE } from '../../shared/limits';
import { emptyWorkbook, serializeWorkbook, type Workbook } from '../../shared/sheet/workbook';
import type { JobInfo } from '../../shared/api/job';

let app: TestApp;
let dataDir: string;
let owner: { uid: number; user_token: string; username: string };
let reader: { uid: number; user_token: string; username: string };
let stranger: { uid: number; user_token: string; username: string };
let itemId: number;
let pageId: number;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function book(fill: (b: ExcelJS.Workbook) => void): Promise<Buffer> {
  const b = new ExcelJS.Workbook();
  fill(b);
  return Buffer.from(await b.xlsx.writeBuffer());
}

async function upload(bytes: Buffer, token = owner.user_token, name = 'book.xlsx', item = itemId) {
  const fd = new FormData();
  fd.append('item_id', String(item));
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: XLSX }), name);
  const res = await app.fetch('/api/sheet/import', { method: 'POST', headers: { 'X-API-Token': token }, body: fd });
  return (await res.json()) as { error_code: number; error_message?: string; data: JobInfo };
}

const content = async () => (await app.deps.db.select({ c: pages.pageContent }).from(pages).where(eq(pages.pageId, pageId)))[0].c;
const jobCount = async () => (await app.deps.db.select({ id: jobs.id }).from(jobs)).length;
const staged = () => (fs.existsSync(path.join(dataDir, 'sheet-imports')) ? fs.readdirSync(path.join(dataDir, 'sheet-imports')) : []);

async function importOk(bytes: Buffer): Promise<Workbook> {
  const r = await upload(bytes);
  expect(r.error_code, r.error_message).toBe(0);
  const ended = await waitForJob(app.deps, r.data.job_id);
  expect(ended.state, ended.error ?? '').toBe('done');
  return JSON.parse(await content()) as Workbook;
}

/** an import the job refuses: failed with `message` (job/info, in English and in Chinese), the page unchanged, the staged file gone */
async function importRefusedByJob(bytes: Buffer, message: RegExp, zhMessage: RegExp) {
  const before = await content();
  const r = await upload(bytes);
  expect(r.error_code, r.error_message).toBe(0);
  const ended = await waitForJob(app.deps, r.data.job_id);
  expect(ended.state).toBe('failed');
  const info = async (lang: string) => (await app.call<JobInfo>('job/info', { job_id: r.data.job_id }, { token: owner.user_token, headers: { 'Accept-Language': lang } })).data;
  expect((await info('en')).error).toMatch(message);
  expect((await info('zh-CN,zh;q=0.9')).error).toMatch(zhMessage);
  expect(await content()).toBe(before);
  expect(staged()).toEqual([]);
}

/** an upload refused at once: nothing queued, nothing changed */
async function importRefusedNow(bytes: Buffer, message: RegExp, name = 'book.xlsx') {
  const before = await content();
  const jobsBefore = await jobCount();
  const r = await upload(bytes, owner.user_token, name);
  expect(r.error_code).not.toBe(0);
  expect(r.error_message).toMatch(message);
  expect(await content()).toBe(before);
  expect(await jobCount()).toBe(jobsBefore);
  expect(staged()).toEqual([]);
}

async function exportBook(token = owner.user_token): Promise<ExcelJS.Workbook> {
  const r = await app.call<JobInfo>('sheet/export', { item_id: itemId }, { token });
  expect(r.error_code, r.error_message).toBe(0);
  const ended = await waitForJob(app.deps, r.data.job_id);
  expect(ended.state, ended.error ?? '').toBe('done');
  const res = await app.fetch(`/api/job/download?job_id=${r.data.job_id}&user_token=${token}`);
  expect(res.headers.get('content-disposition')).toContain('showdoc.xlsx');
  const b = new ExcelJS.Workbook();
  await b.xlsx.load(await res.arrayBuffer());
  return b;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sheet-xlsx-'));
  app = await startTestApp({ jobs: true, realtime: true, config: { dataDir } });
  owner = await app.register('xl_owner');
  reader = await app.register('xl_reader');
  stranger = await app.register('xl_stranger');
  // private: strangers may neither read nor write it
  itemId = await seedItem(app.deps.db, owner, { itemType: ITEM_TYPE.table, password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' });
  pageId = await seedPage(app.deps.db, itemId, '', { catId: 0, pageTitle: 'Live item' });
  await addMember(app.deps.db, itemId, reader, 0);
}, 60_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('import and export', () => {
  it('imports values, formulas, merges, widths, styles and number formats, and exports them back', async () => {
    const bytes = await book((b) => {
      const ws = b.addWorksheet('Budget');
      ws.getCell('A1').value = 'Title';
      ws.getCell('A1').font = { bold: true, italic: true, color: { argb: 'FFFF0000' } };
      ws.getCell('A1').alignment = { horizontal: 'center' };
      ws.mergeCells('A1:C1');
      ws.getCell('A2').value = 2;
      ws.getCell('B2').value = 3.5;
      ws.getCell('B2').numFmt = '0.00';
      ws.getCell('C2').value = { formula: 'A2+B2', result: 5.5 };
      ws.getCell('A3').value = 'yellow';
      ws.getCell('A3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
      ws.getColumn(1).width = 30;
      b.addWorksheet('Second').getCell('B5').value = 'other sheet';
    });
    const wb = await importOk(bytes);
    const [s1, s2] = wb.sheets;
    expect(s1.name).toBe('Budget');
    expect(s1.cells['0,0']).toEqual({ v: 'Title', s: { b: true, i: true, fc: '#ff0000', ha: 'center' } });
    expect(s1.cells['1,1']).toEqual({ v: 3.5, nf: '0.00' });
    expect(s1.cells['1,2']).toEqual({ f: '=A2+B2', v: 5.5 });
    expect(s1.cells['2,0']).toEqual({ v: 'yellow', s: { bg: '#ffff00' } });
    expect(s1.merges).toEqual([{ r: 0, c: 0, rs: 1, cs: 3 }]);
    expect(s1.colWidths['0']).toBe(215);
    expect(s2).toMatchObject({ name: 'Second', cells: { '4,1': { v: 'other sheet' } } });

    const out = await exportBook();
    const ws = out.getWorksheet('Budget')!;
    expect(ws.getCell('A1').value).toBe('Title');
    expect(ws.getCell('A1').font).toMatchObject({ bold: true, italic: true, color: { argb: 'FFFF0000' } });
    expect(ws.getCell('B2').value).toBe(3.5);
    expect(ws.getCell('B2').numFmt).toBe('0.00');
    expect(ws.getCell('C2').formula).toBe('A2+B2');
    expect((ws.getCell('C2').value as { result: number }).result).toBe(5.5);
    expect((ws.model as { merges: string[] }).merges).toEqual(['A1:C1']);
    expect(ws.getColumn(1).width).toBe(30);
    expect(out.getWorksheet('Second')!.getCell('B5').value).toBe('other sheet');
  });

  it('exports text that looks like a formula as text, never as a formula', async () => {
    const wb = emptyWorkbook();
    const texts = ['=1+1', '+cmd|calc', '-2+3', '@SUM(A1)', '=HYPERLINK("http://x","y")'];
    texts.forEach((t, i) => (wb.sheets[0].cells[`${i},0`] = { v: t }));
    wb.sheets[0].cells['9,0'] = { f: '=1+1', v: 2 };
    await app.deps.db.update(pages).set({ pageContent: serializeWorkbook(wb) }).where(eq(pages.pageId, pageId));
    const ws = (await exportBook()).worksheets[0];
    texts.forEach((t, i) => {
      const c = ws.getCell(i + 1, 1);
      expect(c.type, t).toBe(ExcelJS.ValueType.String);
      expect(c.value).toBe(t);
      expect(c.numFmt).toBe('@');
    });
    expect(ws.getCell(10, 1).type).toBe(ExcelJS.ValueType.Formula);
  });
});

describe('import into an open sheet', () => {
  it('an editor who has the sheet open gets the imported workbook in place of the old one', async () => {
    const e = connectEditor(app.url, `page.${pageId}`, owner.user_token);
    try {
      await synced(e);
      setCell(e, '40,0', { v: 'typed before the import' });
      const bytes = await book((b) => (b.addWorksheet('Fresh').getCell('B2').value = 'imported'));
      await importOk(bytes);
      await until(() => workbookOf(e).sheets.map((s) => s.name).join() === 'Fresh', 'the open sheet shows the import');
      expect(workbookOf(e).sheets[0].cells).toEqual({ '1,1': { v: 'imported' } });
    } finally {
      e.destroy();
    }
  });
});

describe('bad files are refused with nothing changed', () => {
  it('an old .xls file: "save it as .xlsx"', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    await importRefusedNow(ole, /save it as \.xlsx/, 'old.xls');
  });

  it('a corrupted file', async () => {
    await importRefusedNow(Buffer.from('this is not a workbook at all'), /not an Excel workbook/);
    // a zip that is no workbook: the job finds out
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    await importRefusedByJob(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), /not an Excel workbook/, /不是 Excel 工作簿/);
    // a real workbook cut in half
    const whole = await book((b) => (b.addWorksheet('S').getCell('A1').value = 'x'));
    await importRefusedNow(whole.subarray(0, Math.floor(whole.length / 2)), /not an Excel workbook/);
  });

  it('a zip bomb disguised as .xlsx', async () => {
    const zip = new JSZip();
    const real = await JSZip.loadAsync(await book((b) => (b.addWorksheet('S').getCell('A1').value = 'x')));
    for (const [name, f] of Object.entries(real.files)) if (!f.dir) zip.file(name, await f.async('uint8array'));
    // 30 MB of spaces packs into a few kilobytes
    zip.file('xl/worksheets/padding.xml', ' '.repeat(30 * 1024 * 1024));
    await importRefusedNow(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } }), /would unpack to more than/);
  });

  it('a sheet of 100,000 × 1,000', async () => {
    const bytes = await book((b) => {
      const ws = b.addWorksheet('Huge');
      ws.getCell('A1').value = 'top';
      ws.getCell(100_000, 1_000).value = 'far corner';
    });
    await importRefusedByJob(bytes, /Sheet "Huge" is too large: at most \d+ rows/, /工作表“Huge”过大：最多可导入 \d+ 行/);
  });

  it('a 50 MB workbook: by the site upload limit, and by the import limit when the site allows more', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(50 * 1024 * 1024)]);
    await importRefusedNow(big, /too large/);
    await app.deps.settings.save({ upload_max_mb: 100 });
    try {
      await importRefusedNow(big, /larger than 20 MB/);
    } finally {
      await app.deps.settings.save({ upload_max_mb: 4 });
    }
  });
});

describe('who may import and export', () => {
  it('a read-only member may export but not import; a stranger neither; other items have no spreadsheet', async () => {
    const bytes = await book((b) => (b.addWorksheet('S').getCell('A1').value = 'x'));
    const before = await content();
    expect((await upload(bytes, reader.user_token)).error_code).toBe(10103);
    expect((await upload(bytes, stranger.user_token)).error_code).toBe(10307);
    expect(await content()).toBe(before);
    expect((await exportBook(reader.user_token)).worksheets.length).toBeGreaterThan(0);
    expect((await app.call('sheet/export', { item_id: itemId }, { token: stranger.user_token })).error_code).toBe(10307);
    const regular = await seedItem(app.deps.db, owner);
    await seedPage(app.deps.db, regular, 'markdown');
    expect(await app.call('sheet/export', { item_id: regular }, { token: owner.user_token })).toMatchObject({ error_code: 10101, error_message: 'Only table items have a spreadsheet to import or export' });
    expect((await upload(bytes, owner.user_token, 'b.xlsx', regular)).error_code).toBe(10101);
  });
});
