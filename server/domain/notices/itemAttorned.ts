// "An item was transferred to you" (item/attorn, adminItem/attorn). Items that move with a
// team transfer are listed in that team's notice instead (teamId set), so nobody gets one
// notice per item.
import type { AppDeps } from '../../deps';
import type { DomainEvents } from '../../events';
import * as subjectRepo from '../../db/repos/noticeSubjects';
import { findUserById } from '../accounts';
import { displayName } from '../members/usernames';
import { bilingual, escapeHtml, itemLink } from './content';
import { createNotices } from './create';

export async function noticeItemAttorned(deps: AppDeps, e: DomainEvents['item.attorned']): Promise<void> {
  if (e.teamId || e.toUid === e.fromUid || e.toUid <= 0) return;
  const item = await subjectRepo.itemName(deps.db, e.itemId);
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
