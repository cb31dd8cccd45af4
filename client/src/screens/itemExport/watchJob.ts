// A background job's progress as the gateway pushes it to the user's room ('job' events).
import { realtimeSocket } from '../../realtime/socket';

export interface JobUpdate {
  job_id: string;
  name?: string;
  /** queued | running | done | failed | cancelled */
  status: string;
  progress: number;
  /** a short stage text, when the queue sends one */
  stage?: string;
  error?: string;
}

export type WatchJob = (jobId: string, onUpdate: (u: JobUpdate) => void) => () => void;

/**
 * Listens to the user's job pushes from now on (the Export screen calls it when it opens, before
 * any export starts): a small job may be running or even finished before export/start's answer
 * names it, so `watch` first replays the latest update already pushed for that job. `stop` ends it.
 */
export function followJobs(): { watch: WatchJob; stop(): void } {
  const socket = realtimeSocket();
  const latest = new Map<string, JobUpdate>();
  const watchers = new Map<string, Set<(u: JobUpdate) => void>>();
  const onJob = (u: JobUpdate) => {
    const id = String(u.job_id);
    latest.set(id, u);
    watchers.get(id)?.forEach((w) => w(u));
  };
  socket.on('job', onJob);
  return {
    watch(jobId, onUpdate) {
      const seen = latest.get(jobId);
      if (seen) onUpdate(seen);
      const set = watchers.get(jobId) ?? new Set();
      set.add(onUpdate);
      watchers.set(jobId, set);
      return () => {
        set.delete(onUpdate);
        if (!set.size) watchers.delete(jobId);
      };
    },
    stop() {
      socket.off('job', onJob);
      watchers.clear();
      latest.clear();
    },
  };
}
