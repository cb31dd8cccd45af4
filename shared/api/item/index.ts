// /api/item/*: items (spec §7 Items). item/search is declared in ./search.ts.
import { z } from 'zod';
import { endpoint, type NoData } from '../contract';
import { flag, id, idListText, int, json, optional, text } from '../fields';
import { ITEM_GROUPS_PER_USER_MAX, ITEM_DESCRIPTION_MAX_CHARS, ITEM_DOMAIN_MAX_CHARS, ITEM_NAME_MAX_CHARS, ITEM_PASSWORD_MAX_CHARS } from '../../limits';
import type { AsShowDoc } from '../../dbText';

/**
 * What every item answer carries. The endpoints answer it with ShowDoc's types (AsShowDoc: the ids,
 * types and flags ShowDoc fetches as text); the visit password is never sent; `is_private` (computed
 * by ShowDoc, a number) says whether there is one.
 */
export interface ItemBase {
  item_id: number;
  uid: number;
  username: string;
  item_name: string;
  item_description: string;
  item_domain: string;
  /** 1 regular, 2 single page, 3 read-only display, 4 table */
  item_type: number;
  is_private: 0 | 1;
  is_archived: number;
  /** comments and page feedback are on (1) or off (0) */
  allow_comment: number;
  allow_feedback: number;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  last_update_time: string;
  is_del: number;
}

/** item/myList, item/itemList */
export interface ItemSummary extends ItemBase {
  /** position in the user's drag order */
  s_number: number;
  /** the user created it */
  creator: 0 | 1;
  /** the user manages it (creator, or manage rights) */
  manage: 0 | 1;
  /** the user starred it (item/star) */
  is_star: 0 | 1;
}

/** item/detail, item/update, item/attorn */
export interface ItemDetail extends ItemBase {
  /**
   * '' for a public item; for a private one, to managers, ITEM_PASSWORD_PLACEHOLDER (the password is
   * stored hashed): ShowDoc's item dialog reads "private" from a non-empty password and sends it back,
   * and item/update takes the placeholder back as "unchanged".
   */
  password: string;
  group_ids: number[];
}

/** item/getKey, item/resetKey: the open API credentials */
export interface ItemKey {
  id: number;
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: string;
  last_check_time: string;
}

export interface MenuPage {
  page_id: number;
  author_uid: number;
  author_username: string;
  cat_id: number;
  item_id: number;
  page_title: string;
  s_number: number;
  addtime: string;
  ext_info: string;
}

export interface MenuCatalog {
  cat_id: number;
  cat_name: string;
  item_id: number;
  parent_cat_id: number;
  level: number;
  s_number: number;
  addtime: string;
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** item/info's menu: root pages, and the top-level catalogs with their pages and sub-catalogs */
export interface ItemMenu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** item/info (spec §3 Item; showdoc-behaviour §3.3) */
export interface ItemInfo extends ItemBase {
  /** the page the reader opens: text like the menu's page_id on the wire (ShowDoc's client compares them with ===) */
  default_page_id: number;
  current_page_id: number;
  /** the catalogs above the default page, per level (0 when none) */
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
  unread_count: number;
  menu: ItemMenu;
  is_login: boolean;
  item_edit: boolean;
  item_manage: boolean;
  ItemPermn: boolean;
  ItemCreator: boolean;
  /** Quire: the viewer may open the item's settings — true for its managers also when the item is
   * archived or read-only (type 3), where ItemCreator is false as in ShowDoc */
  can_manage: boolean;
  global_param: { query: never[]; body: never[]; header: never[]; cookies: never[]; preScript: string; postScript: string };
  show_watermark: '0';
}

/** item/add: the new item's id */
export interface NewItemAnswer {
  item_id: number;
}

/** item/pwd: the item opened, and where to go back to (a path on this site, or '') */
export interface ItemPwdAnswer {
  item_id: number;
  refer_url: string;
}

/** The answers as ShowDoc sends them (shared/dbText.ts): fetched ids, types and flags as text, computed values as numbers. */
export type ListedItemAnswer = AsShowDoc<ItemSummary, 'is_private' | 's_number' | 'creator' | 'manage' | 'is_star'>;
export type ItemInfoAnswer = AsShowDoc<ItemInfo, 'is_private' | `default_cat_id${number}` | 'unread_count'>;
export type ItemDetailAnswer = AsShowDoc<ItemDetail, 'is_private'>;
export type ItemKeyAnswer = AsShowDoc<ItemKey>;

const itemId = () => text({ required: true, max: 60 });
const ownerPassword = () => text({ raw: true, max: 128 });

/** ShowDoc's item dialog: the caller's groups that hold the item (item_group_ids: a JSON array or comma list) */
const itemGroupFields = { item_group_id: id(), item_group_ids: idListText({ max: ITEM_GROUPS_PER_USER_MAX }) };

/** `original`: only the caller's own items; `item_group_id`: 0 all, > 0 one of the caller's groups, -1 starred */
export const myList = endpoint<ListedItemAnswer[]>()('item/myList', { original: flag(), item_group_id: int() });

export const itemList = endpoint<ListedItemAnswer[]>()('item/itemList', {});

/** {item_id: position}, as the list's drag result */
const sortOrder = z.record(z.string().regex(/^\d{1,10}$/), z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/).transform(Number)]));

