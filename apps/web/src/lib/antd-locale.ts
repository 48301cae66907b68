import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { TLanguage } from '@hxk/contracts/language';

// English is antd's built-in default anyway; Chinese and Japanese load when chosen.
const cache: Partial<Record<TLanguage, Locale>> = { en: enUS };
const loaders: Record<TLanguage, () => Promise<{ default: Locale }>> = {
  en: async () => ({ default: enUS }),
  zh: () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
};

export async function loadAntdLocale(lng: TLanguage): Promise<Locale> {
  const hit = cache[lng];
  if (hit) return hit;
  const loaded = (await loaders[lng]()).default;
  cache[lng] = loaded;
  return loaded;
}

/** The loaded locale of a language, or English while it is on its way. */
export function antdLocale(lng: TLanguage): Locale {
  return cache[lng] ?? enUS;
}
