// /api/adminMessage/*: site announcements, for administrators.
import { endpoint } from './contract';
import { int, text } from './fields';
import type { AnnouncementMessage } from './message';

export const ANNOUNCEMENT_MAX_CHARS = 20_000;

/** ShowDoc answers the new id as a number here. */
export const addAnnouncement = endpoint<{ id: number }>()('adminMessage/addAnnouncement', {
  message_content: text({ max: ANNOUNCEMENT_MAX_CHARS }),
  /** ShowDoc files an unknown or missing type as announce_web */
  message_type: text({ max: 50 }),
  /** 'Y-m-d H:i:s' (server time); now when absent */
  send_at: text({ max: 30 }),
});

export const listAnnouncements = endpoint<AnnouncementMessage[]>()('adminMessage/listAnnouncements', {
  page: int({ def: 1, min: 1, max: 100_000 }),
  count: int({ def: 20, min: 1, max: 100 }),
});
