// catalog/save: create a catalog, or rename / re-order / re-parent one, within one item.
// Levels: 2 at the root, parent.level + 1 below, at most 4 (three levels).
import type { AppDeps } from '../../deps';
import * as catalogRepo from '../../db/repos/catalogs';
import { DEFAULT_S_NUMBER, MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';
import { ancestry, loadCatalogs, subtreeDepth, subtreeIds } from './tree';
import { catalogNotInItem, outsideLimit, tooDeep, underItself, type TopAllowed } from './errors';
import { markItemUpdated } from './touch';

export interface CatalogInput {
  /** 0 = create */
  catId: number;
  name: string;
  /** undefined = keep the current parent (updates) / root (creates) */
  parentCatId?: number;
  /** 0 = keep (updates) / default 99 (creates) */
  sNumber: number;
}

/** `byUid`: the person saving (their change is logged) */
export async function saveCatalog(deps: AppDeps, itemId: number, input: CatalogInput, topAllowed: TopAllowed, byUid?: number): Promise<number> {
  const rows = await loadCatalogs(deps.db, itemId);
  const byId = new Map(rows.map((r) => [r.catId, r]));
  const current = input.catId > 0 ? byId.get(input.catId) : undefined;
  if (input.catId > 0 && !current) throw catalogNotInItem(input.catId);
  const parentId = input.parentCatId ?? current?.parentCatId ?? 0;
  const parent = parentId > 0 ? byId.get(parentId) : undefined;
  if (parentId > 0 && !parent) throw catalogNotInItem(parentId);
  if (current && subtreeIds(rows, current.catId).includes(parentId)) throw underItself();
  const level = parent ? parent.level + 1 : TOP_CATALOG_LEVEL;
  const depth = current ? subtreeDepth(rows, current.catId) : 1;
  // renaming in place is always fine (older, deeper trees stay editable); moving must fit
  const moves = !current || current.parentCatId !== parentId;
  if (moves && level + depth - 1 > MAX_CATALOG_LEVEL) throw tooDeep();

  // catalog limit: the old place (updates) and the new place must both be inside it
  const topOf = (id: number) => ancestry(rows, id)[0]?.catId ?? 0;
  if (current && !topAllowed(topOf(current.catId))) throw outsideLimit();
  if (!topAllowed(parent ? topOf(parent.catId) : current && !parent ? current.catId : 0)) throw outsideLimit();

  const now = deps.now();
  const catId = await deps.db.transaction(async (tx) => {
    await markItemUpdated(tx, itemId, now);
    if (!current) {
      return catalogRepo.insert(tx, { catName: input.name, itemId, parentCatId: parentId, level, sNumber: input.sNumber || DEFAULT_S_NUMBER, addtime: now });
    }
    await catalogRepo.updatePlacement(tx, current.catId, { catName: input.name, parentCatId: parentId, level, sNumber: input.sNumber || current.sNumber });
    const delta = level - current.level;
    const below = subtreeIds(rows, current.catId).filter((id) => id !== current.catId);
    if (delta !== 0 && below.length) await catalogRepo.shiftLevels(tx, itemId, below, delta);
    return current.catId;
  });
  const edit = byUid ? { uid: byUid, action: current ? 'update' : 'create', object: 'catalog', id: catId, name: input.name } as const : undefined;
  deps.events.emit('catalog.changed', { itemId, edit });
  return catId;
}
