// Templates and their shares as ShowDoc v3's template actions give them (ids as strings).
import type { MyTemplate, SharedTemplate, TemplateShare } from '../../shared/api/templateShare';
import type { TemplateRow } from '../db/repos/templates';
import type { TemplateShareRow } from '../db/repos/templateShares';
import { formatTime } from './time';

export function presentSharedTemplate(t: TemplateRow): SharedTemplate {
  return {
    id: String(t.id),
    uid: String(t.uid),
    username: t.username,
    template_title: t.templateTitle,
    template_content: t.templateContent,
    addtime: formatTime(t.addtime),
  };
}

export function presentTemplateShare(s: TemplateShareRow): TemplateShare {
  return {
    id: String(s.id),
    template_id: String(s.templateId),
    item_id: String(s.itemId),
    item_name: s.itemName,
    uid: String(s.uid),
    username: s.username,
    created_at: formatTime(s.createdAt),
  };
}

export function presentMyTemplate(t: TemplateRow, shares: TemplateShareRow[]): MyTemplate {
  const share_item = shares.map(presentTemplateShare);
  return { ...presentSharedTemplate(t), share_item, share_item_count: share_item.length };
}
