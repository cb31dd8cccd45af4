// /api/message/* — ShowDoc's messages over Quire's notices: reminders are the caller's own
// notices, announcements the site's. Everything here is the caller's own; nobody else's
// message can be read or changed (an id that is not theirs answers like a missing one).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/message';
import { countPersonal, deleteNotice, listNotices, markRead } from '../domain/notices/inbox';
import { announcementsFor } from '../domain/notices/announcements';
import { presentAnnouncement, presentAnnouncementWithStatus, presentRemind } from '../presenters/announcement';
import { ApiError } from '../errors';

const getUnread = action(api.getUnread, {
  auth: 'required',
  async run(req) {
    const uid = req.me().uid;
    const [remind] = await listNotices(req.deps, uid, { unreadOnly: true, limit: 1, personalOnly: true });
    const [announce] = await announcementsFor(req.deps, uid, { unreadOnly: true, limit: 1 });
    return {
      remind: remind ? await presentRemind(remind, req.lang) : [],
      announce: announce ? await presentAnnouncement(announce, req.lang) : [],
    };
  },
});

const getUnreadRemind = action(api.getUnreadRemind, {
  auth: 'required',
  async run(req) {
    const [remind] = await listNotices(req.deps, req.me().uid, { unreadOnly: true, limit: 1, personalOnly: true });
    return remind ? presentRemind(remind, req.lang) : [];
  },
});

const getRemindList = action(api.getRemindList, {
  auth: 'required',
  async run(req, p) {
    const uid = req.me().uid;
    const rows = await listNotices(req.deps, uid, { unreadOnly: false, limit: p.count, offset: (p.page - 1) * p.count, personalOnly: true });
    return { total: await countPersonal(req.deps, uid), list: await Promise.all(rows.map((n) => presentRemind(n, req.lang))) };
  },
});

const getAnnouncementList = action(api.getAnnouncementList, {
  auth: 'required',
  async run(req) {
    const rows = await announcementsFor(req.deps, req.me().uid, { unreadOnly: false, limit: 200 });
    return Promise.all(rows.map((n) => presentAnnouncementWithStatus(n, req.lang)));
  },
});

/** ShowDoc answers [] even for an id that is no message of the caller's; so do we (nothing changes). */
const quietly = async (work: Promise<void>) => {
  try {
    await work;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  return [];
};

const setRead = action(api.setRead, {
  auth: 'required',
  run: (req, p) => quietly(markRead(req.deps, req.me().uid, p.message_content_id)),
});

const remove = action(api.remove, {
  auth: 'required',
  run: (req, p) => quietly(deleteNotice(req.deps, req.me().uid, p.message_content_id)),
});

export default controller('message', { getUnread, getUnreadRemind, getRemindList, getAnnouncementList, setRead, delete: remove });
