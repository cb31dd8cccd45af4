// Job progress pushed by the gateway ('job' on the user's room, from whichever process runs the
// job): screens following jobs (Downloads, Export) subscribe while they are shown.
import { useEffect, useRef } from 'react';
import type { JobState } from '@shared/api/job';
import { realtimeSocket } from './socket';

export interface PushedJob {
  job_id: string;
  /** the job's kind */
  name: string;
  item_id: number;
  status: JobState;
  progress: number;
  stage: string;
  error?: string;
}

/**
 * Calls onPush for every pushed job state, and onConnect whenever the socket (re)connects while the
 * screen is shown: pushes may have been missed meanwhile, so read the list again.
 */
export function useJobPushes(onPush: (job: PushedJob) => void, onConnect?: () => void): void {
  const handlers = useRef({ onPush, onConnect });
  handlers.current = { onPush, onConnect };
  useEffect(() => {
    const socket = realtimeSocket();
    const push = (j: PushedJob) => handlers.current.onPush(j);
    const connect = () => handlers.current.onConnect?.();
    socket.on('job', push);
    socket.on('connect', connect);
    return () => {
      socket.off('job', push);
      socket.off('connect', connect);
    };
  }, []);
}
