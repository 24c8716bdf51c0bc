import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Label, Lang } from '@portal/contracts/src/frame';
import { common } from './common';
import { filesTexts } from '../files/texts';
import { approvalTexts } from '../approval/texts';
import { currentLang, LANGUAGE_KEY } from './lang';

export { currentLang, LANGUAGE_KEY };

/** The one i18next instance (a shared singleton): the shell creates it, remotes add their namespaces. */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: currentLang(),
    fallbackLng: 'vi',
    supportedLngs: ['vi', 'en'],
    ns: ['common', 'files', 'approval'],
    defaultNS: 'common',
    resources: {
      vi: { common: common.vi, files: filesTexts.vi, approval: approvalTexts.vi },
      en: { common: common.en, files: filesTexts.en, approval: approvalTexts.en },
    },
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof instance.init>[0]);
  return instance;
}

export function setLanguage(i18n: I18n, lang: Lang) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** Adds a remote's texts once (idempotent). */
export function addTexts(i18n: I18n, ns: string, texts: { vi: Record<string, string>; en: Record<string, string> }) {
  for (const lang of ['vi', 'en'] as const) if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts[lang], true, true);
}

/** The current language and a picker for declaration labels ({ vi, en }). */
export function useLang(): { lang: Lang; label: (l: Label | undefined) => string } {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'vi';
  return { lang, label: (l) => (l ? l[lang] : '') };
}

/**
 * A screen's own texts, Vietnamese and English, as a hook: `const tr = useTexts(); tr('created', { n: 3 })` — `{x}` filled
 * from the params, in the user's language. One per remote's screen group: `export const useTexts = defineTexts({ … })`.
 */
export function defineTexts<K extends string>(texts: Record<K, Label>) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module, at its top level (`const useT = defineTexts({…})`).
  return function useTexts() {
    const { lang } = useLang();
    return (key: K, params: Record<string, string | number> = {}) =>
      texts[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => (params[k] === undefined ? `{${k}}` : String(params[k])));
  };
}
