// user/allUser (security finding F11): the member and team pickers look people up by the first
// characters of their username or name. A user finds only people who share an item with them
// (owner, member, or member through a team bound to it) or a team; administrators find anyone.
// At least 2 characters, at most 20 answers: no way to list the accounts of the site. A
// stranger is added by typing the exact username, which member/save checks.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { escapeLike } from '../../db/like';
import { USER_SEARCH_MAX_RESULTS, USER_SEARCH_MIN_CHARS } from '../../../shared/limits';

export interface FoundUser {
  uid: number;
  username: string;
  name: string;
}

/** Everyone who shares a live item or a team with `uid` (the caller too, when they have any). */
const peopleOf = (uid: number) => sql`
  with my_items as (
    select item_id from items where uid = ${uid} and is_del = 0
    union select m.item_id from item_members m join items i on i.item_id = m.item_id and i.is_del = 0 where m.uid = ${uid}
    union select t.item_id from team_item_members t join items i on i.item_id = t.item_id and i.is_del = 0 where t.member_uid = ${uid}
  ), my_teams as (
    select id as team_id from teams where uid = ${uid}
    union select team_id from team_members where member_uid = ${uid}
  )
  select uid from items where item_id in (select item_id from my_items)
  union select uid from item_members where item_id in (select item_id from my_items)
  union select member_uid from team_item_members where item_id in (select item_id from my_items)
  union select uid from teams where id in (select team_id from my_teams)
  union select member_uid from team_members where team_id in (select team_id from my_teams)`;

export async function searchPeople(deps: AppDeps, caller: SessionUser, fragment: string): Promise<FoundUser[]> {
  const text = fragment.trim().toLowerCase();
  if ([...text].length < USER_SEARCH_MIN_CHARS) return [];
  const prefix = `${escapeLike(text)}%`;
  const among = caller.isAdmin ? sql`` : sql`and u.uid in (${peopleOf(caller.uid)}) and u.uid <> ${caller.uid}`;
  const r: any = await deps.db.execute(sql`
    select u.uid, u.username, u.name from users u
    where (lower(u.username) like ${prefix} or lower(u.name) like ${prefix}) ${among}
    order by lower(u.username) limit ${USER_SEARCH_MAX_RESULTS}`);
  const rows = (r.rows ?? r) as Array<{ uid: number | string; username: string; name: string }>;
  return rows.map((u) => ({ uid: Number(u.uid), username: u.username, name: u.name }));
}
