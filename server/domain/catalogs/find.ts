// One catalog by id (its item is then derived from the row, never from the request).
import type { DbOrTx } from '../../db/client';
import * as catalogRepo from '../../db/repos/catalogs';
import type { CatalogRow } from './tree';

export async function findCatalog(db: DbOrTx, catId: number): Promise<CatalogRow | undefined> {
  if (!Number.isInteger(catId) || catId <= 0) return undefined;
  return catalogRepo.findById(db, catId);
}
