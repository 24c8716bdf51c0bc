import { z, type ZodType } from 'zod';
import {
  companyDayOf,
  IN_APP_PATH,
  MONEY_MAX,
  NUMBER_MAX,
  normalizeDate,
  requiredOnCreate,
  TEXT_MAX,
  type FieldDef,
  type ResourceDef,
  UUID_RE,
} from '@portal/contracts';
import type { FieldError } from '../errors';
import type { MessageKey, MessageParams } from '../i18n';

/**
 * Request validation derived from the declaration: one coercion and check per field type (the idea of
 * Twenty's coerce-<type>-field utilities). Issues carry message keys; the error handler translates them.
 */
const msg = (key: MessageKey, params?: MessageParams) => (params ? `${key}|${JSON.stringify(params)}` : key);

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_RE = /^\+?[0-9][0-9 .\-()]{6,19}$/;
/** NUL and other C0 controls except tab and newlines are never valid text (PostgreSQL refuses NUL). */
export const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CODE_RE = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;

function requiredKey(f: FieldDef): MessageKey {
  if (f.type === 'enum' || f.type === 'ref' || f.type === 'refs') return 'select_required';
  if (f.type === 'date' || f.type === 'datetime') return 'date_required';
  return 'required';
}

const typeError = (f: FieldDef, invalid: MessageKey = 'invalid') => ({
  error: (iss: { input?: unknown }) => msg(iss.input === undefined || iss.input === null ? requiredKey(f) : invalid),
});

const numeric = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

/** Days are parsed one way in the whole portal (contracts common/dates.ts). */
export { normalizeDate };

function baseSchema(f: FieldDef): ZodType {
  const max = f.max;
  switch (f.type) {
    case 'text':
    case 'longText':
    case 'code': {
      let s = z
        .string(typeError(f))
        .trim()
        .refine((v) => !CONTROL_RE.test(v), { error: msg('invalid') })
        .min(Math.max(1, f.min ?? 1), { error: f.min ? msg('min_length', { n: f.min }) : msg(requiredKey(f)) })
        .max(max ?? TEXT_MAX, { error: msg('max_length', { n: max ?? TEXT_MAX }) });
      if (f.type === 'code') s = s.regex(CODE_RE, { error: msg('invalid') });
      return s;
    }
    case 'email':
      return z
        .string(typeError(f, 'email_invalid'))
        .trim()
        .toLowerCase()
        .max(255, { error: msg('max_length', { n: 255 }) })
        .regex(EMAIL_RE, { error: msg('email_invalid') });
    case 'phone':
      return z
        .string(typeError(f, 'phone_invalid'))
        .trim()
        .regex(PHONE_RE, { error: msg('phone_invalid') });
    case 'url':
      return z
        .string(typeError(f, 'url_invalid'))
        .trim()
        .max(2000, { error: msg('max_length', { n: 2000 }) })
        .refine(
          (v) => {
            try {
              return ['http:', 'https:'].includes(new URL(v).protocol);
            } catch {
              return false;
            }
          },
          { error: msg('url_invalid') },
        );
    case 'path':
      return z
        .string(typeError(f))
        .trim()
        .max(max ?? TEXT_MAX, { error: msg('max_length', { n: max ?? TEXT_MAX }) })
        .regex(IN_APP_PATH, { error: msg('invalid') });
    case 'int':
    case 'number':
    case 'money': {
      let n = z.number(typeError(f, 'must_number')).finite({ error: msg('must_number') });
      if (f.type === 'int') n = n.int({ error: msg('must_integer') });
      // Amounts are whole đồng (contracts common/money.ts).
      if (f.type === 'money') n = n.int({ error: msg('money_whole') });
      const hi = f.max ?? (f.type === 'money' ? MONEY_MAX : NUMBER_MAX);
      const lo = f.min ?? -hi;
      n = n.min(lo, { error: lo === 0 ? msg('min_number', { n: 0 }) : msg('min_number', { n: lo }) }).max(hi, { error: msg('max_number', { n: hi }) });
      return z.preprocess(numeric, n);
    }
    case 'bool':
      return z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean(typeError(f)));
    case 'date':
      return z.preprocess(normalizeDate, z.string(typeError(f, 'date_invalid')).regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('date_invalid') }));
    case 'datetime':
      return z.preprocess(
        (v) => {
          if (typeof v !== 'string' && !(v instanceof Date)) return v;
          const d = new Date(v);
          return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 2200 ? '!' : d.toISOString();
        },
        z.string(typeError(f, 'date_invalid')).refine((v) => v !== '!', { error: msg('date_invalid') }),
      );
    case 'time':
      return z.string(typeError(f)).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: msg('invalid') });
    case 'enum': {
      const values = f.values ?? [];
      const isNum = typeof values[0] === 'number';
      return z.preprocess(
        isNum ? numeric : (v) => v,
        z.any().superRefine((v, ctx) => {
          if (v === undefined || v === null) ctx.addIssue({ code: 'custom', message: msg(requiredKey(f)) });
          else if (!values.includes(v as never)) ctx.addIssue({ code: 'custom', message: msg('invalid') });
        }),
      );
    }
    // One form of an id from here on: a counter keyed on the raw text gave one book's number twice.
    case 'ref':
      return z
        .string(typeError(f))
        .regex(UUID_RE, { error: msg('invalid') })
        .toLowerCase();
    case 'refs':
      return z
        .array(
          z
            .string()
            .regex(UUID_RE, { error: msg('invalid') })
            .toLowerCase(),
          typeError(f),
        )
        .max(f.max ?? 1000, { error: msg('too_many', { n: f.max ?? 1000 }) })
        .min(f.required ? 1 : 0, { error: msg('select_required') })
        .transform((a) => [...new Set(a)]);
    case 'json':
      return (f.schema as ZodType | undefined) ?? z.any().refine((v) => v !== undefined, { error: msg('required') });
  }
}

