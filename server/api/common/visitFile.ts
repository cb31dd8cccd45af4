// /api/common/visitFile — the download URL embedded in pages; attachment/visitFile is the same
// action under ShowDoc's other name.
import { rawReply, type ContractActionDef } from '../../http/action';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type * as api from '../../../shared/api/common/visitFile';
import { findBySign } from '../../domain/attachments/store';
import { recordVisit } from '../../domain/attachments/queries';
import { openForServing } from '../../domain/attachments/serve';
import { fileVisit } from '../../policies/files';

/** Counts the visit and the uploader's monthly flow, then streams the bytes. */
export const visitFile: ContractActionDef<typeof api.visitFile> = {
  auth: 'optional',
  browserGet: true,
  async run(req, p) {
    const row = await findBySign(req.deps, p.sign);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'File not found', undefined, 404);
    const decision = await fileVisit(req, row);
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
};
