// The page open/updatePage answers with (ShowDoc returns the saved row as stored).
import type { DbOrTx } from '../../db/client';
import * as pageRepo from '../../db/repos/pages';
import type { PageData } from '../../db/repos/pages';

export function openPageRow(db: DbOrTx, pageId: number): Promise<PageData | undefined> {
  return pageRepo.findById(db, pageId, { includeDeleted: true });
}
