// A job run's scratch folder (`quire-job-<id>-XXXXXX` in the system temp folder): where an export
// writes its partial document before storing it. A run removes its folder when it ends, but a
// worker killed with SIGKILL (or out of memory) never gets there. So a run first removes what
// earlier runs of its job left (one run holds a job at a time: they are dead), and the schedule
// removes folders nothing has touched for a day (jobs that were never run again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOB_ID_RE } from './ids';

const PREFIX = 'quire-job-';
/** a scratch folder untouched this long belongs to no live run */
export const STALE_SCRATCH_MS = 86400_000;

const folderPrefix = (jobId: string) => `${PREFIX}${jobId}-`;

/** the job a folder name belongs to, or null when it is not a job's scratch folder */
function jobOf(name: string): string | null {
  if (!name.startsWith(PREFIX)) return null;
  const id = name.slice(PREFIX.length).split('-')[0];
  return JOB_ID_RE.test(id) && name.length > folderPrefix(id).length ? id : null;
}

const remove = (dir: string) => fs.promises.rm(dir, { recursive: true, force: true });

/** Makes a run's scratch folder. */
export function newScratch(jobId: string, root = os.tmpdir()): Promise<string> {
  return fs.promises.mkdtemp(path.join(root, folderPrefix(jobId)));
}

/** Removes every scratch folder of the job: a run starting removes those of runs killed before it. */
export async function removeScratchOf(jobId: string, root = os.tmpdir()): Promise<void> {
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => jobOf(n) === jobId).map((n) => remove(path.join(root, n))));
}

/** The newest change in a folder or anything under it (a long export keeps writing its body). */
async function lastTouched(dir: string): Promise<number> {
  let newest = (await fs.promises.stat(dir)).mtimeMs;
  for (const e of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
    const st = await fs.promises.lstat(path.join(e.parentPath, e.name)).catch(() => null);
    if (st) newest = Math.max(newest, st.mtimeMs);
  }
  return newest;
}

/** Scheduled: removes job scratch folders nothing has written to for a day; answers how many. */
export async function removeStaleScratch(nowMs = Date.now(), root = os.tmpdir()): Promise<number> {
  const entries = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory() || !jobOf(e.name)) continue;
    const dir = path.join(root, e.name);
    try {
      if (nowMs - (await lastTouched(dir)) < STALE_SCRATCH_MS) continue;
      await remove(dir);
      removed++;
    } catch {
      // removed meanwhile by its own run, or unreadable: the next run of the schedule looks again
    }
  }
  return removed;
}
