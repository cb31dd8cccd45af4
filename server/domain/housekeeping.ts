// Periodic cleanup: expired tokens and download tickets, captchas, counters and mail tokens, and
// orphan files past their grace period. Other areas add their own steps (recycle-bin purge,
// expired exports) through registerCleanup.
import type { AppDeps } from '../deps';
import * as tokenRepo from '../db/repos/tokens';
import * as ticketRepo from '../db/repos/downloadTickets';
import * as captchaRepo from '../db/repos/captchas';
import * as throttleRepo from '../db/repos/throttles';
import * as mailTokenRepo from '../db/repos/mailTokens';
import { removeOrphanFiles } from './attachments/orphans';

export type CleanupStep = (deps: AppDeps) => Promise<void>;

const steps: CleanupStep[] = [
  async (deps) => {
    const now = deps.now();
    await tokenRepo.deleteExpired(deps.db, now);
    await ticketRepo.deleteExpired(deps.db, now);
    await captchaRepo.deleteExpired(deps.db, now);
    await throttleRepo.deleteExpired(deps.db, now);
    // mail tokens are kept a day after they expire
    await mailTokenRepo.deleteExpiredBefore(deps.db, now - 86400);
  },
];

/** after every other step: one of them may have let go of files (the recycle-bin purge unbinds its pages' files) */
const lastSteps: CleanupStep[] = [
  async (deps) => {
    await removeOrphanFiles(deps);
  },
];

export function registerCleanup(step: CleanupStep): void {
  steps.push(step);
}

export async function runCleanup(deps: AppDeps): Promise<void> {
  for (const step of [...steps, ...lastSteps]) {
    try {
      await step(deps);
    } catch (err) {
      deps.log.warn('cleanup step failed', { err });
    }
  }
}
