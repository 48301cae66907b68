import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, normalizeLanguage, type TLanguage } from '@hxk/contracts/language';
import { LOCAL_KEYS } from './storage-keys.ts';
import { loadAntdLocale } from './antd-locale.ts';
import * as en from '../locales/en/index.ts';

/**
 * Each language's texts come in two parts (locales/<lng>/index.ts): the sign-in texts, and the
 * app's, loaded once a screen past sign-in is opened (loadAppTexts). English sign-in texts ship with
 * the entry (English is the fallback); everything else is a chunk of its own.
 */
type Language = { login: typeof en.login; app: () => Promise<{ bundle: Record<string, object> }> };
const languages: Record<TLanguage, () => Promise<Language>> = {
  en: async () => en,
  zh: () => import('../locales/zh/index.ts'),
  ja: () => import('../locales/ja/index.ts'),
};

export const NAMESPACES = ['common', 'auth', 'schools', 'profile', 'roles', 'users', 'org', 'settings', 'schedule', 'classrooms', 'supervision', 'assignments', 'imports', 'catalog', 'templates', 'evaluation', 'plans', 'evaluations', 'invitations', 'appeals', 'reports', 'statistics', 'notifications', 'questionnaires', 'patrol', 'patrolDetail', 'shouting', 'recordings', 'liveLessons', 'share', 'usage', 'analysis', 'board', 'lessonPlans', 'assistant', 'licence'] as const;

/** The menu names each language in its own script (spec: 中文, English, 日本語). */
export const LANGUAGE_LABELS: Record<TLanguage, string> = { zh: '中文', en: 'English', ja: '日本語' };
export { LANGUAGES };

/** Stored choice; anything unknown (or nothing) is English. */
export function storedLanguage(): TLanguage {
  return normalizeLanguage(localStorage.getItem(LOCAL_KEYS.language));
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: en.login },
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

const add = (lng: TLanguage, bundle: Record<string, object>) => {
  for (const [ns, data] of Object.entries(bundle)) i18n.addResourceBundle(lng, ns, data, true, true);
};

/** Whether a screen past sign-in has asked for the app's texts: a language switch then loads them too. */
let appTextsWanted = false;
const appTextsLoaded = new Set<TLanguage>();

async function loadTexts(lng: TLanguage): Promise<void> {
  const language = await languages[lng]();
  if (!i18n.hasResourceBundle(lng, 'common')) add(lng, language.login);
  if (appTextsWanted && !appTextsLoaded.has(lng)) {
    add(lng, (await language.app()).bundle);
    appTextsLoaded.add(lng);
  }
}

/** Loads a language's texts and Ant Design's locale for it (before first paint, or before a switch). */
export async function loadLanguage(lng: TLanguage): Promise<void> {
  await Promise.all([loadTexts(lng), loadAntdLocale(lng)]).catch((e: unknown) => console.warn(`language ${lng} not fully loaded`, e));
}

/** The texts of every screen past sign-in, in the current language; route loaders await it (app/router.tsx). */
export async function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  await loadTexts(currentLanguage()).catch((e: unknown) => console.warn('texts not fully loaded', e));
}

/** Switches the interface and Ant Design's own locale together. */
export async function changeLanguage(lng: TLanguage): Promise<void> {
  await loadLanguage(lng);
  localStorage.setItem(LOCAL_KEYS.language, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}