export const sort = endpoint<NoData>()('item/sort', { data: json(sortOrder, { required: true, max: 200_000 }), item_group_id: int() });

/** Creates an item, or copies `copy_item_id` (then item_type and item_domain are not used). */
export const add = endpoint<NewItemAnswer>()('item/add', {
  item_name: text({ max: ITEM_NAME_MAX_CHARS }),
  item_description: text({ max: ITEM_DESCRIPTION_MAX_CHARS }),
  password: text({ raw: true, max: ITEM_PASSWORD_MAX_CHARS }),
  copy_item_id: id(),
  /** sent by our client; ShowDoc clients send only `password` */
  is_private: optional(flag()),
  item_type: int({ def: 1 }),
  item_domain: text({ max: ITEM_DOMAIN_MAX_CHARS + 1 }),
  ...itemGroupFields,
  /** comments and page feedback (regular items only, as ShowDoc) */
  allow_comment: flag(),
  allow_feedback: flag(),
});

/** An item by id or personal domain, or the item of `page_id`; `_item_pwd` may open a private one. */
export const info = endpoint<ItemInfoAnswer>()('item/info', {
  page_id: id(),
  item_id: text({ max: 60 }),
  item_domain: text({ max: 60 }),
  keyword: text({ max: 200 }),
  default_page_id: id(),
});

export const detail = endpoint<ItemDetailAnswer>()('item/detail', { item_id: itemId() });

/** Proves a private item's password (remembered in a cookie); after wrong ones the captcha too. */
export const pwd = endpoint<ItemPwdAnswer>()('item/pwd', {
  page_id: id(),
  item_id: text({ max: 60 }),
  password: text({ raw: true, max: ITEM_PASSWORD_MAX_CHARS }),
  /** base64 of a path on this site */
  refer_url: text({ max: 2000 }),
  /** the captcha, once asked for (read with the captcha cookie by the server's captcha check) */
  v_code: optional(text()),
  captcha: optional(text()),
  captcha_id: optional(text()),
});

/** Only the fields sent change. */
export const update = endpoint<ItemDetailAnswer>()('item/update', {
  item_id: itemId(),
  item_name: optional(text({ max: ITEM_NAME_MAX_CHARS })),
  item_description: optional(text({ max: ITEM_DESCRIPTION_MAX_CHARS })),
  item_domain: optional(text({ max: ITEM_DOMAIN_MAX_CHARS + 1 })),
  is_private: optional(flag()),
  /** ITEM_PASSWORD_PLACEHOLDER (item/detail's answer for a private item) keeps the current password */
  password: optional(text({ raw: true, max: ITEM_PASSWORD_MAX_CHARS })),
  ...itemGroupFields,
  /** comments and page feedback (regular items only, as ShowDoc) */
  allow_comment: optional(flag()),
  allow_feedback: optional(flag()),
});

/** Delete, archive and transfer are confirmed with the item owner's login password. */
export const remove = endpoint<NoData>()('item/delete', { item_id: itemId(), password: ownerPassword() });
export const archive = endpoint<NoData>()('item/archive', { item_id: itemId(), password: ownerPassword() });
export const attorn = endpoint<ItemDetailAnswer>()('item/attorn', { item_id: itemId(), username: text({ max: 254 }), password: ownerPassword() });

/** The caller leaves an item (through a team: that whole team). */
export const exitItem = endpoint<NoData>()('item/exitItem', { item_id: itemId() });

export const getKey = endpoint<ItemKeyAnswer>()('item/getKey', { item_id: itemId() });
export const resetKey = endpoint<ItemKeyAnswer>()('item/resetKey', { item_id: itemId() });
