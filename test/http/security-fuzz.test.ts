// Hostile parameters against every registered action (security.md §1.2, ASVS 5.1.x): SQL- and
// NoSQL-shaped strings, objects and arrays where text is expected, huge numbers and 1 MB strings,
// posted to each action of server/api/index.ts's registry by a logged-in stranger, by the owner of
// the objects named (one hostile parameter at a time, the others valid) and by an administrator.
// Every answer must be a well-formed envelope (or a deliberate raw reply), never a 5xx, never slow
// (no pg_sleep executed), and a refused call must leave the database exactly as it was.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { controllers } from '../../server/api';
import { Params } from '../../server/http/params';
import { catalogs, items, mocks, notices, pages, teamItems, teamMembers, teams, templates, users } from '../../server/db/schema';

let app: TestApp;
let admin: Actor;
let owner: Actor;
let stranger: Actor;

interface World {
  itemId: number;
  catId: number;
  pageId: number;
  teamId: number;
  templateId: number;
  noticeId: number;
  mockKey: string;
}
let world: World;

/** Tables whose rows legitimately move on a refused call: rate-limit/failure counters and captchas. */
const VOLATILE = new Set(['throttles', 'captchas', 'fuzz_changes']);

async function rows<T = any>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r: any = await app.deps.db.execute(q);
  return (r.rows ?? r) as T[];
}

/** Rows written since the last call, per table (row triggers installed in beforeAll). */
async function changes(): Promise<string[]> {
  const r = await rows<{ tbl: string }>(sql`delete from fuzz_changes returning tbl`);
  return [...new Set(r.map((x) => x.tbl))].sort();
}

async function buildWorld(): Promise<World> {
  const db = app.deps.db;
  const now = Math.floor(Date.now() / 1000);
  const b = await buildItem(app, owner, {
    name: 'Fuzz item',
    password: 'item-pw',
    catalogs: [{ name: 'Cat', pages: ['Page'] }],
  });
  const pageId = b.pages.Page;
  const [team] = await db.insert(teams).values({ teamName: 'Fuzz team', uid: owner.uid, username: owner.username, addtime: now }).returning();
  await db.insert(teamMembers).values({ teamId: team.id, memberUid: admin.uid, memberUsername: admin.username, addtime: now });
  await db.insert(teamItems).values({ teamId: team.id, itemId: b.itemId, addtime: now });
  const [tpl] = await db.insert(templates).values({ uid: owner.uid, username: owner.username, templateTitle: 'T', templateContent: 'c', addtime: now }).returning();
  const [notice] = await db.insert(notices).values({ toUid: owner.uid, noticeTitle: 'N', noticeTime: now }).returning();
  const mockKey = `fuzzmock${b.itemId}`;
  await db.insert(mocks).values({ uniqueKey: mockKey, uid: owner.uid, pageId, itemId: b.itemId, template: '{"a":1}', path: '/fuzz', addtime: now, lastUpdateTime: now });
  return { itemId: b.itemId, catId: b.cats.Cat, pageId, teamId: team.id, templateId: tpl.id, noticeId: notice.noticeId, mockKey };
}

/** Accepted calls may delete or archive the objects named; rebuild them when they are gone. */
async function ensureWorld(): Promise<void> {
  const db = app.deps.db;
  const [item] = await db.select().from(items).where(eq(items.itemId, world.itemId));
  const [page] = await db.select().from(pages).where(eq(pages.pageId, world.pageId));
  const [cat] = await db.select().from(catalogs).where(eq(catalogs.catId, world.catId));
  const [team] = await db.select().from(teams).where(eq(teams.id, world.teamId));
  const [tpl] = await db.select().from(templates).where(eq(templates.id, world.templateId));
  const [notice] = await db.select().from(notices).where(eq(notices.noticeId, world.noticeId));
  const ok =
    item && !item.isDel && !item.isArchived && item.uid === owner.uid && page && !page.isDel && page.itemId === world.itemId && cat && team && team.uid === owner.uid && tpl && notice;
  if (!ok) world = await buildWorld();
}

/** Valid values for every parameter name, pointing at the owner's objects. */
function baseline(): Record<string, string> {
  const w = world;
  return {
    item_id: String(w.itemId),
    page_id: String(w.pageId),
    cat_id: String(w.catId),
    parent_cat_id: '0',
    new_p_cat_id: '0',
    to_item_id: String(w.itemId),
    copy_item_id: String(w.itemId),
    team_id: String(w.teamId),
    id: String(w.templateId),
    notice_id: String(w.noticeId),
    unique_key: w.mockKey,
    username: admin.username,
    member_username: admin.username,
    uid: String(stranger.uid),
    password: 'wrong-password-1',
    item_name: 'Fuzz item',
    page_title: 'Page',
    page_content: 'content',
    cat_name: 'Cat',
    template_title: 'T',
    template_content: 'c',
    team_name: 'Fuzz team',
    keyword: 'x',
    s_number: '1',
  };
}

