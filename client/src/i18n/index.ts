// i18next setup: English and Simplified Chinese, defaulting to the browser's language,
// the reader's choice persisted in localStorage; <html lang> follows the language.
// English (also the fallback) is in the entry bundle; the Chinese texts are their own chunk,
// loaded before the first render for Chinese readers, so nobody downloads both.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: Language[] = ['en', 'zh-CN'];
const KEY = 'quire.lang';

export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored === 'en' || stored === 'zh-CN') return stored;
  for (const l of browser) {
    const lower = l.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

type Texts = Record<string, unknown>;
const pendingTexts: { en: Texts; zh: Texts }[] = [];

/** Adds a screen group's texts: at once when i18next is running, else with its initialisation. */
export function addTexts(enTexts: Texts, zhTexts: Texts): void {
  if (!i18n.isInitialized) {
    pendingTexts.push({ en: enTexts, zh: zhTexts });
    return;
  }
  i18n.addResourceBundle('en', 'translation', enTexts, true, true);
  i18n.addResourceBundle('zh-CN', 'translation', zhTexts, true, true);
}

let chinese: Promise<void> | null = null;

/** The main Chinese texts, fetched once (screen groups add theirs through addTexts). */
function loadChinese(): Promise<void> {
  chinese ??= import('./zh-CN').then((m) => {
    i18n.addResourceBundle('zh-CN', 'translation', m.default, true, false);
  });
  return chinese;
}

/** Starts i18next in the reader's language; resolves when that language's texts are loaded. */
export async function initI18n(): Promise<typeof i18n> {
  const lng = detectLanguage(storedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language]);
  void i18n.use(initReactI18next).init({
    resources: {
      en: { translation: Object.assign({}, en, ...pendingTexts.map((p) => p.en)) },
      'zh-CN': { translation: Object.assign({}, ...pendingTexts.map((p) => p.zh)) },
    },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  if (lng === 'zh-CN') await loadChinese();
  return i18n;
}

export function currentLanguage(): Language {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(KEY, lng);
  } catch {}
  if (lng === 'zh-CN') await loadChinese();
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export { i18n };
