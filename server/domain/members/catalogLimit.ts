// Catalog limits of a member (personal or per team-item): only top-level catalogs (level 2)
// of the member's own item may be named (showdoc-behaviour §1.5). ShowDoc silently dropped
// anything else; we refuse it so a manager never believes a limit is in force when it is not.
import type { DbOrTx } from '../../db/client';
import * as catalogRepo from '../../db/repos/catalogs';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export interface CatalogLimit {
  /** 0 = every catalog */
  catId: number;
  /** comma list of top-level catalog ids; '' = use catId */
  catIds: string;
}

/** no limit: every catalog and the root pages */
export const NO_CATALOG_LIMIT: CatalogLimit = { catId: 0, catIds: '' };

const invalid = (name: string) => new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name });

/** "3,5", "[3,5]" or "" → ids; anything that is not a list of positive integers is refused. */
export function parseCatIds(raw: string): number[] {
  const text = raw.trim();
  if (!text) return [];
  let parts: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) throw invalid('cat_ids');
      parts = parsed;
    } catch {
      throw invalid('cat_ids');
    }
  } else {
    parts = text.split(',').map((s) => s.trim());
  }
  const ids: number[] = [];
  for (const p of parts) {
    const s = String(p);
    if (!/^\d{1,10}$/.test(s)) throw invalid('cat_ids');
    const n = Number(s);
    if (n <= 0 || n > 2_147_483_647) throw invalid('cat_ids');
    if (!ids.includes(n)) ids.push(n);
  }
  if (ids.length > 200) throw invalid('cat_ids');
  return ids;
}

/** Checks that every named catalog is a top-level catalog of itemId. */
export async function checkTopCatalogs(db: DbOrTx, itemId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const ok = new Set(await catalogRepo.topLevelAmong(db, itemId, ids));
  const bad = ids.find((id) => !ok.has(id));
  if (bad !== undefined) {
    throw new ApiError(ErrorCode.GENERIC, 'Catalog {cat_id} is not a top-level catalog of this item', { cat_id: bad });
  }
}

/** Validates cat_id and cat_ids together for one item. */
export async function resolveCatalogLimit(db: DbOrTx, itemId: number, catId: number, catIdsRaw: string): Promise<CatalogLimit> {
  const ids = parseCatIds(catIdsRaw);
  await checkTopCatalogs(db, itemId, catId > 0 ? [catId, ...ids.filter((i) => i !== catId)] : ids);
  return { catId, catIds: ids.join(',') };
}

/** cat_id → name for the catalogs named by some limits (list screens show names). */
export async function catalogNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  return catalogRepo.namesOf(db, unique);
}
