// The schedule: what runs every QUIRE_HOUSEKEEPING_MS in one process of the cluster at a time
// (BullMQ job schedulers with Redis; a timer under the database's cluster-wide lock without).
// The interval comes from the environment, validated like server/config.ts: a bad value is one
// clear line at start, never a timer that fires every millisecond (Number('1h') is NaN, and
// setInterval treats NaN, and anything past 2^31-1 ms, as 1 ms).
import { ConfigError } from '../server/config';
import type { AppDeps } from '../server/deps';
import type { ScheduledTask } from '../server/jobs/queue';
import { runCleanup } from '../server/domain/housekeeping';
import { removeExpiredResults } from '../server/jobs/results';
import { removeStaleScratch } from '../server/jobs/scratch';
import { removeStaleShowdocUploads } from '../server/domain/showdoc/adminJob';

const DEFAULT_HOUSEKEEPING_MS = 3600_000;
const MIN_MS = 100;
/** the longest delay setInterval honours */
const MAX_MS = 2_147_483_647;

/** QUIRE_HOUSEKEEPING_MS: milliseconds between housekeeping runs (default one hour). */
export function housekeepingEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const name = 'QUIRE_HOUSEKEEPING_MS';
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return DEFAULT_HOUSEKEEPING_MS;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number of milliseconds, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < MIN_MS || n > MAX_MS) throw new ConfigError(`${name} must be between ${MIN_MS} and ${MAX_MS}, got ${n}`);
  return n;
}

/** The scheduled tasks, in the order they run. */
export function scheduledTasks(deps: AppDeps): ScheduledTask[] {
  return [
    // expired tokens, tickets, captchas and counters; the 30-day recycle-bin purge; orphan files
    // (every step is listed in server/domain/housekeeping.ts)
    { name: 'housekeeping', run: () => runCleanup(deps) },
    // job result files 7 days after their job finished; the jobs themselves after 30 days
    { name: 'job-results', run: async () => void (await removeExpiredResults(deps)) },
    // scratch folders of job runs killed mid-way (SIGKILL, out of memory) and never run again
    { name: 'job-scratch', run: async () => void (await removeStaleScratch()) },
    // the uploads kept for ShowDoc imports that failed or were cancelled a week ago (kept for Retry)
    { name: 'showdoc-uploads', run: async () => void (await removeStaleShowdocUploads(deps)) },
  ];
}
