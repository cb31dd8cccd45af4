// Mock generation runs in separate OS processes (never in the API process, nor a thread of it:
// a thread shares the process's memory, environment and fate). A small pool of long-lived
// children serves jobs over IPC; each job has a time limit (the child is killed with SIGKILL and
// replaced), each child a heap limit, the answer a size limit; a bounded queue keeps public mock
// URLs from piling up. A child that dies fails only its own job.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { mock as mockMessages } from '../../shared/messages/mock';
import { MOCK_LIMITS, type MockLimits } from './limits';
import { childScript } from './childScript';
import type { MockJob, MockReply } from './child';

/** a template that cannot be generated: a business error (the public mock URLs answer it with 400) */
const fail = (template: string, vars?: Record<string, string | number>, status = 200) => new ApiError(ErrorCode.GENERIC, template, vars, status);
const stopping = () => fail('The mock service is shutting down', undefined, 503);

/** Node 20 and early 22 call the permission model experimental */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

/** how a generator process is started: no file system, child processes, workers or addons; no eval */
export function childArgs(limits: Pick<MockLimits, 'heapMb'>): string[] {
  return [
    PERMISSION_FLAG,
    '--no-addons',
    '--no-warnings',
    '--disallow-code-generation-from-strings',
    '--disable-proto=throw',
    '--frozen-intrinsics',
    `--max-old-space-size=${limits.heapMb}`,
    '--max-semi-space-size=8',
    '-', // the script comes on stdin
  ];
}

/**
 * CPU milliseconds a process has used (Linux /proc, clock ticks of 10 ms); null where unknown.
 * The time limit is for the template's work: a child that a busy machine kept off the CPU (it runs
 * at nice 10) is given longer, up to STARVED_WAIT_FACTOR times the limit in wall time.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
const STARVED_WAIT_FACTOR = 5;

/** Whether a generation is over its time: it used half its limit in CPU, or it waited the longest a starved one may. */
export function overTime(limitMs: number, wallMs: number, cpuMs: number | null): boolean {
  return cpuMs === null || cpuMs >= limitMs / 2 || wallMs >= limitMs * STARVED_WAIT_FACTOR;
}

interface Job {
  id: number;
  template: string;
  resolve(json: string): void;
  reject(err: Error): void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  runs: number;
}

