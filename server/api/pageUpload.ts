// Page attachments (ShowDoc's page aliases of the attachment actions): upload, uploadImg
// (editor.md's image paste: field editormd-image-file, reply {success, url, message}),
// uploadList and deleteUploadFile. Uploading to a page or item needs edit rights on it.
import { action, controller, rawReply, type ActionRequest } from '../http/action';
import { ApiError, noPermission } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { accessToItemId, findPage, pageInCatalogLimit, pageNotFound, readablePage } from '../policies/request';
import { requireEdit } from '../policies/itemAccess';
import { siteUrl } from '../http/siteUrl';
import type { UploadedFile } from '../http/params';
import { storeUpload } from '../domain/attachments/upload';
import { enforce, LIMITS } from '../auth/throttle';
import { bindingsOf, deleteAttachment, findAttachment, unbindPage } from '../domain/attachments/store';
import { pageAttachments } from '../domain/attachments/queries';
import { fileUrl, presentPageFile } from '../presenters/attachment';

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
export async function uploadTarget(req: ActionRequest): Promise<{ itemId: number; pageId: number }> {
  const pageId = req.params.id('page_id');
  const itemId = req.params.id('item_id');
  if (pageId > 0) {
    const page = await findPage(req, pageId);
    if (!page) throw pageNotFound();
    if (itemId > 0 && itemId !== page.itemId) throw new ApiError(ErrorCode.GENERIC, 'The page does not belong to this item');
    const access = await accessToItemId(req, page.itemId);
    requireEdit(access);
    if (!(await pageInCatalogLimit(req, access, page.catId))) throw noPermission();
    return { itemId: page.itemId, pageId };
  }
  if (itemId > 0) {
    requireEdit(await accessToItemId(req, itemId));
    return { itemId, pageId: 0 };
  }
  return { itemId: 0, pageId: 0 };
}

async function doUpload(req: ActionRequest, field: string, imagesOnly: boolean) {
  const me = req.me();
  const target = await uploadTarget(req);
  const file = pickFile(req, field);
  await enforce(req.deps.db, LIMITS.uploadPerUser, String(me.uid), req.deps.now());
  const row = await storeUpload(req.deps, { uid: me.uid, ...target, file, imagesOnly });
  return { row, url: fileUrl(await siteUrl(req.deps, req.ctx), row.sign) };
}

const json = (body: unknown) => rawReply({ type: 'application/json; charset=utf-8', body: JSON.stringify(body) });

/** Any file type on the allow-list (multipart field `file`). */
export const upload = action({
  auth: 'required',
  upload: true,
  async run(req) {
    const { row, url } = await doUpload(req, 'file', false);
    // ShowDoc clients read {success, url}; envelope readers get error_code and data too
    return json({ error_code: 0, success: 1, url, file_id: row.fileId, data: { url, file_id: row.fileId, display_name: row.displayName } });
  },
});

/**
 * editor.md image upload: never the envelope, always {success, url, message} (error_code kept for
 * envelope readers) — also for failures before the handler runs, such as an over-limit body.
 */
export const uploadImg = action({
  auth: 'optional',
  upload: true,
  async run(req) {
    const { row, url } = await doUpload(req, 'editormd-image-file', true);
    return json({ success: 1, url, message: '', file_id: row.fileId });
  },
  failureReply: (f) =>
    rawReply({
      status: f.status,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ success: 0, url: '', message: f.message, error_code: f.code, error_message: f.message }),
    }),
});

/** A page's files (visit rights on the page's item). */
export const uploadList = action({
  auth: 'optional',
  async run(req) {
    const pageId = req.params.id('page_id');
    if (pageId <= 0) throw new ApiError(ErrorCode.NO_PERMISSION, 'Please save the page at least once first');
    const { page } = await readablePage(req, pageId);
    const base = await siteUrl(req.deps, req.ctx);
    return (await pageAttachments(req.deps, page.pageId)).map((r) => presentPageFile(r, base));
  },
});

/**
 * Removes a file from a page (edit rights on the page's item). The uploader (or an administrator)
 * removing its last binding deletes the file; anyone else only unbinds it from the page.
 */
export const deleteUploadFile = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const pageId = req.params.id('page_id');
    const page = await findPage(req, pageId);
    if (!page) throw pageNotFound();
    const access = await accessToItemId(req, page.itemId);
    requireEdit(access);
    if (!(await pageInCatalogLimit(req, access, page.catId))) throw noPermission();
    const row = await findAttachment(req.deps, req.params.id('file_id'));
    const bindings = row ? await bindingsOf(req.deps, row.fileId) : [];
    if (!row || !bindings.some((b) => b.pageId === page.pageId)) throw new ApiError(ErrorCode.GENERIC, 'File not found on this page');
    if ((row.uid === me.uid || me.isAdmin) && bindings.length <= 1) await deleteAttachment(req.deps, row);
    else await unbindPage(req.deps, row.fileId, page.pageId);
    return [];
  },
});

export default controller('page', { upload, uploadImg, uploadList, deleteUploadFile });
