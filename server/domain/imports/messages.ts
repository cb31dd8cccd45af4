// The language of what an import writes for people: generated API pages, the report's reasons
// and its failure message — the language of the request that started it (English or Chinese).
import { localize } from '../../../shared/messages';

export type ImportLang = 'en' | 'zh';

export const asLang = (s: string): ImportLang => (s === 'zh' ? 'zh' : 'en');

/** An English template (with its Chinese text in shared/messages/imports.ts) in the import's language. */
export const say = (lang: ImportLang, template: string, vars?: Record<string, string | number>) => localize(template, lang, vars);
