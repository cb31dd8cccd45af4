// A job's progress reports, throttled: a job may report on every page of a 5,000-page import,
// but the row and the user's browser hear of it at most every `everyMs`. The latest value wins,
// the last one is always written, and a slow database never makes writes pile up.
import type { MessageVars } from '../../shared/messages';

/** a progress value: percent, and the stage as an English message template with its values */
export interface ProgressValue {
  percent: number;
  stage: string;
  vars: MessageVars;
}

export type ProgressWrite = (value: ProgressValue) => Promise<void>;

export class ThrottledProgress {
  private last = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** a write is waiting behind the one in flight: it will take the newest value */
  private waiting = false;
  private dirty = false;
  private stopped = false;
  private current: ProgressValue = { percent: 0, stage: '', vars: {} };

  constructor(
    private readonly write: ProgressWrite,
    private readonly everyMs = 500,
    private readonly clock: () => number = Date.now,
  ) {}

  /** the latest value reported (written or not) */
  get value(): ProgressValue {
    return this.current;
  }

  /** Waits only when the report is written now; never throws. A report without a stage keeps the last one. */
  report(percent: number, stage?: string, vars?: MessageVars): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const p = Number.isFinite(percent) ? Math.max(0, Math.min(100, Math.round(percent))) : this.current.percent;
    const kept = stage === undefined;
    this.current = { percent: p, stage: kept ? this.current.stage : String(stage).slice(0, 200), vars: kept ? this.current.vars : cleanVars(vars) };
    this.dirty = true;
    const wait = this.last + this.everyMs - this.clock();
    if (wait <= 0 && !this.timer) return this.writeNow();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.writeNow();
    }, Math.max(wait, 0));
    return Promise.resolve();
  }

  private writeNow(): Promise<void> {
    this.last = this.clock();
    if (this.waiting) return this.writing;
    this.waiting = true;
    this.writing = this.writing
      .then(async () => {
        this.waiting = false;
        if (!this.dirty) return;
        this.dirty = false;
        await this.write(this.current);
      })
      .catch(() => {});
    return this.writing;
  }

  /** Writes what is still unwritten and waits for every write; later reports are ignored. */
  async flush(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.dirty) await this.writeNow();
    await this.writing;
  }
}

/** a message's values as stored: numbers, and strings cut at `max` characters (a file name, a count) */
export function cleanVars(vars: MessageVars | undefined, max = 200): MessageVars {
  const out: MessageVars = {};
  for (const [k, v] of Object.entries(vars ?? {})) out[k] = typeof v === 'number' && Number.isFinite(v) ? v : String(v).slice(0, max);
  return out;
}
