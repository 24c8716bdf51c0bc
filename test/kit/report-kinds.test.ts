/**
 * A report column's kinds as the xlsx export writes them (service-kit report-xlsx.ts reportCell; the report page reads
 * them the same way, ui-kit report/kinds.ts): the spec's Roman-numbered items I–X (§3), months 1–12, money past 2^53.
 */
import { romanNumeral } from '@portal/contracts';
import { reportCell } from '../../packages/service-kit/src/report-xlsx';

test('items numbered in Roman numerals: I to X and beyond, anything else as it is', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(romanNumeral)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']);
  expect(romanNumeral(14)).toBe('XIV');
  expect(romanNumeral(1994)).toBe('MCMXCIV');
  expect(romanNumeral('3')).toBe('III');
  expect(romanNumeral(0)).toBe('0');
  expect(romanNumeral(2.5)).toBe('2.5');
  expect(romanNumeral('a')).toBe('a');
});

test('cells by kind', () => {
  expect(reportCell({ kind: 'roman' }, 4, 'vi')).toBe('IV');
  expect(reportCell({ kind: 'month' }, 12, 'en')).toBe(12);
  expect(reportCell({ kind: 'money' }, '90071992547409930', 'vi')).toBe('90071992547409930');
  expect(reportCell({ kind: 'roman', blank: { vi: '(Khác)', en: '(Other)' } }, null, 'en')).toBe('(Other)');
});
