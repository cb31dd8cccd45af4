// Template rows → template/getList entries (fetched: id and uid as text) and template/save's answer
// (ShowDoc answers the insert id, a number).
import type { TemplateRow } from '../db/repos/templates';
import type { SavedTemplateAnswer, TemplateAnswer } from '../../shared/api/template';
import { fetched } from './fetched';
import { formatTime } from './time';

export function presentTemplate(t: TemplateRow): TemplateAnswer {
  return fetched({
    id: t.id,
    uid: t.uid,
    username: t.username,
    template_title: t.templateTitle,
    template_content: t.templateContent,
    addtime: formatTime(t.addtime),
  });
}

export function presentSavedTemplate(t: TemplateRow): SavedTemplateAnswer {
  return { ...presentTemplate(t), id: t.id };
}
