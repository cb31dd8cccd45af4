// One process per data directory: PGlite has no cross-process lock of its own (stack.md),
// and two writers would corrupt it. A pid file created exclusively; a dead owner's file is stale.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {
  constructor(readonly pid: number, readonly dir: string) {
    super(`another Quire process (pid ${pid}) is already using the data directory ${dir}; stop it first or set DATA_DIR to another directory`);
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirBusyError. Returns a release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'quire.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {}
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (owner !== process.pid && alive(owner)) throw new DataDirBusyError(owner, dir);
      // stale: the owner was killed; remove and retry
      try {
        fs.unlinkSync(file);
      } catch {}
    }
  }
  throw new Error(`could not lock the data directory ${dir}`);
}

/** The pid holding the directory, if a live process does. */
export function dataDirOwner(dir: string): number | null {
  try {
    const owner = Number(fs.readFileSync(path.join(dir, 'quire.pid'), 'utf8').trim());
    return alive(owner) && owner !== process.pid ? owner : null;
  } catch {
    return null;
  }
}
