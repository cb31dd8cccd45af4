// Periodic cleanup: expired tokens and download tickets, captchas, counters and mail tokens, the
// 30-day recycle-bin purge and orphan files. Every step is listed here, so each process that runs
// the schedule (the server's timer, scriptCron/run, `npm run workers`) runs all of them without
// loading anything else for its side effects.
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { captchas, downloadTickets, passwordResets, throttles, userTokens } from '../db/schema';
import { purgeRecycleBin } from './recycle/purge';
import { removeOrphanFiles } from './attachments/orphans';
import { sweepImports } from './imports/sweep';

export type CleanupStep = (deps: AppDeps) => Promise<void>;

const steps: readonly CleanupStep[] = [
  async (deps) => {
    const now = deps.now();
    await deps.db.delete(userTokens).where(lt(userTokens.expiresAt, now));
    await deps.db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, now));
    await deps.db.delete(captchas).where(lt(captchas.expiresAt, now));
    await deps.db.delete(throttles).where(lt(throttles.resetAt, now));
    await deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, now - 86400));
  },
  async (deps) => {
    await purgeRecycleBin(deps);
  },
  // after the purge: files only the purged pages used start their grace period now
  async (deps) => {
    await removeOrphanFiles(deps);
  },
  // imports whose process died undone; import rows (and uploads) older than 7 days removed
  async (deps) => {
    await sweepImports(deps);
  },
];

export async function runCleanup(deps: AppDeps): Promise<void> {
  for (const step of steps) {
    try {
      await step(deps);
    } catch (err) {
      deps.log.warn('cleanup step failed', { err });
    }
  }
}
