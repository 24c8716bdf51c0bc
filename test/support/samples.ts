import { randomBytes } from 'node:crypto';
import { parentOpenField, resourceByName, type FieldDef, type ResourceDef } from '@portal/contracts';
import type { Api } from './stack';

const rand = () => randomBytes(3).toString('hex');
/** Midnight UTC a week from the day the test file loaded: the first day of sampled datetimes. */
const SAMPLE_DAY0 = (() => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 7);
})();

/**
 * How a sample parent is put in a status its `parentOpen` children are written in when no route of the caller's puts it
 * there at once (a budget APPROVED — by someone other than its author — before its payment orders): the test stack
 * writes the status in its database (startTestStack). The parent's own life is what its own tests are for.
 */
type Opener = (def: ResourceDef, id: string, field: string, statuses: readonly string[]) => Promise<void>;
let opener: Opener | null = null;
export const setSampleOpener = (o: Opener | null): void => {
  opener = o;
};

/** A valid value for a field, derived from its declaration only (so every new resource is covered for free). */
export function sampleValue(name: string, f: FieldDef, n: number, tag: string): unknown {
  const max = f.max;
  switch (f.type) {
    case 'text':
    case 'longText':
      return `${f.label.en} ${n} ${tag}`.slice(0, max ?? 1000);
    case 'code':
      return `T${n}-${tag}`.toUpperCase().slice(0, max ?? 50);
    case 'email':
      return `${name.replace(/_/g, '')}.${n}.${tag}@example.com`;
    case 'phone':
      return `0901${String(100000 + n).slice(-6)}`;
    case 'url':
      return `https://example.com/${n}`;
    case 'path':
      return `/page/${n}?tag=${tag}`;
    // A capped total (FieldDef.total) leaves room for the many records a suite writes into one group: a small share.
    case 'int':
      // At most a referenced record's value (FieldDef.maxFrom): nothing, which any record allows.
      if (f.maxFrom) return f.min ?? 0;
      return f.total ? Math.max(f.min ?? 0, 1) : Math.min(max ?? 1000, (f.min ?? 0) + n);
    case 'number':
    case 'money':
      if (f.maxFrom) return f.min ?? 0;
      return f.total ? Math.max(f.min ?? 0, f.total.max / 1000) : Math.min(max ?? 1e9, (f.min ?? 0) + 1000 * n);
    case 'bool':
      return n % 2 === 0;
    case 'date':
      // A day that has come (`past`) in 2025; a start (declared before its end) in the month before its end's.
      return `${f.past ? 2025 : 2030}-0${f.before ? 1 : 2}-${String((n % 28) + 1).padStart(2, '0')}`;
    // A start (declared before its end) at 08:00, anything else at 10:00 the same day: a slot of two hours, a week to
    // five weeks ahead (bookings open at most a quarter ahead: contracts kit/booking.ts).
    case 'datetime':
      return new Date(SAMPLE_DAY0 + (n % 28) * 86_400_000 + (f.before ? 1 : 3) * 3_600_000).toISOString();
    case 'time':
      return '08:30';
    case 'enum':
      return f.values![n % f.values!.length];
    case 'json':
      return [];
    case 'ref':
    case 'refs':
      return undefined;
  }
}

/**
 * A valid body for a resource; required references are created first through the API. `referenced`: the record is made
 * only to be referenced, so it is an ordinary one — its enums at their declared defaults (a car in service, not in
 * maintenance, for a trip to book).
 */
export async function sampleBody(
  api: Api,
  r: ResourceDef,
  n: number,
  opts: { tag?: string; refs?: Record<string, string>; referenced?: boolean; values?: Readonly<Record<string, unknown>> } = {},
): Promise<Record<string, unknown>> {
  const tag = opts.tag ?? rand();
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.readonly) continue;
    if (f.type === 'ref' || f.type === 'refs') {
      if (!f.required && !opts.refs?.[name]) continue;
      // A reference limited to records holding some values (FieldDef.where: a setting item of one kind) gets such a record.
      const target = resourceByName.get(f.ref!)!;
      // One that must share a field with the record another ref points to (FieldDef.within: a price's product of its
      // quotation's review) is made under that record's value.
      const within =
        f.within && !opts.refs?.[name] && body[f.within.ref] ? await fieldOf(api, r.fields[f.within.ref]!.ref!, body[f.within.ref], f.within.field) : null;
      const id =
        opts.refs?.[name] ??
        (await createSample(api, target, n, { referenced: true, values: f.where, ...(within ? { refs: { [f.within!.field]: String(within) } } : {}) })).id;
      // A parent made here, for a child written only in some of its statuses: put in one (one given is the caller's).
      const field = name === r.parent && r.parentOpen && !opts.refs?.[name] ? parentOpenField(target, r.parentOpen) : undefined;
      if (field && r.parentOpen) await opener?.(target, id, field, r.parentOpen);
      body[name] = f.type === 'refs' ? [id] : id;
      continue;
    }
    body[name] = opts.referenced && f.type === 'enum' && f.default !== undefined ? f.default : sampleValue(name, f, n, tag);
    // A field its parent sums under a cap (FieldDef.sum with `max`: a contract's revenue by year): the least it takes,
    // so the many records a suite writes under one parent stay within it.
    if (cappedBySum(r, name)) body[name] = Math.max(f.min ?? 0, 1);
  }
  return { ...body, ...opts.values };
}

/** A field of a record, read through the API. */
async function fieldOf(api: Api, resource: string, id: unknown, field: string): Promise<unknown> {
  const res = await api.get(`${resourceByName.get(resource)!.path}/${String(id)}`);
  if (res.status !== 200) throw new Error(`read ${resource} ${String(id)}: ${res.status}`);
  return (res.body.data as Record<string, unknown>)[field];
}

/** Whether some resource sums this field of `r` under a cap (FieldDef.sum `max`). */
const cappedBySum = (r: ResourceDef, field: string) =>
  [...resourceByName.values()].some((p) => Object.values(p.fields).some((f) => f.sum?.of === r.name && f.sum.field === field && f.sum.max));

export async function createSample(
  api: Api,
  r: ResourceDef,
  n: number,
  opts: { tag?: string; refs?: Record<string, string>; referenced?: boolean; values?: Readonly<Record<string, unknown>> } = {},
): Promise<{ id: string; [k: string]: unknown }> {
  const res = await api.post(r.path, await sampleBody(api, r, n, opts));
  if (res.status !== 200) throw new Error(`create ${r.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
