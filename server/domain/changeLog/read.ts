// item/getChangeLog: one page of an item's changes, newest first (the caller was authorised).
import type { AppDeps } from '../../deps';
import * as logRepo from '../../db/repos/itemChangeLogs';
import { CHANGE_LOG_PAGE_MAX } from '../../../shared/limits';

/** ShowDoc clamps rather than refuses: page ≥ 1, 1 ≤ count ≤ 100. */
export function readChangeLog(deps: AppDeps, itemId: number, page: number, count: number) {
  const perPage = Math.max(1, Math.min(CHANGE_LOG_PAGE_MAX, count));
  // past the 300 kept rows there is nothing; the bound keeps the offset small
  const pageNo = Math.max(1, Math.min(page, 1_000_000));
  return logRepo.pageOf(deps.db, itemId, pageNo, perPage);
}
