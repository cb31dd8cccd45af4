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

export type { ItemSummary } from '@shared/api/item';

export type { ItemDetail, ItemInfo, ItemMenu, ItemKey, MenuCatalog, MenuPage } from '@shared/api/item';

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


/** true for 1, '1', true */
export function flag(v: Flag | null | undefined): boolean {
  return v === true || v === 1 || v === '1';
}

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}
