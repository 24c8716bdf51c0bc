/** Series expanded on the company's clock (service-kit resource/recurrence.ts), on the dates UTC gets wrong. */
import { expandSeries, type Occurrence } from '../src/resource/recurrence';

/** The company's wall clock of an occurrence's start (Asia/Ho_Chi_Minh, UTC+7 all year). */
const local = (o: Occurrence) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'short' }).format(new Date(o.start_time));
const list = (x: ReturnType<typeof expandSeries>) => {
  if (typeof x === 'string') throw new Error(x);
  return x;
};

test('a monthly series at 06:30 on the 1st, company time, stays on the 1st — through February', () => {
  // 06:30 on 1 December is 23:30 UTC on 30 November: expanded in UTC it would land on the 30th, then skip February.
  const got = list(expandSeries('2026-12-01T06:30:00+07:00', '2026-12-01T07:30:00+07:00', 'MONTHLY', '2027-05-01', { max: 104 }));
  expect(got.map(local)).toEqual(['2026-12-01 06:30', '2027-01-01 06:30', '2027-02-01 06:30', '2027-03-01 06:30', '2027-04-01 06:30', '2027-05-01 06:30']);
  expect(got[2]).toEqual({ start_time: '2027-01-31T23:30:00.000Z', end_time: '2027-02-01T00:30:00.000Z' });
});

test('a monthly series on the 31st skips the months without one, on the company calendar', () => {
  const got = list(expandSeries('2027-01-31T06:00:00+07:00', '2027-01-31T07:00:00+07:00', 'MONTHLY', '2027-08-31', { max: 104 }));
  expect(got.map(local)).toEqual(['2027-01-31 06:00', '2027-03-31 06:00', '2027-05-31 06:00', '2027-07-31 06:00', '2027-08-31 06:00']);
});

test('a weekly series early on Monday morning stays on Mondays; the last day counts to its end, company time', () => {
  // 00:30 on Monday is Sunday 17:30 UTC.
  const got = list(expandSeries('2027-03-01T00:30:00+07:00', '2027-03-01T01:00:00+07:00', 'WEEKLY', '2027-03-22', { max: 104 }));
  expect(got.map(local)).toEqual(['2027-03-01 00:30', '2027-03-08 00:30', '2027-03-15 00:30', '2027-03-22 00:30']);
  expect(got.every((o) => new Date(new Date(o.start_time).getTime() + 7 * 3_600_000).getUTCDay() === 1)).toBe(true);
  // A late meeting on the last day is in: 23:30 on the 22nd, company time, is still the 22nd.
  const late = list(expandSeries('2027-03-01T23:30:00+07:00', '2027-03-01T23:45:00+07:00', 'WEEKLY', '2027-03-22', { max: 104 }));
  expect(late.map(local).at(-1)).toBe('2027-03-22 23:30');
});

test('each occurrence is as long as the first; a daily series, its limits, and an end before the start', () => {
  const got = list(expandSeries('2027-02-27T16:00:00+07:00', '2027-02-28T09:00:00+07:00', 'DAILY', '2027-03-02', { max: 104 }));
  expect(got.map(local)).toEqual(['2027-02-27 16:00', '2027-02-28 16:00', '2027-03-01 16:00', '2027-03-02 16:00']);
  expect(got.every((o) => Date.parse(o.end_time) - Date.parse(o.start_time) === 17 * 3_600_000)).toBe(true);
  expect(expandSeries('2027-01-01T08:00:00+07:00', '2027-01-01T09:00:00+07:00', 'DAILY', '2027-01-10', { max: 9 })).toBe('too_many');
  expect(list(expandSeries('2027-01-01T08:00:00+07:00', '2027-01-01T09:00:00+07:00', 'DAILY', '2027-01-10', { max: 10 }))).toHaveLength(10);
  expect(expandSeries('2027-01-02T08:00:00+07:00', '2027-01-02T09:00:00+07:00', 'DAILY', '2027-01-01', { max: 10 })).toBe('before_start');
  // The first day alone: an end on the start's own day, even when the start is late evening (its UTC day is the day before).
  expect(list(expandSeries('2027-01-02T06:00:00+07:00', '2027-01-02T07:00:00+07:00', 'DAILY', '2027-01-02', { max: 10 })).map(local)).toEqual([
    '2027-01-02 06:00',
  ]);
});

test('another zone with summer time keeps the wall clock across the change', () => {
  // Europe/Berlin moves to summer time on 28 March 2027: 09:00 stays 09:00 (08:00 UTC before, 07:00 UTC after).
  const got = list(expandSeries('2027-03-22T09:00:00+01:00', '2027-03-22T10:00:00+01:00', 'WEEKLY', '2027-04-05', { max: 10, zone: 'Europe/Berlin' }));
  expect(got.map((o) => o.start_time)).toEqual(['2027-03-22T08:00:00.000Z', '2027-03-29T07:00:00.000Z', '2027-04-05T07:00:00.000Z']);
});
