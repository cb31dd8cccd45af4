// /api/page/upload* — page attachments (ShowDoc's page aliases of the attachment actions): upload,
// uploadImg (editor.md's image paste: field editormd-image-file, reply {success, url, message}),
// uploadList and deleteUploadFile. Changing a page's files needs edit rights on the page's item.
import { action, controller, rawReply, type ActionRequest, type ContractActionDef } from '../../http/action';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import * as api from '../../../shared/api/page/upload';
import type { ParamsOut } from '../../../shared/api/contract';
import { accessToItemId, findPage, pageNotFound, readablePage } from '../../policies/request';
import { requireEdit } from '../../policies/itemAccess';
import { canDeleteFile, requireFileChangesOnPage } from '../../policies/files';
import { pageLinkBase, siteUrl } from '../../http/siteUrl';
import type { UploadedFile } from '../../http/params';
import { storeUpload } from '../../domain/attachments/upload';
import { enforce, LIMITS } from '../../auth/throttle';
import { bindingsOf, deleteAttachment, findAttachment, unbindPage } from '../../domain/attachments/store';
import { pageAttachments } from '../../domain/attachments/queries';
import { fileUrl, presentImageUploaded, presentImageUploadFailure, presentPageFile, presentUploaded } from '../../presenters/attachment';

/** The one file sent in `field`; a file in any other field, or several, is refused. */
function pickFile(req: ActionRequest, field: string): UploadedFile {
  const files = req.params.files;
  const others = Object.keys(files).filter((k) => k !== field);
  if (others.length) throw new ApiError(ErrorCode.GENERIC, 'Send the file in the field {field}', { field });
  const f = files[field];
  if (!f || (Array.isArray(f) && f.length === 0)) throw new ApiError(ErrorCode.GENERIC, 'No file was uploaded (field {field})', { field });
  if (Array.isArray(f)) {
    if (f.length > 1) throw new ApiError(ErrorCode.GENERIC, 'Send one file at a time');
    return f[0];
  }
  return f;
}

/** Where an upload goes; checks edit rights on the page's item (derived from the page) or the item. */
async function uploadTarget(req: ActionRequest, p: ParamsOut<typeof api.upload>): Promise<{ itemId: number; pageId: number }> {
  if (p.page_id > 0) {
    const page = await findPage(req, p.page_id);
    if (!page) throw pageNotFound();
    if (p.item_id > 0 && p.item_id !== page.itemId) throw new ApiError(ErrorCode.GENERIC, 'The page does not belong to this item');
    await requireFileChangesOnPage(req, page);
    return { itemId: page.itemId, pageId: page.pageId };
  }
  if (p.item_id > 0) {
    requireEdit(await accessToItemId(req, p.item_id));
    return { itemId: p.item_id, pageId: 0 };
  }
  return { itemId: 0, pageId: 0 };
}

async function doUpload(req: ActionRequest, p: ParamsOut<typeof api.upload>, field: string, imagesOnly: boolean) {
  const me = req.me();
  const target = await uploadTarget(req, p);
  const file = pickFile(req, field);
  await enforce(req.deps.db, LIMITS.uploadPerUser, String(me.uid), req.deps.now());
  const row = await storeUpload(req.deps, { uid: me.uid, ...target, file, imagesOnly });
  return { row, url: fileUrl(await siteUrl(req.deps, req.ctx), row.sign), markdownUrl: fileUrl(await pageLinkBase(req.deps), row.sign) };
}

const json = (body: unknown) => rawReply({ type: 'application/json; charset=utf-8', body: JSON.stringify(body) });

/** Any file type on the allow-list (multipart field `file`). */
export const upload: ContractActionDef<typeof api.upload> = {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const { row, url, markdownUrl } = await doUpload(req, p, 'file', false);
    return json(presentUploaded(row, url, markdownUrl));
  },
};

/**
 * editor.md image upload: never the envelope, always {success, url, message} (error_code kept for
 * envelope readers) — also for failures before the handler runs, such as an over-limit body.
 */
export const uploadImg: ContractActionDef<typeof api.uploadImg> = {
  auth: 'optional',
  upload: true,
  async run(req, p) {
    const { row, url, markdownUrl } = await doUpload(req, p, 'editormd-image-file', true);
    return json(presentImageUploaded(row, url, markdownUrl));
  },
  failureReply: (f) => rawReply({ status: f.status, type: 'application/json; charset=utf-8', body: JSON.stringify(presentImageUploadFailure(f)) }),
};

/** A page's files (visit rights on the page's item). */
export const uploadList: ContractActionDef<typeof api.uploadList> = {
  auth: 'optional',
  async run(req, p) {
    if (p.page_id <= 0) throw new ApiError(ErrorCode.NO_PERMISSION, 'Please save the page at least once first');
    const { page } = await readablePage(req, p.page_id);
    const bases = { url: await siteUrl(req.deps, req.ctx), markdown: await pageLinkBase(req.deps) };
    return (await pageAttachments(req.deps, page.pageId)).map((r) => presentPageFile(r, bases));
  },
};

/**
 * Removes a file from a page (edit rights on the page's item). The uploader (or an administrator)
 * removing its last binding deletes the file; anyone else only unbinds it from the page.
 */
export const deleteUploadFile: ContractActionDef<typeof api.deleteUploadFile> = {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const page = await findPage(req, p.page_id);
    if (!page) throw pageNotFound();
    await requireFileChangesOnPage(req, page);
    const row = await findAttachment(req.deps, p.file_id);
    const bindings = row ? await bindingsOf(req.deps, row.fileId) : [];
    if (!row || !bindings.some((b) => b.pageId === page.pageId)) throw new ApiError(ErrorCode.GENERIC, 'File not found on this page');
    if (canDeleteFile(me, row) && bindings.length <= 1) await deleteAttachment(req.deps, row);
    else await unbindPage(req.deps, row.fileId, page.pageId);
    return [];
  },
};

export default controller('page', {
  upload: action(api.upload, upload),
  uploadImg: action(api.uploadImg, uploadImg),
  uploadList: action(api.uploadList, uploadList),
  deleteUploadFile: action(api.deleteUploadFile, deleteUploadFile),
});
