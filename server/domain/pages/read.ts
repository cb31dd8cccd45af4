// Reading pages: a live page row, and what page/info adds to it (the attachment count).
import type { DbOrTx } from '../../db/client';
import * as pageRepo from '../../db/repos/pages';
import type { PageData } from '../../db/repos/pages';

/** A live page row (without its search vector). */
export function findLivePage(db: DbOrTx, pageId: number): Promise<PageData | undefined> {
  return pageRepo.findById(db, pageId);
}

/** Files bound to the page either way. */
export function attachmentCount(db: DbOrTx, pageId: number): Promise<number> {
  return pageRepo.attachmentCount(db, pageId);
}
