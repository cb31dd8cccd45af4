// /api/notice/* — the caller's own notices. Other users' notices answer like missing ones.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/notice';
import { listNotices, markRead, deleteNotice } from '../domain/notices/inbox';
import { countUnread } from '../domain/notices/count';
import { DONE, presentNotice, presentUnreadCount } from '../presenters/notice';

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const rows = await listNotices(req.deps, req.me().uid, { unreadOnly: p.notice_type === 'unread', limit: p.count });
    return Promise.all(rows.map((n) => presentNotice(n, req.lang)));
  },
});

const setRead = action(api.setRead, {
  auth: 'required',
  async run(req, p) {
    await markRead(req.deps, req.me().uid, p.notice_id);
    return DONE;
  },
});

const remove = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    await deleteNotice(req.deps, req.me().uid, p.notice_id);
    return DONE;
  },
});

/** The badge: how many unread notices the caller has. */
const getUnreadCount = action(api.getUnreadCount, {
  auth: 'required',
  async run(req) {
    return presentUnreadCount(await countUnread(req.deps.db, req.me().uid));
  },
});

export default controller('notice', { getList, getUnreadCount, setRead, delete: remove });
