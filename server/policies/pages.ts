// Questions about one page, answered over loaded rows (DESIGN §4): a page is read through its
// item (visit) and, for members limited to some catalogs, only inside those catalogs' trees.
// Every path that shows or changes a page asks here: HTTP actions, socket rooms, co-editing,
// downloads, notices and jobs.
import type { ItemAccess } from './itemAccess';

/**
 * Where a page stands for the catalog limit: the top-level catalog of its catalog's tree
 * (0 for a page at the item's root, or whose catalog chain is broken).
 */
export interface PagePlace {
  topCatId: number;
}

/** Whether the viewer's catalog limit lets them see a page (or catalog) under `topCatId`. Root pages are outside any limit. */
export function withinCatalogLimit(access: ItemAccess, place: PagePlace): boolean {
  if (access.catIds === null) return true;
  return place.topCatId > 0 && access.catIds.includes(place.topCatId);
}

/** May the viewer read the page: visit the item, and the page is inside their catalogs. */
export function canReadPage(access: ItemAccess, place: PagePlace): boolean {
  return access.canVisit && withinCatalogLimit(access, place);
}

/** May the viewer change the page's content (save, co-edit, attach files): read it and edit the item. */
export function canEditPage(access: ItemAccess, place: PagePlace): boolean {
  return canReadPage(access, place) && access.canEdit;
}
