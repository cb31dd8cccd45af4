// /api/catalog/* (spec §7 Catalogs): an item's catalog tree, read by anyone who may visit the item
// (within their catalog limit) and changed by its editors.
import { z } from 'zod';
import { endpoint, type NoData } from './contract';
import { flag, id, int, json, optional, text } from './fields';
import { CATALOG_NAME_MAX_CHARS } from '../limits';
import type { AsShowDoc } from '../dbText';

export interface Catalog {
  cat_id: number;
  cat_name: string;
  item_id: number;
  parent_cat_id: number;
  /** 2 at the top, 3 and 4 below */
  level: number;
  s_number: number;
  addtime: string;
}

/** catListGroup: the tree, children under `sub` */
export interface CatalogGroup extends Catalog {
  sub: CatalogGroup[];
}

/** getPagesBycat */
export interface CatalogPage {
  page_id: number;
  page_title: string;
  s_number: number;
}

/** As ShowDoc sends them: catalog and page rows with their ids, levels and orders as text. */
export type CatalogAnswer = AsShowDoc<Catalog>;
export type CatalogGroupAnswer = AsShowDoc<CatalogGroup>;
export type CatalogPageAnswer = AsShowDoc<CatalogPage>;

const itemId = () => text({ required: true, max: 60 });

/** Every visible catalog, parents before children. */
export const catList = endpoint<CatalogAnswer[]>()('catalog/catList', { item_id: itemId() });
export const catListGroup = endpoint<CatalogGroupAnswer[]>()('catalog/catListGroup', { item_id: itemId() });
/** Like catList, cat_name being the whole path ('a / b / c'). */
export const catListName = endpoint<CatalogAnswer[]>()('catalog/catListName', { item_id: itemId() });
/** The top-level catalogs only. */
export const secondCatList = endpoint<CatalogAnswer[]>()('catalog/secondCatList', { item_id: itemId() });

/** A catalog's pages (0 = the item root) in menu order. */
export const getPagesBycat = endpoint<CatalogPageAnswer[]>()('catalog/getPagesBycat', { item_id: itemId(), cat_id: id() });

/** Creates (no cat_id) or changes a catalog; answers its id (a bare number, as ShowDoc). */
export const save = endpoint<number>()('catalog/save', {
  item_id: itemId(),
  cat_name: text({ max: CATALOG_NAME_MAX_CHARS }),
  cat_id: id(),
  /** absent: keep the current parent (changes) / the root (creates) */
  parent_cat_id: optional(id()),
  s_number: int({ min: 0, max: 1_000_000_000 }),
});

/** The item is the catalog's; an item_id naming another item is refused. Pages go to the recycle bin. */
export const remove = endpoint<true>()('catalog/delete', { cat_id: id(), item_id: text({ max: 60 }) });

const num = z.union([z.number().int().min(0).max(2_147_483_647), z.string().regex(/^\d{0,10}$/).transform((s) => (s === '' ? 0 : Number(s)))]);
const optNum = num.optional().nullable();

/** One entry of the tree editor's result: a catalog (cat_id) or a page (page_id) and where it goes. */
export const treeEntry = z.object({
  cat_id: optNum,
  page_id: optNum,
  parent_cat_id: optNum,
  level: optNum,
  s_number: z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/).transform(Number)]).optional().nullable(),
  cat_name: z.union([z.string().max(CATALOG_NAME_MAX_CHARS * 4), z.number().transform(String)]).optional().nullable(),
});

export const batUpdate = endpoint<NoData>()('catalog/batUpdate', { item_id: itemId(), cats: json(z.array(treeEntry).max(20_000), { required: true }) });

/** Copies (or with is_del moves) a catalog with everything below it under new_p_cat_id of to_item_id (default: its own item). */
/** ShowDoc answers the new catalog row read back: cat_id as text. */
export const copy = endpoint<AsShowDoc<{ cat_id: number }>>()('catalog/copy', {
  cat_id: id(),
  item_id: text({ max: 60 }),
  to_item_id: id(),
  new_p_cat_id: id(),
  is_del: flag(),
});
