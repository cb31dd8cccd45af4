// /api/template/* — sharing templates with items (ShowDoc v3). The template must be the
// caller's; each item must be one the caller may edit; an item's shared templates are for its
// editors. Decisions: policies/templates.ts and the item policies.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/templateShare';
import { accessToItemId } from '../policies/request';
import { requireEdit } from '../policies/itemAccess';
import { ownsTemplate } from '../policies/templates';
import { findTemplate, myTemplatesWithShares, shareTemplate, sharesOfTemplate, templatesSharedWith } from '../domain/templates/sharing';
import { presentMyTemplate, presentSharedTemplate, presentTemplateShare } from '../presenters/templateShare';
import type { ActionRequest } from '../http/action';

const notYours = () => new ApiError(ErrorCode.NO_PERMISSION, 'This template does not exist or is not yours');

async function ownTemplate(req: ActionRequest, templateId: number) {
  const template = templateId > 0 ? await findTemplate(req.deps, templateId) : undefined;
  if (!ownsTemplate(req.me(), template)) throw notYours();
  return template!;
}

const getMyList = action(api.getMyList, {
  auth: 'required',
  async run(req) {
    return (await myTemplatesWithShares(req.deps, req.me().uid)).map((t) => presentMyTemplate(t.template, t.shares));
  },
});

/** "12,15": the item ids; zero, blanks and repeats are skipped ("0" = shared with none). */
function itemIdsOf(list: string): number[] {
  const ids = new Set<number>();
  for (const part of list.split(',')) {
    const s = part.trim();
    if (s === '' || s === '0') continue;
    if (!/^\d{1,10}$/.test(s)) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'item_id' });
    ids.add(Number(s));
  }
  if (ids.size > api.SHARE_ITEMS_MAX) throw new ApiError(ErrorCode.GENERIC, 'Too many items (max {max})', { max: api.SHARE_ITEMS_MAX });
  return [...ids];
}

const shareToItem = action(api.shareToItem, {
  auth: 'required',
  async run(req, p) {
    if (!p.item_id) throw new ApiError(ErrorCode.GENERIC, 'Choose at least one item');
    const template = await ownTemplate(req, p.template_id);
    const itemIds = itemIdsOf(p.item_id);
    // every item is decided before anything changes: a refused one leaves the shares as they were
    for (const itemId of itemIds) {
      const access = await accessToItemId(req, itemId).catch(() => undefined);
      if (!access?.canEdit) throw new ApiError(ErrorCode.NO_PERMISSION, 'You may not edit the item {item_id}', { item_id: itemId });
    }
    const me = req.me();
    await shareTemplate(req.deps, template.id, { uid: me.uid, username: me.username }, itemIds);
    return [];
  },
});

const getItemList = action(api.getItemList, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireEdit(access);
    return (await templatesSharedWith(req.deps, access.item.itemId)).map(presentSharedTemplate);
  },
});

const getShareItemList = action(api.getShareItemList, {
  auth: 'required',
  async run(req, p) {
    const template = await ownTemplate(req, p.template_id);
    return (await sharesOfTemplate(req.deps, template.id)).map(presentTemplateShare);
  },
});

export default controller('template', { getMyList, shareToItem, getItemList, getShareItemList });
