// Questions about what a viewer may do with pages beyond reading and editing one (DESIGN §4),
// answered over loaded rows: deleting, ordering, writing into a catalog, history, share links,
// mocks, and which catalogs a search may look in. Handlers ask these after readablePage /
// requireEdit (which give the specific refusals), sockets and jobs ask the same.
import type { ItemAccess, ItemRow } from './itemAccess';
import { canEditPage, canReadPage, withinCatalogLimit, type PagePlace } from './pages';

/**
 * An item_id sent next to a page_id must name the page's own item (by id or personal domain);
 * '' or '0' sends none. Each id of a request is authorised on its own (DEVELOPING.md).
 */
export function sentItemIsPageItem(sent: string, item: Pick<ItemRow, 'itemId' | 'itemDomain'>): boolean {
  if (sent === '' || sent === '0') return true;
  return sent === String(item.itemId) || (item.itemDomain !== '' && sent === item.itemDomain);
}

/** Deleting a page: its editors who manage the item, or its author. */
export function canDeletePage(access: ItemAccess, place: PagePlace, page: { authorUid: number }): boolean {
  if (!canEditPage(access, place)) return false;
  return access.canManage || (access.viewer !== null && page.authorUid === access.viewer.uid);
}

/** Ordering pages (page/sort): editors, and every page moved must be inside their catalogs. */
export function canSortPages(access: ItemAccess, places: PagePlace[]): boolean {
  return access.canEdit && places.every((p) => withinCatalogLimit(access, p));
}

/** Writing a page into a catalog (new pages, moves): editing a page at the target's place. */
export function canWritePageInto(access: ItemAccess, target: PagePlace): boolean {
  return canEditPage(access, target);
}

/** A page's history and diffs show its old versions: whoever may read the page. */
export function canReadHistory(access: ItemAccess, place: PagePlace): boolean {
  return canReadPage(access, place);
}

/** Notes on history versions: the page's editors. */
export function canAnnotateHistory(access: ItemAccess, place: PagePlace): boolean {
  return canEditPage(access, place);
}

/**
 * Creating or cancelling a page's share link: the page's editors. (A live link then serves that
 * page, and nothing else of the item, to anyone who has it.)
 */
export function canSharePage(access: ItemAccess, place: PagePlace): boolean {
  return canEditPage(access, place);
}

/** Seeing and changing a page's mock (mock/add, mock/infoByPageId): the page's editors. */
export function canEditMock(access: ItemAccess, place: PagePlace): boolean {
  return canEditPage(access, place);
}

/**
 * The catalogs (any level) a search may look in: null = no limit (every catalog and root pages);
 * else the trees of the viewer's top-level catalogs that exist in the item.
 * @param tree every catalog of the item with its parent (0 at the top level)
 */
export function searchableCatalogs(access: ItemAccess, tree: { catId: number; parent: number }[]): number[] | null {
  if (access.catIds === null) return null;
  const allowed = new Set(access.catIds.filter((t) => tree.some((r) => r.catId === t)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of tree) {
      if (!allowed.has(r.catId) && allowed.has(r.parent)) {
        allowed.add(r.catId);
        grew = true;
      }
    }
  }
  return [...allowed];
}
