/** Exact money (contracts common/money.ts) and amounts in words (service-kit money-words.ts), at the edges. */
import { isMoney, MONEY_MAX, moneySplit, moneySum, moneyTimes, moneyTotal, zMoney } from '@portal/contracts';
import { exactNumber } from '../src/db';
import { moneyWords } from '../src/money-words';

test('the largest amount is exact in JavaScript, and one đồng more is not an amount', () => {
  expect(MONEY_MAX).toBe(999_999_999_999_999);
  expect(Number.isSafeInteger(MONEY_MAX)).toBe(true);
  expect(MONEY_MAX - 1 + 1).toBe(MONEY_MAX);
  expect(isMoney(MONEY_MAX)).toBe(true);
  expect(isMoney(-MONEY_MAX)).toBe(true);
  expect(isMoney(MONEY_MAX + 1)).toBe(false);
  expect(isMoney(0.5)).toBe(false);
  expect(isMoney('100')).toBe(false);
  // The old limit was past float precision: 1e15 + 0.01 === 1e15.
  expect(1e15 + 0.01).toBe(1e15);
});

test.each([
  // amount, factor, product rounded half away from zero
  [8_000, 125, 1_000_000],
  [8_000, '12.5', 100_000],
  [8_333, '0.5', 4_167],
  [8_333, '1.5', 12_500],
  [-8_333, '0.5', -4_167],
  [1, '0.4999', 0],
  [1, '0.5', 1],
  ['12345.00', 3, 37_035],
  [333_333_333_333_333, 3, 999_999_999_999_999],
  [999_999_999_999_999, '1.0000', 999_999_999_999_999],
  [0, 1e9, 0],
] as const)('%s × %s = %s đồng, exactly', (a, f, want) => {
  expect(moneyTimes(a, f)).toBe(want);
});

test('a product or a sum past the largest amount is an error, never a rounded float', () => {
  expect(() => moneyTimes(MONEY_MAX, 2)).toThrow(RangeError);
  expect(() => moneySum([MONEY_MAX, 1])).toThrow(RangeError);
  expect(() => moneyTimes('abc', 2)).toThrow(RangeError);
  expect(() => moneySum(['12.50'])).toThrow(RangeError);
  // Where floats go wrong: 0.1 + 0.2, and nine-hundred-trillion sums.
  expect(moneySum([900_000_000_000_001, 99_999_999_999_998])).toBe(999_999_999_999_999);
  expect(moneySum([100, '200', null, undefined, '300.00'])).toBe(600);
  expect(moneyTimes(3, '0.1')).toBe(0);
  expect(moneyTimes(10, '0.15')).toBe(2);
});

test('a report total has no upper bound: a number while exact, then its digits', () => {
  expect(moneyTotal([MONEY_MAX, MONEY_MAX])).toBe(1_999_999_999_999_998);
  expect(moneyTotal(Array.from({ length: 10 }, () => MONEY_MAX))).toBe('9999999999999990');
  expect(moneyTotal([])).toBe(0);
  // The database driver's side: a numeric or bigint past 2^53 stays its digits; measures keep their fraction.
  expect(exactNumber('9999999999999990')).toBe('9999999999999990');
  expect(exactNumber('9007199254740991')).toBe(9_007_199_254_740_991);
  expect(exactNumber('12.5000')).toBe(12.5);
  expect(exactNumber('-42')).toBe(-42);
});

test.each([
  [1_000_000, 3, [333_334, 333_333, 333_333]],
  [100, 1, [100]],
  [2, 3, [1, 1, 0]],
  [0, 4, [0, 0, 0, 0]],
  [-100, 3, [-34, -33, -33]],
  [
    MONEY_MAX,
    7,
    [142_857_142_857_143, 142_857_142_857_143, 142_857_142_857_143, 142_857_142_857_143, 142_857_142_857_143, 142_857_142_857_142, 142_857_142_857_142],
  ],
  [1_000, [1, 2, 1], [250, 500, 250]],
  [1_001, [1, 1, 0], [501, 500, 0]],
  [10, [3, 3, 3], [4, 3, 3]],
] as const)('%s split %j → %j, adding up to the total', (total, parts, want) => {
  const shares = moneySplit(total, parts as number | number[]);
  expect(shares).toEqual(want);
  expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
});

test('a split refuses what cannot be shared', () => {
  expect(() => moneySplit(100, 0)).toThrow(RangeError);
  expect(() => moneySplit(100, [0, 0])).toThrow(RangeError);
  expect(() => moneySplit(100.5, 2)).toThrow(RangeError);
  expect(() => moneySplit(100, [1, -1])).toThrow(RangeError);
});

test('a 36-month depreciation of an odd price adds up to the price, month by month', () => {
  for (const price of [1, 35, 37, 1_000_000, 123_456_789, MONEY_MAX]) {
    const months = moneySplit(price, 36);
    expect(months.reduce((s, x) => s + x, 0)).toBe(price);
    expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
  }
});

test('a request body takes whole đồng only, up to the largest amount', () => {
  const z = zMoney();
  expect(z.parse(120_000_000)).toBe(120_000_000);
  expect(z.parse('120000000')).toBe(120_000_000);
  expect(z.parse(MONEY_MAX)).toBe(MONEY_MAX);
  expect(z.safeParse(12.5).error?.issues[0]?.message).toBe('money_whole');
  expect(z.safeParse(MONEY_MAX + 1).error?.issues[0]?.message).toMatch(/^max_number/);
  expect(z.safeParse(-1).error?.issues[0]?.message).toMatch(/^min_number/);
  expect(z.safeParse('12,5').success).toBe(false);
});

test.each([
  [0, 'Không đồng', 'Zero dong'],
  [1, 'Một đồng', 'One dong'],
  [15, 'Mười lăm đồng', 'Fifteen dong'],
  [21, 'Hai mươi mốt đồng', 'Twenty one dong'],
  [105, 'Một trăm lẻ năm đồng', 'One hundred five dong'],
  [1_000_005, 'Một triệu không trăm lẻ năm đồng', 'One million five dong'],
  [120_000_000, 'Một trăm hai mươi triệu đồng', 'One hundred twenty million dong'],
  [1_000_000_000, 'Một tỷ đồng', 'One billion dong'],
  [
    MONEY_MAX,
    'Chín trăm chín mươi chín nghìn chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng',
    'Nine hundred ninety nine trillion nine hundred ninety nine billion nine hundred ninety nine million nine hundred ninety nine thousand nine hundred ninety nine dong',
  ],
  // A report total past 2^53, as its digits: nine million billion …
  [
    '9999999999999990',
    'Chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi đồng',
    null,
  ],
])('%s in words', (amount, vi, en) => {
  expect(moneyWords(amount, 'vi')).toBe(vi);
  if (en) expect(moneyWords(amount, 'en')).toBe(en);
});

test('words are for whole amounts only', () => {
  expect(() => moneyWords(12.5)).toThrow(RangeError);
  expect(() => moneyWords('1e9')).toThrow(RangeError);
});
