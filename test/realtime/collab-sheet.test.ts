// Spreadsheet items on /collab with real y-websocket clients: a table item's page document is
// seeded with its workbook (ShowDoc's x-spreadsheet converted), editors of different cells and
// of the same cell converge, a read-only member's updates are refused, a write that bypassed the
// grid is merged cell by cell, and the saved workbook is searchable and diffs cell by cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { isDeepStrictEqual } from 'node:util';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { cellOf, cellValueIs, setCell, workbookOf } from '../helpers/sheet';
import { docUpdates } from '../../server/db/schema';
import { loadState } from '../../server/domain/collab/store';
import { writeWorkbookToStoredDoc } from '../../server/domain/collab/sheetStore';
import { yDocToWorkbook } from '../../shared/sheet/ydoc';
import { serializeWorkbook } from '../../shared/sheet/workbook';
import { ITEM_TYPE } from '../../shared/limits';

let app: TestApp;
let owner: { uid: number; user_token: string; username: string };
let editor: { uid: number; user_token: string; username: string };
let reader: { uid: number; user_token: string; username: string };
let itemId: number;
const open: Editor[] = [];
const track = (e: Editor) => (open.push(e), e);
const connect = (pageId: number, token: string) => track(connectEditor(app.url, `page.${pageId}`, token));

const storedWorkbook = async (doc: string) => {
  const d = new Y.Doc();
  for (const u of (await loadState(app.deps, doc)).updates) Y.applyUpdate(d, u);
  return yDocToWorkbook(d);
};

const XS = JSON.stringify([
  { name: 'Old sheet', freeze: 'A1', styles: [], merges: ['A1:B1'], rows: { '0': { cells: { '0': { text: 'Migrated & <kept>', merge: [0, 1] } } }, '2': { cells: { '1': { text: '=1+2' } } }, len: 100 }, cols: { '0': { width: 180 }, len: 26 } },
]).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('sh_owner');
  editor = await app.register('sh_editor');
  reader = await app.register('sh_reader');
  itemId = await seedItem(app.deps.db, owner, { itemType: ITEM_TYPE.table });
  await addMember(app.deps.db, itemId, editor, 1);
  await addMember(app.deps.db, itemId, reader, 0);
});
afterAll(async () => {
  open.forEach((e) => e.destroy());
  await app.close();
});

