// Catalog rows → spec §3 Catalog shapes (catList*, getPagesBycat, catalog/copy answers); rows as
// ShowDoc fetches them (ids as text), catalog/save's id a number (ShowDoc casts it), catalog/copy's as text (the new row read back).
import type { CatalogRow } from '../db/repos/catalogs';
import type { CatalogAnswer, CatalogGroupAnswer, CatalogPageAnswer } from '../../shared/api/catalog';
import type { AsShowDoc } from '../../shared/dbText';
import { fetched } from './fetched';
import { formatTime } from './time';

export const CATALOG_PATH_SEPARATOR = ' / ';

/** a catalog of the built tree (domain/catalogs/tree CatalogNode) */
export interface CatalogTreeNode {
  row: CatalogRow;
  children: CatalogTreeNode[];
  /** names from the top, this one last */
  path: string[];
}

export function presentCatalogRow(r: CatalogRow): CatalogAnswer {
  return fetched({
    cat_id: r.catId,
    cat_name: r.catName,
    item_id: r.itemId,
    parent_cat_id: r.parentCatId,
    level: r.level,
    s_number: r.sNumber,
    addtime: formatTime(r.addtime),
  });
}

/** catListGroup: the tree with children under `sub`. */
export function presentCatalogGroup(n: CatalogTreeNode): CatalogGroupAnswer {
  return { ...presentCatalogRow(n.row), sub: n.children.map(presentCatalogGroup) };
}

/** catListName: one row per catalog, cat_name being the full path 'a / b / c'. */
export function presentCatalogWithPath(n: CatalogTreeNode): CatalogAnswer {
  return { ...presentCatalogRow(n.row), cat_name: n.path.join(CATALOG_PATH_SEPARATOR) };
}

export function presentCatalogPage(p: { pageId: number; pageTitle: string; sNumber: number }): CatalogPageAnswer {
  return fetched({ page_id: p.pageId, page_title: p.pageTitle, s_number: p.sNumber });
}

export function presentCopiedCatalog(catId: number): AsShowDoc<{ cat_id: number }> {
  return fetched({ cat_id: catId });
}