export class MockPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  constructor(private readonly limits: MockLimits = { ...MOCK_LIMITS }) {}

  /** The generated JSON text, or an ApiError that says what went wrong. */
  run(template: string): Promise<string> {
    if (this.closed) return Promise.reject(stopping());
    if (this.queue.length >= this.limits.queue) {
      return Promise.reject(new ApiError(ErrorCode.UNAVAILABLE, 'The mock service is busy; try again shortly', undefined, 503));
    }
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, template, resolve, reject });
      this.pump();
    });
  }

  /** process ids of the generator processes (tests and diagnostics) */
  pids(): number[] {
    return this.slots.map((s) => s.child.pid).filter((p): p is number => p !== undefined);
  }

  /** process ids of the generator processes that are running a job now */
  busyPids(): number[] {
    return this.slots.filter((s) => s.job).map((s) => s.child.pid!);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(stopping());
    for (const slot of this.slots.splice(0)) {
      slot.job?.reject(stopping());
      this.kill(slot);
    }
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => s.ready && !s.job);
      if (!slot) {
        if (this.slots.length < this.limits.processes && !this.slots.some((s) => !s.ready)) this.spawn();
        return;
      }
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    slot.runs++;
    this.hold(slot, true);
    const started = Date.now();
    const cpuAtStart = cpuMsOf(slot.child.pid);
    const expire = () => {
      if (slot.job !== job) return;
      const wall = Date.now() - started;
      const now = cpuAtStart === null ? null : cpuMsOf(slot.child.pid);
      if (!overTime(this.limits.timeMs, wall, now === null ? null : now - cpuAtStart!)) {
        slot.timer = setTimeout(expire, Math.min(this.limits.timeMs, this.limits.timeMs * STARVED_WAIT_FACTOR - wall));
        return;
      }
      this.drop(slot);
      this.kill(slot);
      job.reject(fail('The mock template took longer than {ms} ms to generate', { ms: this.limits.timeMs }));
      this.pump();
    };
    slot.timer = setTimeout(expire, this.limits.timeMs);
    const message: MockJob = { id: job.id, template: job.template, timeZone: this.timeZone, outputBytes: this.limits.outputBytes };
    slot.child.send(message, (err) => {
      if (err && slot.job === job) this.died(slot, null, null);
    });
  }

  private spawn(): void {
    const child = spawn(process.execPath, childArgs(this.limits), {
      env: {}, // no secrets (database URL, tokens) from the server's environment
      cwd: os.tmpdir(),
      stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    const slot: Slot = { child, ready: false, job: null, timer: null, runs: 0 };
    this.slots.push(slot);
    this.hold(slot, true);
    child.stdin!.on('error', () => {}); // a child that dies early closes the pipe
    childScript().then(
      (script) => child.stdin!.end(script),
      () => {
        child.stdin!.destroy();
        this.kill(slot);
      },
    );
    try {
      if (child.pid) os.setPriority(child.pid, 10); // mocks must not starve the API of CPU
    } catch {
      /* not allowed here: run at normal priority */
    }
    const startup = setTimeout(() => this.kill(slot), Math.max(10_000, this.limits.timeMs));
    child.on('message', (m: MockReply | { ready: true }) => {
      if ('ready' in m) {
        clearTimeout(startup);
        slot.ready = true;
        this.hold(slot, false);
        this.pump();
        return;
      }
      this.answer(slot, m);
    });
    child.on('error', () => this.died(slot, null, null));
    child.on('exit', (code, signal) => {
      clearTimeout(startup);
      this.died(slot, code, signal);
    });
  }

  private answer(slot: Slot, m: MockReply): void {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    this.finish(slot);
    if ('json' in m) {
      if (typeof m.json === 'string' && Buffer.byteLength(m.json, 'utf8') <= this.limits.outputBytes) job.resolve(m.json);
      else job.reject(fail('The generated mock data is larger than {max} bytes', { max: this.limits.outputBytes }));
    } else if ('refusal' in m && Object.hasOwn(mockMessages, m.refusal.template)) {
      // only the interpreter's own messages pass through
      job.reject(fail(m.refusal.template, m.refusal.vars));
    } else {
      job.reject(fail('The mock template could not be generated: {reason}', { reason: 'failure' in m ? m.failure : 'error' }));
    }
    this.pump();
  }

  private died(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.slots.includes(slot)) return;
    const job = slot.job;
    const wasReady = slot.ready;
    this.drop(slot);
    if (job) {
      const oom = signal === 'SIGABRT' || code === 134;
      job.reject(oom ? fail('The mock template needs more memory than allowed ({mb} MB)', { mb: this.limits.heapMb }) : fail('The mock generator stopped unexpectedly'));
    }
    if (!wasReady) {
      // it could not even start: fail what waits instead of starting processes in a loop
      for (const j of this.queue.splice(0)) j.reject(fail('The mock generator stopped unexpectedly'));
    }
    this.pump();
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    this.hold(slot, false);
    if (slot.runs >= this.limits.jobsPerProcess) {
      this.drop(slot);
      this.kill(slot);
    }
  }

  /** forget the slot (its process is gone or going) */
  private drop(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private kill(slot: Slot): void {
    this.hold(slot, false);
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
  }

  /** an idle child does not keep the server's event loop alive */
  private hold(slot: Slot, busy: boolean): void {
    if (busy) {
      slot.child.ref();
      slot.child.channel?.ref();
    } else {
      slot.child.unref();
      slot.child.channel?.unref();
    }
  }
}

let shared: MockPool | null = null;

/** The process-wide generator pool. */
export function mockPool(): MockPool {
  if (!shared) shared = new MockPool();
  return shared;
}

/** stops the generator processes (server shutdown) */
export async function closeMockPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
