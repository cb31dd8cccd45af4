// MCP list_attachments and upload_attachment: a page's (or an item's) files, and a new file sent
// as base64. An upload is written to a temporary file and handed to page/upload, so the site's
// size limit, type allow-list, content check, quotas and edit rights all apply as for a browser's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '../http/params';
import { ApiError, badParam, fileTooLarge } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { accessToItemId } from '../policies/request';
import { filesOnReadablePages } from '../policies/files';
import { itemPageAttachments } from '../domain/attachments/queries';
import { uploadLimitBytes } from '../domain/attachments/upload';
import { pageLinkBase, siteUrl } from '../http/siteUrl';
import { presentPageFile } from '../presenters/attachment';
import { callAction, type McpCaller } from './actionCall';

/** A page's files (page/uploadList), or the files of the item's pages the caller may read. */
export async function listAttachments(caller: McpCaller, a: { page_id?: number; item_id?: number }): Promise<unknown> {
  if (a.page_id) return callAction(caller, 'page/uploadList', { page_id: a.page_id });
  if (!a.item_id) throw badParam('Give {a} or {b}', { a: 'page_id', b: 'item_id' });
  const req = { deps: caller.deps, user: caller.user, params: { get: () => undefined }, ctx: { ip: caller.ctx.ip, cookies: { get: () => undefined } } };
  const access = await accessToItemId(req, a.item_id);
  const rows = await filesOnReadablePages(caller.deps, access, await itemPageAttachments(caller.deps, access.item.itemId));
  const bases = { url: await siteUrl(caller.deps, caller.ctx), markdown: await pageLinkBase(caller.deps) };
  return rows.map((r) => ({ ...presentPageFile(r.a, bases), page_id: r.pageId }));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `file_base64` (a data: URL prefix allowed); refused at once when over the site's limit. */
async function decode(caller: McpCaller, text: string): Promise<Buffer> {
  const body = text.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
  const limit = await uploadLimitBytes(caller.deps);
  if (Math.floor((body.length * 3) / 4) >= limit.bytes + 3) throw fileTooLarge(limit.mb);
  if (!body || body.length % 4 !== 0 || !BASE64.test(body)) throw new ApiError(ErrorCode.GENERIC, 'file_base64 is not valid base64');
  return Buffer.from(body, 'base64');
}

export async function uploadAttachment(caller: McpCaller, a: { item_id?: number; page_id?: number; file_base64: string; file_name: string }): Promise<unknown> {
  if (!a.item_id && !a.page_id) throw badParam('Give {a} or {b}', { a: 'page_id', b: 'item_id' });
  const bytes = await decode(caller, a.file_base64);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'quire-mcp-'));
  try {
    const filepath = path.join(dir, 'upload');
    await fs.promises.writeFile(filepath, bytes);
    const file: UploadedFile = { filepath, originalFilename: path.basename(a.file_name), mimetype: '', size: bytes.length };
    return await callAction(caller, 'page/upload', { item_id: a.item_id ?? 0, page_id: a.page_id ?? 0 }, { file });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
