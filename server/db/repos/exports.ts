// Exports: what Word, Markdown and HTML exports read of an item. The outline (catalogs, pages
// without their content) is small and read at once; page bodies are read in batches so a
// 1,000-page export never holds every page in memory.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachmentPages, attachments, catalogs, pages } from '../schema';

export interface OutlineCatalog {
  catId: number;
  catName: string;
  parentCatId: number;
  level: number;
  sNumber: number;
}

export interface OutlinePage {
  pageId: number;
  catId: number;
  pageTitle: string;
  sNumber: number;
}

export interface PageBody {
  pageId: number;
  pageContent: string;
  pageComments: string;
}

/** Every catalog of the item in menu order (s_number, then id). */
export function catalogsOfItem(db: DbOrTx, itemId: number): Promise<OutlineCatalog[]> {
  return db
    .select({ catId: catalogs.catId, catName: catalogs.catName, parentCatId: catalogs.parentCatId, level: catalogs.level, sNumber: catalogs.sNumber })
    .from(catalogs)
    .where(eq(catalogs.itemId, itemId))
    .orderBy(asc(catalogs.sNumber), asc(catalogs.catId));
}

/** The item's live pages without their content, in menu order (s_number, then id). */
export function livePagesOfItem(db: DbOrTx, itemId: number): Promise<OutlinePage[]> {
  return db
    .select({ pageId: pages.pageId, catId: pages.catId, pageTitle: pages.pageTitle, sNumber: pages.sNumber })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0)))
    .orderBy(asc(pages.sNumber), asc(pages.pageId));
}

/** Contents of some live pages of the item (any order). */
export async function bodiesOf(db: DbOrTx, itemId: number, pageIds: number[]): Promise<PageBody[]> {
  if (!pageIds.length) return [];
  return db
    .select({ pageId: pages.pageId, pageContent: pages.pageContent, pageComments: pages.pageComments })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.pageId, pageIds)));
}

export interface StoredFileRow {
  fileId: number;
  sign: string;
  displayName: string;
  fileType: string;
  fileSize: number;
  uid: number;
  itemId: number;
  pageId: number;
  storageDriver: string;
  storageKey: string;
}

/** Files by their public signs (the `sign=` of visitFile links). */
export async function filesBySigns(db: DbOrTx, signs: string[]): Promise<StoredFileRow[]> {
  if (!signs.length) return [];
  return db
    .select({
      fileId: attachments.fileId,
      sign: attachments.sign,
      displayName: attachments.displayName,
      fileType: attachments.fileType,
      fileSize: attachments.fileSize,
      uid: attachments.uid,
      itemId: attachments.itemId,
      pageId: attachments.pageId,
      storageDriver: attachments.storageDriver,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(inArray(attachments.sign, signs));
}

export interface FileBinding {
  fileId: number;
  /** the item of the page it is bound to (the page's own item when the page still exists) */
  itemId: number;
  /** the page's catalog, null when the page is gone */
  catId: number | null;
}

/** The pages files are bound to (attachment_pages), with each page's item and catalog. */
export async function bindingsOf(db: DbOrTx, fileIds: number[]): Promise<FileBinding[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .select({ fileId: attachmentPages.fileId, bindItem: attachmentPages.itemId, pageItem: pages.itemId, catId: pages.catId })
    .from(attachmentPages)
    .leftJoin(pages, eq(pages.pageId, attachmentPages.pageId))
    .where(inArray(attachmentPages.fileId, fileIds));
  return rows.map((r) => ({ fileId: r.fileId, itemId: Number(r.pageItem ?? r.bindItem), catId: r.catId ?? null }));
}
