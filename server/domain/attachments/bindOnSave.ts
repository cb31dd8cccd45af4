// A page saved with the link of an orphan file (an image pasted into a page before its first
// save, a file from "My attachments" put into a page) binds that file to the page, so it is
// served to the page's readers and kept by the clean-up. Only the saver's own orphans, or those
// uploaded to the page's item: quoting someone else's link publishes nothing of theirs.
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachmentPages, attachments } from '../../db/schema';

/** `…visitFile&sign=<32 hex>` as ShowDoc and Quire write attachment links */
const SIGN_IN_LINK = /[?&]sign=([0-9a-f]{32})\b/g;
/** signs looked up per save (a page holds a few images; a pasted dump is not a reason to scan more) */
const MAX_SIGNS = 200;

export async function bindLinkedOrphans(db: DbOrTx, page: { pageId: number; itemId: number; pageContent: string }, uid: number, now: number): Promise<number> {
  if (!page.pageContent.includes('sign=')) return 0;
  const signs = [...new Set(Array.from(page.pageContent.matchAll(SIGN_IN_LINK), (m) => m[1]))].slice(0, MAX_SIGNS);
  if (!signs.length) return 0;
  const orphans = await db
    .select({ fileId: attachments.fileId })
    .from(attachments)
    .where(
      and(
        inArray(attachments.sign, signs),
        or(eq(attachments.itemId, page.itemId), uid > 0 ? eq(attachments.uid, uid) : undefined),
        notExists(db.select({ one: sql`1` }).from(attachmentPages).where(eq(attachmentPages.fileId, attachments.fileId))),
      ),
    );
  if (!orphans.length) return 0;
  const ids = orphans.map((o) => o.fileId);
  await db
    .insert(attachmentPages)
    .values(ids.map((fileId) => ({ fileId, pageId: page.pageId, itemId: page.itemId, addtime: now })))
    .onConflictDoNothing({ target: [attachmentPages.fileId, attachmentPages.pageId] });
  await db.update(attachments).set({ orphanSince: 0 }).where(inArray(attachments.fileId, ids));
  return ids.length;
}