/**
 * One value as validation would store it ('dd/mm/yyyy' → 'yyyy-mm-dd', '5' → 5, trimmed text), or null when it is
 * blank or invalid: import keys are compared in this form.
 */
export function normalizedValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const res = baseSchema(f).safeParse(v);
  return res.success ? (res.data ?? null) : null;
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

function fieldSchema(f: FieldDef, mode: 'create' | 'update'): ZodType {
  const base = baseSchema(f);
  if (f.required) {
    // Required: never null/blank; on create it must be present, unless the server fills it (a default, a generated code).
    const s = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), base);
    return mode === 'create' && requiredOnCreate(f) ? s : s.optional();
  }
  return z.preprocess(blankToNull, base.nullable().optional());
}

export interface ResourceSchemas {
  create: ZodType<Record<string, unknown>>;
  update: ZodType<Record<string, unknown>>;
}

export function resourceSchemas(r: ResourceDef): ResourceSchemas {
  const writable = Object.entries(r.fields).filter(([, f]) => !f.readonly);
  const build = (mode: 'create' | 'update') => {
    const shape: Record<string, ZodType> = {};
    for (const [name, f] of writable) shape[name] = fieldSchema(f, mode);
    return z.object(shape, { error: msg('body_object') }).superRefine((obj: Record<string, unknown>, ctx) => {
      for (const [name, f] of writable) {
        if (f.past && typeof obj[name] === 'string' && String(obj[name]).slice(0, 10) > companyDayOf(new Date()))
          ctx.addIssue({ code: 'custom', path: [name], message: msg('date_not_future') });
        if (!f.before) continue;
        const a = obj[name];
        const b = obj[f.before];
        const strict = f.type === 'datetime';
        if (typeof a === 'string' && typeof b === 'string' && (strict ? a >= b : a > b)) {
          ctx.addIssue({ code: 'custom', path: [name], message: msg(strict ? 'time_before' : 'date_before', { other: r.fields[f.before]!.label }) });
        }
      }
    }) as unknown as ZodType<Record<string, unknown>>;
  };
  return { create: build('create'), update: build('update') };
}

/**
 * What a move to status `to` records (ResourceDef `workflow.records`): each named field required, checked as it is
 * declared; the other fields of the body are not this schema's (the move's own status and note, a hook's).
 */
export function moveRecordsSchema(r: ResourceDef, to: string): ZodType<Record<string, unknown>> | null {
  const names = r.workflow?.records?.[to];
  if (!names?.length) return null;
  const shape: Record<string, ZodType> = {};
  for (const n of names) shape[n] = fieldSchema({ ...r.fields[n]!, readonly: false, required: true, default: undefined }, 'create');
  return z.object(shape, { error: msg('body_object') }) as unknown as ZodType<Record<string, unknown>>;
}

/** Zod issues → field errors with message keys. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => {
    const [key, params] = i.message.split(/\|(.*)/s) as [string, string | undefined];
    const known = /^[a-z_]+$/.test(key);
    // A schema without its own message: a missing value reads "required", anything else "invalid".
    const missing = i.code === 'invalid_type' && (i as { input?: unknown }).input === undefined;
    return {
      path: i.path.join('.'),
      key: (known ? key : missing ? 'required' : 'invalid') as MessageKey,
      params: known && params ? (JSON.parse(params) as MessageParams) : undefined,
    };
  });
}

export function parseOrThrow<T>(schema: ZodType<T>, input: unknown, mkError: (errors: FieldError[]) => Error): T {
  const res = schema.safeParse(input);
  if (!res.success) throw mkError(toFieldErrors(res.error));
  return res.data;
}
