import { useTranslation } from 'react-i18next';
import { romanNumeral, type ReportColumn, type ReportKind } from '@portal/contracts';
import { formatDate, formatMoneyShort, formatNumber } from '../format';
import { useLang } from '../i18n';

/** The kinds read as figures: right-aligned in a table. */
export const isFigureKind = (k: ReportKind) => k === 'count' || k === 'number' || k === 'hours' || k === 'money' || k === 'percent';

/**
 * A report value as text in the user's language, by its declared kind (contracts kit/report.ts): money in thousand,
 * million or billion VND (spec §9), a percent with its sign, a day dd/mm/yyyy, a month by its short name, an item's number in Roman numerals, an enum's
 * code by its label, a blank by the column's `blank` (else —).
 */
export function useReportFormat(): (c: Pick<ReportColumn, 'kind' | 'options' | 'blank'>, v: unknown) => string {
  const { t } = useTranslation();
  const { lang, label } = useLang();
  const month = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-US', { month: 'short', timeZone: 'UTC' });
  const units = { thousand: t('thousand'), million: t('million'), billion: t('billion'), currency: t('currency') };
  return (c, v) => {
    if (v === null || v === undefined || v === '') return c.blank ? label(c.blank) : '—';
    switch (c.kind) {
      case 'enum':
        return label(c.options?.[String(v)]) || String(v);
      case 'money':
        return formatMoneyShort(v as number | string, units, lang);
      case 'percent':
        return `${formatNumber(Number(v), lang)} %`;
      case 'count':
      case 'number':
      case 'hours':
        return formatNumber(v as number | string, lang);
      case 'day':
        return formatDate(v);
      case 'month':
        return month.format(new Date(Date.UTC(2000, Number(v) - 1, 1)));
      case 'roman':
        return romanNumeral(v);
      default:
        return String(v);
    }
  };
}
