/**
 * Straight-line depreciation in whole đồng (contracts assets/depreciation.ts) on fixed dates: month ends, a leap
 * year's February, an uneven price, a capitalised repair within the life and one after it; and, as a property over
 * prices up to the largest amount and lives up to 50 years, the months add up exactly to the cost, no month differs
 * from another of its stretch by more than one đồng, and the book value never rises between repairs.
 */
import { MONEY_MAX, bookValueOn, depreciationEnd, depreciationSchedule, type DepreciationInput } from '@portal/contracts';
import { casesOf, random, seedOf, withReplay } from '../support/depth';

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

test('12 million over 12 months from a 15 January purchase: a million a month, booked at each month end', () => {
  const a: DepreciationInput = { price: 12_000_000, months: 12, start: '2026-01-15' };
  const s = depreciationSchedule(a);
  expect(s.map((m) => m.month)).toEqual([
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
    '2026-12',
  ]);
  expect(new Set(s.map((m) => m.amount))).toEqual(new Set([1_000_000]));
  expect(bookValueOn(a, '2025-12-31')).toBe(12_000_000);
  expect(bookValueOn(a, '2026-01-30')).toBe(12_000_000);
  expect(bookValueOn(a, '2026-01-31')).toBe(11_000_000);
  expect(bookValueOn(a, '2026-04-29')).toBe(9_000_000);
  expect(bookValueOn(a, '2026-04-30')).toBe(8_000_000);
  expect(bookValueOn(a, '2026-12-31')).toBe(0);
  expect(bookValueOn(a, '2030-01-01')).toBe(0);
  expect(depreciationEnd(a)).toBe('2026-12-31');
});

test('an uneven price: the months differ by at most one đồng and add up to it exactly', () => {
  const a: DepreciationInput = { price: 1_000_000, months: 3, start: '2026-03-01' };
  expect(depreciationSchedule(a).map((m) => [m.amount, m.accumulated, m.book_value])).toEqual([
    [333_333, 333_333, 666_667],
    [333_333, 666_666, 333_334],
    [333_334, 1_000_000, 0],
  ]);
  expect(sum(depreciationSchedule({ price: 99_999_999, months: 7, start: '2026-05-20' }).map((m) => m.amount))).toBe(99_999_999);
});

test("a leap year's February ends on the 29th; a life of 0 months does not depreciate", () => {
  const a: DepreciationInput = { price: 24_000_000, months: 12, start: '2024-02-10' };
  expect(bookValueOn(a, '2024-02-28')).toBe(24_000_000);
  expect(bookValueOn(a, '2024-02-29')).toBe(22_000_000);
  expect(bookValueOn(a, '2024-03-01')).toBe(22_000_000);
  expect(depreciationEnd(a)).toBe('2025-01-31');
  const b: DepreciationInput = { price: 24_000_000, months: 12, start: '2025-02-10' };
  expect(bookValueOn(b, '2025-02-28')).toBe(22_000_000);
  const none: DepreciationInput = { price: 5_000_000, months: 0, start: '2026-01-01' };
  expect([depreciationSchedule(none), bookValueOn(none, '2030-01-01'), depreciationEnd(none)]).toEqual([[], 5_000_000, null]);
});

test('a capitalised repair within the life: what is left plus its cost over the months left plus those it adds, from its month', () => {
  const a: DepreciationInput = { price: 120_000_000, months: 12, start: '2026-01-05', capitalisations: [{ month: '2026-07', cost: 30_000_000, months: 6 }] };
  const s = depreciationSchedule(a);
  expect(s.slice(0, 6).map((m) => m.amount)).toEqual(Array(6).fill(10_000_000));
  expect(s[6]).toEqual({ month: '2026-07', amount: 7_500_000, added: 30_000_000, accumulated: 67_500_000, book_value: 82_500_000 });
  expect(s.slice(6).map((m) => m.amount)).toEqual(Array(12).fill(7_500_000));
  expect(sum(s.map((m) => m.amount))).toBe(150_000_000);
  expect(depreciationEnd(a)).toBe('2027-06-30');
  // Before July ends: the repair is counted, July's depreciation not yet.
  expect(bookValueOn(a, '2026-06-30')).toBe(60_000_000);
  expect(bookValueOn(a, '2026-07-10')).toBe(90_000_000);
  expect(bookValueOn(a, '2026-07-31')).toBe(82_500_000);
});

test('a capitalised repair after the life has ended starts a stretch of its own in its month', () => {
  const a: DepreciationInput = { price: 12_000_000, months: 12, start: '2024-01-01', capitalisations: [{ month: '2025-03', cost: 6_000_000, months: 3 }] };
  const s = depreciationSchedule(a);
  expect(s.filter((m) => m.month >= '2025-01').map((m) => [m.month, m.amount])).toEqual([
    ['2025-03', 2_000_000],
    ['2025-04', 2_000_000],
    ['2025-05', 2_000_000],
  ]);
  expect(bookValueOn(a, '2025-02-15')).toBe(0);
  expect(bookValueOn(a, '2025-03-15')).toBe(6_000_000);
  expect(depreciationEnd(a)).toBe('2025-05-31');
});

test('property: the months add up to the cost exactly, each stretch even to the đồng, the value never rising but by a repair', async () => {
  const name = 'property: the months add up to the cost exactly, each stretch even to the đồng, the value never rising but by a repair';
  await withReplay(__filename, name, async () => {
    const rnd = random(seedOf('depreciation'));
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    for (let i = 0; i < casesOf('DEPRECIATION_RUNS', 5_000, 500); i++) {
      const price = i === 0 ? MONEY_MAX : int(0, 3) === 0 ? int(0, 1000) : int(0, MONEY_MAX);
      const months = int(0, 600);
      const year = int(2000, 2040);
      const start = `${year}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
      const capitalisations = Array.from({ length: int(0, 3) }, () => ({
        month: `${year + int(0, 60)}-${String(int(1, 12)).padStart(2, '0')}`,
        cost: int(0, 1_000_000_000),
        months: int(0, 120),
      }));
      const a = { price, months, start, capitalisations };
      const s = depreciationSchedule(a);
      const cost = price + sum(capitalisations.map((c) => c.cost));
      const stretched = months > 0 || capitalisations.some((c) => c.months > 0);
      const booked = sum(s.map((m) => m.amount));
      // All of it is depreciated, unless the last stretch has no months (a repair adding none after the life).
      if (stretched && s.at(-1)!.book_value === 0) expect(booked).toBe(cost);
      expect(s.every((m) => Number.isSafeInteger(m.amount) && m.amount >= 0 && m.book_value >= 0)).toBe(true);
      expect(s.at(-1)?.book_value ?? price).toBe(cost - booked);
      // One expectation per case (not per month: jest's expect is the cost here).
      const broken = s.slice(1).flatMap((m, j) => {
        const prev = s[j]!;
        if (m.added) return [];
        const rises = m.book_value > prev.book_value;
        const uneven = prev.amount > 0 && m.amount > 0 && !prev.added && Math.abs(m.amount - prev.amount) > 1;
        return rises || uneven ? [{ a, month: m.month, rises, uneven }] : [];
      });
      expect(broken).toEqual([]);
    }
  });
});
