// The public square (#23): items without a visit password, not deleted, newest change first.
import { and, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, pages } from '../schema';
import { escapeLike } from '../like';

export interface PublicItemRow {
  itemId: number;
  itemName: string;
  itemDescription: string;
  itemType: number;
  addtime: number;
  lastUpdateTime: number;
  itemDomain: string;
}

export interface PublicItemQuery {
  keyword: string;
  /** 'title': name or description; 'content': any live page's text */
  searchType: 'title' | 'content';
  offset: number;
  limit: number;
}

export async function listPublicItems(db: DbOrTx, q: PublicItemQuery): Promise<{ total: number; rows: PublicItemRow[] }> {
  const like = `%${escapeLike(q.keyword)}%`;
  const match = !q.keyword
    ? undefined
    : q.searchType === 'content'
      ? exists(
          db
            .select({ one: sql`1` })
            .from(pages)
            .where(and(eq(pages.itemId, items.itemId), eq(pages.isDel, 0), or(ilike(pages.pageContent, like), ilike(pages.pageTitle, like)))),
        )
      : or(ilike(items.itemName, like), ilike(items.itemDescription, like));
  const where = and(eq(items.password, ''), eq(items.isDel, 0), match);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(items).where(where),
    db
      .select({
        itemId: items.itemId,
        itemName: items.itemName,
        itemDescription: items.itemDescription,
        itemType: items.itemType,
        addtime: items.addtime,
        lastUpdateTime: items.lastUpdateTime,
        itemDomain: items.itemDomain,
      })
      .from(items)
      .where(where)
      .orderBy(desc(items.lastUpdateTime), desc(items.itemId))
      .offset(q.offset)
      .limit(q.limit),
  ]);
  return { total: Number(n), rows };
}
