// Who may download a file. Design choice: a file belongs to the item it was uploaded to and to
// every page it is bound to. It is served to its uploader, to administrators, and to anyone who
// may read at least one of those places: visit rights on the item (private items need
// membership, the item password as _item_pwd, or the grant cookie, as for pages) and, for
// members limited to some catalogs, the page's catalog inside that limit. A file bound to no
// page (an orphan: a personal upload, an image in a page not saved yet) is served to its
// uploader and administrators only, until a page binds it.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { attachmentPages, pages } from '../../db/schema';
import { accessForViewer, accessWithItemPwd, type PasswordProofs } from '../../policies/request';
import { topCatalogAllowed, type ItemAccess, type ItemRow } from '../../policies/itemAccess';
import { catalogTopMap, findItem } from '../../policies/load';
import type { AttachmentRow } from './store';

export type VisitDecision = 'allow' | 'password' | 'deny';

/** Places a file belongs to: item id plus the page's catalog (null = the item itself); empty for an orphan. */
async function placesOf(deps: AppDeps, row: AttachmentRow): Promise<Map<number, (number | null)[]>> {
  const bound = await deps.db
    .select({ bindItem: attachmentPages.itemId, pageItem: pages.itemId, catId: pages.catId })
    .from(attachmentPages)
    .leftJoin(pages, eq(pages.pageId, attachmentPages.pageId))
    .where(eq(attachmentPages.fileId, row.fileId));
  const places = new Map<number, (number | null)[]>();
  const add = (itemId: number, catId: number | null) => {
    if (itemId > 0) places.set(itemId, [...(places.get(itemId) ?? []), catId]);
  };
  if (!bound.length) return places;
  for (const b of bound) add(Number(b.pageItem ?? b.bindItem), b.catId ?? null);
  // and the item it was uploaded to, as a whole
  if (row.itemId > 0 && !places.has(row.itemId)) add(row.itemId, null);
  return places;
}

/**
 * `ip`: the caller's address, for the item password limiter. The places are tried without the
 * password first, so a throttled `_item_pwd` (10429) never hides a place the caller may read anyway.
 */
export async function decideFileVisit(deps: AppDeps, user: SessionUser | null, row: AttachmentRow, proofs: PasswordProofs, ip: string): Promise<VisitDecision> {
  if (user && (user.isAdmin || user.uid === row.uid)) return 'allow';
  const places = await placesOf(deps, row);
  const allows = async (access: ItemAccess, cats: (number | null)[]) => {
    if (!access.canVisit) return false;
    if (access.catIds === null) return true;
    const top = await catalogTopMap(deps.db, access.item.itemId);
    return cats.some((c) => c !== null && c > 0 && topCatalogAllowed(access, top.get(c) ?? 0));
  };
  const locked: [ItemRow, (number | null)[]][] = [];
  for (const [itemId, cats] of places) {
    const item = await findItem(deps.db, itemId);
    if (!item) continue;
    const access = await accessForViewer(deps, user, item, { grantCookie: proofs.grantCookie });
    if (await allows(access, cats)) return 'allow';
    if (access.needsPassword) locked.push([item, cats]);
  }
  if (!locked.length) return 'deny';
  for (const [item, cats] of locked) {
    if (await allows(await accessWithItemPwd(deps, ip, user, item, proofs), cats)) return 'allow';
  }
  return 'password';
}
