// /api/adminMessage/* — site announcements, administrators only.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/adminMessage';
import { ANNOUNCEMENT_TYPES, listAnnouncements, postAnnouncement, type AnnouncementType } from '../domain/notices/announcements';
import { presentAnnouncement } from '../presenters/announcement';
import { parseTime } from '../presenters/time';
import { displayName } from '../domain/members/usernames';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

const addAnnouncement = action(api.addAnnouncement, {
  auth: 'admin',
  async run(req, p) {
    if (!p.message_content) throw new ApiError(ErrorCode.GENERIC, 'Write the announcement');
    const time = p.send_at ? parseTime(p.send_at) : undefined;
    if (p.send_at && time === undefined) throw new ApiError(ErrorCode.GENERIC, 'send_at must be a time like 2024-01-31 09:00:00');
    // ShowDoc files an unknown or missing type as a web announcement
    const messageType = (ANNOUNCEMENT_TYPES as readonly string[]).includes(p.message_type) ? (p.message_type as AnnouncementType) : 'announce_web';
    const me = req.me();
    const row = await postAnnouncement(req.deps, { from: { uid: me.uid, name: displayName(me) }, content: p.message_content, messageType, time });
    return { id: row.noticeId };
  },
});

const listAnnouncementsAction = action(api.listAnnouncements, {
  auth: 'admin',
  async run(req, p) {
    const rows = await listAnnouncements(req.deps, p.page, p.count);
    return Promise.all(rows.map((n) => presentAnnouncement(n, req.lang)));
  },
});

export default controller('adminMessage', { addAnnouncement, listAnnouncements: listAnnouncementsAction });
