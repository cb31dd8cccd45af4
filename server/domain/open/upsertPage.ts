// Upsert of one page by (item, catalog path, title) for the open API. Catalogs are created
// by path; the page is written like any save (previous version kept in page_history,
// 'page.saved' published). Authored by uid 0 / 'update_by_title' as ShowDoc does.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items, pageHistory, pages } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { ErrorCode } from '../../../shared/errors';
import { DEFAULT_S_NUMBER, OPEN_API_MAX_PAGES, PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../../../shared/limits';
import { ensureCatalogPath, parseCatalogPath } from './catalogPath';

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

export async function upsertPageByTitle(deps: AppDeps, input: OpenPageInput): Promise<OpenPageResult> {
  const parts = validateOpenPage(input);
  const now = deps.now();
  const title = input.title.trim();
  const sNumber = input.sNumber ?? DEFAULT_S_NUMBER;

  const outcome = await deps.db.transaction(async (tx) => {
    const catId = await ensureCatalogPath(tx, input.itemId, parts, now);
    const [existing] = await tx
      .select()
      .from(pages)
      .where(and(eq(pages.itemId, input.itemId), eq(pages.catId, catId), eq(pages.pageTitle, title), eq(pages.isDel, 0)))
      .orderBy(asc(pages.pageId))
      .limit(1);
    if (existing && existing.pageContent === input.content && existing.sNumber === sNumber) {
      // a script re-sending the same document changes nothing (no history entry, no event)
      return { pageId: existing.pageId, created: false, previous: existing, version: existing.version, unchanged: true };
    }
    if (existing) {
      await tx.insert(pageHistory).values({
        pageId: existing.pageId,
        itemId: existing.itemId,
        catId: existing.catId,
        pageTitle: existing.pageTitle,
        pageContent: existing.pageContent,
        sNumber: existing.sNumber,
        authorUid: existing.authorUid,
        authorUsername: existing.authorUsername,
        pageComments: existing.pageComments,
        addtime: existing.addtime,
      });
      const [row] = await tx
        .update(pages)
        .set({
          pageContent: input.content,
          sNumber,
          authorUid: 0,
          authorUsername: OPEN_API_AUTHOR,
          addtime: now,
          pageComments: '',
          version: sql`${pages.version} + 1`,
        })
        .where(eq(pages.pageId, existing.pageId))
        .returning({ version: pages.version });
      await tx.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, input.itemId));
      return { pageId: existing.pageId, created: false, previous: existing, version: row.version, unchanged: false };
    }
    const [{ n }] = await tx.select({ n: count() }).from(pages).where(eq(pages.itemId, input.itemId));
    if (n >= OPEN_API_MAX_PAGES) {
      throw new ApiError(ErrorCode.VALIDATION, 'This item already has {max} pages; the open API cannot add more', { max: OPEN_API_MAX_PAGES });
    }
    const [row] = await tx
      .insert(pages)
      .values({
        itemId: input.itemId,
        catId,
        pageTitle: title,
        pageContent: input.content,
        sNumber,
        authorUid: 0,
        authorUsername: OPEN_API_AUTHOR,
        addtime: now,
        pageAddtime: now,
      })
      .returning({ pageId: pages.pageId, version: pages.version });
    await tx.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, input.itemId));
    return { pageId: row.pageId, created: true, previous: null, version: row.version, unchanged: false };
  });

  if (outcome.unchanged) return { pageId: outcome.pageId, created: false };
  deps.events.emit('page.saved', {
    itemId: input.itemId,
    pageId: outcome.pageId,
    uid: 0,
    previousAuthorUid: outcome.previous?.authorUid ?? 0,
    title,
    created: outcome.created,
    source: 'open',
    content: input.content,
    previousContent: outcome.previous?.pageContent ?? '',
    version: outcome.version,
  });
  if (parts.length) deps.events.emit('catalog.changed', { itemId: input.itemId });
  return { pageId: outcome.pageId, created: outcome.created };
}
