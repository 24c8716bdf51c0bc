import { z } from 'zod';
import { companyDayOf, zDay } from '@portal/contracts';
import { badRequest, parseOrThrow } from '@portal/service-kit';

/** The longest period one report covers. */
const MAX_DAYS = 366;
const blankless = (raw: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));

/** `from`–`to` (dd/mm/yyyy or yyyy-mm-dd, inclusive); default this month so far. A bad or reversed period is a 400. */
export function periodParams(raw: unknown): { from: string; to: string } {
  const q = parseOrThrow(z.object({ from: zDay().optional(), to: zDay().optional() }), blankless(raw), (e) => badRequest(e));
  const today = companyDayOf(new Date());
  const from = q.from ?? `${today.slice(0, 7)}-01`;
  const to = q.to ?? today;
  if (from > to) throw badRequest([{ path: 'from', key: 'date_before', params: { other: { vi: 'Đến ngày', en: 'To date' } } }]);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_DAYS) throw badRequest([{ path: 'to', key: 'calendar_range_too_long', params: { n: MAX_DAYS } }]);
  return { from, to };
}

export function yearParams(raw: unknown): { year: number } {
  const q = parseOrThrow(z.object({
    year: z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: 'must_integer' }).int({ error: 'must_integer' }).min(2000, { error: 'min_number|{"n":2000}' }).max(2200, { error: 'max_number|{"n":2200}' })).optional(),
  }), blankless(raw), (e) => badRequest(e));
  return { year: q.year ?? Number(companyDayOf(new Date()).slice(0, 4)) };
}

/** Working days (Monday to Friday) from `from` to `to`, inclusive. */
export function workingDays(from: string, to: string): number {
  let n = 0;
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) n++;
  }
  return n;
}
