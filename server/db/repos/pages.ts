// Pages: the SQL of the pages area. Rows leave without their search vector (large, and never
// needed outside the database).
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pages } from '../schema';

const { searchVector, ...rest } = getTableColumns(pages);
void searchVector;

/** page columns without the search vector */
export const pageColumns = rest;
export type PageData = Omit<typeof pages.$inferSelect, 'searchVector'>;

/** a page by id; deleted pages (in the recycle bin) only when asked */
export async function findById(db: DbOrTx, pageId: number, opts: { includeDeleted?: boolean } = {}): Promise<PageData | undefined> {
  const where = opts.includeDeleted ? eq(pages.pageId, pageId) : and(eq(pages.pageId, pageId), eq(pages.isDel, 0));
  const [row] = await db.select(pageColumns).from(pages).where(where).limit(1);
  return row;
}
