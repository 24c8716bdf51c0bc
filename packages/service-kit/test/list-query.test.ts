/**
 * The list contract's query reading (`parseListQuery`, `orderClause`: spec §3) over every declared resource — pure kit
 * logic, checked here at full depth with no server: whatever a caller sends, the answer is either a
 * query that only names what the declaration allows, or a 400 naming the parameter at fault; and the ORDER BY it makes
 * holds only declared column names, ending on the unique key.
 */
import fc from 'fast-check';
import { allResources, MAX_LIMIT, DEFAULT_LIMIT, type ResourceDef } from '@portal/contracts';
import { AppError } from '../src/errors';
import { orderClause, pageAndLimit, parseListQuery } from '../src/resource/query';

const hostile = ["' OR 1=1 --", '"; DROP TABLE staff; --', 'name; DELETE FROM x', 'created_date asc; --', '\u0000', 'id desc', 'password desc', '*'];
const SORTABLE_SYSTEM = ['created_date', 'updated_date', 'state'];

/** Query parameters as a caller may send them for a resource: its own names, the list's, and junk. */
function queryOf(r: ResourceDef) {
  const fields = Object.keys(r.fields);
  const keys = [
    'page',
    'limit',
    'q',
    'order',
    'f_state',
    'fields',
    'f_unknown',
    ...fields.map((k) => `f_${k}`),
    ...Object.values(r.fields).flatMap((f) => (f.filterAlias ? [f.filterAlias] : [])),
  ];
  const value = fc.oneof(
    fc.string(),
    fc.constantFrom(...hostile),
    fc.integer().map(String),
    fc.constantFrom('-1', '0', '999999999999', '1.5', 'true', 'ALL', 'inactive', ''),
    fc.constantFrom(...fields, ...SORTABLE_SYSTEM).chain((f) => fc.constantFrom(f, `${f} asc`, `${f} DESC`, `${f} up`, `${f},id`)),
    fc.uuid(),
    fc.array(fc.uuid(), { maxLength: 3 }).map((a) => a.join(',')),
  );
  return fc.dictionary(fc.constantFrom(...keys), fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })));
}

describe.each(allResources.map((r) => [r.name, r] as const))('%s', (_n, r) => {
  test('any query: a query naming only what the declaration allows, or a 400 naming the parameter; the ORDER BY holds declared names only', () => {
    fc.assert(
      fc.property(queryOf(r), fc.boolean(), (raw, lean) => {
        let lq;
        try {
          lq = parseListQuery(r, raw, { lean });
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          const err = e as AppError;
          expect(err.status).toBe(400);
          expect(err.fieldErrors.length).toBeGreaterThan(0);
          for (const fe of err.fieldErrors) expect(Object.keys(raw)).toContain(fe.path === 'order' && raw.order === undefined ? 'order' : fe.path);
          return;
        }
        expect(lq.page).toBeGreaterThanOrEqual(1);
        expect(lq.limit).toBeGreaterThanOrEqual(1);
        expect(lq.limit).toBeLessThanOrEqual(MAX_LIMIT);
        for (const [f, d] of lq.order) {
          expect(SORTABLE_SYSTEM.includes(f) || Boolean(r.fields[f]?.sort)).toBe(true);
          expect(['asc', 'desc']).toContain(d);
        }
        for (const flt of lq.filters) expect(r.fields[flt.field]?.filter).toBe(true);
        if (lq.fields) for (const f of lq.fields) expect(r.fields[f]).toBeDefined();
        expect(['ACTIVE', 'INACTIVE', 'ALL']).toContain(lq.state);
        expect(orderClause(lq)).toMatch(/^ORDER BY (t\.[a-z_][a-z0-9_]* (ASC|DESC)( NULLS LAST)?, ){0,4}t\.id ASC$/);
      }),
      { numRuns: 100 },
    );
  });

  test('the declared default order parses', () => {
    expect(() => parseListQuery(r, {})).not.toThrow();
    expect(parseListQuery(r, {}).order.length).toBeGreaterThan(0);
  });
});

test('page and limit: below 1 or not a number falls back to the defaults, the limit is capped', () => {
  expect(pageAndLimit({ page: '0', limit: '-5' })).toEqual({ page: 1, limit: DEFAULT_LIMIT });
  expect(pageAndLimit({ page: 'abc', limit: 'x' })).toEqual({ page: 1, limit: DEFAULT_LIMIT });
  expect(pageAndLimit({ limit: '5000' })).toEqual({ page: 1, limit: MAX_LIMIT });
  expect(pageAndLimit({ page: ['2', '3'], limit: '7' })).toEqual({ page: 3, limit: 7 });
  expect(pageAndLimit({ page: '99999999999' }).page).toBe(1_000_000);
});
