// "An item was transferred to you" (item/attorn, adminItem/attorn). Items that move with a
// team transfer are listed in that team's notice instead (teamId set), so nobody gets one
// notice per item.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DomainEvents } from '../../events';
import { items } from '../../db/schema';
import { findUserById } from '../accounts';
import { displayName } from '../members/usernames';
import { bilingual, escapeHtml, itemLink } from './content';
import { createNotices } from './create';

export async function onItemAttorned(deps: AppDeps, e: DomainEvents['item.attorned']): Promise<void> {
  if (e.teamId || e.toUid === e.fromUid || e.toUid <= 0) return;
  const [item] = await deps.db.select({ itemId: items.itemId, itemName: items.itemName }).from(items).where(eq(items.itemId, e.itemId)).limit(1);
  if (!item) return;
  const from = e.fromUid > 0 ? await findUserById(deps, e.fromUid) : undefined;
  const fromName = from ? displayName(from) : '';
  await createNotices(deps, [
    {
      toUid: e.toUid,
      fromUid: e.fromUid,
      fromName,
      noticeType: 'item_attorned',
      title: 'An item was transferred to you',
      content: bilingual('{from} transferred the item {item} to you.', () => ({ from: escapeHtml(fromName), item: itemLink(item.itemId, item.itemName) })),
      objectType: 'item',
      objectId: item.itemId,
    },
  ]);
}
