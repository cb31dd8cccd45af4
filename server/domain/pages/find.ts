// A live page row without its search vector.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';
import { pageColumns, type PageData } from './columns';

export async function findPageData(db: DbOrTx, pageId: number): Promise<PageData | undefined> {
  const [row] = await db
    .select(pageColumns)
    .from(pages)
    .where(and(eq(pages.pageId, pageId), eq(pages.isDel, 0)))
    .limit(1);
  return row;
}
