// catalog/copy: copy (is_del=0) or move (is_del=1) a catalog with its sub-catalogs and live
// pages under another catalog (or the root) of the same or another item. The caller has
// authorised both items; here every id is checked against the item it must belong to.
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import * as catalogRepo from '../../db/repos/catalogs';
import * as catalogPages from '../../db/repos/catalogPages';
import { MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';
import { ancestry, loadCatalogs, subtreeDepth, subtreeIds, type CatalogRow } from './tree';
import { catalogNotInItem, outsideLimit, tooDeep, underItself, type TopAllowed } from './errors';
import { markItemUpdated } from './touch';

export interface CopyCatalogInput {
  fromItemId: number;
  catId: number;
  toItemId: number;
  /** 0 = the target item's root */
  newParentId: number;
  move: boolean;
}

/** Returns the id of the copied (or moved) top catalog. */
export async function copyCatalog(deps: AppDeps, input: CopyCatalogInput, fromAllowed: TopAllowed, toAllowed: TopAllowed): Promise<number> {
  const srcRows = await loadCatalogs(deps.db, input.fromItemId);
  const src = srcRows.find((r) => r.catId === input.catId);
  if (!src) throw catalogNotInItem(input.catId);
  const sameItem = input.fromItemId === input.toItemId;
  const dstRows = sameItem ? srcRows : await loadCatalogs(deps.db, input.toItemId);
  const parent = input.newParentId > 0 ? dstRows.find((r) => r.catId === input.newParentId) : undefined;
  if (input.newParentId > 0 && !parent) throw catalogNotInItem(input.newParentId);
  const ids = subtreeIds(srcRows, src.catId);
  if (sameItem && ids.includes(input.newParentId)) throw underItself();
  const level = parent ? parent.level + 1 : TOP_CATALOG_LEVEL;
  if (level + subtreeDepth(srcRows, src.catId) - 1 > MAX_CATALOG_LEVEL) throw tooDeep();
  if (!fromAllowed(ancestry(srcRows, src.catId)[0]?.catId ?? 0)) throw outsideLimit();
  if (!toAllowed(parent ? (ancestry(dstRows, parent.catId)[0]?.catId ?? 0) : 0)) throw outsideLimit();

  const now = deps.now();
  const topId = await deps.db.transaction(async (tx) => {
    await markItemUpdated(tx, input.toItemId, now);
    if (input.move) await markItemUpdated(tx, input.fromItemId, now);
    return input.move ? moveSubtree(tx, input, srcRows, ids, level) : copySubtree(tx, input, srcRows, ids, level, now);
  });
  deps.events.emit('catalog.changed', { itemId: input.toItemId });
  if (!sameItem) deps.events.emit('catalog.changed', { itemId: input.fromItemId });
  return topId;
}

async function copySubtree(tx: Tx, input: CopyCatalogInput, rows: CatalogRow[], ids: number[], level: number, now: number): Promise<number> {
  const map = new Map<number, { id: number; level: number }>();
  const queue = [rows.find((r) => r.catId === input.catId)!];
  while (queue.length) {
    const c = queue.shift()!;
    const isTop = c.catId === input.catId;
    const parent = isTop ? { id: input.newParentId, level: level - 1 } : map.get(c.parentCatId)!;
    const catId = await catalogRepo.insert(tx, {
      catName: c.catName,
      itemId: input.toItemId,
      parentCatId: parent.id,
      level: parent.level + 1,
      sNumber: c.sNumber,
      addtime: now,
    });
    map.set(c.catId, { id: catId, level: parent.level + 1 });
    queue.push(...rows.filter((r) => r.parentCatId === c.catId).sort((a, b) => a.sNumber - b.sNumber || a.catId - b.catId));
  }
  const src = await catalogPages.livePagesToCopy(tx, input.fromItemId, ids);
  const values = src.map((p) => catalogPages.copyOfPage(p, { itemId: input.toItemId, catId: map.get(p.catId)!.id }, now));
  await catalogPages.insertPages(tx, values);
  return map.get(input.catId)!.id;
}

/** A move keeps every id (links, history, attachments stay attached); only item and levels change. */
async function moveSubtree(tx: Tx, input: CopyCatalogInput, rows: CatalogRow[], ids: number[], level: number): Promise<number> {
  const src = rows.find((r) => r.catId === input.catId)!;
  const delta = level - src.level;
  await catalogRepo.moveToItem(tx, input.fromItemId, ids, input.toItemId, delta);
  await catalogRepo.setParent(tx, src.catId, input.newParentId);
  if (input.fromItemId !== input.toItemId) await catalogPages.moveUnderToItem(tx, input.fromItemId, ids, input.toItemId);
  return src.catId;
}
