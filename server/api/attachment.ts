// /api/attachment/*: my files, binding a file to a page, the admin list, and visitFile (the
// download URL embedded in pages). ShowDoc's attachment-named upload actions are aliases of
// the page ones (server/api/pageUpload.ts).
import { action, controller, rawReply } from '../http/action';
import { ApiError, noPermission } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { PAGE_SIZES } from '../../shared/limits';
import { siteUrl } from '../http/siteUrl';
import { accessToItemId, findPage, pageInCatalogLimit, pageNotFound } from '../policies/request';
import { requireEdit } from '../policies/itemAccess';
import { GRANT_COOKIE } from '../policies/itemPassword';
import type { ActionRequest } from '../http/action';
import { bindPage, deleteAttachment, findAttachment, findBySign } from '../domain/attachments/store';
import { listAttachments, recordVisit, usedBytes, usedFlowBytes, type ListFilter } from '../domain/attachments/queries';
import { decideFileVisit } from '../domain/attachments/visitAccess';
import { openForServing } from '../domain/attachments/serve';
import { presentAttachment, toMiB } from '../presenters/attachment';
import { deleteUploadFile, upload, uploadImg, uploadList } from './pageUpload';
import { uploadQuotas } from '../domain/attachments/quota';

const fileNotFound = () => new ApiError(ErrorCode.GENERIC, 'File not found');

function listFilter(req: ActionRequest, defCount: number, withUsername: boolean): ListFilter {
  return {
    page: req.params.int('page', 1, { min: 1, max: 1_000_000 }),
    count: req.params.int('count', defCount, { min: 1, max: 100 }),
    attachmentType: req.params.int('attachment_type', -1, { min: -1, max: 2 }),
    displayName: req.params.str('display_name', { max: 200 }),
    username: withUsername ? req.params.str('username', { max: 100 }) : '',
  };
}

const getMyList = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const { list, total } = await listAttachments(req.deps, { ...listFilter(req, PAGE_SIZES.myAttachments, false), uid: me.uid });
    const base = await siteUrl(req.deps, req.ctx);
    const [used, flow, quotas] = await Promise.all([usedBytes(req.deps, me.uid), usedFlowBytes(req.deps, me.uid), uploadQuotas(req.deps)]);
    return {
      list: list.map((r) => presentAttachment(r, base)),
      total,
      used,
      used_m: toMiB(used),
      used_flow_m: toMiB(flow),
      // Quire: the uploader's quota in MB (0 = unlimited)
      quota_m: quotas.userMb,
    };
  },
});

const getAllList = action({
  auth: 'admin',
  async run(req) {
    const { list, total } = await listAttachments(req.deps, listFilter(req, PAGE_SIZES.allAttachments, true));
    const base = await siteUrl(req.deps, req.ctx);
    const [used, quotas] = await Promise.all([usedBytes(req.deps), uploadQuotas(req.deps)]);
    // Quire: the quotas in MB (0 = unlimited)
    return { list: list.map((r) => presentAttachment(r, base)), total, used, used_m: toMiB(used), site_quota_m: quotas.siteMb, user_quota_m: quotas.userMb };
  },
});

const deleteMyAttachment = action({
  auth: 'required',
  async run(req) {
    const row = await findAttachment(req.deps, req.params.id('file_id'));
    if (!row) throw fileNotFound();
    if (row.uid !== req.me().uid) throw noPermission('Only the uploader may delete this file');
    await deleteAttachment(req.deps, row);
    return [];
  },
});

const deleteAttachmentAction = action({
  auth: 'admin',
  async run(req) {
    const row = await findAttachment(req.deps, req.params.id('file_id'));
    if (!row) throw fileNotFound();
    await deleteAttachment(req.deps, row);
    return [];
  },
});

/** Binds one of my files to a page I may edit. */
const bindingPage = action({
  auth: 'required',
  async run(req) {
    const row = await findAttachment(req.deps, req.params.id('file_id'));
    if (!row) throw fileNotFound();
    if (row.uid !== req.me().uid) throw noPermission('Only the uploader may attach this file to a page');
    const page = await findPage(req, req.params.id('page_id'));
    if (!page) throw pageNotFound();
    const access = await accessToItemId(req, page.itemId);
    requireEdit(access);
    if (!(await pageInCatalogLimit(req, access, page.catId))) throw noPermission();
    await bindPage(req.deps, row.fileId, page.pageId, page.itemId);
    return [];
  },
});

/** The download URL: counts the visit and the uploader's monthly flow, then streams the bytes. */
export const visitFile = action({
  auth: 'optional',
  browserGet: true,
  async run(req) {
    const row = await findBySign(req.deps, req.params.str('sign', { max: 100 }));
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'File not found', undefined, 404);
    const pwd = req.params.get('_item_pwd');
    const decision = await decideFileVisit(
      req.deps,
      req.user,
      row,
      { itemPwd: typeof pwd === 'string' ? pwd : undefined, grantCookie: req.ctx.cookies.get(GRANT_COOKIE) },
      req.ip,
    );
    if (decision === 'password') throw new ApiError(ErrorCode.ITEM_PASSWORD_REQUIRED, 'This file belongs to a private item; enter its password', undefined, 403);
    if (decision === 'deny') throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission', undefined, 403);
    const served = await openForServing(req.deps, row);
    if (!served) {
      req.deps.log.warn('attachment bytes missing from storage', { fileId: row.fileId, driver: row.storageDriver });
      throw new ApiError(ErrorCode.GENERIC, 'The file is missing from storage', undefined, 404);
    }
    await recordVisit(req.deps, row);
    return rawReply({ type: served.type, body: served.body, headers: served.headers });
  },
});

export default controller('attachment', {
  getMyList,
  getAllList,
  deleteMyAttachment,
  deleteAttachment: deleteAttachmentAction,
  bindingPage,
  visitFile,
  // ShowDoc's attachment-side names of the page actions
  uploadImg,
  attachmentUpload: upload,
  pageAttachmentUploadList: uploadList,
  deletePageUploadFile: deleteUploadFile,
});
