// Template rows → template/getList entries.
import type { templates } from '../db/schema';
import { formatTime } from './time';

export function presentTemplate(t: typeof templates.$inferSelect) {
  return {
    id: t.id,
    uid: t.uid,
    username: t.username,
    template_title: t.templateTitle,
    template_content: t.templateContent,
    addtime: formatTime(t.addtime),
  };
}
