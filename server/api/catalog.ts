// /api/catalog/* (spec §7 Catalogs). Reads need visit rights and are filtered by the caller's
// catalog limit; writes need edit rights (never on archived or read-only-display items), and
// every catalog or page id in a payload must belong to the item that was authorised.
import { z } from 'zod';
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { CATALOG_NAME_MAX_CHARS } from '../../shared/limits';
import { accessToItem, accessToItemId, catalogInLimit } from '../policies/request';
import { requireEdit, requireVisit, topCatalogAllowed, type ItemAccess } from '../policies/itemAccess';
import { findItem } from '../policies/load';
import { buildTree, flatten, loadCatalogs } from '../domain/catalogs/tree';
import { findCatalog } from '../domain/catalogs/find';
import { pagesOfCatalog } from '../domain/catalogs/pagesByCat';
import { saveCatalog } from '../domain/catalogs/save';
import { deleteCatalog } from '../domain/catalogs/delete';
import { applyTree, type TreeEntry } from '../domain/catalogs/batUpdate';
import { copyCatalog } from '../domain/catalogs/copy';
import { catalogNotInItem } from '../domain/catalogs/errors';
import { presentCatalogGroup, presentCatalogRow, presentCatalogWithPath } from '../presenters/catalog';

const itemAccess = (req: ActionRequest) => accessToItemId(req, req.params.str('item_id', { required: true, max: 60 }));
const limitOf = (a: ItemAccess) => (top: number) => topCatalogAllowed(a, top);

async function visibleTree(req: ActionRequest) {
  const access = await itemAccess(req);
  requireVisit(access);
  return buildTree(await loadCatalogs(req.deps.db, access.item.itemId), access.catIds);
}

const catList = action({
  auth: 'optional',
  async run(req) {
    return flatten(await visibleTree(req)).map((n) => presentCatalogRow(n.row));
  },
});

const catListGroup = action({
  auth: 'optional',
  async run(req) {
    return (await visibleTree(req)).map(presentCatalogGroup);
  },
});

const catListName = action({
  auth: 'optional',
  async run(req) {
    return flatten(await visibleTree(req)).map(presentCatalogWithPath);
  },
});

const secondCatList = action({
  auth: 'optional',
  async run(req) {
    return (await visibleTree(req)).map((n) => presentCatalogRow(n.row));
  },
});

const getPagesBycat = action({
  auth: 'required',
  async run(req) {
    const access = await itemAccess(req);
    requireEdit(access);
    const catId = req.params.id('cat_id');
    if (catId > 0) {
      const cat = await findCatalog(req.deps.db, catId);
      if (!cat || cat.itemId !== access.item.itemId) throw catalogNotInItem(catId);
    }
    if (!(await catalogInLimit(req, access, catId))) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
    const rows = await pagesOfCatalog(req.deps.db, access.item.itemId, catId);
    return rows.map((p) => ({ page_id: p.pageId, page_title: p.pageTitle, s_number: p.sNumber }));
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const { params } = req;
    const access = await itemAccess(req);
    requireEdit(access);
    const name = params.str('cat_name', { max: CATALOG_NAME_MAX_CHARS });
    if (!name) throw new ApiError(ErrorCode.GENERIC, 'Please enter the catalog name');
    const catId = await saveCatalog(
      req.deps,
      access.item.itemId,
      {
        catId: params.id('cat_id'),
        name,
        parentCatId: params.has('parent_cat_id') ? params.id('parent_cat_id') : undefined,
        sNumber: params.int('s_number', 0, { min: 0, max: 1_000_000_000 }),
      },
      limitOf(access),
    );
    return catId;
  },
});

/** The item is derived from the catalog; an item_id that names another item is refused. */
async function catalogAccess(req: ActionRequest, catId: number) {
  const cat = await findCatalog(req.deps.db, catId);
  if (!cat) throw new ApiError(ErrorCode.GENERIC, 'Catalog not found');
  const item = await findItem(req.deps.db, cat.itemId);
  if (!item) throw new ApiError(ErrorCode.GENERIC, 'Catalog not found');
  const claimed = req.params.str('item_id', { max: 60 });
  if (claimed && claimed !== String(item.itemId) && claimed !== item.itemDomain) throw catalogNotInItem(catId);
  return { cat, access: await accessToItem(req, item) };
}

const del = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const { access } = await catalogAccess(req, req.params.id('cat_id'));
    requireEdit(access);
    await deleteCatalog(req.deps, access.item.itemId, req.params.id('cat_id'), { uid: me.uid, username: me.username }, limitOf(access));
    return true;
  },
});

const num = z.union([z.number().int().min(0).max(2_147_483_647), z.string().regex(/^\d{0,10}$/).transform((s) => (s === '' ? 0 : Number(s)))]);
const optNum = num.optional().nullable();
const treeSchema = z
  .array(
    z.object({
      cat_id: optNum,
      page_id: optNum,
      parent_cat_id: optNum,
      level: optNum,
      s_number: z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/).transform(Number)]).optional().nullable(),
      cat_name: z.union([z.string().max(CATALOG_NAME_MAX_CHARS * 4), z.number().transform(String)]).optional().nullable(),
    }),
  )
  .max(20_000);

const batUpdate = action({
  auth: 'required',
  async run(req) {
    const access = await itemAccess(req);
    requireEdit(access);
    const cats = req.params.json('cats', treeSchema, { required: true })!;
    const entries: TreeEntry[] = cats.map((c) => ({
      catId: c.cat_id ?? 0,
      pageId: c.page_id ?? 0,
      parentCatId: c.parent_cat_id ?? undefined,
      catName: c.cat_name ?? undefined,
      sNumber: c.s_number ?? undefined,
    }));
    await applyTree(req.deps, access.item.itemId, entries, limitOf(access));
    return [];
  },
});

const copy = action({
  auth: 'required',
  async run(req) {
    const { params } = req;
    const catId = params.id('cat_id');
    const { cat, access: from } = await catalogAccess(req, catId);
    requireEdit(from);
    const toItemId = params.id('to_item_id') || cat.itemId;
    const to = toItemId === cat.itemId ? from : await accessToItemId(req, toItemId);
    requireEdit(to);
    const newCatId = await copyCatalog(
      req.deps,
      { fromItemId: cat.itemId, catId, toItemId: to.item.itemId, newParentId: params.id('new_p_cat_id'), move: params.bool('is_del') },
      limitOf(from),
      limitOf(to),
    );
    return { cat_id: newCatId };
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
