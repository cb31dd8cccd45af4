// One import as the screen follows it: upload the file (import/start, a job), then the job's
// progress until it is done or failed. The state is polled (import/status); a job event pushed
// over the live connection makes the next poll happen at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportStatus } from '@shared/api/import';
import { ApiError, importApi, type Id } from '../../api';
import { useJobPushes } from '../../realtime/jobs';

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string }
  | { kind: 'running'; fileName: string; status: ImportStatus | null }
  | { kind: 'done'; fileName: string; status: ImportStatus }
  | { kind: 'failed'; fileName: string; message: string };

const POLL_MS = 800;

export function useImportJob(target: { item_id?: Id; cat_id?: Id } = {}) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const follow = useRef<{ importId: string; jobId: string; fileName: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const poll = useCallback(async () => {
    const f = follow.current;
    if (!f) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    let status: ImportStatus;
    try {
      status = await importApi.status(f.importId);
    } catch (e) {
      if (!alive.current || follow.current !== f) return;
      // a lost answer is retried; a refusal (the import is gone) ends the wait
      if (e instanceof ApiError && e.code > 0) {
        follow.current = null;
        setPhase({ kind: 'failed', fileName: f.fileName, message: e.message });
        return;
      }
      timer.current = setTimeout(() => void poll(), POLL_MS * 2);
      return;
    }
    if (!alive.current || follow.current !== f) return;
    if (status.state === 'done') {
      follow.current = null;
      setPhase({ kind: 'done', fileName: f.fileName, status });
    } else if (status.state === 'failed') {
      follow.current = null;
      setPhase({ kind: 'failed', fileName: f.fileName, message: status.error });
    } else {
      setPhase({ kind: 'running', fileName: f.fileName, status });
      timer.current = setTimeout(() => void poll(), POLL_MS);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);
  // a push about the job (or a reconnect, which may have missed one) asks at once
  const nudge = useCallback(() => {
    if (follow.current) void poll();
  }, [poll]);
  useJobPushes((job) => {
    if (job.job_id === follow.current?.jobId) nudge();
  }, nudge);

  const start = useCallback(
    async (file: File) => {
      setPhase({ kind: 'uploading', fileName: file.name });
      try {
        const started = await importApi.start(file, { item_id: target.item_id, cat_id: target.cat_id });
        follow.current = { importId: started.import_id, jobId: started.job_id, fileName: file.name };
        setPhase({ kind: 'running', fileName: file.name, status: null });
        void poll();
      } catch (e) {
        if (e instanceof ApiError && e.handled) {
          setPhase({ kind: 'idle' });
          return;
        }
        setPhase({ kind: 'failed', fileName: file.name, message: e instanceof Error ? e.message : String(e) });
      }
    },
    [poll, target.item_id, target.cat_id],
  );

  const reset = useCallback(() => {
    follow.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  return { phase, start, reset };
}
