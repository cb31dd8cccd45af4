// Catalog rows → spec §3 Catalog shapes (catList*, catalog/save answers).
import type { CatalogNode, CatalogRow } from '../domain/catalogs/tree';
import { formatTime } from './time';

export const CATALOG_PATH_SEPARATOR = ' / ';

export function presentCatalogRow(r: CatalogRow) {
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

export type PresentedCatalogGroup = ReturnType<typeof presentCatalogRow> & { sub: PresentedCatalogGroup[] };

/** catListGroup: the tree with children under `sub`. */
export function presentCatalogGroup(n: CatalogNode): PresentedCatalogGroup {
  return { ...presentCatalogRow(n.row), sub: n.children.map(presentCatalogGroup) };
}

/** catListName: one row per catalog, cat_name being the full path 'a / b / c'. */
export function presentCatalogWithPath(n: CatalogNode) {
  return { ...presentCatalogRow(n.row), cat_name: n.path.join(CATALOG_PATH_SEPARATOR) };
}
