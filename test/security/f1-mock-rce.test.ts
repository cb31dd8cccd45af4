// F1 — remote code execution through mock templates. mockjs evaluated placeholder arguments with
// eval(), so a template saved by any editor ran code for every anonymous caller of its public URL.
// Each payload below must be refused when it is saved (a clear message naming the placeholder) or
// come out as inert text; nothing may run: no file created, no environment leaked, server alive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { mocks } from '../../server/db/schema';
import { mockPool } from '../../server/mock/pool';

const MARKER_VAR = 'QUIRE_F1_MARKER';
// lower case, so '@lower(...)' around a leaked value would not hide it
const marker = `f1secret${randomBytes(8).toString('hex')}`;
const dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-f1-'));
const dropped = (name: string) => path.join(dropDir, name);

// Placeholder arguments in mockjs end at the first ')', so working exploits call through tagged
// template literals (fn`…`) instead of parentheses.
const BT = '`';
const payloads: Record<string, string> = {
  'the reported payload (child_process id)': `@lower(require.call${BT}\${"child_process"}${BT}.execSync.call${BT}\${"id"}${BT}+"")`,
  'execSync touching a file': `@lower(require.call${BT}\${"child_process"}${BT}.execSync.call${BT}\${"touch ${dropped('touched')}"}${BT}+"")`,
  'fs.writeFileSync': `@lower(require.call${BT}\${"fs"}${BT}.writeFileSync.call${BT}\${"${dropped('written')}"}\${"pwned"}${BT}+"")`,
  "require('fs') with parentheses": `@lower(require("fs").writeFileSync("${dropped('paren')}","x"))`,
  'process.env': `@lower(process.env.${MARKER_VAR})`,
  'process.mainModule.require': `@lower(process.mainModule.require.call${BT}\${"child_process"}${BT}.execSync.call${BT}\${"touch ${dropped('main')}"}${BT}+"")`,
  'global.process': `@lower(global.process.env.${MARKER_VAR})`,
  globalThis: `@lower(globalThis.process.env.${MARKER_VAR})`,
  'this.constructor.constructor (tagged)': `@lower(this.constructor.constructor${BT}return process.env.${MARKER_VAR}${BT}${BT}${BT})`,
  'this.constructor.constructor("return process")()': `@lower(this.constructor.constructor("return process")().env.${MARKER_VAR})`,
  'template literal': `@lower(${BT}\${process.env.${MARKER_VAR}}${BT})`,
  'Function (tagged)': `@lower(Function${BT}return process.env.${MARKER_VAR}${BT}${BT}${BT})`,
  'Function(...)': `@lower(Function("return process.env.${MARKER_VAR}")())`,
  'import()': `@lower(import("child_process").then(m=>m.execSync("touch ${dropped('import')}")))`,
  '(0,eval)': `@lower((0,eval)${BT}process.env.${MARKER_VAR}${BT})`,
  'window.eval': `@lower(window.eval("process.env.${MARKER_VAR}"))`,
  '[].constructor.constructor': `@lower([].constructor.constructor${BT}return process.env.${MARKER_VAR}${BT}${BT}${BT})`,
  'nested placeholder around the payload': `@upper(@lower(require.call${BT}\${"child_process"}${BT}.execSync.call${BT}\${"touch ${dropped('nested')}"}${BT}))`,
  '@constructor': '@constructor("return process")()',
  '@__proto__': '@__proto__',
  '@toString / @hasOwnProperty': '@toString @hasOwnProperty',
};

