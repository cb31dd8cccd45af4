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

/** Calls `onUpdate` for each update of one job; returns the function that stops watching. */
export const watchJob: WatchJob = (jobId, onUpdate) => {
  const socket = realtimeSocket();
  const handler = (u: JobUpdate) => {
    if (String(u.job_id) === jobId) onUpdate(u);
  };
  socket.on('job', handler);
  return () => {
    socket.off('job', handler);
  };
};
