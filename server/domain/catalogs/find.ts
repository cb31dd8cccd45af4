// One catalog by id (its item is then derived from the row, never from the request).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogs } from '../../db/schema';
import type { CatalogRow } from './tree';

export async function findCatalog(db: DbOrTx, catId: number): Promise<CatalogRow | undefined> {
  if (!Number.isInteger(catId) || catId <= 0) return undefined;
  const [row] = await db.select().from(catalogs).where(eq(catalogs.catId, catId)).limit(1);
  return row;
}
