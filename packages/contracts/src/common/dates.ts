/**
 * Calendar days, one way everywhere: the API takes dd/mm/yyyy (the UI's format) or yyyy-mm-dd and answers
 * yyyy-mm-dd; an impossible day (31/02, month 13) or a year outside 1900–2200 is refused, never passed to the
 * database. Days are counted in UTC across the services. The request bodies' day schema is `zDay` (day-schema.ts:
 * zod, kept apart so that this module loads without it).
 */
const INVALID_DATE = 'invalid-date';
/** The company's time zone: where a calendar day starts and ends, and how exports and forms print a time. */
export const PORTAL_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** dd/mm/yyyy, yyyy-mm-dd or an ISO timestamp → 'YYYY-MM-DD'; an impossible day → a marker no day schema accepts; anything else as given. */
export function normalizeDate(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? v : v.toISOString().slice(0, 10);
  if (typeof v !== 'string') return v;
  const s = v.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return validDate(+m[3]!, +m[2]!, +m[1]!) ?? INVALID_DATE;
  m = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return validDate(+m[1]!, +m[2]!, +m[3]!) ?? INVALID_DATE;
  return s;
}

function validDate(y: number, mo: number, d: number): string | null {
  if (y < 1900 || y > 2200) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

/** A date column's value (a 'YYYY-MM-DD…' string or a Date) as 'YYYY-MM-DD'; null when empty. */
export const isoDay = (v: unknown): string | null => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v).slice(0, 10) : null);

/** The calendar day `n` days after `day` (before it when `n` is negative), both 'YYYY-MM-DD'. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const COMPANY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The company's calendar day of an instant, 'YYYY-MM-DD' (a trip's days, a register's year). */
export const companyDayOf = (d: Date): string => COMPANY_DAY.format(d);

/**
 * Working days (Monday to Friday, not in `holidays`) from `from` to `to`, both included (days as YYYY-MM-DD): what a
 * leave request counts (services/hr) and what the leave form previews before the server answers (without holidays).
 */
export function workingDays(from: string, to: string, holidays: ReadonlySet<string> = new Set()): number {
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6 && !holidays.has(d.toISOString().slice(0, 10))) n++;
  }
  return n;
}

/** The working day (Monday to Friday, not in `holidays`) after `day` (YYYY-MM-DD): "My day" shows it beside today. */
export function nextWorkingDay(day: string, holidays: ReadonlySet<string> = new Set()): string {
  const d = new Date(`${day}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || holidays.has(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}
