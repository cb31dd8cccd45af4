import { describe, expect, it } from 'vitest';
import type { JobInfo } from '@shared/api/job';
import type { PushedJob } from '../../realtime/jobs';
import { followJobs, type JobSource, type JobUpdate } from './watchJob';

/** The socket's 'job' and 'connect' events as the test drives them, and job/info answering what the server holds. */
function source(held: Partial<JobInfo>) {
  const handlers = new Map<string, Set<(...a: any[]) => void>>();
  const reads: string[] = [];
  const s: JobSource = {
    on: (event, fn) => handlers.set(event, (handlers.get(event) ?? new Set()).add(fn)),
    off: (event, fn) => handlers.get(event)?.delete(fn),
    readJob: async (jobId) => {
      reads.push(jobId);
      return { job_id: jobId, kind: 'export.word', state: 'queued', progress: 0, stage: '', error: '', ...held } as JobInfo;
    },
  };
  const emit = (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((fn) => fn(...args));
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { s, held, reads, emit, settle, listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0) };
}

const push = (u: Partial<PushedJob>): PushedJob => ({ job_id: 'j1', name: 'export.word', item_id: 3, status: 'running', progress: 0, stage: '', ...u });

describe('followJobs', () => {
  it('replays a push that came before the job was watched, then reads the job once', async () => {
    const src = source({ state: 'running', progress: 30, stage: 'Page 3 of 10' });
    const f = followJobs(src.s);
    src.emit('job', push({ progress: 20 }));
    const seen: JobUpdate[] = [];
    f.watch('j1', (u) => seen.push(u));
    await src.settle();
    expect(seen.map((u) => [u.status, u.progress])).toEqual([
      ['running', 20],
      ['running', 30],
    ]);
    expect(src.reads).toEqual(['j1']);
    f.stop();
  });

  it('reads the watched jobs again when the socket reconnects: a push missed meanwhile does not leave a stale bar', async () => {
    const src = source({ state: 'running', progress: 10 });
    const f = followJobs(src.s);
    const seen: JobUpdate[] = [];
    const unwatch = f.watch('j1', (u) => seen.push(u));
    await src.settle();
    // the socket was away while the job finished: its 'done' push never came
    src.held.state = 'done';
    src.held.progress = 100;
    src.emit('connect');
    await src.settle();
    expect(seen.at(-1)).toMatchObject({ job_id: 'j1', status: 'done', progress: 100 });
    expect(src.reads).toEqual(['j1', 'j1']);
    // a job no longer watched is not read on the next reconnect
    unwatch();
    src.emit('connect');
    await src.settle();
    expect(src.reads).toHaveLength(2);
    f.stop();
    expect(src.listeners()).toBe(0);
  });
});
