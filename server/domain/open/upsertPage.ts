// Upsert of one page by (item, catalog path, title) for the open API. Catalogs are created
// by path; the page is written like any other save (previous version kept in page_history,
// search index refreshed, 'page.saved' published once committed). Authored by uid 0 /
// 'update_by_title' as ShowDoc does. Re-sending an identical page changes nothing.
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import * as pageRepo from '../../db/repos/pages';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { DEFAULT_S_NUMBER, OPEN_API_MAX_PAGES, PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../../../shared/limits';
import { publishSaved, writePage, type SavePageInput, type WrittenPage } from '../pages/save';
import { touchItem } from '../pages/touchItem';
import { ensureCatalogPath, findCatalogPath, parseCatalogPath } from './catalogPath';

export const OPEN_API_AUTHOR = 'update_by_title';

export interface OpenPageInput {
  itemId: number;
  /** 'a/b/c' */
  catPath: string;
  title: string;
  content: string;
  sNumber?: number;
}

export interface OpenPageResult {
  pageId: number;
  created: boolean;
}

/** One upsert inside a transaction; what must be published once it commits. */
export interface Upserted extends OpenPageResult {
  catalogsCreated: boolean;
  /** undefined: the page was already like this, nothing written */
  written?: WrittenPage;
}

const OPEN_SAVE = { uid: 0, username: OPEN_API_AUTHOR, source: 'open' } as const satisfies Partial<SavePageInput>;

export const itemFull = () => new ApiError(ErrorCode.VALIDATION, 'This item already has {max} pages; the open API cannot add more', { max: OPEN_API_MAX_PAGES });

/** Throws a clear error for input that must not be written (checked before any write). */
export function validateOpenPage(input: OpenPageInput): string[] {
  const parts = parseCatalogPath(input.catPath);
  if (!input.title.trim()) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'page_title' });
  if (input.title.length > PAGE_TITLE_MAX_CHARS) {
    throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is too long (max {max} characters)', { name: 'page_title', max: PAGE_TITLE_MAX_CHARS });
  }
  if (!input.content.trim()) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'page_content' });
  if (input.content.length > PAGE_CONTENT_MAX_CHARS) {
    throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is too long (max {max} characters)', { name: 'page_content', max: PAGE_CONTENT_MAX_CHARS });
  }
  return parts;
}

export async function upsertInTx(deps: AppDeps, tx: Tx, input: OpenPageInput, now: number): Promise<Upserted> {
  const parts = validateOpenPage(input);
  const title = input.title.trim();
  const sNumber = input.sNumber ?? DEFAULT_S_NUMBER;
  const full = (await pageRepo.countOfItem(tx, input.itemId)) >= OPEN_API_MAX_PAGES;
  // a full item may still update its pages, but gets no new catalogs or pages
  const path = full ? await findCatalogPath(tx, input.itemId, parts) : await ensureCatalogPath(tx, input.itemId, parts, now);
  const existing = path ? await pageRepo.findByTitle(tx, input.itemId, path.catId, title) : undefined;
  if (!path || (!existing && full)) throw itemFull();
  const catalogsCreated = path.created;
  if (existing && existing.content === input.content && existing.sNumber === sNumber) {
    return { pageId: existing.pageId, created: false, catalogsCreated };
  }
  const written = await writePage(deps, tx, { ...OPEN_SAVE, itemId: input.itemId, pageId: existing?.pageId ?? 0, catId: path.catId, title, content: input.content, sNumber }, now);
  return { pageId: written.row.pageId, created: !written.previous, catalogsCreated, written };
}

/** After the upserts of one item committed: catalog and page events, the item's update time. */
export async function publishUpserts(deps: AppDeps, itemId: number, done: Upserted[], now: number): Promise<void> {
  if (done.some((d) => d.catalogsCreated)) deps.events.emit('catalog.changed', { itemId });
  const written = done.flatMap((d) => (d.written ? [d.written] : []));
  for (const w of written) publishSaved(deps, OPEN_SAVE, w);
  if (written.length) await touchItem(deps, itemId, written[written.length - 1].row.pageTitle, now);
}

export async function upsertPageByTitle(deps: AppDeps, input: OpenPageInput): Promise<OpenPageResult> {
  validateOpenPage(input);
  const now = deps.now();
  const done = await deps.db.transaction((tx) => upsertInTx(deps, tx, input, now));
  await publishUpserts(deps, input.itemId, [done], now);
  return { pageId: done.pageId, created: done.created };
}
