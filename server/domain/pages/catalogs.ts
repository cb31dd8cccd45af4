// Catalog facts pages need: whether a catalog belongs to an item, and a page's path.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogs } from '../../db/schema';

export async function catalogInItem(db: DbOrTx, catId: number, itemId: number): Promise<boolean> {
  if (catId === 0) return true;
  const [row] = await db
    .select({ id: catalogs.catId })
    .from(catalogs)
    .where(and(eq(catalogs.catId, catId), eq(catalogs.itemId, itemId)))
    .limit(1);
  return !!row;
}

/** The catalogs from the top level down to catId (at most three). */
export async function catalogPath(db: DbOrTx, itemId: number, catId: number): Promise<{ cat_id: number; cat_name: string }[]> {
  const path: { cat_id: number; cat_name: string }[] = [];
  let cur = catId;
  const seen = new Set<number>();
  while (cur > 0 && !seen.has(cur) && path.length < 5) {
    seen.add(cur);
    const [row] = await db
      .select({ catId: catalogs.catId, catName: catalogs.catName, parent: catalogs.parentCatId })
      .from(catalogs)
      .where(and(eq(catalogs.catId, cur), eq(catalogs.itemId, itemId)))
      .limit(1);
    if (!row) break;
    path.unshift({ cat_id: row.catId, cat_name: row.catName });
    cur = row.parent;
  }
  return path;
}

/** Every catalog of an item whose top-level ancestor is one of `tops`. */
export async function catalogsUnder(db: DbOrTx, itemId: number, tops: number[]): Promise<number[]> {
  if (!tops.length) return [];
  const rows = await db.select({ catId: catalogs.catId, parent: catalogs.parentCatId }).from(catalogs).where(eq(catalogs.itemId, itemId));
  const allowed = new Set(tops.filter((t) => rows.some((r) => r.catId === t)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!allowed.has(r.catId) && allowed.has(r.parent)) {
        allowed.add(r.catId);
        grew = true;
      }
    }
  }
  return [...allowed];
}
