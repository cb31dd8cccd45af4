// Glue between a realtime connection and the room decisions (rooms.ts): loads the live item or
// the page's place (never its content) and the viewer's access with the proofs the connection
// carries, then asks. Socket joins, co-editing connections and their re-checks all come here.
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import * as placeRepo from '../db/repos/pagePlace';
import type { PagePlaceRow } from '../db/repos/pagePlace';
import type { ItemAccess, ItemRow } from './itemAccess';
import { findItem } from './load';
import { accessForViewer, accessWithItemPwd, placeOf, type PasswordProofs } from './request';
import { canJoinItemRoom, canJoinPageRoom, type RoomVerdict } from './rooms';

export type { PagePlaceRow };

/** who is asking, over a socket or a co-editing connection */
export interface LiveViewer {
  user: SessionUser | null;
  proofs: PasswordProofs;
  /**
   * the client's address, when the proofs are new (a join): an `_item_pwd` is then tried through
   * item/pwd's limiter, wrong ones counted. Re-checks leave it out.
   */
  ip?: string;
}

function accessOf(deps: AppDeps, viewer: LiveViewer, item: ItemRow): Promise<ItemAccess> {
  return viewer.ip === undefined ? accessForViewer(deps, viewer.user, item, viewer.proofs) : accessWithItemPwd(deps, viewer.ip, viewer.user, item, viewer.proofs);
}

/** May the viewer be in item:<itemId>. */
export async function itemRoomAccess(deps: AppDeps, viewer: LiveViewer, itemId: number): Promise<RoomVerdict> {
  const item = await findItem(deps.db, itemId);
  return canJoinItemRoom(item ? await accessOf(deps, viewer, item) : undefined);
}

export interface PageRoomAccess {
  /** the live page (undefined: none, or its item is gone) */
  page: PagePlaceRow | undefined;
  /** being in page:<id> (reading, and receiving a co-edited document) */
  read: RoomVerdict;
  /** editing there: the edit session, writing to the co-edited document (the lock aside) */
  edit: RoomVerdict;
  /** the page's item type (a table item's page is a workbook) */
  itemType?: number;
}

/** May the viewer read and edit in page:<pageId>; the item is the page's own, never one the client names. */
export async function pageRoomAccess(deps: AppDeps, viewer: LiveViewer, pageId: number): Promise<PageRoomAccess> {
  const page = await placeRepo.findLivePagePlace(deps.db, pageId);
  const item = page ? await findItem(deps.db, page.itemId) : undefined;
  if (!page || !item) {
    const gone = canJoinPageRoom(viewer.user, undefined, 'read');
    return { page: undefined, read: gone, edit: gone };
  }
  const access = await accessOf(deps, viewer, item);
  const loaded = { access, place: await placeOf(deps, access, page.catId) };
  return { page, itemType: item.itemType, read: canJoinPageRoom(viewer.user, loaded, 'read'), edit: canJoinPageRoom(viewer.user, loaded, 'edit') };
}
