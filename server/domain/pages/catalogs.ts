// Catalog facts pages need: whether a catalog belongs to an item, and a page's path.
import type { DbOrTx } from '../../db/client';
import * as catalogRepo from '../../db/repos/pageCatalogs';

export async function catalogInItem(db: DbOrTx, catId: number, itemId: number): Promise<boolean> {
  if (catId === 0) return true;
  return catalogRepo.existsInItem(db, catId, itemId);
}

/** The catalogs from the top level down to catId (at most three). */
export async function catalogPath(db: DbOrTx, itemId: number, catId: number): Promise<{ cat_id: number; cat_name: string }[]> {
  const path: { cat_id: number; cat_name: string }[] = [];
  let cur = catId;
  const seen = new Set<number>();
  while (cur > 0 && !seen.has(cur) && path.length < 5) {
    seen.add(cur);
    const row = await catalogRepo.findInItem(db, itemId, cur);
    if (!row) break;
    path.unshift({ cat_id: row.catId, cat_name: row.catName });
    cur = row.parent;
  }
  return path;
}
