// A catalog tree of one item (showdoc-behaviour §4.3): catalogs ordered by s_number then id;
// level 2 is the top under the item root, children have parent.level + 1, at most level 4.
// Catalogs whose parent chain is broken are left out, as in ShowDoc.
import type { DbOrTx } from '../../db/client';
import { listOfItem, type CatalogRow } from '../../db/repos/catalogs';
import { MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';

export type { CatalogRow };

export interface CatalogNode {
  row: CatalogRow;
  children: CatalogNode[];
  /** names from the top, this one last */
  path: string[];
}

export async function loadCatalogs(db: DbOrTx, itemId: number): Promise<CatalogRow[]> {
  return listOfItem(db, itemId);
}

/** Top-level nodes with their children; `allowedTop` (catalog limit) keeps only those tops. */
export function buildTree(rows: CatalogRow[], allowedTop: number[] | null = null): CatalogNode[] {
  const byParent = new Map<number, CatalogRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentCatId) ?? [];
    list.push(r);
    byParent.set(r.parentCatId, list);
  }
  const grow = (row: CatalogRow, level: number, path: string[]): CatalogNode => {
    const here = [...path, row.catName];
    const kids = level < MAX_CATALOG_LEVEL ? (byParent.get(row.catId) ?? []) : [];
    return { row, path: here, children: kids.map((k) => grow(k, level + 1, here)) };
  };
  return (byParent.get(0) ?? [])
    .filter((r) => allowedTop === null || allowedTop.includes(r.catId))
    .map((r) => grow(r, TOP_CATALOG_LEVEL, []));
}

/** Depth-first list of the tree's nodes (parents before children, in menu order). */
export function flatten(nodes: CatalogNode[]): CatalogNode[] {
  const out: CatalogNode[] = [];
  const walk = (ns: CatalogNode[]) => {
    for (const n of ns) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The ids of a catalog and everything below it. */
export function subtreeIds(rows: CatalogRow[], catId: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const r of rows) byParent.set(r.parentCatId, [...(byParent.get(r.parentCatId) ?? []), r.catId]);
  const out: number[] = [];
  const stack = [catId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue;
    out.push(id);
    stack.push(...(byParent.get(id) ?? []));
  }
  return out;
}

/** How many levels a subtree spans (1 = the catalog alone). */
export function subtreeDepth(rows: CatalogRow[], catId: number, seen: Set<number> = new Set()): number {
  if (seen.has(catId)) return 1;
  seen.add(catId);
  const kids = rows.filter((r) => r.parentCatId === catId);
  if (!kids.length) return 1;
  return 1 + Math.max(...kids.map((k) => subtreeDepth(rows, k.catId, seen)));
}

/** Ancestors of a catalog from the top down, the catalog itself last; [] when missing. */
export function ancestry(rows: CatalogRow[], catId: number): CatalogRow[] {
  const byId = new Map(rows.map((r) => [r.catId, r]));
  const chain: CatalogRow[] = [];
  let cur = byId.get(catId);
  for (let guard = 0; cur && guard < 10; guard++) {
    chain.unshift(cur);
    if (cur.parentCatId === 0) return chain;
    cur = byId.get(cur.parentCatId);
  }
  return [];
}
