import type { Pool } from 'pg';
import {
  kitInternal,
  resourceByName,
  TITLES_MAX_IDS,
  UUID_RE,
  type CallerContext,
  type Domain,
  type FieldDef,
  type InternalInput,
  type ResourceDef,
} from '@portal/contracts';
import { AppError } from '../errors';
import type { ContextCodec } from '../context';
import type { EventBus } from '../events/bus';
import { InFlight } from '../in-flight';
import { callInternal } from '../internal-call';
import { Params, scopedTitles, titleScope } from './query';

/** How long another service's title is kept (its renames also drop it at once: events). */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

export interface TitleSourceOptions {
  domain: Domain;
  pool: Pool;
  sameService: Map<string, ResourceDef>;
  bus: EventBus;
  codec: ContextCodec;
  /** The base URL of another domain's service (comma-separated instances), or null when unknown. */
  serviceUrl: (d: Domain) => string | null;
}

/** How titles are asked for: `strict` (a 503 when an owning service cannot answer), `ctx` (the reader whose scope they obey). */
export interface TitleOptions {
  strict?: boolean;
  ctx?: CallerContext | null;
}

/**
 * A reference field whose titles `Titles.decorate` sets: the row's `key` (`<name>__title`, `<name>__titles` for `many`),
 * and whether they are `kept` here (another service's, the same for every reader: the cache answers them).
 */
interface TitlePlan {
  name: string;
  ref: string;
  many: boolean;
  key: string;
  kept: boolean;
}

/** A reference field's target, when the kit resolves its titles here rather than in SQL. */
const isRef = (f: FieldDef) => (f.type === 'ref' || f.type === 'refs') && Boolean(f.ref);

/**
 * The titles of records of a resource of this service, by id (every state: a reference to a removed record still reads),
 * those the `reader`'s scope covers (query.ts titleScope). Without a reader, only titles every reader sees: none of a
 * resource whose titles are scoped.
 */
export async function readTitles(
  pool: Pick<Pool, 'query'>,
  r: ResourceDef,
  ids: string[],
  reader: CallerContext | null = null,
): Promise<Record<string, string>> {
  const valid = [...new Set(ids.filter((x) => UUID_RE.test(x)).map((x) => x.toLowerCase()))];
  if (!valid.length || (!reader && scopedTitles(r))) return {};
  const p = new Params();
  const scope = reader ? titleScope(r, reader, p, 't') : null;
  const { rows } = await pool.query<{ id: string; title: string | null }>(
    `SELECT t.id, t.${r.titleField}::text AS title FROM ${r.table} t WHERE t.id = ANY(${p.add(valid)}::uuid[])${scope ? ` AND ${scope}` : ''}`,
    p.values,
  );
  return Object.fromEntries(rows.filter((x) => x.title !== null).map((x) => [x.id, x.title!]));
}

/**
 * The ids of ACTIVE records of a resource of this service whose import key (a single one) or title equals each value,
 * case-insensitively: what an import cell naming a record by its code or name means. Only records the `reader` may read
 * (as readTitles): a title is not found by someone it is not shown to.
 */
