// Loading what the decisions need: the item (by id or personal domain), the viewer's
// memberships, and the catalog tree's top-level ancestors for catalog limits.
import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import * as itemRepo from '../db/repos/items';
import * as grantRepo from '../db/repos/grants';
import * as catalogRepo from '../db/repos/catalogs';
import type { Grant, ItemRow } from './itemAccess';

/** A live (not deleted) item by numeric id or personal domain. */
export async function findItem(db: DbOrTx, idOrDomain: string | number): Promise<ItemRow | undefined> {
  const raw = String(idOrDomain).trim();
  if (!raw) return undefined;
  if (/^\d{1,10}$/.test(raw)) {
    const id = Number(raw);
    if (id <= 0 || id > 2_147_483_647) return undefined;
    return itemRepo.findLiveById(db, id);
  }
  if (!/^[A-Za-z0-9]{1,50}$/.test(raw)) return undefined;
  return itemRepo.findLiveByDomain(db, raw);
}

/** findItem through the per-process read cache: for request paths, never inside a transaction. */
export async function findItemCached(deps: Pick<AppDeps, 'db' | 'reads'>, idOrDomain: string | number): Promise<ItemRow | undefined> {
  const raw = String(idOrDomain).trim();
  if (/^\d{1,10}$/.test(raw)) {
    const id = Number(raw);
    if (id <= 0 || id > 2_147_483_647) return undefined;
    return deps.reads.item(id, () => findItem(deps.db, id));
  }
  if (!/^[A-Za-z0-9]{1,50}$/.test(raw)) return undefined;
  return deps.reads.domain(raw, () => findItem(deps.db, raw));
}

/** loadGrants through the per-process read cache. */
export function loadGrantsCached(deps: Pick<AppDeps, 'db' | 'reads'>, itemId: number, uid: number): Promise<Grant[]> {
  return deps.reads.grantsOf(itemId, uid, () => loadGrants(deps.db, itemId, uid));
}

export function loadGrants(db: DbOrTx, itemId: number, uid: number): Promise<Grant[]> {
  return grantRepo.grantsOfUser(db, itemId, uid);
}

/** catalog id → its top-level (level 2) ancestor id, for one item. */
export async function catalogTopMap(db: DbOrTx, itemId: number): Promise<Map<number, number>> {
  const rows = await catalogRepo.parentsOfItem(db, itemId);
  const parent = new Map(rows.map((r) => [r.catId, r.parent]));
  const top = new Map<number, number>();
  for (const r of rows) {
    let cur = r.catId;
    for (let guard = 0; guard < 10; guard++) {
      const p = parent.get(cur);
      if (!p) break;
      if (!parent.has(p)) break; // broken chain: treat cur as top
      cur = p;
    }
    top.set(r.catId, cur);
  }
  return top;
}
