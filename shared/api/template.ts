// /api/template/*: the caller's own page templates.
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import { PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../limits';

export interface Template {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
}

export const getList = endpoint<Template[]>()('template/getList', {});

/** Creates a template, or updates the caller's own when `id` is given. */
export const save = endpoint<Template>()('template/save', {
  id: id(),
  template_title: text({ required: true, max: PAGE_TITLE_MAX_CHARS }),
  template_content: text({ raw: true, max: PAGE_CONTENT_MAX_CHARS }),
});

export const remove = endpoint<NoData>()('template/delete', { id: id() });
