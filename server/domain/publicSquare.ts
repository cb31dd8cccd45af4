// The public square (#23): a page through the site's public items.
import type { AppDeps } from '../deps';
import { listPublicItems, type PublicItemQuery } from '../db/repos/publicSquare';

export function publicItems(deps: AppDeps, q: { page: number; count: number; keyword: string; searchType: PublicItemQuery['searchType'] }) {
  return listPublicItems(deps.db, { keyword: q.keyword.trim(), searchType: q.searchType, offset: (q.page - 1) * q.count, limit: q.count });
}
