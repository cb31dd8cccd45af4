// Periodic cleanup: expired tokens and download tickets, captchas, counters and mail tokens. Other areas add
// their own steps (recycle-bin purge, expired exports) through registerCleanup.
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { captchas, downloadTickets, passwordResets, throttles, userTokens } from '../db/schema';

export type CleanupStep = (deps: AppDeps) => Promise<void>;

const steps: CleanupStep[] = [
  async (deps) => {
    const now = deps.now();
    await deps.db.delete(userTokens).where(lt(userTokens.expiresAt, now));
    await deps.db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, now));
    await deps.db.delete(captchas).where(lt(captchas.expiresAt, now));
    await deps.db.delete(throttles).where(lt(throttles.resetAt, now));
    await deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, now - 86400));
  },
];

export function registerCleanup(step: CleanupStep): void {
  steps.push(step);
}

export async function runCleanup(deps: AppDeps): Promise<void> {
  for (const step of steps) {
    try {
      await step(deps);
    } catch (err) {
      deps.log.warn('cleanup step failed', { err });
    }
  }
}
