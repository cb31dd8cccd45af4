// catalog/batUpdate: the tree editor's drag result. Entries with a cat_id re-parent, rename
// and re-order catalogs; entries with a page_id move pages (cat_id = parent_cat_id). Every id
// must belong to the item, the result must stay a tree of at most three levels, and all of it
// is applied in one transaction or not at all.
import type { AppDeps } from '../../deps';
import type { CatalogEdit } from '../../events';
import * as catalogRepo from '../../db/repos/catalogs';
import * as catalogPages from '../../db/repos/catalogPages';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { CATALOG_NAME_MAX_CHARS, MAX_CATALOG_LEVEL, TOP_CATALOG_LEVEL } from '../../../shared/limits';
import { ancestry, loadCatalogs, type CatalogRow } from './tree';
import { catalogNotInItem, outsideLimit, pageNotInItem, tooDeep, underItself, type TopAllowed } from './errors';
import { markItemUpdated } from './touch';

export interface TreeEntry {
  catId: number;
  pageId: number;
  parentCatId: number | undefined;
  catName: string | undefined;
  sNumber: number | undefined;
}

/** `byUid`: the person dragging (their change is logged) */
export async function applyTree(deps: AppDeps, itemId: number, entries: TreeEntry[], topAllowed: TopAllowed, byUid?: number): Promise<void> {
  const rows = await loadCatalogs(deps.db, itemId);
  const before = new Map(rows.map((r) => [r.catId, r]));
  const after = new Map(rows.map((r) => [r.catId, { ...r }]));
  const pageIds = [...new Set(entries.filter((e) => e.pageId > 0).map((e) => e.pageId))];
  const pageRows = pageIds.length ? await catalogPages.livePlacesAmong(deps.db, itemId, pageIds) : [];
  const pageMap = new Map(pageRows.map((p) => [p.pageId, { ...p }]));
  const movedPages = new Map<number, { catId: number; sNumber: number; oldCatId: number }>();

  for (const e of entries) {
    const parent = e.parentCatId;
    if (parent !== undefined && parent > 0 && !before.has(parent)) throw catalogNotInItem(parent);
    if (e.pageId > 0) {
      const p = pageMap.get(e.pageId);
      if (!p) throw pageNotInItem(e.pageId);
      movedPages.set(e.pageId, { catId: parent ?? p.catId, sNumber: e.sNumber ?? p.sNumber, oldCatId: p.catId });
      continue;
    }
    if (e.catId <= 0) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'cats' });
    const c = after.get(e.catId);
    if (!c) throw catalogNotInItem(e.catId);
    if (parent !== undefined) c.parentCatId = parent;
    if (e.catName !== undefined && e.catName.trim() !== '') c.catName = e.catName.trim().slice(0, CATALOG_NAME_MAX_CHARS);
    if (e.sNumber !== undefined) c.sNumber = e.sNumber;
  }

  // levels from the root down; anything not reached sits in a cycle
  const children = new Map<number, CatalogRow[]>();
  for (const c of after.values()) children.set(c.parentCatId, [...(children.get(c.parentCatId) ?? []), c]);
  const reached = new Set<number>();
  const walk = (parentId: number, level: number) => {
    for (const c of children.get(parentId) ?? []) {
      if (reached.has(c.catId)) continue;
      c.level = level;
      reached.add(c.catId);
      walk(c.catId, level + 1);
    }
  };
  walk(0, TOP_CATALOG_LEVEL);
  for (const c of after.values()) {
    if (reached.has(c.catId)) continue;
    // not reached from the root: a cycle (refused), or a chain already broken before (left alone)
    const seen = new Set<number>();
    for (let cur: CatalogRow | undefined = c; cur; cur = after.get(cur.parentCatId)) {
      if (seen.has(cur.catId)) throw underItself();
      seen.add(cur.catId);
    }
  }

  // catalog limit: every changed catalog and moved page, before and after, stays inside it
  const afterRows = [...after.values()];
  const topBefore = (id: number) => (id > 0 ? (ancestry(rows, id)[0]?.catId ?? 0) : 0);
  const topAfter = (id: number) => (id > 0 ? (ancestry(afterRows, id)[0]?.catId ?? 0) : 0);
  const changedCats = afterRows.filter((c) => {
    const b = before.get(c.catId)!;
    return b.parentCatId !== c.parentCatId || b.level !== c.level || b.catName !== c.catName || b.sNumber !== c.sNumber;
  });
  // a catalog that moves must end within three levels (older, deeper trees may stay as they are)
  if (changedCats.some((c) => c.level > MAX_CATALOG_LEVEL && (c.level !== before.get(c.catId)!.level || c.parentCatId !== before.get(c.catId)!.parentCatId))) {
    throw tooDeep();
  }
  for (const c of changedCats) if (!topAllowed(topBefore(c.catId)) || !topAllowed(topAfter(c.catId))) throw outsideLimit();
  for (const m of movedPages.values()) if (!topAllowed(topBefore(m.oldCatId)) || !topAllowed(topAfter(m.catId))) throw outsideLimit();

  const pagesChanged = [...movedPages].filter(([id, m]) => m.catId !== m.oldCatId || m.sNumber !== pageMap.get(id)!.sNumber);
  const edit = byUid && (changedCats.length || pagesChanged.length) ? dragEdit(byUid, before, changedCats, pagesChanged, pageMap) : undefined;

  await deps.db.transaction(async (tx) => {
    await markItemUpdated(tx, itemId, deps.now());
    for (const c of changedCats) {
      await catalogRepo.updatePlacementInItem(tx, itemId, c.catId, { parentCatId: c.parentCatId, level: c.level, catName: c.catName, sNumber: c.sNumber });
    }
    for (const [pageId, m] of movedPages) await catalogPages.placePage(tx, itemId, pageId, m.catId, m.sNumber);
  });
  deps.events.emit('catalog.changed', { itemId, edit });
}

/** The change log's entry for a drag: names the page or catalog when exactly one changed place. */
function dragEdit(
  uid: number,
  before: Map<number, CatalogRow>,
  changedCats: CatalogRow[],
  pagesChanged: [number, { catId: number; oldCatId: number }][],
  pageMap: Map<number, { pageTitle: string }>,
): CatalogEdit {
  const movedCats = changedCats.filter((c) => c.parentCatId !== before.get(c.catId)!.parentCatId);
  const movedPages = pagesChanged.filter(([, m]) => m.catId !== m.oldCatId);
  const tree = { uid, action: 'drag', object: 'tree' } as const;
  if (movedCats.length + movedPages.length !== 1) return { ...tree, id: 0, name: '', moved: '' };
  if (movedCats.length) return { ...tree, id: movedCats[0]!.catId, name: movedCats[0]!.catName, moved: 'catalog' };
  const [pageId] = movedPages[0]!;
  return { ...tree, id: pageId, name: pageMap.get(pageId)!.pageTitle, moved: 'page' };
}
