// Job progress pushed by the gateway ('job' on the user's room, from whichever process runs the
// job): screens following jobs (Downloads, Export) subscribe while they are shown.
import { useEffect, useRef } from 'react';
import type { JobPush } from '@shared/api/job';
import { realtimeSocket } from './socket';

/** as the gateway sends it: texts in English with their templates (jobTexts.ts gives them in the reader's language) */
export type PushedJob = Pick<JobPush, 'job_id' | 'name' | 'item_id' | 'status' | 'progress' | 'stage' | 'error'> &
  Partial<Pick<JobPush, 'stage_template' | 'stage_vars' | 'error_template' | 'error_vars' | 'result'>>;

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
