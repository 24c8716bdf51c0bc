import { ReadingConfig, doReadNumber } from 'read-vietnamese-number';
import { toWords } from 'to-words/en-US';
import type { Lang } from '@portal/contracts';

const VI = new ReadingConfig();
VI.unit = ['đồng'];
// "tỷ", as invoices and contracts write it (the library's default is the variant "tỉ").
VI.units = [[], ['nghìn'], ['triệu'], ['tỷ']];

/**
 * An amount of đồng in words, as a printed form writes it under the figure ("Bằng chữ: Một trăm hai mươi triệu đồng"):
 * Vietnamese by `read-vietnamese-number` (its readings: "mười lăm", "hai mươi mốt", "một trăm lẻ năm"); English by
 * `to-words`. A sentence: the first letter alone is a capital; the amount is a whole number of đồng (contracts common/money.ts), given
 * as a number or as its digits.
 */
export function moneyWords(amount: number | string, lang: Lang = 'vi'): string {
  const digits = typeof amount === 'number' ? (Number.isSafeInteger(amount) ? String(amount) : '') : amount.trim();
  if (!/^-?\d+$/.test(digits)) throw new RangeError(`not a whole amount of đồng: ${JSON.stringify(amount)}`);
  const text = (lang === 'vi' ? doReadNumber(digits, VI) : `${toWords(BigInt(digits))} dong`).toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
