// Catalog rows → spec §3 Catalog shapes (catList*, getPagesBycat, catalog/copy answers).
import type { CatalogRow } from '../db/repos/catalogs';
import type { Catalog, CatalogGroup, CatalogPage } from '../../shared/api/catalog';
import { formatTime } from './time';

export const CATALOG_PATH_SEPARATOR = ' / ';

/** a catalog of the built tree (domain/catalogs/tree CatalogNode) */
export interface CatalogTreeNode {
  row: CatalogRow;
  children: CatalogTreeNode[];
  /** names from the top, this one last */
  path: string[];
}

export function presentCatalogRow(r: CatalogRow): Catalog {
  return {
    cat_id: r.catId,
    cat_name: r.catName,
    item_id: r.itemId,
    parent_cat_id: r.parentCatId,
    level: r.level,
    s_number: r.sNumber,
    addtime: formatTime(r.addtime),
  };
}

/** catListGroup: the tree with children under `sub`. */
export function presentCatalogGroup(n: CatalogTreeNode): CatalogGroup {
  return { ...presentCatalogRow(n.row), sub: n.children.map(presentCatalogGroup) };
}

/** catListName: one row per catalog, cat_name being the full path 'a / b / c'. */
export function presentCatalogWithPath(n: CatalogTreeNode): Catalog {
  return { ...presentCatalogRow(n.row), cat_name: n.path.join(CATALOG_PATH_SEPARATOR) };
}

export function presentCatalogPage(p: { pageId: number; pageTitle: string; sNumber: number }): CatalogPage {
  return { page_id: p.pageId, page_title: p.pageTitle, s_number: p.sNumber };
}

export function presentCopiedCatalog(catId: number): { cat_id: number } {
  return { cat_id: catId };
}
