// Deleting a page moves it to the recycle bin: is_del = 1, addtime = deletion time (ShowDoc),
// and a recycle row naming who deleted it and when. Its edit locks go with it.
import type { AppDeps } from '../../deps';
import * as pageRepo from '../../db/repos/pages';
import * as recycleRepo from '../../db/repos/recycle';
import * as itemTouches from '../../db/repos/itemTouches';

export async function deletePage(deps: AppDeps, page: { pageId: number; itemId: number; pageTitle: string }, by: { uid: number; username: string }): Promise<boolean> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    if (!(await pageRepo.markDeleted(tx, page.pageId, page.itemId, now))) return false;
    await recycleRepo.insert(tx, {
      itemId: page.itemId,
      pageId: page.pageId,
      pageTitle: page.pageTitle,
      delByUid: by.uid,
      delByUsername: by.username,
      delTime: now,
    });
    await pageRepo.dropLocks(tx, page.pageId);
    await itemTouches.setUpdateTime(tx, page.itemId, now);
    return true;
  });
  if (done) deps.events.emit('page.deleted', { itemId: page.itemId, pageId: page.pageId, by: by.uid, title: page.pageTitle });
  return done;
}
