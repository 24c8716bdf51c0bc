/**
 * Amounts in words (service-kit money-words.ts), as printed forms write them under the figure: the Vietnamese readings a
 * reader checks a cheque by — "mười lăm", "hai mươi mốt", "hai mươi lăm", "lẻ" after a hundred, zero periods skipped,
 * "tỷ" — and English; whole đồng only, as digits beyond 2^53 too (no floating point on money).
 */
import { moneyWords } from '@portal/service-kit';

test.each([
  ['0', 'Không đồng', 'Zero dong'],
  ['15', 'Mười lăm đồng', 'Fifteen dong'],
  ['21', 'Hai mươi mốt đồng', 'Twenty one dong'],
  ['25', 'Hai mươi lăm đồng', 'Twenty five dong'],
  ['105', 'Một trăm lẻ năm đồng', 'One hundred five dong'],
  ['1000000005', 'Một tỷ không trăm lẻ năm đồng', 'One billion five dong'],
  ['1250000000', 'Một tỷ hai trăm năm mươi triệu đồng', 'One billion two hundred fifty million dong'],
  [
    '9007199254740993',
    'Chín triệu không trăm lẻ bảy nghìn một trăm chín mươi chín tỷ hai trăm năm mươi tư triệu bảy trăm bốn mươi nghìn chín trăm chín mươi ba đồng',
    'Nine quadrillion seven trillion one hundred ninety nine billion two hundred fifty four million seven hundred forty thousand nine hundred ninety three dong',
  ],
])('%s đồng', (digits, vi, en) => {
  expect(moneyWords(digits)).toBe(vi);
  expect(moneyWords(digits, 'en')).toBe(en);
});

test('a number is read as it is, a fraction or an unsafe number is refused', () => {
  expect(moneyWords(1_250_000_000)).toBe('Một tỷ hai trăm năm mươi triệu đồng');
  expect(() => moneyWords(12.5)).toThrow(RangeError);
  expect(() => moneyWords(2 ** 53 + 2)).toThrow(RangeError);
  expect(() => moneyWords('1.5')).toThrow(RangeError);
});
