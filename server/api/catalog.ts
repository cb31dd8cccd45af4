// /api/catalog/* (spec §7 Catalogs). Reads need visit rights and are filtered by the caller's
// catalog limit; writes need edit rights (never on archived or read-only-display items), and
// every catalog or page id in a payload must belong to the item that was authorised.
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/catalog';
import { accessToItem, accessToItemId, catalogInLimit } from '../policies/request';
import { requireEdit, requireVisit, topCatalogAllowed, type ItemAccess } from '../policies/itemAccess';
import { visibleTopCatalogs } from '../policies/items';
import { findItem } from '../policies/load';
import { buildTree, flatten, loadCatalogs } from '../domain/catalogs/tree';
import { findCatalog } from '../domain/catalogs/find';
import { pagesOfCatalog } from '../domain/catalogs/pagesByCat';
import { saveCatalog } from '../domain/catalogs/save';
import { deleteCatalog } from '../domain/catalogs/delete';
import { applyTree } from '../domain/catalogs/batUpdate';
import { copyCatalog } from '../domain/catalogs/copy';
import { catalogNotInItem } from '../domain/catalogs/errors';
import { presentCatalogGroup, presentCatalogPage, presentCatalogRow, presentCatalogWithPath, presentCopiedCatalog } from '../presenters/catalog';

/** the caller's catalog limit, as the catalog operations check it */
const limitOf = (a: ItemAccess) => (top: number) => topCatalogAllowed(a, top);

/** The item's catalog tree as far as the caller may see it. */
async function visibleTree(req: ActionRequest, itemId: string) {
  const access = await accessToItemId(req, itemId);
  requireVisit(access);
  return buildTree(await loadCatalogs(req.deps.db, access.item.itemId), visibleTopCatalogs(access));
}

const catList = action(api.catList, {
  auth: 'optional',
  async run(req, p) {
    return flatten(await visibleTree(req, p.item_id)).map((n) => presentCatalogRow(n.row));
  },
});

const catListGroup = action(api.catListGroup, {
  auth: 'optional',
  async run(req, p) {
    return (await visibleTree(req, p.item_id)).map(presentCatalogGroup);
  },
});

const catListName = action(api.catListName, {
  auth: 'optional',
  async run(req, p) {
    return flatten(await visibleTree(req, p.item_id)).map(presentCatalogWithPath);
  },
});

const secondCatList = action(api.secondCatList, {
  auth: 'optional',
  async run(req, p) {
    return (await visibleTree(req, p.item_id)).map((n) => presentCatalogRow(n.row));
  },
});

const getPagesBycat = action(api.getPagesBycat, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireEdit(access);
    if (p.cat_id > 0) {
      const cat = await findCatalog(req.deps.db, p.cat_id);
      if (!cat || cat.itemId !== access.item.itemId) throw catalogNotInItem(p.cat_id);
    }
    if (!(await catalogInLimit(req, access, p.cat_id))) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
    return (await pagesOfCatalog(req.deps.db, access.item.itemId, p.cat_id)).map(presentCatalogPage);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireEdit(access);
    if (!p.cat_name) throw new ApiError(ErrorCode.GENERIC, 'Please enter the catalog name');
    const input = { catId: p.cat_id, name: p.cat_name, parentCatId: p.parent_cat_id, sNumber: p.s_number };
    // ShowDoc answers the bare cat_id
    return saveCatalog(req.deps, access.item.itemId, input, limitOf(access), req.me().uid);
  },
});

/** The item is derived from the catalog; an item_id that names another item is refused. */
async function catalogAccess(req: ActionRequest, catId: number, claimed: string) {
  const cat = await findCatalog(req.deps.db, catId);
  if (!cat) throw new ApiError(ErrorCode.GENERIC, 'Catalog not found');
  const item = await findItem(req.deps.db, cat.itemId);
  if (!item) throw new ApiError(ErrorCode.GENERIC, 'Catalog not found');
  if (claimed && claimed !== String(item.itemId) && claimed !== item.itemDomain) throw catalogNotInItem(catId);
  return { cat, access: await accessToItem(req, item) };
}

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const { access } = await catalogAccess(req, p.cat_id, p.item_id);
    requireEdit(access);
    await deleteCatalog(req.deps, access.item.itemId, p.cat_id, { uid: me.uid, username: me.username }, limitOf(access));
    return true as const;
  },
});

const batUpdate = action(api.batUpdate, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireEdit(access);
    const entries = p.cats!.map((c) => ({
      catId: c.cat_id ?? 0,
      pageId: c.page_id ?? 0,
      parentCatId: c.parent_cat_id ?? undefined,
      catName: c.cat_name ?? undefined,
      sNumber: c.s_number ?? undefined,
    }));
    await applyTree(req.deps, access.item.itemId, entries, limitOf(access), req.me().uid);
    return [];
  },
});

const copy = action(api.copy, {
  auth: 'required',
  async run(req, p) {
    const { cat, access: from } = await catalogAccess(req, p.cat_id, p.item_id);
    requireEdit(from);
    const toItemId = p.to_item_id || cat.itemId;
    const to = toItemId === cat.itemId ? from : await accessToItemId(req, toItemId);
    requireEdit(to);
    const newCatId = await copyCatalog(
      req.deps,
      { fromItemId: cat.itemId, catId: p.cat_id, toItemId: to.item.itemId, newParentId: p.new_p_cat_id, move: p.is_del },
      limitOf(from),
      limitOf(to),
    );
    return presentCopiedCatalog(newCatId);
  },
});

export default controller('catalog', {
  catList,
  catListGroup,
  catListName,
  secondCatList,
  getPagesBycat,
  save,
  delete: del,
  batUpdate,
  copy,
});
