// Before a script request writes anything: would its new pages take the item past the open
// API's page limit? Resolved in memory from the item's catalogs and page titles (two queries),
// the way upsertInTx resolves each page, so a refusal leaves everything as it was.
import type { DbOrTx } from '../../db/client';
import * as pageRepo from '../../db/repos/pages';
import * as catalogRepo from '../../db/repos/pageCatalogs';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { OPEN_API_MAX_PAGES } from '../../../shared/limits';
import { parseCatalogPath } from './catalogPath';
import type { OpenPageInput } from './upsertPage';

export async function checkOpenCapacity(db: DbOrTx, itemId: number, list: OpenPageInput[]): Promise<void> {
  const n = await pageRepo.countOfItem(db, itemId);
  const cats = await catalogRepo.namesOfItem(db, itemId);
  // the first catalog of a name under a parent, in the order ensureCatalogPath picks it
  cats.sort((a, b) => a.sNumber - b.sNumber || a.catId - b.catId);
  const child = new Map<string, number>();
  for (const c of cats) if (!child.has(`${c.parent}/${c.name}`)) child.set(`${c.parent}/${c.name}`, c.catId);
  const titles = await pageRepo.liveTitlesOfItem(db, itemId);
  const existing = new Set(titles.map((t) => `${t.catId}/${t.title}`));

  const planned = new Set<string>();
  for (const p of list) {
    let parent: number | undefined = 0;
    const parts = parseCatalogPath(p.catPath);
    for (const name of parts) parent = parent === undefined ? undefined : child.get(`${parent}/${name}`);
    const key = parent === undefined ? `new:${parts.join('/')}/${p.title.trim()}` : `${parent}/${p.title.trim()}`;
    if (!existing.has(key)) planned.add(key);
  }
  if (n + planned.size > OPEN_API_MAX_PAGES) {
    throw new ApiError(ErrorCode.VALIDATION, 'This request would take the item past {max} pages ({count} new); the open API cannot add more', {
      max: OPEN_API_MAX_PAGES,
      count: planned.size,
    });
  }
}
