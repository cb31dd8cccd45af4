// What a page leaves in other tables (history, share links, locks, file bindings, mocks, its
// co-editing log): removed with the page by the recycle bin's purge and by an undone import.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachmentPages, docSnapshots, docUpdates, mocks, pageHistory, pageLocks, singlePages } from '../schema';

export async function removePageLeftovers(db: DbOrTx, pageIds: number[]): Promise<void> {
  if (!pageIds.length) return;
  const docNames = pageIds.map((id) => `page.${id}`);
  await db.delete(pageHistory).where(inArray(pageHistory.pageId, pageIds));
  await db.delete(singlePages).where(inArray(singlePages.pageId, pageIds));
  await db.delete(pageLocks).where(inArray(pageLocks.pageId, pageIds));
  await db.delete(attachmentPages).where(inArray(attachmentPages.pageId, pageIds));
  await db.delete(mocks).where(inArray(mocks.pageId, pageIds));
  await db.delete(docUpdates).where(inArray(docUpdates.docName, docNames));
  await db.delete(docSnapshots).where(inArray(docSnapshots.docName, docNames));
}
