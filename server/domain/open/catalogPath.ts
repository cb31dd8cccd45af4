// Catalog creation by path for the open API: 'a/b/c' (optional leading '/') names levels
// 2, 3 and 4 under the item root; missing levels are created with order 99.
import type { DbOrTx } from '../../db/client';
import * as catalogRepo from '../../db/repos/pageCatalogs';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { CATALOG_NAME_MAX_CHARS, DEFAULT_S_NUMBER, MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';

export const MAX_PATH_LEVELS = MAX_CATALOG_LEVEL - TOP_CATALOG_LEVEL + 1;

/** Splits and checks a catalog path; throws before anything is written. */
export function parseCatalogPath(path: string): string[] {
  const parts = path
    .replace(/[\r\n]/g, '')
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length > MAX_PATH_LEVELS) {
    throw new ApiError(ErrorCode.VALIDATION, 'Catalog path "{path}" is deeper than {max} levels', { path, max: MAX_PATH_LEVELS });
  }
  for (const p of parts) {
    if (p.length > CATALOG_NAME_MAX_CHARS) {
      throw new ApiError(ErrorCode.VALIDATION, 'Catalog name is too long (max {max} characters)', { max: CATALOG_NAME_MAX_CHARS });
    }
  }
  return parts;
}

/** The id of the catalog at this path (0 = item root), creating missing levels. */
export async function ensureCatalogPath(db: DbOrTx, itemId: number, parts: string[], now: number): Promise<{ catId: number; created: boolean }> {
  let parent = 0;
  let created = false;
  let level = TOP_CATALOG_LEVEL;
  for (const name of parts) {
    const found = await catalogRepo.findChildByName(db, itemId, parent, name);
    if (found !== undefined) {
      parent = found;
    } else {
      parent = await catalogRepo.insertChild(db, { itemId, parent, name, level, sNumber: DEFAULT_S_NUMBER, now });
      created = true;
    }
    level++;
  }
  return { catId: parent, created };
}

/** The catalog at this path without creating anything; null when a level is missing. */
export async function findCatalogPath(db: DbOrTx, itemId: number, parts: string[]): Promise<{ catId: number; created: boolean } | null> {
  let parent = 0;
  for (const name of parts) {
    const found = await catalogRepo.findChildByName(db, itemId, parent, name);
    if (found === undefined) return null;
    parent = found;
  }
  return { catId: parent, created: false };
}
