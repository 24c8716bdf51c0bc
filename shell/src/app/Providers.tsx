import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from './antd';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import 'dayjs/locale/en';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AbilityProvider, addTexts, ApiError, createI18n } from '@portal/ui-kit/src/frame';
import { antdLocale } from './antd-locale';
import { usePrefs } from './prefs';
import { shellTexts } from './texts';
import { notifyTexts } from '../notifications/texts';

export const i18n = createI18n();
addTexts(i18n, 'shell', shellTexts);
addTexts(i18n, 'notify', notifyTexts);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (403, 404, 400) are answers, not glitches: do not retry them.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

/** antd's locale and dayjs's follow the language; the theme algorithm follows the preference. */
function Themed({ children }: { children: ReactNode }) {
  const { i18n: inst } = useTranslation();
  const mode = usePrefs((s) => s.theme);
  const lang = inst.language === 'en' ? 'en' : 'vi';
  useEffect(() => {
    dayjs.locale(lang);
    document.documentElement.lang = lang;
    document.documentElement.dataset.theme = mode;
  }, [lang, mode]);
  // Motion follows the system's "reduce motion" setting (accessibility; the browser tests ask for it too, so that no
  // click lands on a menu or popover still sliding open).
  const reduceMotion = useMemo(() => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true, []);
  const themeConfig = useMemo(
    () => ({
      algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
      token: { colorPrimary: '#1677ff', borderRadius: 6, motion: !reduceMotion },
    }),
    [mode, reduceMotion],
  );
  return (
    <ConfigProvider locale={antdLocale[lang]} theme={themeConfig}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** The shell owns every provider (ARCHITECTURE §7); remotes render inside them. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AbilityProvider>
          <Themed>{children}</Themed>
        </AbilityProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
