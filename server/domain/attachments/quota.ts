// Upload quotas (admin settings, MB; 0 = unlimited): all of one user's files, and all files of the
// site. checkQuota runs before the bytes are stored (a quick refusal) and again inside the
// transaction that records the file, under an advisory lock per user (and one for the site when
// it has a quota), so concurrent uploads cannot pass it together.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import * as attachmentRepo from '../../db/repos/attachments';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

const MiB = 1024 * 1024;

export async function uploadQuotas(deps: AppDeps): Promise<{ userMb: number; siteMb: number }> {
  const s = await deps.settings.get();
  return { userMb: s.user_upload_quota_mb, siteMb: s.site_upload_quota_mb };
}

/** Refuses a file of `size` bytes that would take its uploader or the site past a quota. */
export async function checkQuota(deps: AppDeps, db: DbOrTx, uid: number, size: number): Promise<void> {
  const { userMb, siteMb } = await uploadQuotas(deps);
  if (userMb > 0) {
    const used = await attachmentRepo.storedBytes(db, uid);
    if (used + size > userMb * MiB) {
      throw new ApiError(
        ErrorCode.GENERIC,
        'This file does not fit in your upload quota of {quota} MB ({used} MB used); delete files you no longer need or ask an administrator for more space',
        { quota: userMb, used: Math.round((used / MiB) * 100) / 100 },
      );
    }
  }
  if (siteMb > 0 && (await attachmentRepo.storedBytes(db)) + size > siteMb * MiB) {
    throw new ApiError(ErrorCode.GENERIC, "This file does not fit in the site's upload quota of {quota} MB; ask an administrator to free space or raise it", {
      quota: siteMb,
    });
  }
}

/** Inside the transaction that records an upload: serialises this user's (and the site's) uploads, then checks. */
export async function lockAndCheckQuota(deps: AppDeps, tx: DbOrTx, uid: number, size: number): Promise<void> {
  const { userMb, siteMb } = await uploadQuotas(deps);
  if (userMb > 0) await attachmentRepo.lockQuota(tx, uid);
  if (siteMb > 0) await attachmentRepo.lockQuota(tx, 0);
  await checkQuota(deps, tx, uid, size);
}
