import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../lib/antd-locale.ts';
import { normalizeLanguage, type TLanguage } from '@hxk/contracts/language';
import { queryClient } from '../lib/query-client.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { subscribeToastsWanted, toastsWanted } from '../lib/toast.ts';

const FONT_STACK: Record<TLanguage, string> = {
  zh: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  ja: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, 'Noto Sans CJK JP', 'Noto Sans JP', sans-serif",
  en: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/**
 * The toasts' machinery (antd's message and notification) loads with the first toast instead of with
 * the entry; that toast waits for it (lib/toast.ts).
 */
const Toasts = lazy(() => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })));

/**
 * Ant Design's theme, with text that reads (WCAG AA, 4.5:1; issue 20's axe checks): its default
 * secondary texts (45 % black, 3.4:1), placeholders and empty texts (25 %, 1.9:1), link blue (#1677ff,
 * 4.1:1) and error red (#ff4d4f, 3.3:1) are too faint for small text. Tags write on a pale tint of their
 * colour, so their text takes the palette's darker shade (green 3.4:1 -> 5.5:1, and so on).
 */
const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    colorLink: '#1668dc',
    colorError: '#cf1322',
    borderRadius: 8,
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.55)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      colorInfo: '#0958d9',
      colorError: '#a8071a',
      green7: '#237804',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      cyan7: '#006d75',
      lime7: '#3f6600',
      volcano7: '#ad2102',
      blue7: '#003eb3',
    },
  },
} as const;

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng = normalizeLanguage(i18n.language);
  // Opening dialogs, menus and drawers without animation when the system asks for reduced motion.
  const reduceMotion = usePrefersReducedMotion();
  const wantToasts = useSyncExternalStore(subscribeToastsWanted, toastsWanted);
  return (
    <ConfigProvider locale={antdLocale(lng)} theme={{ ...THEME, token: { ...THEME.token, fontFamily: FONT_STACK[lng], motion: !reduceMotion } }}>
      {wantToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
