// Recovering a page from the recycle bin puts it back at the item root (cat_id 0, as ShowDoc)
// and announces it as a save (source 'recover') so menus and live documents catch up.
import type { AppDeps } from '../../deps';
import * as pageRepo from '../../db/repos/pages';
import * as recycleRepo from '../../db/repos/recycle';
import * as itemTouches from '../../db/repos/itemTouches';

export async function recoverPage(deps: AppDeps, itemId: number, pageId: number, uid: number): Promise<boolean> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    if (!(await recycleRepo.hasEntry(tx, itemId, pageId))) return undefined;
    const page = await pageRepo.restoreAtRoot(tx, pageId, itemId, now);
    if (!page) return undefined;
    await recycleRepo.deleteEntry(tx, itemId, pageId);
    await itemTouches.setUpdateTime(tx, itemId, now);
    return page;
  });
  if (!row) return false;
  deps.events.emit('page.saved', {
    itemId,
    pageId,
    uid,
    previousAuthorUid: row.authorUid,
    title: row.pageTitle,
    created: false,
    source: 'recover',
    content: row.pageContent,
    previousContent: row.pageContent,
    version: row.version,
  });
  return true;
}
