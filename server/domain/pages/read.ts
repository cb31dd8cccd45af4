// What page/info adds to the page row: attachment count (files bound to the page either way).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachmentPages, attachments } from '../../db/schema';

export async function attachmentCount(db: DbOrTx, pageId: number): Promise<number> {
  const rows = await db
    .select({ f: attachmentPages.fileId })
    .from(attachmentPages)
    .where(eq(attachmentPages.pageId, pageId))
    .union(db.select({ f: attachments.fileId }).from(attachments).where(eq(attachments.pageId, pageId)));
  return rows.length;
}
