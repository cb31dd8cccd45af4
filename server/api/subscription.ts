// subscription/*: watching pages. A reader watches for themselves; an editor may add or remove
// others who may read the page (policies/aroundPage.ts).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/subscription';
import { readablePage } from '../policies/request';
import { mayBeToldAboutPage } from '../policies/notices';
import { requireMayChangeWatchers, watcherListScope } from '../policies/aroundPage';
import { pageWatchers, unwatchPage, watchPage } from '../domain/subscriptions/pageWatchers';
import { findUserById, sessionOf } from '../domain/accounts';
import { presentSubscriber } from '../presenters/aroundPage';
import { ApiError, badParam } from '../errors';
import { ErrorCode } from '../../shared/errors';

const MAX_UIDS = 100;

/** ShowDoc's comma list of uids; '' = the caller. */
function uidList(raw: string, me: number): number[] {
  if (raw.trim() === '') return [me];
  const parts = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length > MAX_UIDS || parts.some((s) => !/^\d{1,10}$/.test(s) || Number(s) <= 0)) throw badParam('Parameter {name} has an invalid value', { name: 'uids' });
  return [...new Set(parts.map(Number))];
}

const getPageList = action(api.getPageList, {
  auth: 'required',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    return (await pageWatchers(req.deps, page.pageId, watcherListScope(access, place))).map(presentSubscriber);
  },
});

const savePage = action(api.savePage, {
  auth: 'required',
  async run(req, p) {
    const me = req.me().uid;
    const uids = uidList(p.uids, me);
    const { page, access, place } = await readablePage(req, p.page_id);
    requireMayChangeWatchers(access, place, uids);
    for (const uid of uids) {
      if (uid === me) continue;
      const user = await findUserById(req.deps, uid);
      if (!user || !(await mayBeToldAboutPage(req.deps, sessionOf(user), page))) {
        throw new ApiError(ErrorCode.GENERIC, 'User {uid} cannot read this page', { uid });
      }
    }
    await watchPage(req.deps, page.pageId, uids);
    return [];
  },
});

/** Anyone may stop watching (even a page they can no longer read); removing others takes an editor. */
const deletePage = action(api.deletePage, {
  auth: 'required',
  async run(req, p) {
    const me = req.me().uid;
    const uids = uidList(p.uids, me);
    if (uids.some((u) => u !== me)) {
      const { access, place } = await readablePage(req, p.page_id);
      requireMayChangeWatchers(access, place, uids);
    }
    await unwatchPage(req.deps, p.page_id, uids);
    return [];
  },
});

export default controller('subscription', { getPageList, savePage, deletePage });