type Payload =
  | { label: string; kind: 'form'; value: string }
  | { label: string; kind: 'json'; value: unknown }
  | { label: string; kind: 'qs'; suffix: string };

const MB = "'" + 'a'.repeat(1024 * 1024);
/** the stranger pass sends all of these; the owner pass the ones marked `owner` */
const PAYLOADS: (Payload & { owner?: boolean })[] = [
  { label: 'sql quote', kind: 'form', value: "' OR 1=1 --", owner: true },
  { label: 'pg_sleep', kind: 'form', value: '1) OR pg_sleep(5) IS NULL--' },
  { label: 'nosql text', kind: 'form', value: '{"$ne":null}' },
  { label: 'nosql object', kind: 'json', value: { $ne: null }, owner: true },
  { label: 'array', kind: 'json', value: [1, '2'] },
  { label: 'qs object', kind: 'qs', suffix: '[$ne]=1' },
  { label: 'huge number', kind: 'form', value: '9999999999999999999', owner: true },
  { label: '1 MB', kind: 'form', value: MB, owner: true },
];

interface Outcome {
  status: number;
  type: string;
  json: any;
  ms: number;
}

async function send(route: string, base: Record<string, string>, name: string | null, p: Payload | null, token?: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (token) headers['X-API-Token'] = token;
  let body: string;
  if (p?.kind === 'json') {
    headers['Content-Type'] = 'application/json';
    const o: Record<string, unknown> = { ...base };
    if (name) o[name] = p.value;
    body = JSON.stringify(o);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const f = new URLSearchParams(base);
    if (name && p?.kind === 'form') f.set(name, p.value);
    if (name && p?.kind === 'qs') f.delete(name);
    body = f.toString();
    if (name && p?.kind === 'qs') body += (body ? '&' : '') + encodeURIComponent(name).replace(/%24/g, '$') + p.suffix.replace('$', '%24');
  }
  const t0 = Date.now();
  // a redirect is the answer (extLogin/* redirect to the login screen): where it leads is another request
  const res = await app.fetch(`/api/${route}`, { method: 'POST', headers, body, redirect: 'manual' });
  const buf = Buffer.from(await res.arrayBuffer());
  const ms = Date.now() - t0;
  const type = res.headers.get('content-type') ?? '';
  let json: any = null;
  if (/json/.test(type)) json = JSON.parse(buf.toString('utf8'));
  return { status: res.status, type, json, ms };
}

const problems: string[] = [];

function problem(msg: string): void {
  problems.push(msg);
  if (process.env.FUZZ_PROGRESS) console.error('PROBLEM ' + msg);
}

function check(where: string, o: Outcome): void {
  if (o.status >= 500) problem(`${where}: HTTP ${o.status} ${JSON.stringify(o.json)?.slice(0, 200)}`);
  // pg_sleep(5) run by the database would hold the answer for 5 s
  if (where.includes('pg_sleep') && o.ms > 4500) problem(`${where}: took ${o.ms} ms`);
  if (/text\/html/i.test(o.type)) problem(`${where}: served as ${o.type}`);
  if (o.json !== null) {
    const env = typeof o.json.error_code === 'number' && (o.json.error_code === 0 ? 'data' in o.json : typeof o.json.error_message === 'string' && o.json.error_message.length > 0);
    const editor = typeof o.json.success === 'number'; // page/uploadImg answers editor.md's shape
    const mockOutput = where.includes(' mock/infoByKey ') && o.status === 200; // generated mock JSON, by design
    if (!env && !editor && !mockOutput) problem(`${where}: not an envelope: ${JSON.stringify(o.json).slice(0, 200)}`);
  }
}

const refused = (o: Outcome) => (o.json ? o.json.error_code !== 0 && o.json.success !== 1 : o.status >= 400);

/** actions that end the caller's own session, or that every test would have to re-log in after */
const SKIP_OWNER = new Set(['user/logout']);

interface Route {
  route: string;
  auth: string;
  names: string[];
}
let routes: Route[] = [];

/** Parameter names a controller file (and the local helpers it imports) reads. */
function namesOf(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file) || !fs.existsSync(file)) return out;
  seen.add(file);
  const src = fs.readFileSync(file, 'utf8');
  for (const m of src.matchAll(/params\.(?:str|int|id|bool|oneOf|json|get|has)\(\s*'([A-Za-z_]+)'/g)) out.add(m[1]);
  for (const m of src.matchAll(/from '\.\/([A-Za-z]+)'/g)) for (const n of namesOf(path.join(path.dirname(file), `${m[1]}.ts`), seen)) out.add(n);
  return out;
}

