// item/add with copy_item_id: a full copy of the source's catalogs (with their order), live
// pages (titles, content, order, authors) and settings, owned by the caller. Members, history,
// attachments, tokens and the domain are not copied; the source's visit password is kept
// (showdoc-behaviour §7.5), unless the request sets the visibility itself.
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { catalogs, items, pages } from '../../db/schema';
import type { ItemRow } from '../../policies/itemAccess';

export interface CopyOverrides {
  uid: number;
  username: string;
  name: string;
  description: string;
  /** stored hash to use, or null to keep the source's */
  passwordHash: string | null;
}

/** Copies catalogs (parents before children) and pages of one item into another, inside tx. */
export async function copyItemContent(tx: Tx, fromItemId: number, toItemId: number, now: number): Promise<void> {
  const cats = await tx
    .select()
    .from(catalogs)
    .where(eq(catalogs.itemId, fromItemId))
    .orderBy(asc(catalogs.level), asc(catalogs.sNumber), asc(catalogs.catId));
  const map = new Map<number, number>([[0, 0]]);
  for (const c of cats) {
    const parent = map.get(c.parentCatId);
    if (parent === undefined) continue; // broken chain: invisible in the source too
    const [n] = await tx
      .insert(catalogs)
      .values({ catName: c.catName, itemId: toItemId, parentCatId: parent, level: c.level, sNumber: c.sNumber, addtime: now })
      .returning({ catId: catalogs.catId });
    map.set(c.catId, n.catId);
  }
  const rows = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.itemId, fromItemId), eq(pages.isDel, 0)))
    .orderBy(asc(pages.pageId));
  const values = rows
    .filter((p) => map.has(p.catId))
    .map((p) => ({
      itemId: toItemId,
      catId: map.get(p.catId)!,
      pageTitle: p.pageTitle,
      pageContent: p.pageContent,
      sNumber: p.sNumber,
      authorUid: p.authorUid,
      authorUsername: p.authorUsername,
      addtime: now,
      pageAddtime: now,
      pageComments: '',
      extInfo: p.extInfo,
      searchVector: p.searchVector,
    }));
  for (let i = 0; i < values.length; i += 500) await tx.insert(pages).values(values.slice(i, i + 500));
}

export async function copyItem(deps: AppDeps, source: ItemRow, o: CopyOverrides): Promise<ItemRow> {
  const now = deps.now();
  const item = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(items)
      .values({
        itemName: o.name || source.itemName,
        itemDescription: o.description || source.itemDescription,
        uid: o.uid,
        username: o.username,
        password: o.passwordHash ?? source.password,
        itemDomain: '',
        itemType: source.itemType,
        addtime: now,
        lastUpdateTime: now,
      })
      .returning();
    await copyItemContent(tx, source.itemId, created.itemId, now);
    return created;
  });
  deps.events.emit('item.accessChanged', { itemId: item.itemId, uids: [o.uid] });
  return item;
}
