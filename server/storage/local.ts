// Local disk storage under <DATA_DIR>/uploads: outside any directory served statically;
// files are written to a temporary name and renamed into place.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertKey, type FileSource, type StorageDriver, type StoredObject } from './types';

export class LocalStorage implements StorageDriver {
  readonly name = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    const p = path.resolve(this.root, key);
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes the root');
    return p;
  }

  async put(key: string, source: FileSource): Promise<{ realUrl: string }> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await fs.promises.copyFile(source.path, tmp, fs.constants.COPYFILE_EXCL);
      await fs.promises.chmod(tmp, 0o640);
      await fs.promises.rename(tmp, target);
    } catch (e) {
      await fs.promises.unlink(tmp).catch(() => {});
      throw e;
    }
    return { realUrl: '' };
  }

  async get(key: string): Promise<StoredObject | null> {
    const p = this.pathOf(key);
    try {
      const st = await fs.promises.stat(p);
      if (!st.isFile()) return null;
      return { body: fs.createReadStream(p), size: st.size };
    } catch (e: any) {
      if (e?.code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.unlink(this.pathOf(key)).catch((e: any) => {
      if (e?.code !== 'ENOENT') throw e;
    });
  }
}