/** Records every parameter an action reads, so names read in helpers are fuzzed too. */
const readNames = new Set<string>();
/** route → parameter names the owner/admin passes sent hostile values in */
const fuzzed = new Map<string, Set<string>>();
const originalGet = Params.prototype.get;

beforeAll(async () => {
  app = await startTestApp();
  admin = await makeUser(app, 'fuzz_admin'); // first account: administrator
  owner = await makeUser(app, 'fuzz_owner');
  stranger = await makeUser(app, 'fuzz_stranger');
  const [a] = await app.deps.db.select().from(users).where(eq(users.uid, admin.uid));
  expect(a.groupid).toBe(1);
  world = await buildWorld();

  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  await app.deps.db.execute(sql.raw(`create table fuzz_changes (tbl text not null)`));
  await app.deps.db.execute(
    sql.raw(`create function fuzz_log() returns trigger language plpgsql as $$ begin insert into fuzz_changes values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const t of tables.map((x) => x.table_name).filter((x) => !VOLATILE.has(x))) {
    await app.deps.db.execute(sql.raw(`create trigger fuzz_${t} after insert or update or delete on "${t}" for each row execute function fuzz_log()`));
  }

  const apiDir = path.resolve('server/api');
  // several files may declare the same ShowDoc controller (page/index.ts, pageUpload.ts): match by
  // object; a controller folder (api/page/) holds its files too
  const fileOf = new Map<unknown, string>();
  const controllerFiles = fs.readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'));
  for (const f of controllerFiles) {
    const mod = await import(path.join(apiDir, f));
    if (mod.default?.actions) fileOf.set(mod.default, path.join(apiDir, f));
  }
  routes = controllers.flatMap((c) =>
    Object.entries(c.actions).map(([a, def]) => ({
      route: `${c.name}/${a}`,
      auth: def.auth,
      // an action declared by a contract (shared/api) reads the names it declares
      names: [...new Set([...namesOf(fileOf.get(c) ?? ''), ...Object.keys(def.contract?.params.shape ?? {}), 'user_token', '_item_pwd'])].sort(),
    })),
  );
  expect(routes.filter((r) => r.names.length <= 2).map((r) => r.route)).not.toContain('page/save');
  Params.prototype.get = function (this: Params, name: string) {
    readNames.add(name);
    return originalGet.call(this, name);
  };
}, 120_000);

afterAll(async () => {
  Params.prototype.get = originalGet;
  await app?.close();
});

describe('hostile parameters in every action', () => {
  it('the registry has the actions we expect to walk', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.find((r) => r.route === 'page/save')?.names).toEqual(expect.arrayContaining(['page_id', 'item_id']));
  });

  it('every action declares who may call it, and the dispatcher enforces it (ASVS 4.1.1)', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.auth === 'optional') continue;
      const anon = await send(r.route, baseline(), null, null);
      if (anon.json?.error_code !== 10102) wrong.push(`anonymous ${r.route}: ${JSON.stringify(anon.json)?.slice(0, 100)}`);
      if (r.auth === 'admin') {
        const user = await send(r.route, baseline(), null, null, stranger.token);
        if (user.json?.error_code !== 10103) wrong.push(`user ${r.route}: ${JSON.stringify(user.json)?.slice(0, 100)}`);
      }
    }
    expect(routes.filter((r) => r.auth === 'admin').length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
    expect(await changes()).toEqual([]);
  });

  it('prototype-pollution shaped bodies (JSON and qs) reach no object prototype, in any action', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.route === 'user/logout') continue;
      const j = await sendRaw(r.route, '', stranger.token, 'application/json', '{"__proto__":{"polluted":1,"isAdmin":true},"constructor":{"prototype":{"polluted":1}},"item_id":{"__proto__":{"x":1}}}');
      const f = await sendRaw(r.route, '__proto__[polluted]=1&constructor[prototype][polluted]=1&item_id[__proto__][x]=1', stranger.token);
      for (const o of [j, f]) if (o.status >= 500) wrong.push(`${r.route}: HTTP ${o.status}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(wrong).toEqual([]);
    expect((await send('adminUser/getList', {}, null, null, stranger.token)).json.error_code).toBe(10103);
    await changes();
  });

  it('a logged-in stranger: every payload in every parameter at once is refused, well-formed, changes nothing', async () => {
    let calls = 0;
    problems.length = 0;
    for (const r of routes) {
      if (r.route === 'user/logout') continue;
      const t0 = Date.now();
      for (const p of PAYLOADS) {
        if (p.label === '1 MB') continue; // several 1 MB fields exceed the body limit; see the owner pass
        const names = r.names.filter((n) => n !== 'user_token');
        // all names at once: the first one read meets the payload
        await changes();
        let o: Outcome;
        if (p.kind === 'json') {
          const obj: Record<string, unknown> = Object.fromEntries(names.map((n) => [n, p.value]));
          o = await sendObj(r.route, obj, stranger.token);
        } else if (p.kind === 'form') {
          o = await send(r.route, Object.fromEntries(names.map((n) => [n, p.value])), null, null, stranger.token);
        } else {
          o = await sendRaw(r.route, names.map((n) => encodeURIComponent(n) + p.suffix.replace('$', '%24')).join('&'), stranger.token);
        }
        calls++;
        const where = `stranger ${r.route} [${p.label}]`;
        check(where, o);
        const changed = await changes();
        if (refused(o) && changed.length) problem(`${where}: refused but changed ${changed.join(',')}`);
      }
      if (process.env.FUZZ_PROGRESS) console.error(`stranger ${r.route}: ${Date.now() - t0} ms`);
    }
    expect(calls).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 300_000);

  it("the owner of every object named: one hostile parameter at a time, the others valid", async () => {
    let calls = 0;
    problems.length = 0;
    for (const r of routes) {
      // user/* and common/* take no object ids; their fields are walked by accounts.test.ts (hostile input)
      if (SKIP_OWNER.has(r.route) || r.auth === 'admin' || r.route.startsWith('user/') || r.route.startsWith('common/')) continue;
      await runAs(r, owner.token, 'owner', () => (calls += 1));
    }
    if (process.env.FUZZ_PROGRESS) console.error(`owner pass: ${calls} calls`);
    expect(calls).toBeGreaterThan(700);
    // names read inside helpers and domain code were found by watching Params.get
    expect([...(fuzzed.get('page/save') ?? [])]).toEqual(expect.arrayContaining(['page_content', 'page_title', 'cat_id', 's_number']));
    expect([...(fuzzed.get('catalog/batUpdate') ?? [])]).toEqual(expect.arrayContaining(['cats', 'item_id']));
    expect(problems).toEqual([]);
  }, 600_000);

  it('an administrator on the admin actions: one hostile parameter at a time', async () => {
    let calls = 0;
    problems.length = 0;
    for (const r of routes) {
      if (r.auth !== 'admin') continue;
      await runAs(r, admin.token, 'admin', () => (calls += 1));
    }
    expect(calls).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 300_000);
});

async function runAs(r: Route, token: string, who: string, count: () => void): Promise<void> {
  const t0 = Date.now();
  let n = 0;
  const inner = count;
  count = () => {
    n++;
    inner();
  };
  // probe with valid values: learns the names the action really reads (helpers included)
  readNames.clear();
  check(`${who} ${r.route} [probe]`, await send(r.route, baseline(), null, null, token));
  const names = new Set([...readNames].filter((n) => n !== 'user_token' && n !== 'lang'));
  await ensureWorld();
  const done = new Set<string>();
  const queue = [...names];
  while (queue.length) {
    const name = queue.shift()!;
    if (done.has(name)) continue;
    done.add(name);
    for (const p of PAYLOADS.filter((x) => x.owner)) {
      const base = baseline();
      delete base[name];
      readNames.clear();
      await changes();
      const o = await send(r.route, base, name, p, token);
      count();
      const where = `${who} ${r.route} ${name}=[${p.label}]`;
      check(where, o);
      const changed = await changes();
      if (refused(o) && changed.length) problem(`${where}: refused but changed ${changed.join(',')}`);
      if (!refused(o)) await ensureWorld();
      for (const x of readNames) if (!done.has(x) && x !== 'user_token' && x !== 'lang') queue.push(x);
    }
  }
  fuzzed.set(r.route, done);
  if (process.env.FUZZ_PROGRESS) console.error(`${who} ${r.route}: ${n} calls ${Date.now() - t0} ms`);
}

async function sendObj(route: string, obj: Record<string, unknown>, token: string): Promise<Outcome> {
  const t0 = Date.now();
  const res = await app.fetch(`/api/${route}`, { method: 'POST', headers: { 'X-API-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify(obj) });
  return outcome(res, t0);
}

async function sendRaw(route: string, body: string, token: string, type = 'application/x-www-form-urlencoded', raw?: string): Promise<Outcome> {
  const t0 = Date.now();
  const res = await app.fetch(`/api/${route}`, { method: 'POST', headers: { 'X-API-Token': token, 'Content-Type': type }, body: raw ?? body });
  return outcome(res, t0);
}

async function outcome(res: Response, t0: number): Promise<Outcome> {
  const buf = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, json: /json/.test(type) ? JSON.parse(buf.toString('utf8')) : null, ms: Date.now() - t0 };
}
