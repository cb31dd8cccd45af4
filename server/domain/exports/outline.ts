// The part of an item an export holds, without page contents: the catalog tree (at most three
// levels, in menu order) with each catalog's pages, and the root pages. Only what the scope
// includes is kept, so a member limited to some catalogs never gets another catalog's pages.
import type { AppDeps } from '../../deps';
import * as repo from '../../db/repos/exports';
import type { OutlineCatalog, OutlinePage } from '../../db/repos/exports';
import { ApiError, noPermission } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';
import type { ExportScope, ExportTarget } from './scope';

export type { OutlinePage } from '../../db/repos/exports';

export interface OutlineCatalogNode {
  catalog: OutlineCatalog;
  /** 1 for a top-level catalog, 2 and 3 below it */
  depth: number;
  /** catalog names from the top, this one last */
  path: string[];
  pages: OutlinePage[];
  children: OutlineCatalogNode[];
}

export interface ExportOutline {
  /** pages at the item's root (or the one exported page) */
  pages: OutlinePage[];
  catalogs: OutlineCatalogNode[];
  pageCount: number;
}

const catalogNotFound = () => new ApiError(ErrorCode.GENERIC, 'Catalog not found');
const pageNotFound = () => new ApiError(ErrorCode.GENERIC, 'Page not found or deleted');

function buildTree(rows: OutlineCatalog[], pagesByCat: Map<number, OutlinePage[]>, scope: ExportScope): OutlineCatalogNode[] {
  const byParent = new Map<number, OutlineCatalog[]>();
  for (const r of rows) byParent.set(r.parentCatId, [...(byParent.get(r.parentCatId) ?? []), r]);
  const grow = (c: OutlineCatalog, depth: number, path: string[]): OutlineCatalogNode => {
    const here = [...path, c.catName];
    const kids = depth + TOP_CATALOG_LEVEL - 1 < MAX_CATALOG_LEVEL ? (byParent.get(c.catId) ?? []) : [];
    return { catalog: c, depth, path: here, pages: pagesByCat.get(c.catId) ?? [], children: kids.map((k) => grow(k, depth + 1, here)) };
  };
  return (byParent.get(0) ?? []).filter((c) => scope.includesCatalog(c.catId)).map((c) => grow(c, 1, []));
}

function find(nodes: OutlineCatalogNode[], catId: number): OutlineCatalogNode | undefined {
  for (const n of nodes) {
    if (n.catalog.catId === catId) return n;
    const below = find(n.children, catId);
    if (below) return below;
  }
  return undefined;
}

/** Re-roots a catalog's subtree so the exported catalog is the top of its document (paths stay full: 'A / B'). */
function reroot(node: OutlineCatalogNode, depth = 1): OutlineCatalogNode {
  return { ...node, depth, children: node.children.map((c) => reroot(c, depth + 1)) };
}

export function countPages(o: Pick<ExportOutline, 'pages' | 'catalogs'>): number {
  let n = o.pages.length;
  const walk = (ns: OutlineCatalogNode[]) => {
    for (const c of ns) {
      n += c.pages.length;
      walk(c.children);
    }
  };
  walk(o.catalogs);
  return n;
}

/** Pages in document order: root pages first, then each catalog's pages before its sub-catalogs (ShowDoc's order). */
export function pagesInOrder(o: Pick<ExportOutline, 'pages' | 'catalogs'>): OutlinePage[] {
  const out = [...o.pages];
  const walk = (ns: OutlineCatalogNode[]) => {
    for (const c of ns) {
      out.push(...c.pages);
      walk(c.children);
    }
  };
  walk(o.catalogs);
  return out;
}

export async function loadOutline(deps: Pick<AppDeps, 'db'>, scope: ExportScope, target: ExportTarget): Promise<ExportOutline> {
  const itemId = scope.item.itemId;
  const [catalogRows, pageRows] = await Promise.all([repo.catalogsOfItem(deps.db, itemId), repo.livePagesOfItem(deps.db, itemId)]);
  const known = new Set(catalogRows.map((c) => c.catId));
  const pagesByCat = new Map<number, OutlinePage[]>();
  for (const p of pageRows) {
    const catId = p.catId !== 0 && !known.has(p.catId) ? -1 : p.catId; // a page whose catalog is gone shows nowhere
    if (catId < 0 || !scope.includesCatalog(catId)) continue;
    pagesByCat.set(catId, [...(pagesByCat.get(catId) ?? []), p]);
  }
  const tree = buildTree(catalogRows, pagesByCat, scope);

  if (target.kind === 'page') {
    const page = pageRows.find((p) => p.pageId === target.pageId);
    if (!page) throw pageNotFound();
    const visible = [...pagesByCat.values()].some((list) => list.some((p) => p.pageId === page.pageId));
    if (!visible) throw noPermission();
    return { pages: [page], catalogs: [], pageCount: 1 };
  }
  if (target.kind === 'catalog') {
    if (!known.has(target.catId)) throw catalogNotFound();
    const node = find(tree, target.catId);
    if (!node) throw noPermission();
    const catalogs = [reroot(node)];
    return { pages: [], catalogs, pageCount: countPages({ pages: [], catalogs }) };
  }
  const pages = pagesByCat.get(0) ?? [];
  return { pages, catalogs: tree, pageCount: countPages({ pages, catalogs: tree }) };
}
