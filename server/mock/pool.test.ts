// The generator pool runs real child processes: separate, locked down, bounded, replaceable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { MOCK_LIMITS, type MockLimits } from './limits';
import { childArgs, MockPool, overTime } from './pool';

const pools: MockPool[] = [];
const pool = (limits: Partial<MockLimits> = {}) => {
  const p = new MockPool({ ...MOCK_LIMITS, ...limits });
  pools.push(p);
  return p;
};
afterAll(async () => {
  for (const p of pools) await p.close();
});

/** a template that takes the generator a while (most of the output limit) */
const heavy = JSON.stringify({ 'list|4000': [{ s: '@paragraph(1)' }] });

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { template?: string; vars?: Record<string, unknown> }) => e.template?.replace(/\{(\w+)\}/g, (_, k: string) => String(e.vars?.[k])),
  );

describe('MockPool', () => {
  it('generates in a separate process that has no environment and runs under the permission model', async () => {
    process.env.QUIRE_POOL_TEST_SECRET = 'pool-secret-value';
    try {
      const p = pool();
      expect(JSON.parse(await p.run('{"n": "@integer(3, 3)"}'))).toEqual({ n: 3 });
      const [pid] = p.pids();
      expect(pid).not.toBe(process.pid);
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      expect(status).toMatch(new RegExp(`^PPid:\\s+${process.pid}$`, 'm'));
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      // only the IPC channel Node itself adds
      expect(environ.every((e) => e.startsWith('NODE_CHANNEL_'))).toBe(true);
      expect(environ.join()).not.toContain('pool-secret-value');
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toEqual(expect.arrayContaining(['--disallow-code-generation-from-strings', `--max-old-space-size=${MOCK_LIMITS.heapMb}`]));
      expect(cmdline.some((a) => a === '--permission' || a === '--experimental-permission')).toBe(true);
    } finally {
      delete process.env.QUIRE_POOL_TEST_SECRET;
    }
  });

  it("the child's flags forbid file writes and reads, child processes, workers and eval", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pool-'));
    const probe = `
      const r = {};
      const t = (k, f) => { try { f(); r[k] = 'allowed'; } catch (e) { r[k] = e.code || e.constructor.name; } };
      t('write', () => require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'x'))}, '1'));
      t('read', () => require('fs').readFileSync('/etc/hostname'));
      t('spawn', () => require('child_process').execSync('true'));
      t('worker', () => new (require('worker_threads').Worker)('1', { eval: true }));
      t('eval', () => eval('1'));
      t('Function', () => new Function('return 1')());
      t('proto', () => ({}).__proto__);
      process.stdout.write(JSON.stringify(r));
    `;
    const out = spawnSync(process.execPath, childArgs(MOCK_LIMITS), { input: probe, env: {}, encoding: 'utf8' });
    expect(JSON.parse(out.stdout)).toEqual({ write: 'ERR_ACCESS_DENIED', read: 'ERR_ACCESS_DENIED', spawn: 'ERR_ACCESS_DENIED', worker: 'ERR_ACCESS_DENIED', eval: 'EvalError', Function: 'EvalError', proto: 'ERR_PROTO_ACCESS' });
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a child killed during a job fails that job only; the next job gets a new child', async () => {
    const p = pool({ processes: 1 });
    await p.run('{"a": 1}');
    const job = p.run(heavy);
    const [victim] = p.busyPids();
    expect(victim).toBeGreaterThan(0);
    process.kill(victim, 'SIGKILL');
    expect(await errorOf(job)).toBe('The mock generator stopped unexpectedly');
    expect(JSON.parse(await p.run('{"ok": true}'))).toEqual({ ok: true });
    expect(p.pids()).not.toContain(victim);
  });

  it('a job over the time limit is killed with its process', async () => {
    const p = pool({ processes: 1, timeMs: 30 });
    // millions of steps that output nothing: far longer than 30 ms
    const job = p.run(JSON.stringify({ 'x|10000': [{ 'y|10000': '@pick([])' }] }));
    const [first] = p.pids();
    expect(first).toBeGreaterThan(0);
    expect(await errorOf(job)).toBe('The mock template took longer than 30 ms to generate');
    expect(p.pids()).not.toContain(first);
  });

  it('charges a generation for its own CPU time: a child a busy machine starved waits longer, up to five times the limit', () => {
    // used half its limit or more in CPU: over time
    expect(overTime(2_000, 2_000, 1_000)).toBe(true);
    // kept off the CPU (0.3 s of 2 s): not yet
    expect(overTime(2_000, 2_000, 300)).toBe(false);
    expect(overTime(2_000, 9_999, 300)).toBe(false);
    // but never past five times the limit, nor where CPU time cannot be read
    expect(overTime(2_000, 10_000, 300)).toBe(true);
    expect(overTime(2_000, 2_000, null)).toBe(true);
  });

  it('a job that needs more memory than the heap limit fails clearly', async () => {
    const p = pool({ processes: 1, heapMb: 16, outputBytes: 500_000_000, timeMs: 30_000 });
    expect(await errorOf(p.run(JSON.stringify({ 'list|10000': [{ 'b|10000': ['@string(50)'] }] })))).toBe('The mock template needs more memory than allowed (16 MB)');
    expect(JSON.parse(await p.run('{"after": 1}'))).toEqual({ after: 1 });
  });

  it('refuses work beyond its queue', async () => {
    // time enough for the two that run, however loaded the machine (this is about the queue)
    const p = pool({ processes: 1, queue: 2, timeMs: 30_000 });
    const jobs = [p.run(heavy), p.run(heavy), p.run(heavy)];
    expect(await Promise.all(jobs.map(errorOf))).toEqual(['resolved', 'resolved', 'The mock service is busy; try again shortly']);
  });

  it('passes on the interpreter refusals, and nothing after close', async () => {
    const p = pool();
    expect(await errorOf(p.run('{"a": "@nope"}'))).toBe('Unknown mock placeholder "@nope" (write \\@ for a literal @)');
    await p.close();
    expect(p.pids()).toEqual([]);
    expect(await errorOf(p.run('{"a": 1}'))).toBe('The mock service is shutting down');
  });
});
