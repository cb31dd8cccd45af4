// npm run bench: for PGlite (and PostgreSQL when TEST_DATABASE_URL is set) the bench creates a
// database, seeds it with direct inserts (scripts/bench/seed.ts), starts the real app in its
// own process, drives the API over HTTP with autocannon (from a worker thread here) and prints
// one Markdown table against DESIGN.md §7, including the app process's peak RSS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTarget, openTarget, type Kind, type Target } from './database';
import { seed, type Seeded } from './seed';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/deps';
import { createLogger } from '../../server/logger';
import { measure, measureLoad, type LoadRequest } from './measure';
import { wrkAvailable } from './wrkLoad';
import { OUTSIDE_CASES, OUTSIDE_LOAD } from './outside';
import { budgetFor, describeBudget, meets, relativeBudgetFor, rssBudgetFor } from './budgets';
import { CASES } from './cases';
import { JOB_CASES } from './jobs';
import { SHOWDOC_IMPORT, SHOWDOC_IMPORT_SECONDS, timeShowdocImport } from './showdocImport';
import { buildBundles } from '../buildServer.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const here = path.dirname(fileURLToPath(import.meta.url));
// the processes the bench measures run as plain JavaScript, as `npm start` runs the server
// (scripts/buildServer.mjs): no TypeScript loader in their memory or their start-up
const built = path.resolve(`.tmp/bench-build/${process.pid}`);
buildBundles({ appProcess: path.join(here, 'appProcess.ts'), exportProcess: path.join(here, 'exportProcess.ts'), bareKoa: path.join(here, 'bareKoa.ts') }, built);
process.once('exit', () => fs.rmSync(built, { recursive: true, force: true }));
const appProcessFile = path.join(built, 'appProcess.js');
const exportProcessFile = path.join(built, 'exportProcess.js');
const bareKoaFile = path.join(built, 'bareKoa.js');
/** BENCH_CACHE=off: every app process runs with READ_CACHES=off (else only the outside view's caches-off rows do) */
const CACHES_OFF = process.env.BENCH_CACHE === 'off';
/** BENCH_ONLY=<text>: only the rows whose name contains it */
const wanted = (name: string) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY);
/** page/info measured again while a worker process exports (compared with page/info idle) */
const DURING_EXPORT = 'page/info while a Word export runs';

/** a database, and how many API processes serve it (WEB_CONCURRENCY) */
interface Setup {
  kind: Kind;
  processes: number;
}

const SETUPS: Setup[] = [
  { kind: 'pglite', processes: 1 },
  { kind: 'postgres', processes: 1 },
  // a 2-core machine's production setup: one API process per core
  { kind: 'postgres', processes: 2 },
];
const setupName = (s: Setup) => (s.kind === 'pglite' ? 'pglite' : s.processes > 1 ? `postgres-${s.processes}` : 'postgres');
const setupLabel = (s: Setup) => (s.kind === 'pglite' ? 'PGlite' : s.processes > 1 ? `PostgreSQL, ${s.processes} processes` : 'PostgreSQL');

interface Row {
  endpoint: string;
  setup: Setup;
  /** outside view rows (a table of their own): the bare Koa ceiling's rate, and whether the caches were off */
  outside?: { ceiling: number; caches: Caches };
  reqPerSec?: number;
  p50?: number;
  p95?: number;
  note?: string;
  pass?: boolean;
  budget: string;
}