describe('F1: mock templates never run code', () => {
  let app: TestApp;
  let token: string;
  let pageId: number;
  let probePageId: number;

  const mockRows = () => app.deps.db.select().from(mocks);

  /** everything any generated answer or error said, to look for leaks */
  const seen: string[] = [];

  beforeAll(async () => {
    process.env[MARKER_VAR] = marker;
    app = await startTestApp();
    token = (await app.register('f1editor')).user_token;
    const item = await app.call('item/add', { item_name: 'F1', item_type: 1 }, { token });
    const itemId = item.data.item_id as number;
    const p1 = await app.call('page/save', { page_id: 0, item_id: itemId, page_title: 'Payloads', page_content: 'x' }, { token });
    const p2 = await app.call('page/save', { page_id: 0, item_id: itemId, page_title: 'Probe', page_content: 'x' }, { token });
    pageId = p1.data.page_id;
    probePageId = p2.data.page_id;
  }, 120_000);

  afterAll(async () => {
    delete process.env[MARKER_VAR];
    fs.rmSync(dropDir, { recursive: true, force: true });
    await app?.close();
  });

  /** saves through mock/add; when accepted, fetches the public URL anonymously */
  async function attempt(template: string): Promise<{ refused: string | null; body: string | null }> {
    const add = await app.call('mock/add', { page_id: pageId, template, path: '/payload' }, { token });
    seen.push(JSON.stringify(add));
    if (add.error_code !== 0) return { refused: add.error_message ?? '', body: null };
    const res = await app.fetch(`/mock-data/${add.data.unique_key}`);
    const body = await res.text();
    seen.push(body);
    return { refused: null, body };
  }

  for (const [name, placeholder] of Object.entries(payloads)) {
    it(`refuses or neutralises: ${name}`, async () => {
      const before = await mockRows();
      const { refused, body } = await attempt(JSON.stringify({ out: placeholder }));
      if (refused !== null) {
        // refused at save time, naming the placeholder, and nothing stored
        expect(refused).toMatch(/mock placeholder "@/i);
        expect(await mockRows()).toEqual(before);
      } else {
        // accepted only as inert text
        expect(body).not.toMatch(/uid=\d+/);
        expect(body).not.toContain(marker);
      }
      expect(fs.readdirSync(dropDir)).toEqual([]);
    });
  }

  it('a payload stored behind the API (old rows, direct writes) is not run by the public URL either', async () => {
    const [row] = await app.deps.db
      .insert(mocks)
      .values({
        uniqueKey: `f1stored${randomBytes(6).toString('hex')}`,
        uid: 1,
        pageId: probePageId,
        itemId: (await app.deps.db.query.pages.findFirst({ where: (p, { eq: e }) => e(p.pageId, probePageId) }))!.itemId,
        template: '{}',
        path: '/stored',
        addtime: 1,
        lastUpdateTime: 1,
      })
      .returning();
    for (const placeholder of Object.values(payloads)) {
      await app.deps.db.update(mocks).set({ template: JSON.stringify({ out: placeholder }) }).where(eq(mocks.id, row.id));
      const res = await app.fetch(`/mock-data/${row.uniqueKey}`);
      const body = await res.text();
      seen.push(body);
      expect(body, placeholder).not.toMatch(/uid=\d+/);
      expect(body, placeholder).not.toContain(marker);
    }
    expect(fs.readdirSync(dropDir)).toEqual([]);
  });

  it('prototype keys are refused and pollute nothing', async () => {
    for (const template of ['{"__proto__": {"polluted": "yes"}}', '{"a": {"constructor": {"prototype": {"polluted": "yes"}}}}', '{"list|2": [{"__proto__|1": {"polluted": "yes"}}]}']) {
      const { refused } = await attempt(template);
      expect(refused, template).toMatch(/may not use the key/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('generation runs in a separate process without the server\'s environment', async () => {
    const pids = mockPool().pids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      expect(pid).not.toBe(process.pid);
      expect(fs.readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(new RegExp(`^PPid:\\s+${process.pid}$`, 'm'));
      expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain(marker);
    }
  });

  it('the server survives its generator process dying mid-request', async () => {
    // long enough to be caught busy, short enough for mock/add's and mock-data's 2 s limit on a
    // loaded CI machine: 1,000 paragraphs passed it beside the browser suite only most of the time.
    // A generation that ends before it is caught busy is simply tried again.
    const heavy = JSON.stringify({ 'list|300': [{ s: '@paragraph(1)' }] });
    const add = await app.call('mock/add', { page_id: probePageId, template: heavy, path: '/heavy' }, { token });
    expect(add.error_code).toBe(0);
    let victim: number | undefined;
    let pending: Promise<Response> | undefined;
    for (let attempt = 0; attempt < 20 && !victim; attempt++) {
      let settled = false;
      pending = app.fetch(`/mock-data/${add.data.unique_key}`).finally(() => (settled = true));
      while (!victim && !settled) {
        await new Promise((r) => setImmediate(r));
        victim = mockPool().busyPids()[0];
      }
      if (!victim) await pending;
    }
    expect(victim).toBeGreaterThan(0);
    process.kill(victim!, 'SIGKILL');
    const res = await pending!;
    expect(res.status).toBe(400);
    expect((await res.json()).error_message).toBe('The mock generator stopped unexpectedly');
    const again = await app.fetch(`/mock-data/${add.data.unique_key}`);
    expect(again.status).toBe(200);
    expect((await again.json()).list).toHaveLength(300);
    expect(mockPool().pids()).not.toContain(victim);
  });

  it('nothing leaked, nothing written, and the server still generates a normal mock', async () => {
    expect(seen.length).toBeGreaterThan(Object.keys(payloads).length);
    for (const s of seen) {
      expect(s).not.toContain(marker);
      expect(s).not.toMatch(/uid=\d+\(/);
    }
    expect(fs.readdirSync(dropDir)).toEqual([]);
    const ok = await app.call('mock/add', { page_id: probePageId, template: JSON.stringify({ 'list|2-4': [{ 'id|+1': 1, name: '@name' }] }), path: '/alive' }, { token });
    expect(ok.error_code).toBe(0);
    const res = await app.fetch(`/mock-data/${ok.data.unique_key}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.list.length).toBeGreaterThanOrEqual(2);
    expect(body.list.map((x: { id: number }) => x.id).slice(0, 2)).toEqual([1, 2]);
    expect(body.list[0].name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });
});
