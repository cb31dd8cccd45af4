// /api/template/*: the caller's own page templates.
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import { PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../limits';
import type { AsShowDoc } from '../dbText';

export interface Template {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
}

/** The rows as ShowDoc fetches them: id and uid as text. */
export type TemplateAnswer = AsShowDoc<Template>;
/** template/save: ShowDoc answers the new row's insert id, a number; Quire adds the row (uid as text). */
export type SavedTemplateAnswer = AsShowDoc<Template, 'id'>;

export const getList = endpoint<TemplateAnswer[]>()('template/getList', {});

/** Creates a template, or updates the caller's own when `id` is given. */
export const save = endpoint<SavedTemplateAnswer>()('template/save', {
  id: id(),
  template_title: text({ required: true, max: PAGE_TITLE_MAX_CHARS }),
  template_content: text({ raw: true, max: PAGE_CONTENT_MAX_CHARS }),
});

export const remove = endpoint<NoData>()('template/delete', { id: id() });
