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

export function initI18n(): typeof i18n {
  const lng = detectLanguage(storedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language]);
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
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
