// item_members rows → ShowDoc's member list shape (spec §3 "Item member").
import { localize } from '../../shared/messages';
import type { ItemMemberListRow, ItemMemberRow } from '../domain/members/itemMembers';
import { limitIds } from '../domain/members/catalogLimit';
import { usernameName, type Person } from '../domain/members/people';
import { formatTime } from './time';

export type Lang = 'en' | 'zh';

export function memberGroupText(group: number, lang: Lang): string {
  if (group >= 2) return localize('Manage', lang);
  if (group === 1) return localize('Edit', lang);
  return localize('Read-only', lang);
}

/** the catalogs a limit names, as ids and as a display text ('' = every catalog) */
export function presentLimit(limit: { catId: number; catIds: string }, names: Map<number, string>) {
  const ids = limitIds(limit);
  return { cat_id: limit.catId, cat_ids: ids, cat_name: ids.map((id) => names.get(id) ?? String(id)).join(', ') };
}

export function presentItemMember(r: ItemMemberRow & { name?: string }, names: Map<number, string>, lang: Lang) {
  return {
    item_member_id: r.itemMemberId,
    item_id: r.itemId,
    uid: r.uid,
    username: r.username,
    name: r.name ?? '',
    member_group_id: r.memberGroupId,
    member_group: memberGroupText(r.memberGroupId, lang),
    ...presentLimit(r, names),
    addtime: formatTime(r.addtime),
  };
}

export const memberLimitIds = (rows: ItemMemberListRow[]) => rows.flatMap((r) => limitIds(r));

export function presentPerson(p: Person) {
  return { uid: p.uid, username: p.username, name: p.name, username_name: usernameName(p), addtime: formatTime(p.addtime) };
}
