// Notice texts. A notice is stored once, as HTML holding both languages
// (<div lang="en">…</div><div lang="zh-CN">…</div>); the presenter shows the reader's block.
// Sentences are English templates whose Chinese lives in shared/messages/notices.ts.
// Every user-provided value (names, titles, errors) is escaped HERE, before it meets markup.
import { interpolate, localize, zhMessages } from '../../../shared/messages';

export type Lang = 'en' | 'zh';
type Vars = Record<string, string | number>;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Both language blocks of one sentence; vars(lang) returns already-escaped HTML fragments. */
export function bilingual(template: string, vars: (lang: Lang) => Vars): string {
  const block = (lang: Lang) => `<p>${interpolate(lang === 'zh' ? (zhMessages[template] ?? template) : template, vars(lang))}</p>`;
  return `<div lang="en">${block('en')}</div><div lang="zh-CN">${block('zh')}</div>`;
}

/** A fixed phrase of ours in the given language (escaped for safety all the same). */
export const phrase = (text: string, lang: Lang) => escapeHtml(localize(text, lang));

export const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;
export const itemLink = (itemId: number, name: string) => `<a href="/${itemId}">${escapeHtml(name)}</a>`;
export const pageLink = (itemId: number, pageId: number, title: string) => `<a href="/${itemId}?page_id=${pageId}">${escapeHtml(title)}</a>`;
export const teamLink = (teamId: number, name: string) => `<a href="/team/item/${teamId}">${escapeHtml(name)}</a>`;

/** Words for member groups (0 read-only, 1 edit, 2 manage). */
export function rightsPhrase(group: number, lang: Lang): string {
  if (group >= 2) return phrase('manage rights', lang);
  if (group === 1) return phrase('edit rights', lang);
  return phrase('read-only access', lang);
}
