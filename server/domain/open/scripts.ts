// What showdoc_db.sh and showdoc_api.sh send, turned into pages. At most OPEN_API_MAX_BLOCKS
// per request (the scripts send one source file or one database at a time); every page and the
// item's capacity are checked before the first one is written (writePages.ts).
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { OPEN_API_MAX_BLOCKS } from '../../../shared/limits';
import { buildDictionary } from './dbDictionary';
import { commentPages } from './fromComments';
import { checkOpenCapacity } from './capacity';
import { validateOpenPage, type OpenPageInput } from './upsertPage';
import { writeOpenPages } from './writePages';

async function writeAll(deps: AppDeps, itemId: number, list: OpenPageInput[]): Promise<number> {
  if (list.length > OPEN_API_MAX_BLOCKS) {
    throw new ApiError(ErrorCode.VALIDATION, 'One request may write at most {max} pages; this one has {count}. Send fewer files or tables at a time', {
      max: OPEN_API_MAX_BLOCKS,
      count: list.length,
    });
  }
  for (const p of list) validateOpenPage(p);
  await checkOpenCapacity(deps.db, itemId, list);
  await writeOpenPages(deps, itemId, list);
  return list.length;
}

export async function importDbDictionary(
  deps: AppDeps,
  itemId: number,
  input: { tableInfo: string; tableDetail: string; catPath: string; sNumber: number },
): Promise<number> {
  const pages = buildDictionary(input.tableInfo, input.tableDetail);
  if (!pages.length) throw new ApiError(ErrorCode.GENERIC, 'table_info and table_detail describe no table');
  return writeAll(
    deps,
    itemId,
    pages.map((p) => ({ itemId, catPath: input.catPath, title: p.title, content: p.markdown, sNumber: input.sNumber })),
  );
}

export async function importFromComments(deps: AppDeps, itemId: number, content: string): Promise<number> {
  const pages = commentPages(content);
  if (!pages.length) throw new ApiError(ErrorCode.GENERIC, 'No /** … */ comment block with @title and showdoc was found');
  return writeAll(
    deps,
    itemId,
    pages.map((p) => ({ itemId, catPath: p.catPath, title: p.title, content: p.markdown, sNumber: p.sNumber })),
  );
}
