// Creating and removing attachments: bytes go to the storage driver under a random key,
// then the row and its page binding are written in one transaction, with the upload quotas
// checked inside it (the object is removed again if that fails, so no row ever points at
// nothing and no stray object is left behind). A file bound to no page is an orphan: served
// only to its uploader and admins, removed by the clean-up 24 h later (orphans.ts).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as attachmentRepo from '../../db/repos/attachments';
import type { AttachmentRow, BindingRow } from '../../db/repos/attachments';
import { storageOf, uploadStorage } from '../../storage';
import type { Checked } from './fileRules';
import { lockAndCheckQuota } from './quota';

export type { AttachmentRow } from '../../db/repos/attachments';

const hex = () => randomBytes(16).toString('hex');

function monthFolder(now: number): string {
  const d = new Date(now * 1000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface NewAttachment {
  uid: number;
  itemId: number;
  pageId: number;
  file: Checked;
  /** the upload's temporary file */
  source: { path: string; size: number };
}

export async function createAttachment(deps: AppDeps, a: NewAttachment): Promise<AttachmentRow> {
  const { driver, prefix } = await uploadStorage(deps);
  const now = deps.now();
  const key = `${prefix || monthFolder(now) + '/'}${hex()}.${a.file.ext}`;
  const { realUrl } = await driver.put(key, a.source, a.file.mime);
  try {
    const created = await deps.db.transaction(async (tx) => {
      await lockAndCheckQuota(deps, tx, a.uid, a.source.size);
      const row = await attachmentRepo.insert(tx, {
        sign: hex(),
        displayName: a.file.displayName,
        fileType: a.file.mime,
        fileSize: a.source.size,
        uid: a.uid,
        itemId: a.itemId,
        pageId: a.pageId,
        storageDriver: driver.name,
        storageKey: key,
        realUrl,
        addtime: now,
        orphanSince: a.pageId > 0 ? 0 : now,
      });
      if (a.pageId > 0) await attachmentRepo.insertBinding(tx, { fileId: row.fileId, pageId: a.pageId, itemId: a.itemId, now });
      return row;
    });
    // page/info counts a page's attachments
    if (a.pageId > 0) deps.events.emit('reads.stale', { pageIds: [a.pageId] });
    return created;
  } catch (e) {
    await driver.delete(key).catch((err) => deps.log.warn('could not remove stored object after a failed insert', { key, err }));
    throw e;
  }
}

export async function findAttachment(deps: AppDeps, fileId: number): Promise<AttachmentRow | undefined> {
  if (!Number.isInteger(fileId) || fileId <= 0) return undefined;
  return attachmentRepo.findById(deps.db, fileId);
}

export async function findBySign(deps: AppDeps, sign: string): Promise<AttachmentRow | undefined> {
  if (!/^[0-9a-f]{32}$/.test(sign)) return undefined;
  return attachmentRepo.findBySign(deps.db, sign);
}

/** Deletes the row, its bindings, then the stored object (a failure there is logged, not fatal). */
export async function deleteAttachment(deps: AppDeps, row: AttachmentRow): Promise<void> {
  const bound = await deps.db.transaction(async (tx) => {
    const pageIds = await attachmentRepo.deleteBindingsOf(tx, row.fileId);
    await attachmentRepo.deleteById(tx, row.fileId);
    return pageIds;
  });
  deps.events.emit('reads.stale', { pageIds: [...new Set([...bound, ...(row.pageId > 0 ? [row.pageId] : [])])] });
  try {
    const driver = await storageOf(deps, row.storageDriver);
    await driver.delete(row.storageKey);
  } catch (err) {
    deps.log.warn('could not remove a stored object', { key: row.storageKey, err });
  }
}

export function bindingsOf(deps: AppDeps, fileId: number): Promise<BindingRow[]> {
  return attachmentRepo.bindingsOf(deps.db, fileId);
}

export async function bindPage(deps: AppDeps, fileId: number, pageId: number, itemId: number): Promise<void> {
  await deps.db.transaction((tx) => attachmentRepo.bind(tx, [fileId], { pageId, itemId }, deps.now()));
  deps.events.emit('reads.stale', { pageIds: [pageId] });
}

/** Takes a file off a page; off its last page it is an orphan from now on (removed 24 h later). */
export async function unbindPage(deps: AppDeps, fileId: number, pageId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction((tx) => attachmentRepo.unbind(tx, fileId, pageId, now));
  deps.events.emit('reads.stale', { pageIds: [pageId] });
}

/** Whether any page binds the file (a file bound to none is served only to its uploader and admins). */
export async function isBound(deps: AppDeps, fileId: number): Promise<boolean> {
  return attachmentRepo.isBound(deps.db, fileId);
}
