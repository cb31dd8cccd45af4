// One upload: size limit from settings (files must stay under it, spec §5), allow-list and
// content check, the upload quotas, then storage. Every refusal is a clear ApiError and nothing
// is stored.
import fs from 'node:fs';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { OssConfigError } from '../../storage';
import { checkFile } from './fileRules';
import { fileTooLarge } from '../../errors';
import { checkQuota } from './quota';
import { createAttachment, type AttachmentRow } from './store';

export interface IncomingFile {
  filepath: string;
  originalFilename: string;
  size: number;
}

export async function uploadLimitBytes(deps: AppDeps): Promise<{ bytes: number; mb: number }> {
  const mb = Math.max(1, (await deps.settings.get()).upload_max_mb);
  return { bytes: Math.floor(mb * 1024 * 1024), mb };
}

export async function storeUpload(
  deps: AppDeps,
  a: { uid: number; itemId: number; pageId: number; file: IncomingFile; imagesOnly: boolean },
): Promise<AttachmentRow> {
  const limit = await uploadLimitBytes(deps);
  if (a.file.size >= limit.bytes) {
    throw fileTooLarge(limit.mb);
  }
  // the size the parser reported, checked against the file itself
  const size = (await fs.promises.stat(a.file.filepath)).size;
  if (size >= limit.bytes) throw fileTooLarge(limit.mb);
  const checked = await checkFile(a.file.originalFilename, { filepath: a.file.filepath, size }, { imagesOnly: a.imagesOnly });
  if ('refused' in checked) throw new ApiError(ErrorCode.GENERIC, checked.refused, checked.vars);
  // refused before the bytes are stored; checked again, exactly, when the file is recorded
  await checkQuota(deps, deps.db, a.uid, size);
  try {
    return await createAttachment(deps, { uid: a.uid, itemId: a.itemId, pageId: a.pageId, file: checked, source: { path: a.file.filepath, size } });
  } catch (e: any) {
    if (e instanceof ApiError) throw e;
    if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT') {
      deps.log.error('upload storage is full', { err: e?.message });
      throw new ApiError(ErrorCode.GENERIC, 'The server has no space left for uploads', undefined, 507);
    }
    if (e instanceof OssConfigError || e?.$metadata || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND'].includes(e?.code)) {
      deps.log.warn('object storage refused an upload', { err: e?.message, name: e?.name });
      throw new ApiError(ErrorCode.GENERIC, 'The object storage refused the file; check the storage settings', undefined, 502);
    }
    throw e;
  }
}
