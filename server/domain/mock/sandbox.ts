// Runs Mock.mock(template) in worker threads: the API thread never executes the generator.
// Each run has a time limit (the thread is terminated and replaced), a heap limit and an
// output-size limit; a small pool with a bounded queue keeps public mock URLs from piling up.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { ApiError } from '../../http/apiError';
import { ErrorCode } from '../../../shared/errors';
import { MOCK_LIMITS } from './limits';

// Plain JavaScript evaluated as the thread's script (no TypeScript loader needed in workers).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Mock = require(workerData.mockjs);
parentPort.on('message', (job) => {
  let reply;
  try {
    const out = JSON.stringify(Mock.mock(JSON.parse(job.template)));
    if (out === undefined) reply = { id: job.id, error: 'empty' };
    else if (Buffer.byteLength(out, 'utf8') > workerData.maxBytes) reply = { id: job.id, error: 'too-large' };
    else reply = { id: job.id, json: out };
  } catch (e) {
    reply = { id: job.id, error: 'failed', message: String((e && e.message) || e).slice(0, 200) };
  }
  parentPort.postMessage(reply);
});
`;

const mockjsPath = createRequire(import.meta.url).resolve('mockjs');

interface Job {
  id: number;
  template: string;
  resolve(json: string): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  runs: number;
}

const fail = (template: string, vars?: Record<string, string | number>, status = 400) =>
  new ApiError(ErrorCode.GENERIC, template, vars, status);

export class MockSandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly limits = MOCK_LIMITS) {}

  /** The generated JSON text, or an ApiError that says what went wrong. */
  run(template: string): Promise<string> {
    if (this.closed) return Promise.reject(fail('The mock service is shutting down', undefined, 503));
    if (this.queue.length >= this.limits.queue) {
      return Promise.reject(new ApiError(ErrorCode.UNAVAILABLE, 'The mock service is busy; try again shortly', undefined, 503));
    }
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, template, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(fail('The mock service is shutting down', undefined, 503));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s)));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      env: {}, // no secrets from the server's environment
      workerData: { mockjs: mockjsPath, maxBytes: this.limits.outputBytes },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.stdout?.resume();
    worker.stderr?.resume();
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, runs: 0 };
    worker.on('message', (m: { id: number; json?: string; error?: string; message?: string }) => {
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      this.finish(slot);
      if (m.json !== undefined) job.resolve(m.json);
      else if (m.error === 'too-large') job.reject(fail('The generated mock data is larger than {max} bytes', { max: this.limits.outputBytes }));
      else if (m.error === 'empty') job.reject(fail('The mock template produced no data'));
      else job.reject(fail('The mock template could not be generated: {reason}', { reason: m.message ?? 'error' }));
      this.pump();
    });
    const died = (err?: Error) => {
      const job = slot.job;
      this.drop(slot);
      if (job) {
        const oom = (err as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        job.reject(oom ? fail('The mock template needs more memory than allowed ({mb} MB)', { mb: this.limits.heapMb }) : fail('The mock generator stopped unexpectedly'));
      }
      this.pump();
    };
    worker.on('error', died);
    worker.on('exit', () => died());
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (slot.runs >= this.limits.jobsPerWorker) {
      this.drop(slot);
      void slot.worker.terminate();
    }
  }

  private drop(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private async retire(slot: Slot): Promise<void> {
    this.drop(slot);
    await slot.worker.terminate();
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.limits.workers) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.runs++;
      slot.worker.ref();
      const s = slot;
      slot.timer = setTimeout(() => {
        if (s.job !== job) return;
        this.drop(s);
        void s.worker.terminate();
        job.reject(fail('The mock template took longer than {ms} ms to generate', { ms: this.limits.timeMs }));
        this.pump();
      }, this.limits.timeMs);
      slot.worker.postMessage({ id: job.id, template: job.template });
    }
  }
}

let shared: MockSandbox | null = null;

/** The process-wide generator pool. */
export function mockSandbox(): MockSandbox {
  if (!shared) shared = new MockSandbox();
  return shared;
}
