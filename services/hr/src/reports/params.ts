import { z } from 'zod';
import { isUuid, zDay } from '@portal/contracts';
import { badRequest, parseOrThrow, type MessageKey, type MessageParams } from '@portal/service-kit';

/**
 * Query parameters of the HR reports; `today` is the company's day by the service's clock (kit.today()). Each is optional; a value that is there must be valid (a clean 400 naming the
 * parameter, in the caller's language). Unknown parameters are ignored, as in the list contract.
 */
const msg = (key: MessageKey, params?: MessageParams) => (params ? `${key}|${JSON.stringify(params)}` : key);

/** dd/mm/yyyy or yyyy-mm-dd → 'YYYY-MM-DD'; anything else (an impossible date, an array, text) is date_invalid. */
const date = zDay().optional();
const uuid = z
  .string({ error: msg('invalid') })
  .refine(isUuid, { error: msg('invalid') })
  .transform((v) => v.toLowerCase())
  .optional();
const year = z
  .preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: msg('must_integer') })
      .int({ error: msg('must_integer') })
      .min(2000, { error: msg('min_number', { n: 2000 }) })
      .max(2200, { error: msg('max_number', { n: 2200 }) }),
  )
  .optional();

/** An empty parameter (`?date=`) is the same as none. */
const blankless = (raw: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));

function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  return parseOrThrow(schema, blankless(raw), (e) => badRequest(e)) as z.output<S>;
}

export function headCountParams(raw: unknown, today: string) {
  const q = parse(z.object({ date, organization_id: uuid }), raw);
  return { date: q.date ?? today, organizationId: q.organization_id ?? null };
}

export function contractParams(raw: unknown, today: string) {
  const q = parse(z.object({ organization_id: uuid }), raw);
  return { date: today, organizationId: q.organization_id ?? null };
}

export function leaveParams(raw: unknown, today: string) {
  const q = parse(z.object({ year, organization_id: uuid }), raw);
  return { year: q.year ?? Number(today.slice(0, 4)), organizationId: q.organization_id ?? null };
}

/** A recruitment request, or a period (default: this calendar year); `from` may not come after `to`. */
export function funnelParams(raw: unknown, today: string) {
  const q = parse(z.object({ from: date, to: date, recruitment_id: uuid, organization_id: uuid }), raw);
  const y = today.slice(0, 4);
  const from = q.from ?? `${y}-01-01`;
  const to = q.to ?? `${y}-12-31`;
  if (from > to) throw badRequest([{ path: 'from', key: 'date_before', params: { other: { vi: 'Đến ngày', en: 'To date' } } }]);
  if (q.recruitment_id) return { recruitmentId: q.recruitment_id, from: null, to: null, organizationId: q.organization_id ?? null };
  return { recruitmentId: null, from, to, organizationId: q.organization_id ?? null };
}
