// /api/attachment/*: my files, binding a file to a page, the admin list, and visitFile (the
// download URL embedded in pages, ./common/visitFile.ts). ShowDoc's attachment-named upload
// actions are aliases of the page ones (./page/upload.ts).
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError, noPermission } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/attachment';
import { siteUrl } from '../http/siteUrl';
import { findPage, pageNotFound } from '../policies/request';
import { canBindFile, canDeleteOwnFile, requireFileChangesOnPage } from '../policies/files';
import { bindPage, deleteAttachment, findAttachment, type AttachmentRow } from '../domain/attachments/store';
import { listAttachments, usedBytes, usedFlowBytes } from '../domain/attachments/queries';
import { presentAllFiles, presentMyFiles } from '../presenters/attachment';
import { visitFile } from './common/visitFile';
import { deleteUploadFile, upload, uploadImg, uploadList } from './page/upload';
import { uploadQuotas } from '../domain/attachments/quota';

/** The file with this id; 'File not found' when there is none. */
async function existingFile(req: ActionRequest, fileId: number): Promise<AttachmentRow> {
  const row = await findAttachment(req.deps, fileId);
  if (!row) throw new ApiError(ErrorCode.GENERIC, 'File not found');
  return row;
}

const getMyList = action(api.getMyList, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const listed = await listAttachments(req.deps, { page: p.page, count: p.count, attachmentType: p.attachment_type, displayName: p.display_name, username: '', uid: me.uid });
    const base = await siteUrl(req.deps, req.ctx);
    const [used, flow, quotas] = await Promise.all([usedBytes(req.deps, me.uid), usedFlowBytes(req.deps, me.uid), uploadQuotas(req.deps)]);
    return presentMyFiles(listed, base, { used, flow, quotaMb: quotas.userMb });
  },
});

const getAllList = action(api.getAllList, {
  auth: 'admin',
  async run(req, p) {
    const listed = await listAttachments(req.deps, { page: p.page, count: p.count, attachmentType: p.attachment_type, displayName: p.display_name, username: p.username });
    const base = await siteUrl(req.deps, req.ctx);
    const [used, quotas] = await Promise.all([usedBytes(req.deps), uploadQuotas(req.deps)]);
    return presentAllFiles(listed, base, { used, siteMb: quotas.siteMb, userMb: quotas.userMb });
  },
});

const deleteMyAttachment = action(api.deleteMyAttachment, {
  auth: 'required',
  async run(req, p) {
    const row = await existingFile(req, p.file_id);
    if (!canDeleteOwnFile(req.me(), row)) throw noPermission('Only the uploader may delete this file');
    await deleteAttachment(req.deps, row);
    return [];
  },
});

const deleteAttachmentAction = action(api.deleteAttachment, {
  auth: 'admin',
  async run(req, p) {
    const row = await existingFile(req, p.file_id);
    await deleteAttachment(req.deps, row);
    return [];
  },
});

/** Binds one of my files to a page I may edit. */
const bindingPage = action(api.bindingPage, {
  auth: 'required',
  async run(req, p) {
    const row = await existingFile(req, p.file_id);
    if (!canBindFile(req.me(), row)) throw noPermission('Only the uploader may attach this file to a page');
    const page = await findPage(req, p.page_id);
    if (!page) throw pageNotFound();
    await requireFileChangesOnPage(req, page);
    await bindPage(req.deps, row.fileId, page.pageId, page.itemId);
    return [];
  },
});

export default controller('attachment', {
  getMyList,
  getAllList,
  deleteMyAttachment,
  deleteAttachment: deleteAttachmentAction,
  bindingPage,
  visitFile: action(api.visitFile, visitFile),
  // ShowDoc's attachment-side names of the page actions
  uploadImg: action(api.uploadImg, uploadImg),
  attachmentUpload: action(api.attachmentUpload, upload),
  pageAttachmentUploadList: action(api.pageAttachmentUploadList, uploadList),
  deletePageUploadFile: action(api.deletePageUploadFile, deleteUploadFile),
});
