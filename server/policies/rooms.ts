// Who may be in which realtime room (DESIGN §5), asked when a socket joins and again whenever
// access changes: user:<uid> (notices, job progress) is its user's only; item:<id> (presence, tree
// changes) is for whoever may visit the item; page:<id> and the page's co-editing document are
// for whoever may read the page (catalog limits included), and editing in them for whoever may
// edit it, signed in. Pure decisions over loaded access; roomAccess.ts loads it.
import type { ItemAccess } from './itemAccess';
import { canEditPage, canReadPage, type PagePlace } from './pages';

/** why a join is refused: no such live item/page, the item's password is wanted, or no right */
export type RoomRefusal = 'not-found' | 'password' | 'no-permission' | 'no-edit';
export type RoomVerdict = { allowed: true } | { allowed: false; refusal: RoomRefusal };

const allowed: RoomVerdict = { allowed: true };
const refused = (refusal: RoomRefusal): RoomVerdict => ({ allowed: false, refusal });
/** a private item without its password reads as "password wanted", anything else as "no right" */
const notVisible = (access: ItemAccess) => refused(access.needsPassword ? 'password' : 'no-permission');

/** user:<uid>: one user's notices and job progress. */
export function canJoinUserRoom(viewer: { uid: number } | null, uid: number): boolean {
  return !!viewer && viewer.uid === uid;
}

/** Site announcements are pushed to every signed-in socket (nobody anonymous: they are the users' notices). */
export function canReceiveAnnouncements(viewer: { uid: number } | null | undefined): boolean {
  return !!viewer && viewer.uid > 0;
}

/** item:<id>: `access` is the viewer's access to the live item (undefined: there is none). */
export function canJoinItemRoom(access: ItemAccess | undefined): RoomVerdict {
  if (!access) return refused('not-found');
  return access.canVisit ? allowed : notVisible(access);
}

/** page:<id> (and its co-editing document), to read or to edit; `page` undefined: no live page. */
export function canJoinPageRoom(viewer: { uid: number } | null, page: { access: ItemAccess; place: PagePlace } | undefined, mode: 'read' | 'edit'): RoomVerdict {
  if (!page) return refused('not-found');
  if (!canReadPage(page.access, page.place)) return notVisible(page.access);
  if (mode === 'edit' && (!viewer || !canEditPage(page.access, page.place))) return refused('no-edit');
  return allowed;
}
