// npm run bench: starts the app in-process on PGlite (and on PostgreSQL when TEST_DATABASE_URL
// is set), seeds benchmark data with direct inserts, drives the API over HTTP with autocannon
// (in a worker thread) and prints one Markdown table against DESIGN.md §7.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/deps';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { seed, type Seeded } from './seed';
import { measure, type LoadRequest } from './measure';
import { budgetFor, describeBudget, meets, RSS_BUDGET_MB } from './budgets';
import { pageMarkdown, rng } from './content';

type Kind = 'pglite' | 'postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const log = createLogger('error');

interface Row {
  endpoint: string;
  db: Kind;
  reqPerSec?: number;
  p50?: number;
  p95?: number;
  note?: string;
  pass?: boolean;
  budget: string;
}

async function openBench(kind: Kind): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
    // the migrated data-dir dump the test suites build skips PGlite's slow initdb when present
    const template = path.resolve('.tmp/pglite-template.tar.gz');
    const pgliteLoad = fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : null;
    const database = await openDatabase({ pgliteDir: dir, pgliteLoad, log });
    await migrateDatabase(database);
    return {
      database,
      cleanup: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const pg = await import('pg');
  const name = `quire_bench_${randomBytes(5).toString('hex')}`;
  const c = new pg.default.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = '/' + name;
  const database = await openDatabase({ databaseUrl: u.toString(), log, poolSize: 20 });
  await migrateDatabase(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      const d = new pg.default.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

const form = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

interface Case {
  endpoint: string;
  connections: number;
  requests(s: Seeded): LoadRequest[];
}

const post = (p: string, token: string, body: Record<string, string | number>): LoadRequest => ({
  method: 'POST',
  path: `/api/${p}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token },
  body: form(body),
});

const CASES: Case[] = [
  {
    endpoint: 'page/info',
    connections: 32,
    requests: (s) => s.menuPageIds.slice(0, 200).map((id) => post('page/info', s.token, { page_id: id })),
  },
  {
    endpoint: 'item/info (1,000 pages)',
    connections: 32,
    requests: (s) => [post('item/info', s.token, { item_id: s.menuItemId })],
  },
  {
    endpoint: 'page/save (with history)',
    connections: 32,
    requests: (s) => {
      const r = rng(99);
      return s.menuPageIds.slice(200, 600).map((id, i) =>
        post('page/save', s.token, { page_id: id, item_id: s.menuItemId, page_title: `Saved ${i}`, page_content: pageMarkdown(r, i, 2000) }),
      );
    },
  },
  ...[
    ['item/search "deploy" (English)', 'deploy'],
    ['item/search "数据库" (Chinese)', '数据库'],
    ['item/search "网" (one character)', '网'],
  ].map(([endpoint, keyword]) => ({
    endpoint,
    connections: 16,
    requests: (s: Seeded) => [post('item/search', s.token, { item_id: s.searchItemId, keyword })],
  })),
];

/** One request before the load: is the action there, and does it succeed? */
async function probe(url: string, req: LoadRequest): Promise<string | null> {
  const res = await fetch(url + req.path, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  let env: { error_code?: number; error_message?: string };
  try {
    env = JSON.parse(text);
  } catch {
    return `non-JSON answer (HTTP ${res.status})`;
  }
  if (env.error_code === 10404) return 'n/a (not implemented)';
  if (env.error_code !== 0) return `n/a (error ${env.error_code}: ${env.error_message})`;
  return null;
}

async function runKind(kind: Kind, rows: Row[]): Promise<number> {
  const started = Date.now();
  const { database, cleanup } = await openBench(kind);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }), port: 0, host: '127.0.0.1' };
  const deps = createDeps(config, database.db, database.kind, log);
  const handler = createApp(deps).callback();
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
    void handler(req, res);
  });
  let maxRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 200);
  try {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.stderr.write(`[${kind}] seeding…\n`);
    const s = await seed(deps, (msg) => process.stderr.write(`[${kind}] ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`));
    process.stderr.write(`[${kind}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    maxRss = process.memoryUsage().rss; // the budget is about serving, not about creating the database
    for (const c of CASES) {
      const reqs = c.requests(s);
      const budget = budgetFor(c.endpoint, kind);
      const missing = await probe(url, reqs[0]);
      if (missing) {
        rows.push({ endpoint: c.endpoint, db: kind, note: missing, budget: describeBudget(budget) });
        process.stderr.write(`[${kind}] ${c.endpoint}: ${missing}\n`);
        continue;
      }
      const r = await measure(url, reqs, { connections: c.connections, seconds: SECONDS });
      const note = r.requests === 0 ? 'no response completed' : r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx` : undefined;
      rows.push({ endpoint: c.endpoint, db: kind, reqPerSec: r.reqPerSec, p50: r.p50, p95: r.p95, note, pass: meets(budget, r.reqPerSec, r.p95) && !note, budget: describeBudget(budget) });
      process.stderr.write(`[${kind}] ${c.endpoint}: ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms\n`);
    }
  } finally {
    clearInterval(sampler);
    const closed = new Promise<void>((r) => server.close(() => r()));
    server.closeIdleConnections();
    // let requests still being handled finish before the database goes away
    for (let i = 0; i < 100 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 100));
    server.closeAllConnections();
    await closed;
    await cleanup();
  }
  const rssMb = Math.round(maxRss / 1024 / 1024);
  rows.push({ endpoint: 'peak RSS under load (app process incl. load thread)', db: kind, note: `${rssMb} MB`, pass: rssMb <= RSS_BUDGET_MB, budget: `≤ ${RSS_BUDGET_MB} MB` });
  return Date.now() - started;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toLocaleString('en-US', { maximumFractionDigits: digits }));

function table(rows: Row[]): string {
  const lines = ['| endpoint | database | req/s | p50 (ms) | p95 (ms) | budget | result |', '|---|---|---:|---:|---:|---|---|'];
  for (const r of rows) {
    const result = r.pass === undefined ? (r.note ?? 'n/a') : `${r.pass ? 'pass' : 'FAIL'}${r.note ? ` (${r.note})` : ''}`;
    lines.push(`| ${r.endpoint} | ${r.db === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${fmt(r.reqPerSec)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${r.budget} | ${result} |`);
  }
  return lines.join('\n');
}

/** Each database runs in its own process, so memory figures do not mix. */
function runChild(kind: Kind): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_CHILD: kind },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('[')) reject(new Error(`${kind} bench exited with ${code}`));
      else resolve(JSON.parse(line) as Row[]);
    });
  });
}

async function main(): Promise<void> {
  const child = process.env.BENCH_CHILD as Kind | undefined;
  if (child) {
    const rows: Row[] = [];
    await runKind(child, rows);
    process.stdout.write(JSON.stringify(rows) + '\n');
    return;
  }
  const kinds: Kind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as Kind[]) : [])];
  const rows: Row[] = [];
  for (const k of kinds) rows.push(...(await runChild(k)));
  rows.sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.db.localeCompare(b.db));
  process.stdout.write(`\n## Quire bench (${os.cpus().length} cores, ${SECONDS} s per endpoint; PGlite budgets are half of PostgreSQL's)\n\n${table(rows)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
