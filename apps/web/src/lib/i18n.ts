import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, normalizeLanguage, type TLanguage } from './language.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { loadAntdLocale } from './antd-locale.ts';
import zhCommon from '../locales/zh/common.json';
import zhAuth from '../locales/zh/auth.json';
import zhSchools from '../locales/zh/schools.json';
import zhProfile from '../locales/zh/profile.json';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enSchools from '../locales/en/schools.json';
import enProfile from '../locales/en/profile.json';
import jaCommon from '../locales/ja/common.json';
import jaAuth from '../locales/ja/auth.json';
import jaSchools from '../locales/ja/schools.json';
import jaProfile from '../locales/ja/profile.json';

export const resources = {
  zh: { common: zhCommon, auth: zhAuth, schools: zhSchools, profile: zhProfile },
  en: { common: enCommon, auth: enAuth, schools: enSchools, profile: enProfile },
  ja: { common: jaCommon, auth: jaAuth, schools: jaSchools, profile: jaProfile },
} as const;

export const NAMESPACES = ['common', 'auth', 'schools', 'profile'] as const;

/** The menu names each language in its own script (spec: 中文, English, 日本語). */
export const LANGUAGE_LABELS: Record<TLanguage, string> = { zh: '中文', en: 'English', ja: '日本語' };
export { LANGUAGES };

/** Stored choice; anything unknown (or nothing) is English. */
export function storedLanguage(): TLanguage {
  return normalizeLanguage(localStorage.getItem(LOCAL_KEYS.language));
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export function currentLanguage(): TLanguage {
  return normalizeLanguage(i18n.language);
}

/** Switches the interface and Ant Design's own locale together. */
export async function changeLanguage(lng: TLanguage): Promise<void> {
  await loadAntdLocale(lng).catch((e: unknown) => console.warn('antd locale not loaded', e));
  localStorage.setItem(LOCAL_KEYS.language, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}
