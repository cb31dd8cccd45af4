// Catalog facts the pages area needs (whether a catalog is an item's, a page's path) and the open
// API's catalogs by path. Catalog editing is the catalogs area's (catalogs.ts).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { catalogs } from '../schema';
import { anyRow } from './rows';

export function existsInItem(db: DbOrTx, catId: number, itemId: number): Promise<boolean> {
  return anyRow(db, catalogs, and(eq(catalogs.catId, catId), eq(catalogs.itemId, itemId)));
}

/** A catalog of the item with its name and parent. */
export async function findInItem(db: DbOrTx, itemId: number, catId: number): Promise<{ catId: number; catName: string; parent: number } | undefined> {
  const [row] = await db
    .select({ catId: catalogs.catId, catName: catalogs.catName, parent: catalogs.parentCatId })
    .from(catalogs)
    .where(and(eq(catalogs.catId, catId), eq(catalogs.itemId, itemId)))
    .limit(1);
  return row;
}

/** The first child of `parent` (0 = item root) with this name, in menu order. */
export async function findChildByName(db: DbOrTx, itemId: number, parent: number, name: string): Promise<number | undefined> {
  const [found] = await db
    .select({ catId: catalogs.catId })
    .from(catalogs)
    .where(and(eq(catalogs.itemId, itemId), eq(catalogs.parentCatId, parent), eq(catalogs.catName, name)))
    .orderBy(asc(catalogs.sNumber), asc(catalogs.catId))
    .limit(1);
  return found?.catId;
}

export async function insertChild(db: DbOrTx, c: { itemId: number; parent: number; name: string; level: number; sNumber: number; now: number }): Promise<number> {
  const [row] = await db
    .insert(catalogs)
    .values({ catName: c.name, itemId: c.itemId, parentCatId: c.parent, level: c.level, sNumber: c.sNumber, addtime: c.now })
    .returning({ catId: catalogs.catId });
  return row.catId;
}

/** Every catalog of the item with its parent, name and position. */
export function namesOfItem(db: DbOrTx, itemId: number): Promise<{ catId: number; parent: number; name: string; sNumber: number }[]> {
  return db
    .select({ catId: catalogs.catId, parent: catalogs.parentCatId, name: catalogs.catName, sNumber: catalogs.sNumber })
    .from(catalogs)
    .where(eq(catalogs.itemId, itemId));
}
