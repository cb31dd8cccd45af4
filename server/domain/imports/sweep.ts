// Housekeeping of imports: one whose process died and that no retry took over (silent for an
// hour) has what it made removed and is marked failed; imports older than 7 days are forgotten
// (with their uploaded file).
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import { IMPORT_ABANDONED_SECONDS, IMPORT_RETENTION_SECONDS } from './limits';
import { say, asLang } from './messages';
import { undoRecorded } from './undo';

export async function sweepImports(deps: AppDeps): Promise<{ abandoned: number; removed: number }> {
  const now = deps.now();
  let abandoned = 0;
  for (const stale of await importRepo.abandonedRuns(deps.db, now - IMPORT_ABANDONED_SECONDS, 50)) {
    // claimed first: a process that was only slow can record nothing more
    const run = await importRepo.claimAttempt(deps.db, stale.id, now);
    if (!run) continue;
    await undoRecorded(deps, run);
    await importRepo.failRun(deps.db, run.id, run.attempt, say(asLang(run.lang), 'The import stopped without finishing; nothing was imported. Try again.'), now);
    abandoned++;
  }
  const removed = await importRepo.deleteOldRuns(deps.db, now - IMPORT_RETENTION_SECONDS);
  if (abandoned || removed) deps.log.info('imports swept', { abandoned, removed });
  return { abandoned, removed };
}
