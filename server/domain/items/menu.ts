// item/info's menu: the item's live pages (without content) and catalog tree, limited to what
// the viewer may see. Catalog-limited members see only their top-level catalogs; root pages
// count as outside a limit (policies/itemAccess.topCatalogAllowed), so they are hidden too.
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';
import { escapeLike } from '../../db/like';
import { buildTree, flatten, loadCatalogs, type CatalogNode, type CatalogRow } from '../catalogs/tree';

export interface MenuPage {
  pageId: number;
  itemId: number;
  catId: number;
  pageTitle: string;
  sNumber: number;
  authorUid: number;
  authorUsername: string;
  addtime: number;
  extInfo: string;
}

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

const menuColumns = {
  pageId: pages.pageId,
  itemId: pages.itemId,
  catId: pages.catId,
  pageTitle: pages.pageTitle,
  sNumber: pages.sNumber,
  authorUid: pages.authorUid,
  authorUsername: pages.authorUsername,
  addtime: pages.addtime,
  extInfo: pages.extInfo,
};

export async function loadMenuSource(db: DbOrTx, itemId: number, keyword = ''): Promise<MenuSource> {
  const live = and(eq(pages.itemId, itemId), eq(pages.isDel, 0));
  const where = keyword
    ? and(live, or(ilike(pages.pageTitle, `%${escapeLike(keyword)}%`), ilike(pages.pageContent, `%${escapeLike(keyword)}%`)))
    : live;
  const [catalogRows, pageRows] = await Promise.all([
    loadCatalogs(db, itemId),
    db.select(menuColumns).from(pages).where(where).orderBy(asc(pages.sNumber), asc(pages.pageId)),
  ]);
  return { catalogRows, pageRows };
}

/** The viewer's menu from the item's rows; `keyword` = the rows were filtered by a keyword. */
export function buildMenu(src: MenuSource, opts: { catIds: number[] | null; keyword: boolean }): Menu {
  const { catalogRows, pageRows } = src;
  const tops = buildTree(catalogRows, opts.catIds);
  const visibleCats = new Set(flatten(tops).map((n) => n.row.catId));
  const rootVisible = opts.catIds === null;
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

export async function loadMenu(db: DbOrTx, itemId: number, opts: { catIds: number[] | null; keyword: string }): Promise<Menu> {
  return buildMenu(await loadMenuSource(db, itemId, opts.keyword), { catIds: opts.catIds, keyword: !!opts.keyword });
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
