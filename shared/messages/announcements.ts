// zh texts for site announcements and ShowDoc's message endpoints (English template → Chinese).
export const announcements: Record<string, string> = {
  Announcement: '系统公告',
  'System announcement': '系统公告',
  'Write the announcement': '请填写公告内容',
  'send_at must be a time like 2024-01-31 09:00:00': 'send_at 须为形如 2024-01-31 09:00:00 的时间',
};
