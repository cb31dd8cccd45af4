// item_members rows → ShowDoc's member list shape (spec §3 "Item member"), and people pickers.
import { localize } from '../../shared/messages';
import { MEMBER_GROUP } from '../../shared/limits';
import type { ItemMemberRow } from '../db/repos/members';
import type { PersonSince } from '../db/repos/members';
import type { AddedPerson, ItemMember, ItemMemberAnswer, MemberLimit, Person } from '../../shared/api/member';
import type { AsShowDoc } from '../../shared/dbText';
import { fetched } from './fetched';
import { formatTime } from './time';

export type Lang = 'en' | 'zh';

/** a stored catalog limit: cat_ids (comma list) wins over cat_id; 0 / '' = every catalog */
export interface StoredLimit {
  catId: number;
  catIds: string;
}

export function memberGroupText(group: number, lang: Lang): string {
  if (group >= MEMBER_GROUP.manage) return localize('Manage', lang);
  if (group === MEMBER_GROUP.edit) return localize('Edit', lang);
  return localize('Read-only', lang);
}

/** The top-level catalog ids a stored limit names (cat_ids wins over cat_id, as the policies read it). */
export function limitIds(limit: StoredLimit): number[] {
  const ids = limit.catIds
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length) return ids;
  return limit.catId > 0 ? [limit.catId] : [];
}

/** Every catalog id some limits name: the caller loads their names for presentLimit. */
export const limitIdsOf = (rows: StoredLimit[]) => rows.flatMap((r) => limitIds(r));

/** the catalogs a limit names, as ids and as a display text (ShowDoc: '所有目录' for every catalog) */
export function presentLimit(limit: StoredLimit, names: Map<number, string>, lang: Lang): AsShowDoc<MemberLimit> {
  const ids = limitIds(limit);
  const catName = ids.length ? ids.map((id) => names.get(id) ?? String(id)).join(', ') : localize('All catalogs', lang);
  return { ...fetched({ cat_id: limit.catId, cat_name: catName }), cat_ids: ids };
}

/** a grant on an item (a personal member's or a team member's): who, what they may do, where, since when */
export interface StoredGrant extends StoredLimit {
  name?: string;
  memberGroupId: number;
  addtime: number;
}

/**
 * The part an item member and a team item member show alike: the name, the member group (as text,
 * "1", and in words with the catalogs: ShowDoc's '编辑/目录：所有目录'), the catalog limit, the time.
 */
export function presentGrant(
  r: StoredGrant,
  names: Map<number, string>,
  lang: Lang,
): AsShowDoc<Pick<ItemMember, 'name' | 'member_group_id' | 'member_group' | 'addtime'> & MemberLimit> {
  const limit = presentLimit(r, names, lang);
  return {
    name: r.name ?? '',
    ...fetched({ member_group_id: r.memberGroupId }),
    member_group: localize('{group}/catalog: {catalogs}', lang, { group: memberGroupText(r.memberGroupId, lang), catalogs: limit.cat_name }),
    ...limit,
    addtime: formatTime(r.addtime),
  };
}

export function presentItemMember(r: ItemMemberRow & { name?: string }, names: Map<number, string>, lang: Lang): ItemMemberAnswer {
  return {
    ...fetched({ item_member_id: r.itemMemberId, item_id: r.itemId, uid: r.uid, username: r.username }),
    ...presentGrant(r, names, lang),
  };
}

/** ShowDoc's "username(name)" label. */
export const usernameName = (p: Pick<PersonSince, 'username' | 'name'>) => (p.name ? `${p.username}(${p.name})` : p.username);

export function presentPerson(p: PersonSince): Person {
  return { uid: p.uid, username: p.username, name: p.name, username_name: usernameName(p), addtime: formatTime(p.addtime) };
}

/** member/getMyAllList: ShowDoc casts uid and addtime (unix seconds) to numbers. */
export function presentAddedPerson(p: PersonSince): AddedPerson {
  return { uid: p.uid, username: p.username, name: p.name, username_name: usernameName(p), addtime: p.addtime };
}