/** BENCH_APP_PROF=<dir>: the app process writes a V8 CPU profile there (open it in Chrome DevTools) */
const profileArgs = () => (process.env.BENCH_APP_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_PROF}`] : []);

/** Seeds the target here, in the bench's process, so the app's RSS is only what serving costs. */
async function seedTarget(target: Target, progress: (msg: string) => void): Promise<Seeded> {
  const database = await openTarget(target, true);
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
    return await seed(createDeps(config, database.db, database.kind, createLogger('error')), progress);
  } finally {
    await database.close();
  }
}

/** Starts the app process; resolves once it listens. */
function startApp(target: Target, processes: number, caches: Caches = CACHES_OFF ? 'off' : 'on'): Promise<{ child: ChildProcess; first: { url: string }; exited: Promise<number | null> }> {
  return startProcess(['--expose-gc', ...profileArgs(), appProcessFile, JSON.stringify(target)], {
    BENCH_PROCESSES: String(processes),
    ...(caches === 'on' ? {} : { READ_CACHES: caches }),
  });
}

/** Starts a process that prints {url} once it listens; resolves then. */
function startProcess(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; first: { url: string }; exited: Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const lines = readline.createInterface({ input: child.stdout! });
    let done = false;
    lines.on('line', (line) => {
      if (done || !line.startsWith('{')) return;
      done = true;
      resolve({ child, first: JSON.parse(line) as { url: string }, exited });
    });
    child.once('error', reject);
    void exited.then((code) => {
      if (!done) reject(new Error(`bench app process exited with ${code}`));
    });
  });
}

/** resident memory of a process in MB (Linux /proc), or null where unavailable */
function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** the process and its children (the API processes of a primary) */
function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(' ').map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** CPU seconds a process has used (Linux /proc: user + system clock ticks, 100 per second) */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

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

interface ExportTiming {
  /** the last export's time */
  ms: number;
  pages: number;
  bytes: number;
  /** exports run (several with BENCH_EXPORT_FOR) */
  runs: number;
  /** the process's peak RSS */
  peakMb: number;
}

/**
 * Runs export jobs in a process of their own (a worker's): `ready` once it opened the database
 * and starts exporting, `finished` with the timing and the process's peak RSS.
 */
function runExport(target: Target, kind: string, seeded: Seeded, env: Record<string, string> = {}): { ready: Promise<void>; finished: Promise<ExportTiming> } {
  const child = spawn(process.execPath, [exportProcessFile, JSON.stringify(target), kind, String(seeded.uid), String(seeded.menuItemId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(child.pid!) ?? 0)), 100);
  const lines: string[] = [];
  let onReady = () => {};
  const ready = new Promise<void>((r) => (onReady = r));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ready') onReady();
    else lines.push(line);
  });
  const finished = new Promise<number | null>((r) => child.once('exit', r)).then((code) => {
    clearInterval(sampler);
    onReady();
    if (code !== 0) throw new Error(`bench export ${kind} exited with ${code}`);
    return { ...(JSON.parse(lines.pop()!) as Omit<ExportTiming, 'peakMb'>), peakMb };
  });
  return { ready, finished };
}

/** DESIGN §7: Word export of 1,000 pages ≤ 20 s with bounded memory (a worker ≤ 400 MB), Markdown ≤ 5 s; embedded mode within twice that. */
const EXPORT_CASES = [
  { endpoint: 'Word export (1,000 pages, worker process)', kind: 'export.word', seconds: 20, rssMb: 400 },
  { endpoint: 'Markdown export (1,000 pages, worker process)', kind: 'export.markdown', seconds: 5, rssMb: 400 },
];

async function exportRows(setup: Setup, target: Target, seeded: Seeded, rows: Row[]): Promise<void> {
  const factor = setup.kind === 'pglite' ? 2 : 1;
  for (const c of EXPORT_CASES.filter((c) => wanted(c.endpoint))) {
    const r = await runExport(target, c.kind, seeded).finished;
    const seconds = r.ms / 1000;
    // PGlite: the worker process opens the embedded database itself, whose engine counts in its RSS
    const pass = seconds <= c.seconds * factor && r.peakMb <= c.rssMb * factor;
    rows.push({
      endpoint: c.endpoint,
      setup,
      note: `${seconds.toFixed(1)} s, ${r.pages} pages, ${(r.bytes / 1048576).toFixed(1)} MB file, peak RSS ${r.peakMb} MB`,
      pass,
      budget: `≤ ${c.seconds * factor} s, RSS ≤ ${c.rssMb * factor} MB`,
    });
    process.stderr.write(`[${setupName(setup)}] ${c.endpoint}: ${seconds.toFixed(1)} s, peak RSS ${r.peakMb} MB\n`);
  }
}

async function showdocImportRow(setup: Setup, rows: Row[]): Promise<void> {
  const budget = `≤ ${SHOWDOC_IMPORT_SECONDS} s`;
  try {
    const r = await timeShowdocImport(setup.kind);
    rows.push({ endpoint: SHOWDOC_IMPORT, setup, note: `${r.seconds.toFixed(1)} s: ${r.note}`, pass: r.seconds <= SHOWDOC_IMPORT_SECONDS, budget });
    process.stderr.write(`[${setupName(setup)}] ${SHOWDOC_IMPORT}: ${r.seconds.toFixed(1)} s\n`);
  } catch (err) {
    rows.push({ endpoint: SHOWDOC_IMPORT, setup, note: `failed: ${(err as Error).message}`, pass: false, budget });
  }
}

async function runSetup(setup: Setup, rows: Row[]): Promise<void> {
  const { kind } = setup;
  const name = setupName(setup);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const { target, drop } = await createTarget(kind);
  try {
    process.stderr.write(`[${name}] seeding…\n`);
    const seeded = await seedTarget(target, (msg) => process.stderr.write(`[${name}] ${msg} (${elapsed()})\n`));
    // the ceiling measured once per setup, just before its outside view (the machine is shared: back to back)
    let ceiling: number | undefined;
    const outsideCeiling = async () => (ceiling ??= await measureCeiling(name));
    const app = await startApp(target, setup.processes);
    process.stderr.write(`[${name}] seeded, app listening (${elapsed()})\n`);
    const pids = processTree(app.child.pid!);
    // peak RSS of each process, and of all together
    const peaks = new Map<number, number>();
    let peakTotal = 0;
    const sampler = setInterval(() => {
      let total = 0;
      for (const pid of pids) {
        const now = rssMb(pid);
        if (now === null) continue;
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, now));
        total += now;
      }
      peakTotal = Math.max(peakTotal, total);
    }, 250);
    const appCpuSeconds = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    try {
      // BENCH_ONLY=<text>: only the cases whose name contains it (the baseline always runs, and
      // page/info idle when the row measured during an export is wanted)
      for (const c of CASES.filter((c) => c.endpoint.startsWith('baseline') || wanted(c.endpoint) || (c.endpoint === 'page/info' && wanted(DURING_EXPORT)))) {
        const reqs = c.requests(seeded);
        const budget = budgetFor(c.endpoint, kind);
        const missing = await probe(app.first.url, reqs[0]);
        if (missing) {
          rows.push({ endpoint: c.endpoint, setup, note: missing, budget: budget ? describeBudget(budget) : '' });
          process.stderr.write(`[${name}] ${c.endpoint}: ${missing}\n`);
          continue;
        }
        const background = c.background ? await c.background({ url: app.first.url, seeded }) : null;
        const cpuBefore = appCpuSeconds();
        const r = await measure(app.first.url, reqs, { connections: c.connections, seconds: SECONDS });
        // warm-up (1 s) and load: the share of one core the app's processes used
        const appCpu = Math.round((100 * (appCpuSeconds() - cpuBefore)) / (SECONDS + 1));
        const backgroundNote = await background?.stop();
        const note = r.requests === 0 ? 'no response completed' : r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx` : backgroundNote;
        const relative = relativeBudgetFor(c.endpoint);
        const idle = relative && rows.find((row) => row.endpoint === relative.to && row.setup === setup && row.p95 !== undefined);
        if (relative) {
          const limit = idle ? relative.maxP95Factor * idle.p95! : undefined;
          rows.push({
            endpoint: c.endpoint,
            setup,
            reqPerSec: r.reqPerSec,
            p50: r.p50,
            p95: r.p95,
            note: limit === undefined ? `no ${relative.to} row to compare with` : note,
            pass: limit === undefined ? undefined : r.p95 <= limit && !note,
            budget: `p95 ≤ ${relative.maxP95Factor}× idle${limit === undefined ? '' : ` (${fmt(limit, 1)} ms)`}`,
          });
        } else {
          const pass = budget ? meets(budget, r.reqPerSec, r.p95) && !note : undefined;
          rows.push({ endpoint: c.endpoint, setup, reqPerSec: r.reqPerSec, p50: r.p50, p95: r.p95, note: note ?? (budget ? undefined : 'reference'), pass, budget: budget ? describeBudget(budget) : '' });
        }
        process.stderr.write(`[${name}] ${c.endpoint}: ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${(r.bytesPerResponse / 1024).toFixed(1)} KB per answer, app process ${appCpu}% of a core (${elapsed()})\n`);
      }
      // jobs timed from start to end, after the load (they would disturb it)
      for (const c of JOB_CASES.filter((c) => wanted(c.endpoint))) {
        const budget = `≤ ${c.maxSeconds} s`;
        try {
          const { seconds, made } = await c.run({ url: app.first.url, seeded });
          rows.push({ endpoint: c.endpoint, setup, note: `${seconds.toFixed(1)} s: ${made}`, pass: seconds <= c.maxSeconds, budget });
          process.stderr.write(`[${name}] ${c.endpoint}: ${seconds.toFixed(1)} s, ${made} (${elapsed()})\n`);
        } catch (err) {
          rows.push({ endpoint: c.endpoint, setup, note: `failed: ${(err as Error).message}`, pass: false, budget });
          process.stderr.write(`[${name}] ${c.endpoint}: failed: ${(err as Error).message}\n`);
        }
      }
      // page/info while a worker exports: with PostgreSQL the worker is a process of its own
      const idle = rows.find((r) => r.setup === setup && r.endpoint === 'page/info');
      if (kind === 'postgres' && setup.processes === 1 && idle?.p95 !== undefined && wanted(DURING_EXPORT)) {
        // exports run one after another for the whole warm-up and load
        const exporting = runExport(target, 'export.word', seeded, { BENCH_EXPORT_FOR: String(SECONDS + 1) });
        await exporting.ready;
        const r = await measure(app.first.url, CASES.find((c) => c.endpoint === 'page/info')!.requests(seeded), { connections: 32, seconds: SECONDS });
        const e = await exporting.finished;
        const ratio = r.p95 / idle.p95;
        rows.push({ endpoint: DURING_EXPORT, setup, reqPerSec: r.reqPerSec, p50: r.p50, p95: r.p95, note: `${ratio.toFixed(2)}× idle p95, ${e.runs} exports ran`, pass: ratio <= 2, budget: 'p95 ≤ 2× idle' });
        process.stderr.write(`[${name}] ${DURING_EXPORT}: p95 ${r.p95.toFixed(1)} ms (${ratio.toFixed(2)}× idle) (${elapsed()})\n`);
      }
      // two API processes too, as reference rows: when WEB_CONCURRENCY helps on this machine (README)
      await outsideRows(setup, app.first.url, seeded, rows, CACHES_OFF ? 'off' : 'on', outsideCeiling);
    } finally {
      clearInterval(sampler);
      app.child.kill('SIGTERM');
      await app.exited;
    }
    // the same rows against an app that keeps no answers (menus, searches) but the rows it reads,
    // then against one whose read and answer caches keep nothing: what the database and its
    // indexes answer alone. The first is the search as it runs when a search is new to the cache
    // (issue #25: a common word in random case must meet the search budget so); the rest is reported.
    for (const caches of ['rows', 'off'] as const) {
      if (kind !== 'postgres' || setup.processes !== 1 || CACHES_OFF || !OUTSIDE_CASES.some((c) => measuredWith(c, caches) && wanted(outsideName(c.endpoint, caches)))) continue;
      const uncached = await startApp(target, 1, caches);
      try {
        await outsideRows(setup, uncached.first.url, seeded, rows, caches, outsideCeiling);
      } finally {
        uncached.child.kill('SIGTERM');
        await uncached.exited;
      }
    }
    // with several API processes the budget holds for each (the primary only forks and waits)
    const peak = peaks.size ? Math.max(...peaks.values()) : null;
    rows.push({
      endpoint: 'peak RSS of the app process',
      setup,
      note: peak === null ? 'n/a (no /proc)' : setup.processes > 1 ? `${peak} MB the largest, ${peakTotal} MB in all` : `${peak} MB`,
      pass: peak === null ? undefined : peak <= rssBudgetFor(kind),
      budget: `≤ ${rssBudgetFor(kind)} MB${setup.processes > 1 ? ' each' : ''}`,
    });
    // exports run by a worker process (PGlite: once the app let go of the data directory)
    if (setup.processes === 1) await exportRows(setup, target, seeded, rows);
    if (setup.processes === 1 && wanted(SHOWDOC_IMPORT)) await showdocImportRow(setup, rows);
  } finally {
    // BENCH_KEEP=1 leaves the seeded database for EXPLAIN and profiling
    if (process.env.BENCH_KEEP) console.error(`[${name}] kept: ${JSON.stringify(target)}`);
    else await drop();
  }
}

