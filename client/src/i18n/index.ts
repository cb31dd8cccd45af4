// i18next setup: English and Simplified Chinese, defaulting to the browser's language,
// the reader's choice persisted in localStorage; <html lang> follows the language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import zhCN from './zh-CN';

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

export function initI18n(): typeof i18n {
  const lng = detectLanguage(storedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language]);
  void i18n.use(initReactI18next).init({
    resources: {
      en: { translation: Object.assign({}, en, ...pendingTexts.map((p) => p.en)) },
      'zh-CN': { translation: Object.assign({}, zhCN, ...pendingTexts.map((p) => p.zh)) },
    },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18n;
}

export function currentLanguage(): Language {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(KEY, lng);
  } catch {}
  document.documentElement.lang = lng;
  void i18n.changeLanguage(lng);
}

export { i18n };
