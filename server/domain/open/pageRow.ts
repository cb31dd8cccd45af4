// The page row open/updatePage answers with (ShowDoc returns the saved row as stored).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';

export async function openPageRow(db: DbOrTx, pageId: number) {
  const [p] = await db.select().from(pages).where(eq(pages.pageId, pageId)).limit(1);
  if (!p) return null;
  return {
    page_id: p.pageId,
    author_uid: p.authorUid,
    author_username: p.authorUsername,
    item_id: p.itemId,
    cat_id: p.catId,
    page_title: p.pageTitle,
    page_content: p.pageContent,
    s_number: p.sNumber,
    addtime: p.addtime,
    page_comments: p.pageComments,
    is_del: p.isDel,
    page_addtime: p.pageAddtime,
    ext_info: p.extInfo,
  };
}
