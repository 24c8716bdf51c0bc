import type { Lang } from '@portal/contracts/src/frame';

/** The user's language, kept in browser storage under `language` (spec §9); Vietnamese by default. */
export const LANGUAGE_KEY = 'language';

export function currentLang(): Lang {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'vi';
  } catch {
    return 'vi';
  }
}
