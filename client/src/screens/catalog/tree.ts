// Pure catalog-tree logic for the catalog manager: flatten the catListGroup tree, project a drag
// (position + horizontal offset) onto a new parent and depth within the three allowed levels, and
// turn the resulting tree into the catalog/batUpdate payload.
import { MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../../shared/limits';
import type { CatalogRow } from './catalogRow';

/** depth 0 = level 2 (top), 2 = level 4 (deepest) */
export const MAX_DEPTH = MAX_CATALOG_LEVEL - TOP_CATALOG_LEVEL;

export interface CatNode {
  id: string;
  name: string;
  children: CatNode[];
}

export interface FlatCat {
  id: string;
  name: string;
  parentId: string | null;
  depth: number;
}

export interface BatUpdateCat {
  cat_id: number;
  cat_name: string;
  parent_cat_id: number;
  level: number;
  s_number: number;
}

export function toNodes(rows: readonly CatalogRow[] | null | undefined): CatNode[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => ({ id: String(r.cat_id), name: String(r.cat_name ?? ''), children: toNodes(r.sub) }));
}

export function flatten(nodes: readonly CatNode[], parentId: string | null = null, depth = 0): FlatCat[] {
  const out: FlatCat[] = [];
  for (const n of nodes) {
    out.push({ id: n.id, name: n.name, parentId, depth });
    out.push(...flatten(n.children, n.id, depth + 1));
  }
  return out;
}

/** Rebuilds the tree from a flat list; siblings keep their relative order in the list. */
export function buildTree(flat: readonly FlatCat[]): CatNode[] {
  const byId = new Map<string, CatNode>();
  for (const f of flat) byId.set(f.id, { id: f.id, name: f.name, children: [] });
  const roots: CatNode[] = [];
  for (const f of flat) {
    const node = byId.get(f.id)!;
    const parent = f.parentId !== null ? byId.get(f.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Ids of every catalog below `id` (not including it). */
export function descendantIds(flat: readonly FlatCat[], id: string): Set<string> {
  const out = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of flat) {
      if (f.parentId !== null && (f.parentId === id || out.has(f.parentId)) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
    }
  }
  return out;
}

/** How many levels hang below `id` (0 for a catalog without sub-catalogs). */
export function subtreeHeight(flat: readonly FlatCat[], id: string): number {
  const self = flat.find((f) => f.id === id);
  if (!self) return 0;
  let h = 0;
  for (const d of descendantIds(flat, id)) {
    const f = flat.find((x) => x.id === d)!;
    h = Math.max(h, f.depth - self.depth);
  }
  return h;
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export interface Projection {
  depth: number;
  parentId: string | null;
}

/**
 * Where the dragged catalog lands when dropped over `overId` with a horizontal offset of
 * `depthOffset` indentation steps: the depth is limited by the neighbours (no gaps) and by the
 * three-level limit including the dragged catalog's own sub-catalogs. null = no valid place.
 */
export function projectDrop(flat: readonly FlatCat[], activeId: string, overId: string, depthOffset: number): Projection | null {
  const hidden = descendantIds(flat, activeId);
  const items = flat.filter((f) => !hidden.has(f.id));
  const from = items.findIndex((f) => f.id === activeId);
  const to = items.findIndex((f) => f.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = arrayMove(items, from, to);
  const active = items[from];
  const prev = moved[to - 1];
  const next = moved[to + 1];
  const height = subtreeHeight(flat, activeId);
  const maxDepth = Math.min(prev ? prev.depth + 1 : 0, MAX_DEPTH - height);
  const minDepth = next ? next.depth : 0;
  if (maxDepth < minDepth) return null;
  const depth = Math.max(minDepth, Math.min(maxDepth, active.depth + Math.round(depthOffset)));
  if (depth === 0 || !prev) return { depth: 0, parentId: null };
  if (depth === prev.depth) return { depth, parentId: prev.parentId };
  if (depth > prev.depth) return { depth, parentId: prev.id };
  const sibling = moved
    .slice(0, to)
    .reverse()
    .find((f) => f.depth === depth);
  return { depth, parentId: sibling ? sibling.parentId : null };
}

/** Applies a projected drop: the dragged catalog moves with its whole sub-tree. */
export function applyDrop(flat: readonly FlatCat[], activeId: string, overId: string, p: Projection): CatNode[] {
  const hidden = descendantIds(flat, activeId);
  const items = flat.filter((f) => !hidden.has(f.id));
  const from = items.findIndex((f) => f.id === activeId);
  const to = items.findIndex((f) => f.id === overId);
  if (from < 0 || to < 0) return buildTree(flat);
  const moved = arrayMove(items, from, to).map((f) => (f.id === activeId ? { ...f, depth: p.depth, parentId: p.parentId } : f));
  const below = flat.filter((f) => hidden.has(f.id));
  return buildTree([...moved, ...below]);
}

/** The catalog/batUpdate list: every catalog with its parent, level (2..4) and position 1..n among siblings. */
export function batUpdatePayload(nodes: readonly CatNode[], parentId = 0, level = TOP_CATALOG_LEVEL): BatUpdateCat[] {
  const out: BatUpdateCat[] = [];
  nodes.forEach((n, i) => {
    out.push({ cat_id: Number(n.id), cat_name: n.name, parent_cat_id: parentId, level, s_number: i + 1 });
    out.push(...batUpdatePayload(n.children, Number(n.id), level + 1));
  });
  return out;
}

/** Deepest level in a tree (2 for a flat list of top catalogs). */
export function deepestLevel(nodes: readonly CatNode[], level = TOP_CATALOG_LEVEL): number {
  let max = nodes.length ? level : level - 1;
  for (const n of nodes) max = Math.max(max, deepestLevel(n.children, level + 1));
  return max;
}

/**
 * Catalogs that may become the parent of `selfId` (or of a new catalog when selfId is undefined):
 * not itself, not below itself, and deep enough room for its sub-tree. '0' = top level.
 */
export function parentChoices(flat: readonly FlatCat[], selfId?: string): FlatCat[] {
  const height = selfId ? subtreeHeight(flat, selfId) : 0;
  const below = selfId ? descendantIds(flat, selfId) : new Set<string>();
  return flat.filter((f) => f.id !== selfId && !below.has(f.id) && f.depth + 1 + height <= MAX_DEPTH);
}

/** 'A / B / C' path names for a flat list (for selects). */
export function pathNames(flat: readonly FlatCat[]): Map<string, string> {
  const byId = new Map(flat.map((f) => [f.id, f]));
  const names = new Map<string, string>();
  for (const f of flat) {
    const parts: string[] = [];
    let cur: FlatCat | undefined = f;
    let guard = 0;
    while (cur && guard++ < 10) {
      parts.unshift(cur.name);
      cur = cur.parentId !== null ? byId.get(cur.parentId) : undefined;
    }
    names.set(f.id, parts.join(' / '));
  }
  return names;
}
