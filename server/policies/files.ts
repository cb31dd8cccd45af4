// Who may download a file and who may change it. Design choice: a file belongs to the item it was
// uploaded to and to every page it is bound to. It is served to its uploader, to administrators,
// and to anyone who may read at least one of those places: visit rights on the item (private
// items need membership, the item password as _item_pwd, or the grant cookie, as for pages) and,
// for members limited to some catalogs, the page's catalog inside that limit (the item as a
// whole counts as its root, outside any limit). A file bound to no page (an orphan: a personal
// upload, an image in a page not saved yet) is served to its uploader and administrators only,
// until a page binds it.
import * as attachmentRepo from '../db/repos/attachments';
import type { AttachmentRow } from '../db/repos/attachments';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { noPermission } from '../errors';
import { requireEdit, requireVisit, type ItemAccess, type ItemRow, type Viewer } from './itemAccess';
import { canEditPage, canReadPage, type PagePlace } from './pages';
import { findItemCached } from './load';
import { GRANT_COOKIE } from './itemPassword';
import { accessForViewer, accessToItemId, accessWithItemPwd, placeOf, type Asker, type PasswordProofs } from './request';

type FileOwner = Pick<AttachmentRow, 'uid'>;

/** One place a file belongs to, as a viewer stands there: their access to its item and the page's place in it. */
export interface FilePlace {
  access: ItemAccess;
  place: PagePlace;
}

/** May the viewer download the file: its uploader, an administrator, or a reader of one of its places. */
export function canDownloadFile(viewer: Viewer | null, file: FileOwner, places: FilePlace[]): boolean {
  if (viewer && (viewer.isAdmin || viewer.uid === file.uid)) return true;
  return places.some(({ access, place }) => canReadPage(access, place));
}

/** Only its uploader puts one of "my files" on a page. */
export function canBindFile(viewer: Viewer, file: FileOwner): boolean {
  return viewer.uid === file.uid;
}

/** Only its uploader deletes a file from "my files" (administrators have the admin list). */
export function canDeleteOwnFile(viewer: Viewer, file: FileOwner): boolean {
  return viewer.uid === file.uid;
}

/**
 * May the viewer delete the file itself (not only take it off a page): its uploader or an
 * administrator. Page editors who are neither only unbind it from their page.
 */
export function canDeleteFile(viewer: Viewer, file: FileOwner): boolean {
  return viewer.isAdmin || viewer.uid === file.uid;
}

/**
 * Whose unused files a user may list and delete in one go: an administrator everyone's
 * (ShowDoc's rule), anyone else only their own uploads. undefined: everyone's.
 */
export function unusedFilesScope(viewer: Viewer): number | undefined {
  return viewer.isAdmin ? undefined : viewer.uid;
}

/** Changing a page's files (upload to it, bind to it, remove from it) needs edit rights on its item, inside the caller's catalogs. */
export async function requireFileChangesOnPage(req: Asker, page: { itemId: number; catId: number }): Promise<void> {
  const access = await accessToItemId(req, page.itemId);
  requireEdit(access);
  if (!canEditPage(access, await placeOf(req.deps, access, page.catId))) throw noPermission();
}

export type FileVisit = 'allow' | 'password' | 'deny';

/** Where a bound file belongs, by item: the catalogs of its pages there (null: the item as a whole). Empty for an orphan. */
async function placesByItem(deps: AppDeps, file: AttachmentRow): Promise<Map<number, (number | null)[]>> {
  const bound = await attachmentRepo.bindingPlaces(deps.db, file.fileId);
  const places = new Map<number, (number | null)[]>();
  const add = (itemId: number, catId: number | null) => {
    if (itemId > 0) places.set(itemId, [...(places.get(itemId) ?? []), catId]);
  };
  if (!bound.length) return places;
  for (const b of bound) add(b.itemId, b.catId);
  // and the item it was uploaded to, as a whole
  if (file.itemId > 0 && !places.has(file.itemId)) add(file.itemId, null);
  return places;
}

async function placesIn(deps: AppDeps, access: ItemAccess, cats: (number | null)[]): Promise<FilePlace[]> {
  return Promise.all(cats.map(async (catId) => ({ access, place: await placeOf(deps, access, catId ?? 0) })));
}

/** The download decision for a request: its caller, `_item_pwd` and grant cookie, and address (for the item password limiter). */
export function fileVisit(req: Asker, file: AttachmentRow): Promise<FileVisit> {
  const pwd = req.params.get('_item_pwd');
  const proofs = { itemPwd: typeof pwd === 'string' ? pwd : undefined, grantCookie: req.ctx.cookies.get(GRANT_COOKIE) };
  return fileVisitFor(req.deps, req.user, file, proofs, req.ctx.ip);
}

/**
 * The download decision for a file: 'password' when only a private item's password would open it.
 * `ip`: the caller's address, for the item password limiter. The places are tried without the
 * password first, so a throttled `_item_pwd` (10429) never hides a place the caller may read anyway.
 */
export async function fileVisitFor(deps: AppDeps, user: SessionUser | null, file: AttachmentRow, proofs: PasswordProofs, ip: string): Promise<FileVisit> {
  if (canDownloadFile(user, file, [])) return 'allow';
  const locked: [ItemRow, (number | null)[]][] = [];
  for (const [itemId, cats] of await placesByItem(deps, file)) {
    const item = await findItemCached(deps, itemId);
    if (!item) continue;
    const access = await accessForViewer(deps, user, item, { grantCookie: proofs.grantCookie });
    if (canDownloadFile(user, file, await placesIn(deps, access, cats))) return 'allow';
    if (access.needsPassword) locked.push([item, cats]);
  }
  if (!locked.length) return 'deny';
  for (const [item, cats] of locked) {
    const access = await accessWithItemPwd(deps, ip, user, item, proofs);
    if (canDownloadFile(user, file, await placesIn(deps, access, cats))) return 'allow';
  }
  return 'password';
}

/**
 * An item's page files as one viewer may list them (MCP list_attachments with an item): visit
 * rights on the item, then only the files of pages inside the viewer's catalogs.
 */
export async function filesOnReadablePages<T extends { catId: number }>(deps: Pick<AppDeps, 'db'>, access: ItemAccess, rows: T[]): Promise<T[]> {
  requireVisit(access);
  const readable = new Map<number, boolean>();
  const out: T[] = [];
  for (const r of rows) {
    let ok = readable.get(r.catId);
    if (ok === undefined) readable.set(r.catId, (ok = canReadPage(access, await placeOf(deps, access, r.catId))));
    if (ok) out.push(r);
  }
  return out;
}
