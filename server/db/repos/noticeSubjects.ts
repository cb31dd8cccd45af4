// What notices say about their subjects: an item's name, a page's title and place.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, pages } from '../schema';

export async function itemName(db: DbOrTx, itemId: number): Promise<{ itemId: number; itemName: string } | undefined> {
  const [item] = await db.select({ itemId: items.itemId, itemName: items.itemName }).from(items).where(eq(items.itemId, itemId)).limit(1);
  return item;
}

export interface NoticedPage {
  pageId: number;
  itemId: number;
  catId: number;
  title: string;
  isDel: number;
}

export async function page(db: DbOrTx, pageId: number): Promise<NoticedPage | undefined> {
  const [row] = await db
    .select({ pageId: pages.pageId, itemId: pages.itemId, catId: pages.catId, title: pages.pageTitle, isDel: pages.isDel })
    .from(pages)
    .where(eq(pages.pageId, pageId))
    .limit(1);
  return row;
}