describe('sheet documents', () => {
  it("seeds a new table item's empty page with one empty sheet of 500 rows", async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    await synced(a);
    const wb = workbookOf(a);
    expect(wb.sheets).toHaveLength(1);
    expect(wb.sheets[0]).toMatchObject({ rows: 500, cells: {} });
    expect(a.text.toString()).toBe('');
  });

  it("converts ShowDoc's HTML-escaped x-spreadsheet content on first open", async () => {
    const pageId = await seedPage(app.deps.db, itemId, XS);
    const a = connect(pageId, owner.user_token);
    await synced(a);
    const s = workbookOf(a).sheets[0];
    expect(s.name).toBe('Old sheet');
    expect(s.cells['0,0']).toEqual({ v: 'Migrated & <kept>' });
    expect(s.cells['2,1']).toEqual({ f: '=1+2' });
    expect(s.merges).toEqual([{ r: 0, c: 0, rs: 1, cs: 2 }]);
    expect(s.colWidths).toEqual({ '0': 180 });
  });

  it('two editors on different cells both keep their edits, everywhere and in storage', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    const b = connect(pageId, editor.user_token);
    await Promise.all([synced(a), synced(b)]);
    setCell(a, '0,0', { v: 'from a' });
    setCell(b, '5,3', { v: 42 });
    await Promise.all([cellValueIs(a, '5,3', 42), cellValueIs(b, '0,0', 'from a')]);
    expect(workbookOf(a)).toEqual(workbookOf(b));
    await until(async () => isDeepStrictEqual(await storedWorkbook(`page.${pageId}`), workbookOf(a)), 'stored');
  });

  it('two editors typing into the same cell end with the same value', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    const b = connect(pageId, editor.user_token);
    await Promise.all([synced(a), synced(b)]);
    a.provider.disconnect();
    b.provider.disconnect();
    setCell(a, '1,1', { v: 'A typed' });
    setCell(b, '1,1', { v: 'B typed' });
    a.provider.connect();
    b.provider.connect();
    await until(() => cellOf(a, '1,1')?.v === cellOf(b, '1,1')?.v, 'same value on both');
    expect(['A typed', 'B typed']).toContain(cellOf(a, '1,1')?.v);
    const late = connect(pageId, reader.user_token);
    await synced(late);
    await until(() => cellOf(late, '1,1')?.v === cellOf(a, '1,1')?.v, 'late joiner agrees');
  });

  it("drops a read-only member's cell edits: never broadcast, never stored", async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const w = connect(pageId, owner.user_token);
    const r = connect(pageId, reader.user_token);
    await Promise.all([synced(w), synced(r)]);
    const before = app.realtime!.collab.droppedUpdates;
    setCell(r, '0,0', { v: 'HACK' });
    await until(() => app.realtime!.collab.droppedUpdates > before, 'update dropped');
    setCell(w, '0,1', { v: 'ok' });
    await cellValueIs(r, '0,1', 'ok');
    expect(cellOf(w, '0,0')).toBeUndefined();
    const stored = await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pageId}`));
    expect(stored.every((u) => u.uid !== reader.uid)).toBe(true);
    expect((await storedWorkbook(`page.${pageId}`)).sheets[0].cells['0,0']).toBeUndefined();
  });

  it('merges a save that bypassed the grid cell by cell, keeping live edits of other cells', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    await synced(a);
    const saved = workbookOf(a);
    setCell(a, '9,9', { v: 'live' });
    await until(async () => (await storedWorkbook(`page.${pageId}`)).sheets[0].cells['9,9']?.v === 'live', 'live edit stored');
    const next = structuredClone(saved);
    next.sheets[0].cells['0,0'] = { v: 'from the API' };
    const res = await app.call('page/save', { page_id: pageId, item_id: itemId, page_content: serializeWorkbook(next), page_title: 'Live page' }, { token: owner.user_token });
    expect(res.error_code).toBe(0);
    // the saved content was '' before: the merge goes from the empty workbook to `next`
    await cellValueIs(a, '0,0', 'from the API');
    expect(cellOf(a, '9,9')?.v).toBe('live');
  });
});

describe('writes from outside the /collab server', () => {
  it('a workbook a job stores (as an import in a worker does) reaches the open sheets', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    await synced(a);
    setCell(a, '0,0', { v: 'live' });
    await until(async () => (await storedWorkbook(`page.${pageId}`)).sheets[0].cells['0,0']?.v === 'live', 'stored');
    const next = structuredClone(workbookOf(a));
    next.sheets[0].cells['3,3'] = { v: 'from the job' };
    // no page.saved here: only the stored document and its event, as from a worker process
    expect(await writeWorkbookToStoredDoc(app.deps, `page.${pageId}`, next, owner.uid)).toBe(true);
    await cellValueIs(a, '3,3', 'from the job');
  });
});

describe('saved workbooks', () => {
  it('are found by the text of their cells, not by their JSON keys', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    await synced(a);
    setCell(a, '3,2', { v: 'Quarterlyrevenue' });
    const wb = workbookOf(a);
    const save = await app.call('page/save', { page_id: pageId, item_id: itemId, page_content: serializeWorkbook(wb), page_title: 'Live page', from_collab: 1 }, { token: owner.user_token });
    expect(save.error_code).toBe(0);
    const hit = await app.call('item/search', { item_id: itemId, keyword: 'quarterlyrevenue' }, { token: owner.user_token });
    expect(hit.error_code).toBe(0);
    expect(JSON.stringify(hit.data)).toContain(`${pageId}`);
    // the snippet shows cell text, not the JSON around it
    expect(JSON.stringify(hit.data)).toContain('Quarterlyrevenue');
    expect(JSON.stringify(hit.data)).not.toContain('rowHeights');
    const miss = await app.call('item/search', { item_id: itemId, keyword: 'rowHeights' }, { token: owner.user_token });
    expect(JSON.stringify(miss.data)).not.toContain(`"page_id":${pageId}`);
  });

  it('diff against a history version lists the changed cells, old → new', async () => {
    const pageId = await seedPage(app.deps.db, itemId, '');
    const a = connect(pageId, owner.user_token);
    await synced(a);
    setCell(a, '0,0', { v: 'first' });
    const v1 = workbookOf(a);
    expect((await app.call('page/save', { page_id: pageId, item_id: itemId, page_content: serializeWorkbook(v1), page_title: 'T', from_collab: 1 }, { token: owner.user_token })).error_code).toBe(0);
    setCell(a, '0,0', { v: 'second' });
    setCell(a, '1,2', { f: '=A1', v: 'second' });
    const v2 = workbookOf(a);
    expect((await app.call('page/save', { page_id: pageId, item_id: itemId, page_content: serializeWorkbook(v2), page_title: 'T', from_collab: 1 }, { token: owner.user_token })).error_code).toBe(0);
    const history = await app.call('page/history', { page_id: pageId }, { token: owner.user_token });
    const first = (history.data as { page_history_id: number; page_content: string }[]).find((h) => h.page_content.includes('first'))!;
    const diff = await app.call('page/diff', { page_id: pageId, page_history_id: first.page_history_id }, { token: owner.user_token });
    expect(diff.error_code).toBe(0);
    expect((diff.data as { sheet_diff: unknown }).sheet_diff).toEqual({
      sheetsAdded: [],
      sheetsRemoved: [],
      cells: [
        { sheet: 'Sheet1', cell: 'A1', before: 'first', after: 'second' },
        { sheet: 'Sheet1', cell: 'C2', before: '', after: '=A1' },
      ],
    });
  });
});
