// item/info's `menu`: {pages: root pages, catalogs: level-2 catalogs each with pages and
// catalogs (always arrays)} — showdoc-behaviour §3.3, §4.3. Rows as ShowDoc fetches them (ids as text).
import type { MenuPageRow } from '../db/repos/menus';
import type { CatalogRow } from '../db/repos/catalogs';
import type { ItemMenu, MenuCatalog, MenuPage } from '../../shared/api/item';
import type { AsShowDoc } from '../../shared/dbText';
import { formatTime } from './time';
import { fetched } from './fetched';

/** a catalog of the built tree (domain/catalogs/tree CatalogNode) */
export interface MenuNode {
  row: CatalogRow;
  children: MenuNode[];
}

/** a viewer's built menu (domain/items/menu Menu) */
export interface MenuView {
  /** root pages, or with a keyword every matching visible page */
  pages: MenuPageRow[];
  tops: MenuNode[];
  pagesByCat: Map<number, MenuPageRow[]>;
}

export function presentMenuPage(p: MenuPageRow): AsShowDoc<MenuPage> {
  return fetched({
    page_id: p.pageId,
    author_uid: p.authorUid,
    author_username: p.authorUsername,
    cat_id: p.catId,
    item_id: p.itemId,
    page_title: p.pageTitle,
    s_number: p.sNumber,
    addtime: formatTime(p.addtime),
    ext_info: p.extInfo,
  });
}

function presentNode(n: MenuNode, menu: MenuView): AsShowDoc<MenuCatalog> {
  return {
    ...fetched({
      cat_id: n.row.catId,
      cat_name: n.row.catName,
      item_id: n.row.itemId,
      parent_cat_id: n.row.parentCatId,
      level: n.row.level,
      s_number: n.row.sNumber,
      addtime: formatTime(n.row.addtime),
    }),
    pages: (menu.pagesByCat.get(n.row.catId) ?? []).map(presentMenuPage),
    catalogs: n.children.map((c) => presentNode(c, menu)),
  };
}

export function presentMenu(menu: MenuView): AsShowDoc<ItemMenu> {
  return { pages: menu.pages.map(presentMenuPage), catalogs: menu.tops.map((n) => presentNode(n, menu)) };
}
