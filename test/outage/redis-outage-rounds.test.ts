// Issue #24's convergence experiment, twenty times over: two co-editors on different API
// processes (one PostgreSQL, one Redis of our own) type before, through and after a 20-second
// Redis outage. After each outage both editors converge with every token either typed, a fresh
// client on each process loads every token, and a save made the way the web client saves (the
// editor's text through page/save) stores every token. Runs as its own suite (`cluster-outage`, about 9
// minutes of mostly waiting): CI runs it beside the browser suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedItem, seedPage, addMember, connectEditor, synced, type Editor } from '../helpers/realtime';
import { createUserWithToken, startTwoProcesses, until, type ClusterUser, type ServerProcess, type TwoProcesses } from '../helpers/cluster';
import { pages } from '../../server/db/schema';

const ROUNDS = 20;
const OUTAGE_MS = 20_000;

let c: TwoProcesses;
let ann: ClusterUser;
let bob: ClusterUser;
let itemId: number;
const editors: Editor[] = [];
const track = (e: Editor) => (editors.push(e), e);
const running = (node: ServerProcess) => node.proc.exitCode === null && node.proc.signalCode === null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function save(node: ServerProcess, token: string, pageId: number, text: string): Promise<number> {
  const res = await fetch(`${node.url}/api/page/save`, {
    method: 'POST',
    headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ item_id: String(itemId), page_id: String(pageId), page_title: 'Co-edited', page_content: text }),
  });
  return ((await res.json()) as { error_code: number }).error_code;
}

beforeAll(async () => {
  c = await startTwoProcesses({ LOG_LEVEL: 'warn' });
  ann = await createUserWithToken(c.db, 'ro_ann');
  bob = await createUserWithToken(c.db, 'ro_bob');
  itemId = await seedItem(c.db.db, ann);
  await addMember(c.db.db, itemId, bob, 1);
}, 120_000);

afterAll(async () => {
  editors.forEach((e) => e.destroy());
  await c?.stop();
});

describe(`co-editors on two processes through a ${OUTAGE_MS / 1000} s Redis outage, ${ROUNDS} times`, () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: both editors, a fresh client on each process and a saved page have every edit`, async () => {
      const pageId = await seedPage(c.db.db, itemId, '');
      const doc = `page.${pageId}`;
      const a = track(connectEditor(c.n1.url, doc, ann.user_token));
      const b = track(connectEditor(c.n2.url, doc, bob.user_token));
      await Promise.all([synced(a), synced(b)]);

      const typed: string[] = [];
      let typing = true;
      const type = async (e: Editor, who: string) => {
        for (let i = 0; typing; i++) {
          const token = `${who}${round}.${i} `;
          e.text.insert(who === 'a' ? e.text.length : 0, token);
          typed.push(token);
          await sleep(50);
        }
      };
      const both = Promise.all([type(a, 'a'), type(b, 'b')]);
      await sleep(2000);
      await c.redis.stop();
      try {
        await sleep(OUTAGE_MS);
      } finally {
        await c.redis.start();
      }
      // keep typing after Redis is back: live relay must resume, not only the catch-up
      await sleep(3000);
      typing = false;
      await both;

      const missing = (text: string) => typed.filter((t) => !text.includes(t));
      await until(
        () => a.text.toString() === b.text.toString() && missing(a.text.toString()).length === 0,
        () => `editors converged: a misses ${missing(a.text.toString()).length}, b misses ${missing(b.text.toString()).length} of ${typed.length}`,
        20_000,
      );
      for (const node of [c.n1, c.n2]) {
        const fresh = connectEditor(node.url, doc, ann.user_token);
        try {
          await synced(fresh);
          await until(() => missing(fresh.text.toString()).length === 0, () => `a fresh client on ${node.url} misses ${missing(fresh.text.toString()).length} of ${typed.length}`, 10_000);
        } finally {
          fresh.destroy();
        }
      }
      // each editor saves as the web client does; the stored page has every edit
      expect(await save(c.n1, ann.user_token, pageId, a.text.toString())).toBe(0);
      expect(await save(c.n2, bob.user_token, pageId, b.text.toString())).toBe(0);
      const [row] = await c.db.db.select({ content: pages.pageContent }).from(pages).where(eq(pages.pageId, pageId));
      expect(missing(row.content ?? '')).toEqual([]);
      expect(running(c.n1) && running(c.n2)).toBe(true);
      a.destroy();
      b.destroy();
    }, 90_000);
  }
});
