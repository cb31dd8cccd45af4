// What showdoc_db.sh and showdoc_api.sh send, turned into pages. Every page is checked
// before the first one is written.
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/apiError';
import { ErrorCode } from '../../../shared/errors';
import { buildDictionary } from './dbDictionary';
import { commentPages } from './fromComments';
import { upsertPageByTitle, validateOpenPage, type OpenPageInput } from './upsertPage';

async function writeAll(deps: AppDeps, list: OpenPageInput[]): Promise<number> {
  for (const p of list) validateOpenPage(p);
  for (const p of list) await upsertPageByTitle(deps, p);
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
    pages.map((p) => ({ itemId, catPath: input.catPath, title: p.title, content: p.markdown, sNumber: input.sNumber })),
  );
}

export async function importFromComments(deps: AppDeps, itemId: number, content: string): Promise<number> {
  const pages = commentPages(content);
  if (!pages.length) throw new ApiError(ErrorCode.GENERIC, 'No /** … */ comment block with @title and showdoc was found');
  return writeAll(
    deps,
    pages.map((p) => ({ itemId, catPath: p.catPath, title: p.title, content: p.markdown, sNumber: p.sNumber })),
  );
}
