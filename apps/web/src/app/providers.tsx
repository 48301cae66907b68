import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message, theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../lib/antd-locale.ts';
import { normalizeLanguage, type TLanguage } from '@hxk/contracts/language';
import { queryClient } from '../lib/query-client.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { setToastApi } from '../lib/toast.ts';

const FONT_STACK: Record<TLanguage, string> = {
  zh: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  ja: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, 'Noto Sans CJK JP', 'Noto Sans JP', sans-serif",
  en: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/** antd's context-aware message API, handed to the API client for its toasts. */
function Toasts() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng = normalizeLanguage(i18n.language);
  // Opening dialogs, menus and drawers without animation when the system asks for reduced motion.
  const reduceMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={antdLocale(lng)}
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1668dc', borderRadius: 8, fontFamily: FONT_STACK[lng], motion: !reduceMotion } }}
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
