// Shapes of the answers the client reads (spec §3, showdoc-behaviour §3). Ids are numbers in Quire's
// answers, strings in ShowDoc's: screens compare them with Number()/String().
import type { MenuPage } from '@shared/api/item';

export type Id = number | string;
/** ShowDoc-style flags: 0/1 numbers, '0'/'1' strings or booleans */
export type Flag = number | string | boolean;

export interface LoginUser {
  uid: Id;
  username: string;
  name?: string;
  groupid: Id;
  email?: string;
  email_verify?: Flag;
  user_token?: string;
}

export interface UserInfo extends LoginUser {
  reg_time?: number | string;
  last_login_time?: number | string;
  is_ldap?: Flag;
  /** admin list: 'active', 'pending' (awaits approval) or 'unconfirmed' (awaits the email confirmation) */
  status?: 'active' | 'pending' | 'unconfirmed';
}

/** user/register's answer when the new account must wait (no session yet). */
export interface WaitingAccount {
  uid: Id;
  username: string;
  email?: string;
  awaiting: 'approval' | 'email';
}

export interface HomePageSetting {
  home_page: Id;
  home_item: Id;
  register_open?: Flag;
  /** how new accounts start: at once, after confirming their email, after an administrator's approval */
  register_mode?: 'open' | 'email' | 'approval';
}

export type { ItemSummary } from '@shared/api/item';

export type { ItemDetail, ItemInfo, ItemMenu, ItemKey, MenuCatalog, MenuPage } from '@shared/api/item';

export interface Attachment {
  file_id: Id;
  display_name: string;
  file_type?: string;
  file_size?: number | string;
  file_size_m?: number | string;
  visit_times?: number | string;
  username?: string;
  addtime?: string | number;
  url: string;
  /** Quire: 1 when no page binds the file (removed by the clean-up at removal_time) */
  orphan?: number;
  removal_time?: string;
}

export interface AttachmentPage {
  list: Attachment[];
  total: number;
  used_m?: number | string;
  used_flow_m?: number | string;
  /** Quire: quotas in MB, 0 = unlimited (getMyList: the caller's; getAllList: both) */
  quota_m?: number;
  user_quota_m?: number;
  site_quota_m?: number;
}

export type { Catalog, CatalogGroup, CatalogPage } from '@shared/api/catalog';

/** A catalog as the catalog screens read (catListGroup, catListName answers) and build it (the batUpdate payload). */
export interface CatalogRow {
  cat_id: Id;
  cat_name: string;
  parent_cat_id?: Id;
  level?: Id;
  s_number?: Id;
  sub?: CatalogRow[];
}

export type { ItemMember, Person } from '@shared/api/member';

export type { ListedTeam as Team } from '@shared/api/team';

export type { TeamMember } from '@shared/api/teamMember';

export type { TeamItem } from '@shared/api/teamItem';

export type { TeamItemMember } from '@shared/api/teamItemMember';

export type { Template } from '@shared/api/template';
export type { PageInfo, PageHistoryEntry, PageDiff, SinglePageLink, LockInfo } from '@shared/api/page';
export type { SearchResult, SearchHitPage } from '@shared/api/item/search';
export type { MockInfo } from '@shared/api/mock';
export type { RecycleEntry } from '@shared/api/recycle';

export interface Notice {
  notice_id: Id;
  notice_title: string;
  notice_content?: string;
  from_name?: string;
  notice_time?: string | number;
  is_read?: Flag;
}


/** true for 1, '1', true */
export function flag(v: Flag | null | undefined): boolean {
  return v === true || v === 1 || v === '1';
}

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}
