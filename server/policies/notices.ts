// Who may be told about what (notices fan out from domain events through server/listeners).
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { pageAccessForViewer } from './request';

export interface PageSave {
  /** who saved (0: the open API) */
  uid: number;
  /** author of the version the save replaced (0 when created) */
  previousAuthorUid: number;
  created: boolean;
  source: string;
}

/**
 * Whose work a save edited: the author of the version it replaced, unless they saved it
 * themselves. A new page has no earlier author, and a recovered page was not edited. 0: nobody.
 */
export function pageEditedFor(save: PageSave): number {
  const author = save.previousAuthorUid;
  if (save.created || save.source === 'recover' || author <= 0 || author === save.uid) return 0;
  return author;
}

/** May this user be told about a page: only while they may read it (visit right and catalog limit). */
export async function mayBeToldAboutPage(deps: AppDeps, reader: SessionUser, page: { itemId: number; catId: number }): Promise<boolean> {
  return (await pageAccessForViewer(deps, reader, page))?.canRead ?? false;
}
