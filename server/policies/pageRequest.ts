// Glue for the page actions' questions (pageActions.ts): loads what they need — the places of
// several pages, the item's catalog tree — only for viewers with a catalog limit, as placeOf does.
import type { AppDeps } from '../deps';
import * as catalogRepo from '../db/repos/catalogs';
import type { ItemAccess } from './itemAccess';
import { catalogTopMap } from './load';
import { searchableCatalogs } from './pageActions';
import type { PagePlace } from './pages';

/** Where each of these catalogs (or pages in them) stands for the catalog limit, in order; one load for them all. */
export async function placesOf(deps: Pick<AppDeps, 'db'>, access: ItemAccess, catIds: number[]): Promise<PagePlace[]> {
  if (access.catIds === null) return catIds.map(() => ({ topCatId: 0 }));
  const top = await catalogTopMap(deps.db, access.item.itemId);
  return catIds.map((catId) => ({ topCatId: catId === 0 ? 0 : (top.get(catId) ?? 0) }));
}

/** The catalogs (any level) a search may look in; null = no limit. */
export async function searchScopeOf(deps: Pick<AppDeps, 'db'>, access: ItemAccess): Promise<number[] | null> {
  if (access.catIds === null) return null;
  if (!access.catIds.length) return [];
  return searchableCatalogs(access, await catalogRepo.parentsOfItem(deps.db, access.item.itemId));
}
