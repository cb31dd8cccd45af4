// item/info's `menu`: {pages: root pages, catalogs: level-2 catalogs each with pages and
// catalogs (always arrays)} — showdoc-behaviour §3.3, §4.3.
import type { Menu, MenuPage } from '../domain/items/menu';
import type { CatalogNode } from '../domain/catalogs/tree';
import { formatTime } from './time';

export function presentMenuPage(p: MenuPage) {
  return {
    page_id: p.pageId,
    author_uid: p.authorUid,
    author_username: p.authorUsername,
    cat_id: p.catId,
    item_id: p.itemId,
    page_title: p.pageTitle,
    s_number: p.sNumber,
    addtime: formatTime(p.addtime),
    ext_info: p.extInfo,
  };
}

export interface PresentedMenuCatalog {
  cat_id: number;
  cat_name: string;
  item_id: number;
  parent_cat_id: number;
  level: number;
  s_number: number;
  addtime: string;
  pages: ReturnType<typeof presentMenuPage>[];
  catalogs: PresentedMenuCatalog[];
}

function presentNode(n: CatalogNode, menu: Menu): PresentedMenuCatalog {
  return {
    cat_id: n.row.catId,
    cat_name: n.row.catName,
    item_id: n.row.itemId,
    parent_cat_id: n.row.parentCatId,
    level: n.row.level,
    s_number: n.row.sNumber,
    addtime: formatTime(n.row.addtime),
    pages: (menu.pagesByCat.get(n.row.catId) ?? []).map(presentMenuPage),
    catalogs: n.children.map((c) => presentNode(c, menu)),
  };
}

export function presentMenu(menu: Menu) {
  return { pages: menu.pages.map(presentMenuPage), catalogs: menu.tops.map((n) => presentNode(n, menu)) };
}
