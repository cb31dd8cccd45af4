// Shapes of the answers the client reads (spec §3, showdoc-behaviour §3). Ids are numbers in Quire's
// answers, strings in ShowDoc's: screens compare them with Number()/String().
export type Id = number | string;
/** ShowDoc-style flags: 0/1 numbers, '0'/'1' strings or booleans */
export type Flag = number | string | boolean;

export type { LoginUser, UserInfo, WaitingAccount } from '@shared/api/user';
export type { HomePageSetting } from '@shared/api/common';
export type { Attachment, MyFiles, AllFiles } from '@shared/api/attachment';
export type { AdminUser } from '@shared/api/adminUser';
export type { AdminItem } from '@shared/api/adminItem';
export type { Notice } from '@shared/api/notice';

export interface ItemSummary {
  item_id: Id;
  uid?: Id;
  item_name: string;
  item_domain?: string;
  item_type: Id;
  item_description?: string;
  last_update_time?: number | string;
  s_number?: Id;
  creator?: Flag;
  manage?: Flag;
  is_private?: Flag;
  password?: string;
  is_star?: Flag;
  is_archived?: Flag;
}

export interface MenuPage {
  page_id: Id;
  page_title: string;
  cat_id?: Id;
  author_uid?: Id;
  addtime?: string | number;
  s_number?: Id;
}

export interface MenuCatalog {
  cat_id: Id;
  cat_name: string;
  parent_cat_id?: Id;
  level?: Id;
  s_number?: Id;
  pages?: MenuPage[];
  catalogs?: MenuCatalog[];
}

export interface ItemMenu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

export interface ItemInfo {
  item_id: Id;
  item_domain?: string;
  item_name: string;
  item_description?: string;
  item_type: Id;
  is_archived?: Flag;
  default_page_id?: Id;
  default_cat_id2?: Id | null;
  default_cat_id3?: Id | null;
  default_cat_id4?: Id | null;
  unread_count?: number | null;
  menu: ItemMenu;
  is_login?: Flag;
  item_edit?: Flag;
  item_manage?: Flag;
  ItemPermn?: Flag;
  ItemCreator?: Flag;
  current_page_id?: Id;
}

export interface PageInfo {
  page_id: Id;
  item_id?: Id;
  cat_id?: Id;
  page_title: string;
  page_content: string;
  addtime?: string;
  page_addtime?: string;
  author_username?: string;
  author_uid?: Id;
  attachment_count?: number | string;
  unique_key?: string;
  expire_time?: number | string;
  s_number?: Id;
}

export interface PageHistoryEntry {
  page_history_id: Id;
  page_id?: Id;
  addtime: string | number;
  author_username?: string;
  page_comments?: string;
  page_title?: string;
}

export interface PageDiff {
  page: PageInfo;
  history_page: PageInfo;
}

export interface SinglePageLink {
  unique_key?: string;
  page_id?: Id;
  expire_time?: number | string;
}

export interface SearchResult {
  item_id: Id;
  item_name: string;
  pages: Array<MenuPage & { search_content?: string }>;
  /** Quire: hits come 50 at a time (ShowDoc servers send neither field) */
  page?: number;
  has_more?: boolean;
}

export interface CatalogRow {
  cat_id: Id;
  cat_name: string;
  parent_cat_id?: Id;
  level?: Id;
  s_number?: Id;
  sub?: CatalogRow[];
}

export interface ItemMember {
  item_member_id: Id;
  uid?: Id;
  username: string;
  name?: string;
  addtime?: string | number;
  member_group_id: Id;
  cat_id?: Id;
}

export interface Team {
  id: Id;
  team_name: string;
  memberCount?: number;
  itemCount?: number;
}

export interface TeamMember {
  id: Id;
  member_username: string;
  name?: string;
  addtime?: string | number;
}

export interface TeamItem {
  id: Id;
  team_id: Id;
  item_id: Id;
  item_name?: string;
  team_name?: string;
  addtime?: string | number;
}

export interface TeamItemMember {
  id: Id;
  member_username: string;
  member_group_id: Id;
  cat_id?: Id;
  addtime?: string | number;
}

export type { Template } from '@shared/api/template';

export interface MockInfo {
  page_id?: Id;
  template?: string;
  path?: string;
  unique_key?: string;
}

export interface LockInfo {
  lock: Flag;
  is_cur_user?: Flag;
  lock_username?: string;
  lock_uid?: Id;
}

export interface ItemKey {
  api_key: string;
  api_token: string;
}

export interface RecycleEntry {
  page_id: Id;
  page_title: string;
  del_by_username?: string;
  del_time?: string | number;
}

/** true for 1, '1', true */
export function flag(v: Flag | null | undefined): boolean {
  return v === true || v === 1 || v === '1';
}

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}
