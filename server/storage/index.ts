// Picks the storage driver: object storage when switched on in settings, local disk otherwise.
// Reading and deleting use the driver recorded on each attachment row, so files stored before
// a switch stay reachable.
import path from 'node:path';
import type { AppDeps } from '../deps';
import type { OssSetting } from '../lib/siteSettings';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import { s3Connection } from './s3Endpoint';
import type { DriverName, StorageDriver } from './types';

export type { StorageDriver, DriverName } from './types';
export { OssConfigError } from './s3Endpoint';

const locals = new Map<string, LocalStorage>();
let s3Cache: { sig: string; driver: S3Storage } | null = null;

export function localStorageFor(deps: AppDeps): LocalStorage {
  const root = path.join(deps.config.dataDir, 'uploads');
  let d = locals.get(root);
  if (!d) {
    d = new LocalStorage(root);
    locals.set(root, d);
  }
  return d;
}

export function s3StorageFor(o: OssSetting): S3Storage {
  const sig = JSON.stringify(o);
  if (s3Cache?.sig === sig) return s3Cache.driver;
  s3Cache?.driver.destroy();
  const driver = new S3Storage(s3Connection(o));
  s3Cache = { sig, driver };
  return driver;
}

/** The driver new uploads go to, plus the key prefix it wants. */
export async function uploadStorage(deps: AppDeps): Promise<{ driver: StorageDriver; prefix: string }> {
  const s = await deps.settings.get();
  if (s.oss_open) return { driver: s3StorageFor(s.oss_setting), prefix: s3Connection(s.oss_setting).prefix };
  return { driver: localStorageFor(deps), prefix: '' };
}

/** The driver holding an existing file. */
export async function storageOf(deps: AppDeps, name: DriverName | string): Promise<StorageDriver> {
  if (name === 's3') return s3StorageFor((await deps.settings.get()).oss_setting);
  return localStorageFor(deps);
}
