// A background job's progress as the gateway pushes it to the user's room ('job' events, their
// texts put in the reader's language), and as job/info tells it when pushes may have been missed
// (the socket was away meanwhile).
import type { JobInfo } from '@shared/api/job';
import { jobApi } from '../../api';
import type { PushedJob } from '../../realtime/jobs';
import { inLanguage } from '../../realtime/jobTexts';
import { realtimeSocket } from '../../realtime/socket';

export type JobUpdate = Pick<PushedJob, 'job_id' | 'status' | 'progress'> & Partial<Pick<PushedJob, 'name' | 'stage' | 'error'>>;

export type WatchJob = (jobId: string, onUpdate: (u: JobUpdate) => void) => () => void;

/** where updates come from: the tab's socket ('job' and 'connect' events) and job/info; tests give their own */
export interface JobSource {
  on(event: 'job' | 'connect', fn: (...args: any[]) => void): unknown;
  off(event: 'job' | 'connect', fn: (...args: any[]) => void): unknown;
  readJob(jobId: string): Promise<JobInfo>;
}

function tabSource(): JobSource {
  const socket = realtimeSocket();
  return { on: (event, fn) => socket.on(event, fn), off: (event, fn) => socket.off(event, fn), readJob: (jobId) => jobApi.info(jobId) };
}

const fromInfo = (j: JobInfo): JobUpdate => ({ job_id: j.job_id, name: j.kind, status: j.state, progress: j.progress, stage: j.stage, error: j.error || undefined });

/**
 * Listens to the user's job pushes from now on (the Export screen calls it when it opens, before
 * any export starts): a small job may be running or even finished before export/start's answer
 * names it, so `watch` first replays the latest update already pushed for that job, then reads the
 * job's state once. Whenever the socket (re)connects, the watched jobs are read again: a push sent
 * while it was away is lost, and the bar would otherwise stay where it was. `stop` ends it.
 */
export function followJobs(source: JobSource = tabSource()): { watch: WatchJob; stop(): void } {
  const latest = new Map<string, JobUpdate>();
  const watchers = new Map<string, Set<(u: JobUpdate) => void>>();
  let stopped = false;
  const deliver = (u: JobUpdate) => {
    if (stopped) return;
    const id = String(u.job_id);
    latest.set(id, u);
    watchers.get(id)?.forEach((w) => w(u));
  };
  const read = (jobId: string) =>
    source.readJob(jobId).then(
      (j) => deliver(fromInfo(j)),
      () => {}, // a lost answer: the next push or reconnect tells
    );
  const onJob = (u: PushedJob) => deliver(inLanguage(u));
  const onConnect = () => watchers.forEach((_, id) => void read(id));
  source.on('job', onJob);
  source.on('connect', onConnect);
  return {
    watch(jobId, onUpdate) {
      const seen = latest.get(jobId);
      if (seen) onUpdate(seen);
      const set = watchers.get(jobId) ?? new Set();
      set.add(onUpdate);
      watchers.set(jobId, set);
      void read(jobId);
      return () => {
        set.delete(onUpdate);
        if (!set.size) watchers.delete(jobId);
      };
    },
    stop() {
      stopped = true;
      source.off('job', onJob);
      source.off('connect', onConnect);
      watchers.clear();
      latest.clear();
    },
  };
}
