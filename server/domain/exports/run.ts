// What an export reports while it runs, and how it learns that it should stop. A job passes its
// own context; an export answered straight to the request passes a quiet one.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { MessageVars } from '../../../shared/messages';

export interface ExportRun {
  /** 0–100 with a short stage: an English message template and its values (Chinese in shared/messages/exports.ts) */
  progress(percent: number, stage?: string, vars?: MessageVars): Promise<void>;
  /** aborted when the user cancels */
  signal?: AbortSignal;
}

export const quietRun: ExportRun = { progress: async () => {} };

export function stopIfCancelled(run: ExportRun): void {
  if (run.signal?.aborted) throw new ApiError(ErrorCode.GENERIC, 'The export was cancelled');
}

/**
 * Reports progress through a span of the bar (from–to) as `done` of `total` steps advance, at most
 * every 2 %; `stage` is a template with the placeholders {n} (done) and {total}.
 */
export function progressSpan(run: ExportRun, from: number, to: number, total: number, stage: string) {
  let last = -1;
  return async (done: number) => {
    const p = Math.floor(from + ((to - from) * done) / Math.max(1, total));
    if (p - last < 2 && done < total) return;
    last = p;
    await run.progress(p, stage, { n: done, total });
  };
}

export type Lang = 'en' | 'zh';

/** 'YYYY-MM-DD HH:MM' in the server's time zone */
export function formatDate(unix: number): string {
  const d = new Date(unix * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** 'YYYYMMDDHHMMSS' for file names, as ShowDoc names its exports */
export function stamp(unix: number): string {
  const d = new Date(unix * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}
