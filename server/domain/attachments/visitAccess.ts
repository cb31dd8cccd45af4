// Who may download a file. Design choice: a file belongs to the item it was uploaded to and to
// every page it is bound to. It is served to its uploader, to administrators, and to anyone who
// may read at least one of those places: visit rights on the item (private items need
// membership, the item password as _item_pwd, or the grant cookie, as for pages) and, for
// members limited to some catalogs, the page's catalog inside that limit. A file bound to no
// item at all (a personal upload) is reachable by whoever holds its unguessable sign.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../http/action';
import { attachmentPages, pages } from '../../db/schema';
import { accessForViewer, type PasswordProofs } from '../../policies/request';
import { topCatalogAllowed } from '../../policies/itemAccess';
import { catalogTopMap, findItem } from '../../policies/load';
import type { AttachmentRow } from './store';

export type VisitDecision = 'allow' | 'password' | 'deny';

/** Places a file belongs to: item id plus the page's catalog (null = the item itself). */
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
  for (const b of bound) add(Number(b.pageItem ?? b.bindItem), b.catId ?? null);
  // the item it was uploaded to, as a whole (also after the file left every page)
  if (row.itemId > 0 && !places.has(row.itemId)) add(row.itemId, null);
  return places;
}

export async function decideFileVisit(deps: AppDeps, user: SessionUser | null, row: AttachmentRow, proofs: PasswordProofs): Promise<VisitDecision> {
  if (user && (user.isAdmin || user.uid === row.uid)) return 'allow';
  const places = await placesOf(deps, row);
  if (!places.size) return 'allow';
  let needsPassword = false;
  for (const [itemId, cats] of places) {
    const item = await findItem(deps.db, itemId);
    if (!item) continue;
    const access = await accessForViewer(deps, user, item, proofs);
    if (!access.canVisit) {
      if (access.needsPassword) needsPassword = true;
      continue;
    }
    if (access.catIds === null) return 'allow';
    const top = await catalogTopMap(deps.db, itemId);
    if (cats.some((c) => c !== null && c > 0 && topCatalogAllowed(access, top.get(c) ?? 0))) return 'allow';
  }
  return needsPassword ? 'password' : 'deny';
}
