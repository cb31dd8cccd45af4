// Catalogs: the SQL of the catalogs area.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { catalogs } from '../schema';
import { TOP_CATALOG_LEVEL } from '../../../shared/limits';
import { firstRow } from './rows';

export type CatalogRow = typeof catalogs.$inferSelect;

/** every catalog of an item with its parent (0 at the top level) */
export function parentsOfItem(db: DbOrTx, itemId: number): Promise<{ catId: number; parent: number }[]> {
  return db.select({ catId: catalogs.catId, parent: catalogs.parentCatId }).from(catalogs).where(eq(catalogs.itemId, itemId));
}

/** every catalog of an item in menu order (s_number, then id) */
export function listOfItem(db: DbOrTx, itemId: number): Promise<CatalogRow[]> {
  return db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(asc(catalogs.sNumber), asc(catalogs.catId));
}

/** every catalog of an item, parents before children (level, then menu order): for copying */
export function listOfItemByLevel(db: DbOrTx, itemId: number): Promise<CatalogRow[]> {
  return db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(asc(catalogs.level), asc(catalogs.sNumber), asc(catalogs.catId));
}

export function findById(db: DbOrTx, catId: number): Promise<CatalogRow | undefined> {
  return firstRow(db, catalogs, eq(catalogs.catId, catId));
}

/** the ids among `ids` that are top-level catalogs of the item */
export async function topLevelAmong(db: DbOrTx, itemId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ catId: catalogs.catId })
    .from(catalogs)
    .where(and(eq(catalogs.itemId, itemId), eq(catalogs.level, TOP_CATALOG_LEVEL), inArray(catalogs.catId, ids)));
  return rows.map((r) => r.catId);
}

/** cat_id → name */
export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ catId: catalogs.catId, catName: catalogs.catName }).from(catalogs).where(inArray(catalogs.catId, ids));
  return new Map(rows.map((r) => [r.catId, r.catName]));
}

export interface NewCatalog {
  catName: string;
  itemId: number;
  parentCatId: number;
  level: number;
  sNumber: number;
  addtime: number;
}

/** Inserts a catalog; returns its id. */
export async function insert(db: DbOrTx, row: NewCatalog): Promise<number> {
  const [created] = await db.insert(catalogs).values(row).returning({ catId: catalogs.catId });
  return created.catId;
}

export interface CatalogPlacement {
  catName: string;
  parentCatId: number;
  level: number;
  sNumber: number;
}

/** Renames, re-orders and re-parents one catalog (by id alone: the caller found it in its item). */
export async function updatePlacement(db: DbOrTx, catId: number, p: CatalogPlacement): Promise<void> {
  await db.update(catalogs).set(p).where(eq(catalogs.catId, catId));
}

/** The same, only when the catalog is in the item. */
export async function updatePlacementInItem(db: DbOrTx, itemId: number, catId: number, p: CatalogPlacement): Promise<void> {
  await db
    .update(catalogs)
    .set(p)
    .where(and(eq(catalogs.itemId, itemId), eq(catalogs.catId, catId)));
}

/** Moves the levels of some catalogs of an item by `delta`. */
export async function shiftLevels(db: DbOrTx, itemId: number, ids: number[], delta: number): Promise<void> {
  await db
    .update(catalogs)
    .set({ level: sql`${catalogs.level} + ${delta}` })
    .where(and(eq(catalogs.itemId, itemId), inArray(catalogs.catId, ids)));
}

/** Moves catalogs of one item to another, shifting their levels by `delta`. */
export async function moveToItem(db: DbOrTx, fromItemId: number, ids: number[], toItemId: number, delta: number): Promise<void> {
  await db
    .update(catalogs)
    .set({ itemId: toItemId, level: sql`${catalogs.level} + ${delta}` })
    .where(and(eq(catalogs.itemId, fromItemId), inArray(catalogs.catId, ids)));
}

export async function setParent(db: DbOrTx, catId: number, parentCatId: number): Promise<void> {
  await db.update(catalogs).set({ parentCatId }).where(eq(catalogs.catId, catId));
}

export async function deleteInItem(db: DbOrTx, itemId: number, ids: number[]): Promise<void> {
  await db.delete(catalogs).where(and(eq(catalogs.itemId, itemId), inArray(catalogs.catId, ids)));
}
