// Co-editing storage with real y-websocket clients: the update log is compacted into the snapshot
// in the background while the document is being edited, losing nothing; and the text-length
// limit refuses an update before it is applied (nothing stored, nothing broadcast).
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { connectEditor, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { docSnapshots, docUpdates } from '../../server/db/schema';
import { loadState } from '../../server/domain/collab/store';
import { COLLAB_LIMITS } from '../../server/realtime/limits';

let app: TestApp;
let owner: { uid: number; user_token: string; username: string };
let itemId: number;
const open: Editor[] = [];
const track = (e: Editor) => (open.push(e), e);
const logRows = async (doc: string) => (await app.deps.db.select({ id: docUpdates.id }).from(docUpdates).where(eq(docUpdates.docName, doc))).length;
const snapshot = async (doc: string) => (await app.deps.db.select().from(docSnapshots).where(eq(docSnapshots.docName, doc)))[0];
/** the text a process loading the document from storage now would see */
const storedText = async (doc: string) => {
  const d = new Y.Doc();
  for (const u of (await loadState(app.deps, doc)).updates) Y.applyUpdate(d, u);
  const text = d.getText('content').toString();
  d.destroy();
  return text;
};

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('cs_owner');
  itemId = await seedItem(app.deps.db, owner);
});
afterAll(async () => {
  open.forEach((e) => e.destroy());
  await app?.close();
});

describe('compaction', () => {
  it('folds the log into the snapshot while the document is being edited, and loses nothing', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'start:');
    const doc = `page.${pageId}`;
    const e = track(connectEditor(app.url, doc, owner.user_token));
    await synced(e);
    const edits = COLLAB_LIMITS.compactAfterUpdates + 50;
    for (let i = 0; i < edits; i++) e.text.insert(e.text.length, String(i % 10));
    const typed = e.text.toString();
    // compacted during the session: the editor is still connected (unloading compacts too, but later)
    await until(async () => ((await snapshot(doc))?.upToId ?? 0) > 0 && (await logRows(doc)) < COLLAB_LIMITS.compactAfterUpdates, 'log folded into the snapshot', 20_000);
    expect(app.realtime!.collab.loaded(doc)!.conns.size).toBe(1);
    await until(async () => (await storedText(doc)) === typed, 'storage holds every edit');
    expect(typed).toBe('start:' + Array.from({ length: edits }, (_, i) => String(i % 10)).join(''));
    // editing goes on after the compaction, and a newcomer gets it all
    e.text.insert(0, '>');
    await until(async () => (await storedText(doc)) === '>' + typed, 'later edit stored');
    const late = track(connectEditor(app.url, doc, owner.user_token));
    await synced(late);
    await until(() => late.text.toString() === '>' + typed, 'late joiner has everything');
  });
});

describe('text limit', () => {
  it('refuses an update that would take the text past the limit before applying it: not stored, not broadcast', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'small');
    const doc = `page.${pageId}`;
    const watcher = track(connectEditor(app.url, doc, owner.user_token));
    const writer = track(connectEditor(app.url, doc, owner.user_token));
    await Promise.all([synced(watcher), synced(writer)]);
    writer.text.insert(5, '!');
    await until(() => watcher.text.toString() === 'small!', 'a small edit goes through');
    const rowsBefore = await logRows(doc);

    writer.text.insert(0, 'x'.repeat(COLLAB_LIMITS.maxTextChars));
    expect(await writer.closed).toEqual({ code: 4413, reason: 'document too large' });
    writer.destroy();

    await new Promise((r) => setTimeout(r, 300));
    expect(app.realtime!.collab.loaded(doc)!.text.toString()).toBe('small!');
    expect(watcher.text.toString()).toBe('small!');
    expect(await logRows(doc)).toBe(rowsBefore);
    expect(await storedText(doc)).toBe('small!');
    // the others go on editing
    watcher.text.insert(0, 'still ');
    await until(async () => (await storedText(doc)) === 'still small!', 'the watcher still edits');
  });
});