/** the outside view's row name, as BENCH_ONLY matches it ("outside" selects them all, "caches off" that set) */
const outsideName = (endpoint: string, caches: Caches) => `outside view${caches === 'off' ? ', caches off' : caches === 'rows' ? ', answer caches off' : ''}: ${endpoint}`;

/** READ_CACHES of an outside view's app process: all caches, the row caches alone, none */
type Caches = 'on' | 'rows' | 'off';

/** the rows measured again with fewer caches: those that read through them (answers: the searches) */
const measuredWith = (c: (typeof OUTSIDE_CASES)[number], caches: Caches) => caches === 'on' || CACHES_OFF || (caches === 'off' ? c.readsCaches : c.keepsAnswers === true);

/** a bare Koa app's rate in its own process under the outside view's load (scripts/bench/bareKoa.ts) */
async function measureCeiling(name: string): Promise<number> {
  const bare = await startProcess([bareKoaFile], {});
  try {
    const r = await measureLoad(bare.first.url, [{ method: 'POST', path: '/api/common/version', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user_token=x' }], { ...OUTSIDE_LOAD, seconds: SECONDS });
    process.stderr.write(`[${name}] outside view: bare Koa, 2 KB JSON: ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms\n`);
    return r.reqPerSec;
  } finally {
    bare.child.kill('SIGTERM');
    await bare.exited;
  }
}

/** The outside view's rows against the app at `url` (with its caches off: only the rows that read through them). */
async function outsideRows(setup: Setup, url: string, seeded: Seeded, rows: Row[], caches: Caches, ceilingOf: () => Promise<number>): Promise<void> {
  const name = setupName(setup);
  const cases = OUTSIDE_CASES.filter((c) => wanted(outsideName(c.endpoint, caches)) && measuredWith(c, caches));
  if (!cases.length) return;
  const ceiling = await ceilingOf();
  for (const c of cases) {
    const reqs = c.requests(seeded);
    // the budgets are for one process; two processes' rows are there to compare with
    const budget = c.budget && setup.processes === 1 && (setup.kind === 'postgres' ? c.budget : { minReqPerSec: c.budget.minReqPerSec && c.budget.minReqPerSec / 2, maxP95Ms: c.budget.maxP95Ms && c.budget.maxP95Ms * 2 });
    const base = { endpoint: c.endpoint, setup, outside: { ceiling, caches }, budget: budget ? describeBudget(budget) : '' };
    const missing = await probe(url, reqs[0]);
    if (missing) {
      rows.push({ ...base, note: missing });
      continue;
    }
    const r = await measureLoad(url, reqs, { ...OUTSIDE_LOAD, seconds: SECONDS, vary: c.vary });
    const note = r.requests === 0 ? 'no response completed' : r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx` : undefined;
    // with fewer caches a row is reported beside its budget, which holds for the app as it runs;
    // the search the issue names (a common word in random case) must meet it without answers kept
    const judged = budget && (caches === 'on' || (caches === 'rows' && c.judgedWithoutAnswers === true));
    rows.push({ ...base, reqPerSec: r.reqPerSec, p50: r.p50, p95: r.p95, note: note ?? (judged ? undefined : caches !== 'on' ? 'reported' : 'reference'), pass: judged ? meets(budget, r.reqPerSec, r.p95) && !note : undefined });
    process.stderr.write(
      `[${name}] ${outsideName(c.endpoint, caches)}: ${Math.round(r.reqPerSec)} req/s (${((100 * r.reqPerSec) / ceiling).toFixed(0)}% of bare Koa), p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${(r.bytesPerResponse / 1024).toFixed(1)} KB per answer\n`,
    );
  }
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toLocaleString('en-US', { maximumFractionDigits: digits }));

const resultOf = (r: Row) => (r.pass === undefined ? (r.note ?? 'n/a') : `${r.pass ? 'pass' : 'FAIL'}${r.note ? ` (${r.note})` : ''}`);

function outsideTable(rows: Row[]): string {
  const lines = ['| endpoint | database | caches | req/s | p50 (ms) | p95 (ms) | of bare Koa | budget | result |', '|---|---|---|---:|---:|---:|---:|---|---|'];
  const ceilings = new Map<Setup, number>();
  for (const r of rows) ceilings.set(r.setup, r.outside!.ceiling);
  for (const [setup, ceiling] of ceilings) lines.push(`| bare Koa, 2 KB JSON (the ceiling) | ${setupLabel(setup)} | | ${fmt(ceiling)} | | | 100% | | reference |`);
  for (const r of rows) {
    const share = r.reqPerSec === undefined ? '' : `${((100 * r.reqPerSec) / r.outside!.ceiling).toFixed(1)}%`;
    lines.push(`| ${r.endpoint} | ${setupLabel(r.setup)} | ${r.outside!.caches === 'rows' ? 'rows only' : r.outside!.caches} | ${fmt(r.reqPerSec)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${share} | ${r.budget} | ${resultOf(r)} |`);
  }
  return lines.join('\n');
}

function table(rows: Row[]): string {
  const lines = ['| endpoint | database | req/s | p50 (ms) | p95 (ms) | budget | result |', '|---|---|---:|---:|---:|---|---|'];
  for (const r of rows) {
    const result = resultOf(r);
    lines.push(`| ${r.endpoint} | ${setupLabel(r.setup)} | ${fmt(r.reqPerSec)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${r.budget} | ${result} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  // BENCH_DB=pglite|postgres|postgres-2 runs one setup only (PostgreSQL ones need TEST_DATABASE_URL)
  const setups = SETUPS.filter((s) => (s.kind === 'pglite' || process.env.TEST_DATABASE_URL) && (!process.env.BENCH_DB || process.env.BENCH_DB === setupName(s)));
  const rows: Row[] = [];
  for (const s of setups) await runSetup(s, rows);
  const names = [...CASES.map((c) => c.endpoint), DURING_EXPORT, ...JOB_CASES.map((c) => c.endpoint), ...EXPORT_CASES.map((c) => c.endpoint), SHOWDOC_IMPORT];
  const order = (r: Row) => {
    const i = names.indexOf(r.endpoint);
    return i < 0 ? names.length : i;
  };
  const inside = rows.filter((r) => !r.outside).sort((a, b) => order(a) - order(b) || SETUPS.indexOf(a.setup) - SETUPS.indexOf(b.setup));
  const outside = rows.filter((r) => r.outside);
  const load = os.loadavg()[0].toFixed(1);
  process.stdout.write(
    `\n## Quire bench (${os.cpus().length} cores, load average ${load}, ${SECONDS} s per endpoint${CACHES_OFF ? ', read caches off' : ''}; PGlite: half the throughput, twice the latency and memory of the PostgreSQL budgets)\n\n${table(inside)}\n`,
  );
  if (outside.length) {
    process.stdout.write(
      `\n### Outside view (${wrkAvailable() ? 'wrk' : 'autocannon (no wrk installed)'}: ${OUTSIDE_LOAD.threads} load threads, ${OUTSIDE_LOAD.connections} connections, form POSTs with user_token, no Accept-Encoding unless the row says gzip; ${OUTSIDE_LOAD.warmupSeconds} s warm-up, then ${SECONDS} s measured; one API process)\n\n${outsideTable(outside)}\n`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
