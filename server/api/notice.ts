// /api/notice/* — the caller's own notices. Other users' notices answer like missing ones.
import { action, controller } from '../http/action';
import { listNotices, markRead, deleteNotice, NOTICE_LIST_DEFAULT, NOTICE_LIST_MAX } from '../domain/notices/inbox';
import { countUnread } from '../domain/notices/count';
import { presentNotice } from '../presenters/notice';

const getList = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const type = req.params.oneOf('notice_type', ['all', 'unread'] as const, 'all');
    const limit = req.params.int('count', NOTICE_LIST_DEFAULT, { min: 1, max: NOTICE_LIST_MAX });
    const rows = await listNotices(req.deps, me.uid, { unreadOnly: type === 'unread', limit });
    return Promise.all(rows.map((n) => presentNotice(n, req.lang)));
  },
});

const setRead = action({
  auth: 'required',
  async run(req) {
    await markRead(req.deps, req.me().uid, req.params.id('notice_id'));
    return 1;
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    await deleteNotice(req.deps, req.me().uid, req.params.id('notice_id'));
    return 1;
  },
});

/** The badge: how many unread notices the caller has. */
const getUnreadCount = action({
  auth: 'required',
  async run(req) {
    return { unread_count: await countUnread(req.deps.db, req.me().uid) };
  },
});

export default controller('notice', { getList, getUnreadCount, setRead, delete: del });