export async function lookupIds(
  pool: Pick<Pool, 'query'>,
  r: ResourceDef,
  values: string[],
  reader: CallerContext | null = null,
): Promise<Record<string, string>> {
  const wanted = [...new Set(values.map((v) => v.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length || (!reader && scopedTitles(r))) return {};
  const cols = [...new Set([typeof r.importKey === 'string' ? r.importKey : undefined, r.titleField].filter(Boolean) as string[])];
  const out: Record<string, string> = {};
  // By key first, then by title: a code wins over a homonym's name; the oldest record wins among equals.
  for (const c of cols) {
    const p = new Params();
    const scope = reader ? titleScope(r, reader, p, 't') : null;
    const { rows } = await pool.query<{ v: string; id: string }>(
      `SELECT DISTINCT ON (lower(t.${c}::text)) lower(t.${c}::text) AS v, t.id FROM ${r.table} t WHERE t.state = 'ACTIVE' AND lower(t.${c}::text) = ANY(${p.add(wanted)}::text[])${scope ? ` AND ${scope}` : ''}
        ORDER BY lower(t.${c}::text), t.created_date, t.id`,
      p.values,
    );
    for (const row of rows) out[row.v] ??= row.id;
  }
  return out;
}

/**
 * The titles of referenced records for lists, details, exports and Word (one way for every reference).
 *
 * A reference to a record of this service is read from its table (a single `ref` is already joined in the row's own
 * query: repository.ts). A reference into another service is asked of that service in one batched call per resource
 * (`POST /internal/titles`, at most TITLES_MAX_IDS ids), and kept here: for TITLES' TTL, and dropped at once when the
 * owning service announces a change of the record (every instance subscribes to the owning domain's events). A list
 * is never a request per row, in the browser or here.
 */
export class Titles {
  /** Another service's titles by resource, then by (lower-case) id; `null`: no such record, or none its readers see. */
  private cache = new Map<string, Map<string, { title: string | null; at: number }>>();
  private cached = 0;
  private plans = new WeakMap<ResourceDef, Map<string, TitlePlan[]>>();
  private watching = new Set<Domain>();
  /**
   * Asks under way, by resource then id: a request missing a title being asked for waits for that answer. When a
   * page's titles expire under load, the hundreds of requests of that moment would otherwise each ask the owner at once.
   */
  private asking = new InFlight<boolean>();

  constructor(private readonly o: TitleSourceOptions) {}

  /**
   * Adds to each row `<field>__title` for a reference into another service and `<field>__titles` (in the order of the
   * ids) for a list of references, for the fields given (null: every field); null where nothing is named. `strict`: an owning service that cannot
   * answer is a 503 (exports: a raw id is never printed); otherwise the titles are left out (the screen shows the id's
   * own lookup) and the list still answers. `ctx`: the reader, whose scope of each referenced resource the titles obey
   * (readTitles); without one, titles that depend on the reader are left out.
   */
  async decorate(def: ResourceDef, rows: Record<string, unknown>[], fields: string[] | null = null, opts: TitleOptions = {}): Promise<void> {
    if (!rows.length) return;
    const plans = this.plansOf(def, fields);
    if (!plans.length) return;
    // Titles kept here (another service's, the same for every reader) come from the cache without a promise or a copy of
    // the ids when every one of them is there: a list's usual case, its hot path (bench/README.md "List throughput").
    const now = Date.now();
    const pending = plans.filter((plan) => !plan.kept || !this.fromCache(plan, rows, now));
    if (!pending.length) return;
    const idsByTarget = new Map<string, string[]>();
    for (const { name, ref } of pending) {
      const list = idsByTarget.get(ref) ?? [];
      idsByTarget.set(ref, list);
      for (const row of rows) {
        const v = row[name];
        if (Array.isArray(v)) list.push(...(v as string[]));
        else if (typeof v === 'string') list.push(v);
      }
    }
    const titles = new Map<string, Map<string, string>>();
    await Promise.all([...idsByTarget].map(async ([target, ids]) => titles.set(target, await this.of(target, ids, opts))));
    for (const { name, ref, many, key } of pending) {
      const t = titles.get(ref)!;
      // Every row carries the key, as a same-service title joined in SQL does: null where there is nothing to name (or
      // the owner could not be asked).
      for (const row of rows) {
        const v = row[name];
        if (many) row[key] = Array.isArray(v) ? (v as string[]).map((id) => t.get(id.toLowerCase()) ?? null) : null;
        else row[key] = typeof v === 'string' ? (t.get(v.toLowerCase()) ?? null) : null;
      }
    }
  }

  /** The reference fields of `def` (those of `fields`; null: all) whose titles are resolved here, worked out once. */
  private plansOf(def: ResourceDef, fields: string[] | null): TitlePlan[] {
    let byFields = this.plans.get(def);
    if (!byFields) this.plans.set(def, (byFields = new Map()));
    const k = fields ? fields.join(',') : '*';
    let plans = byFields.get(k);
    if (!plans) {
      plans = Object.entries(def.fields)
        .filter(([name, f]) => isRef(f) && (!fields || fields.includes(name)) && (f.type === 'refs' || !this.o.sameService.has(f.ref!)))
        .map(([name, f]) => {
          const target = resourceByName.get(f.ref!);
          const many = f.type === 'refs';
          return {
            name,
            ref: f.ref!,
            many,
            key: `${name}${many ? '__titles' : '__title'}`,
            kept: Boolean(target && !this.o.sameService.has(f.ref!) && !scopedTitles(target)),
          };
        });
      // `fields=` is the caller's: a bounded number of choices kept per declaration.
      if (byFields.size >= 64) byFields.clear();
      byFields.set(k, plans);
    }
    return plans;
  }

  /**
   * Sets `plan`'s titles on every row from the cache; false (the caller asks `of`, which sets them all again) at the first
   * id not there or expired. The ids are taken as they are: one in another case or not an id is a miss, which `of` reads.
   */
  private fromCache(plan: TitlePlan, rows: Record<string, unknown>[], now: number): boolean {
    const kept = this.cache.get(plan.ref);
    if (!kept) return false;
    for (const row of rows) {
      const v = row[plan.name];
      if (typeof v === 'string') {
        const hit = kept.get(v);
        if (!hit || now - hit.at >= TTL_MS) return false;
        row[plan.key] = plan.many ? null : hit.title;
      } else if (!plan.many || !Array.isArray(v)) row[plan.key] = null;
      else {
        const named: (string | null)[] = [];
        for (const id of v) {
          const hit = kept.get(id as string);
          if (!hit || now - hit.at >= TTL_MS) return false;
          named.push(hit.title);
        }
        row[plan.key] = named;
      }
    }
    return true;
  }

  /** Titles of records of `resource` by (lower-case) id, those `opts.ctx` may read; an unknown id is left out. */
  async of(resource: string, ids: string[], opts: TitleOptions = {}): Promise<Map<string, string>> {
    const target = this.o.sameService.get(resource) ?? resourceByName.get(resource);
    const unique = [...new Set(ids.filter((x) => typeof x === 'string' && UUID_RE.test(x)).map((x) => x.toLowerCase()))];
    const out = new Map<string, string>();
    if (!target || !unique.length) return out;
    if (this.o.sameService.has(resource)) {
      for (const [id, title] of Object.entries(await readTitles(this.o.pool, target, unique, opts.ctx ?? null))) out.set(id, title);
      return out;
    }
    if (scopedTitles(target)) {
      // Another service's scoped titles are its reader's: asked with the reader (signed as the gateway signs it), never cached.
      if (!opts.ctx) return out;
      for (let i = 0; i < unique.length; i += TITLES_MAX_IDS) {
        const answered = await this.ask(
          target,
          kitInternal.titles,
          { resource, ids: unique.slice(i, i + TITLES_MAX_IDS), reader: this.o.codec.sign(opts.ctx) },
          opts.strict,
        );
        for (const [id, title] of Object.entries(answered ?? {})) out.set(id, title);
      }
      return out;
    }
    this.watch(target.domain);
    const now = Date.now();
    const missing: string[] = [];
    for (const id of unique) {
      const hit = this.cache.get(resource)?.get(id);
      if (hit && now - hit.at < TTL_MS) {
        if (hit.title !== null) out.set(id, hit.title);
      } else missing.push(id);
    }
    if (!missing.length) return out;
    const waits = new Set<Promise<boolean>>();
    const toAsk: string[] = [];
    for (const id of missing) {
      const under = this.asking.of(`${resource}:${id}`);
      if (under) waits.add(under);
      else toAsk.push(id);
    }
    for (let i = 0; i < toAsk.length; i += TITLES_MAX_IDS) {
      const batch = toAsk.slice(i, i + TITLES_MAX_IDS);
      const answer = (async () => {
        const answered = await this.ask(target, kitInternal.titles, { resource, ids: batch });
        if (!answered) return false;
        for (const id of batch) this.remember(resource, id, answered[id] ?? null);
        return true;
      })();
      waits.add(
        this.asking.start(
          batch.map((id) => `${resource}:${id}`),
          answer,
        ),
      );
    }
    const answers = await Promise.all(waits);
    if (opts.strict && answers.includes(false)) throw new AppError(503, 'service_unavailable', { service: target.domain });
    // What the asks just answered (an expired title the owner could not be asked about stays unnamed, as before).
    for (const id of missing) {
      const hit = this.cache.get(resource)?.get(id);
      if (hit?.title && hit.at >= now) out.set(id, hit.title);
    }
    return out;
  }

  /** Ids of ACTIVE records of `resource` named by code or title (import cells) that `ctx` may read, by lower-case value. */
  async lookup(resource: string, values: string[], ctx: CallerContext | null = null): Promise<Map<string, string>> {
    const target = this.o.sameService.get(resource) ?? resourceByName.get(resource);
    if (!target || !values.length) return new Map();
    const reader = ctx && scopedTitles(target) ? { reader: this.o.codec.sign(ctx) } : {};
    const found = this.o.sameService.has(resource)
      ? await lookupIds(this.o.pool, target, values, ctx)
      : await this.ask(target, kitInternal.titlesLookup, { resource, values: values.slice(0, TITLES_MAX_IDS), ...reader }, true);
    return new Map(Object.entries(found ?? {}));
  }

  private async ask<T extends typeof kitInternal.titles | typeof kitInternal.titlesLookup>(
    target: ResourceDef,
    route: T,
    body: InternalInput<T>['body'],
    strict = false,
  ): Promise<Record<string, string> | null> {
    try {
      return await callInternal({ baseUrl: this.o.serviceUrl(target.domain), codec: this.o.codec, service: this.o.domain }, route, {
        body,
      } as InternalInput<T> & { context?: string });
    } catch {
      if (strict) throw new AppError(503, 'service_unavailable', { service: target.domain });
      return null;
    }
  }

  private remember(resource: string, id: string, title: string | null) {
    let kept = this.cache.get(resource);
    if (!kept) this.cache.set(resource, (kept = new Map()));
    if (!kept.has(id) && this.cached >= MAX_ENTRIES) {
      // The oldest entry of the first resource that has one goes.
      for (const m of this.cache.values()) {
        const oldest = m.keys().next();
        if (oldest.done) continue;
        m.delete(oldest.value);
        this.cached--;
        break;
      }
    }
    if (!kept.has(id)) this.cached++;
    else kept.delete(id); // moved to the end: the newest
    kept.set(id, { title, at: Date.now() });
  }

  /** A record renamed or removed in its own service drops its title here at once (`portal.<domain>.<resource>.<verb>`). */
  private watch(domain: Domain) {
    if (this.watching.has(domain)) return;
    this.watching.add(domain);
    void this.o.bus
      .subscribeAll(`portal.${domain}.>`, async (e) => {
        const resource = e.subject.split('.')[2];
        const id = (e.data as { id?: unknown } | null)?.id;
        if (resource && typeof id === 'string' && this.cache.get(resource)?.delete(id.toLowerCase())) this.cached--;
      })
      .catch(() => this.watching.delete(domain));
  }
}
