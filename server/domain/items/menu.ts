// item/info's menu: the item's live pages (without content) and catalog tree, limited to what
// the viewer may see. Catalog-limited members see only their top-level catalogs; root pages
// count as outside a limit (policies/itemAccess.topCatalogAllowed), so they are hidden too.
import type { DbOrTx } from '../../db/client';
import { menuPagesOfItem, type MenuPageRow } from '../../db/repos/menus';
import { ancestry, buildTree, flatten, loadCatalogs, type CatalogNode, type CatalogRow } from '../catalogs/tree';

export type MenuPage = MenuPageRow;

/** Everything of an item the menu is built from (the same for every viewer). */
export interface MenuSource {
  catalogRows: CatalogRow[];
  /** live pages in s_number, page_id order */
  pageRows: MenuPage[];
}

export interface Menu {
  /** root pages, or with a keyword every matching visible page */
  pages: MenuPage[];
  tops: CatalogNode[];
  /** pages by catalog id */
  pagesByCat: Map<number, MenuPage[]>;
  catalogRows: CatalogRow[];
}

export async function loadMenuSource(db: DbOrTx, itemId: number, keyword = ''): Promise<MenuSource> {
  const [catalogRows, pageRows] = await Promise.all([loadCatalogs(db, itemId), menuPagesOfItem(db, itemId, keyword)]);
  return { catalogRows, pageRows };
}

/**
 * What a viewer may see of an item's menu, as the policies decided it: the top-level catalogs
 * (with everything below them), or null for every catalog and the root pages.
 */
export type VisibleTops = number[] | null;

/** The viewer's menu from the item's rows; `keyword` = the rows were filtered by a keyword. */
export function buildMenu(src: MenuSource, opts: { visibleTops: VisibleTops; keyword: boolean }): Menu {
  const { catalogRows, pageRows } = src;
  const tops = buildTree(catalogRows, opts.visibleTops);
  const visibleCats = new Set(flatten(tops).map((n) => n.row.catId));
  const rootVisible = opts.visibleTops === null;
  const pagesByCat = new Map<number, MenuPage[]>();
  const visible: MenuPage[] = [];
  for (const p of pageRows) {
    if (p.catId === 0 ? !rootVisible : !visibleCats.has(p.catId)) continue;
    visible.push(p);
    const list = pagesByCat.get(p.catId) ?? [];
    list.push(p);
    pagesByCat.set(p.catId, list);
  }
  if (opts.keyword) return { pages: visible, tops: [], pagesByCat, catalogRows };
  return { pages: pagesByCat.get(0) ?? [], tops, pagesByCat, catalogRows };
}

export async function loadMenu(db: DbOrTx, itemId: number, opts: { visibleTops: VisibleTops; keyword: string }): Promise<Menu> {
  return buildMenu(await loadMenuSource(db, itemId, opts.keyword), { visibleTops: opts.visibleTops, keyword: !!opts.keyword });
}

/** pages by id and the first page, per built menu: item/info asks every request */
const menuIndex = new WeakMap<Menu, { byId: Map<number, MenuPage>; first: MenuPage | undefined }>();

function indexOf(menu: Menu) {
  let index = menuIndex.get(menu);
  if (!index) {
    const byId = new Map<number, MenuPage>();
    for (const list of menu.pagesByCat.values()) for (const p of list) byId.set(p.pageId, p);
    menuIndex.set(menu, (index = { byId, first: firstPage(menu) }));
  }
  return index;
}

function firstPage(menu: Menu): MenuPage | undefined {
  if (menu.pages.length && !menu.tops.length) return menu.pages[0];
  const root = menu.pagesByCat.get(0);
  if (root?.length) return root[0];
  for (const n of flatten(menu.tops)) {
    const list = menu.pagesByCat.get(n.row.catId);
    if (list?.length) return list[0];
  }
  return undefined;
}

/** The page item/info opens: the requested one when visible, else the first page in menu order. */
export function resolveDefaultPage(menu: Menu, requested: number): MenuPage | undefined {
  const index = indexOf(menu);
  return (requested > 0 ? index.byId.get(requested) : undefined) ?? index.first;
}

/** The catalogs above a page, from the top down (empty for a root page). */
export function catalogPathOf(menu: Menu, page: MenuPage | undefined): CatalogRow[] {
  return page && page.catId > 0 ? ancestry(menu.catalogRows, page.catId) : [];
}
