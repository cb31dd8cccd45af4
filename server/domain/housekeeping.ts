// Periodic cleanup: expired tokens and download tickets, captchas, counters and mail tokens, the
// 30-day recycle-bin purge, orphan files and, in the embedded database, VACUUM. Every step is
// listed here, so each process that runs the schedule (the server's timer, scriptCron/run,
// `npm run workers`) runs all of them without loading anything else for its side effects.
import type { AppDeps } from '../deps';
import * as tokenRepo from '../db/repos/tokens';
import * as ticketRepo from '../db/repos/downloadTickets';
import * as captchaRepo from '../db/repos/captchas';
import * as throttleRepo from '../db/repos/throttles';
import * as mailTokenRepo from '../db/repos/mailTokens';
import { purgeRecycleBin } from './recycle/purge';
import { removeOrphanFiles } from './attachments/orphans';
import { sweepImports } from './imports/sweep';
import { vacuumEmbeddedDatabase } from './vacuum';

export type CleanupStep = (deps: AppDeps) => Promise<void>;

const steps: readonly CleanupStep[] = [
  async (deps) => {
    const now = deps.now();
    await tokenRepo.deleteExpired(deps.db, now);
    await ticketRepo.deleteExpired(deps.db, now);
    await captchaRepo.deleteExpired(deps.db, now);
    await throttleRepo.deleteExpired(deps.db, now);
    // mail tokens are kept a day after they expire
    await mailTokenRepo.deleteExpiredBefore(deps.db, now - 86400);
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
  // last, after the deletes above: the embedded database has no autovacuum (domain/vacuum.ts)
  async (deps) => {
    await vacuumEmbeddedDatabase(deps);
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
