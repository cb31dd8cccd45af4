// A page saved with the link of an orphan file (an image pasted into a page before its first
// save, a file from "My attachments" put into a page) binds that file to the page, so it is
// served to the page's readers and kept by the clean-up. Only the saver's own orphans, or those
// uploaded to the page's item: quoting someone else's link publishes nothing of theirs.
import type { DbOrTx } from '../../db/client';
import * as attachmentRepo from '../../db/repos/attachments';

/** `…visitFile&sign=<32 hex>` as ShowDoc and Quire write attachment links */
const SIGN_IN_LINK = /[?&]sign=([0-9a-f]{32})\b/g;
/** signs looked up per save (a page holds a few images; a pasted dump is not a reason to scan more) */
const MAX_SIGNS = 200;

export async function bindLinkedOrphans(db: DbOrTx, page: { pageId: number; itemId: number; pageContent: string }, uid: number, now: number): Promise<number> {
  if (!page.pageContent.includes('sign=')) return 0;
  const signs = [...new Set(Array.from(page.pageContent.matchAll(SIGN_IN_LINK), (m) => m[1]))].slice(0, MAX_SIGNS);
  if (!signs.length) return 0;
  const ids = await attachmentRepo.orphansWithSigns(db, signs, page.itemId, uid);
  if (!ids.length) return 0;
  await attachmentRepo.bind(db, ids, page, now);
  return ids.length;
}
