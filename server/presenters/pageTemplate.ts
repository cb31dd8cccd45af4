// Template rows → template/getList entries.
import type { TemplateRow } from '../db/repos/templates';
import type { Template } from '../../shared/api/template';
import { formatTime } from './time';

export function presentTemplate(t: TemplateRow): Template {
  return {
    id: t.id,
    uid: t.uid,
    username: t.username,
    template_title: t.templateTitle,
    template_content: t.templateContent,
    addtime: formatTime(t.addtime),
  };
}
