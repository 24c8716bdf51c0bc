import dayjs from 'dayjs';

/** Spec §9 date formats. A time is shown to the minute: seconds mean nothing on a booking, a deadline or an update. */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** The one place seconds tell something: the order of log entries (activity log, system log, mailbox). */
export const TIMESTAMP_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const API_DATE = 'YYYY-MM-DD';

export const formatDate = (v: unknown) => (typeof v === 'string' && v ? dayjs(v).format(DATE_FORMAT) : '');
export const formatDateTime = (v: unknown) => (typeof v === 'string' && v ? dayjs(v).format(DATETIME_FORMAT) : '');
export const formatTimestamp = (v: unknown) => (typeof v === 'string' && v ? dayjs(v).format(TIMESTAMP_FORMAT) : '');

const numberLocale = (lang: 'vi' | 'en') => (lang === 'vi' ? 'vi-VN' : 'en-US');

/**
 * Thousands separators with up to `digits` decimals (spec §9: 2), in the language's way: "11,92" and "1.442.000" in
 * Vietnamese, "11.92" and "1,442,000" in English. Every number the portal shows goes through here. A total of đồng
 * past 2^53 comes as its digits (contracts common/money.ts): Intl formats the string exactly.
 */
export function formatNumber(v: number | string, lang: 'vi' | 'en' = 'vi', digits = 2): string {
  return new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: digits }).format(v as number);
}

/** The language's separators, for an input that shows and reads numbers as formatNumber writes them. */
export function numberSeparators(lang: 'vi' | 'en' = 'vi'): { group: string; decimal: string } {
  return lang === 'vi' ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

/** An amount of whole đồng in an InputNumber: shown with the language's thousands separators, read back without them. */
export function wholeAmountInput(lang: 'vi' | 'en' = 'vi') {
  return {
    formatter: (v: number | string | undefined) => (v === undefined || v === null || v === '' ? '' : formatNumber(String(v), lang, 0)),
    parser: (v: string | undefined) => Number((v ?? '').replace(/[.,\s]/g, '')) as never,
  };
}

/**
 * Money in thousand, million or billion VND from the thresholds 1e3, 1e6 and 1e9 (spec §9); billions are
 * rounded to 0 decimals by the spec's billion helper, smaller units keep up to 2.
 */
export function formatMoneyShort(
  amount: number | string,
  units: { thousand: string; million: string; billion: string; currency: string },
  lang: 'vi' | 'en' = 'vi',
): string {
  // Past 2^53 the float is off by far less than the unit it is shown in.
  const v = Number(amount);
  const abs = Math.abs(v);
  const fmt = (n: number, digits: number) => formatNumber(n, lang, digits);
  if (abs >= 1e9) return `${fmt(v / 1e9, 0)} ${units.billion} ${units.currency}`;
  if (abs >= 1e6) return `${fmt(v / 1e6, 2)} ${units.million} ${units.currency}`;
  if (abs >= 1e3) return `${fmt(v / 1e3, 2)} ${units.thousand} ${units.currency}`;
  return `${fmt(v, 2)} ${units.currency}`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 phút trước" / "3 minutes ago"; under a minute "bây giờ" / "now"; in the user's language. */
export function formatRelative(v: string, lang: 'vi' | 'en' = 'vi', now = Date.now()): string {
  const seconds = Math.round((new Date(v).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const rtf = new Intl.RelativeTimeFormat(numberLocale(lang), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  return rtf.format(0, 'second');
}
