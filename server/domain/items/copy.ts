// item/add with copy_item_id: a full copy of the source's catalogs (with their order), live
// pages (titles, content, order, authors) and settings, owned by the caller. Members, history,
// attachments, tokens and the domain are not copied; the source's visit password is kept
// (showdoc-behaviour §7.5), unless the request sets the visibility itself.
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import * as itemRepo from '../../db/repos/items';
import * as catalogRepo from '../../db/repos/catalogs';
import * as catalogPages from '../../db/repos/catalogPages';
import type { ItemRow } from '../../db/repos/items';

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
  const cats = await catalogRepo.listOfItemByLevel(tx, fromItemId);
  const map = new Map<number, number>([[0, 0]]);
  for (const c of cats) {
    const parent = map.get(c.parentCatId);
    if (parent === undefined) continue; // broken chain: invisible in the source too
    const catId = await catalogRepo.insert(tx, { catName: c.catName, itemId: toItemId, parentCatId: parent, level: c.level, sNumber: c.sNumber, addtime: now });
    map.set(c.catId, catId);
  }
  const rows = await catalogPages.livePagesToCopy(tx, fromItemId);
  const values = rows
    .filter((p) => map.has(p.catId))
    .map((p) => catalogPages.copyOfPage(p, { itemId: toItemId, catId: map.get(p.catId)! }, now));
  await catalogPages.insertPages(tx, values);
}

export async function copyItem(deps: AppDeps, source: ItemRow, o: CopyOverrides): Promise<ItemRow> {
  const now = deps.now();
  const item = await deps.db.transaction(async (tx) => {
    const created = await itemRepo.insertItem(tx, {
      itemName: o.name || source.itemName,
      itemDescription: o.description || source.itemDescription,
      uid: o.uid,
      username: o.username,
      password: o.passwordHash ?? source.password,
      itemDomain: '',
      itemType: source.itemType,
      addtime: now,
      lastUpdateTime: now,
    });
    await copyItemContent(tx, source.itemId, created.itemId, now);
    return created;
  });
  deps.events.emit('item.accessChanged', { itemId: item.itemId, uids: [o.uid] });
  return item;
}
