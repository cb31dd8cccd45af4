// A pushed job's stage and failure in the reader's language. One push reaches every open tab of
// its user, so it carries the English text and its template with values; the tab fills in the
// template's Chinese text from shared/messages with the helper the API uses (`localize`), and
// reads the same words job/info gives it. Only screens that show the texts import this (the
// message tables are not on the reader's route).
import { localize } from '@shared/messages';
import { currentLanguage } from '../i18n';
import type { PushedJob } from './jobs';

export type TextLang = 'en' | 'zh';

export const readerLang = (): TextLang => (currentLanguage() === 'zh-CN' ? 'zh' : 'en');

/** The push with `stage` and `error` in `lang` (the text as sent when it names no template). */
export function inLanguage(p: PushedJob, lang: TextLang = readerLang()): PushedJob {
  const stage = p.stage_template ? localize(p.stage_template, lang, p.stage_vars) : p.stage;
  const error = p.error_template ? localize(p.error_template, lang, p.error_vars) : p.error;
  return { ...p, stage, ...(error !== undefined ? { error } : {}) };
}
