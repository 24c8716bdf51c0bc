/**
 * Malformed input on every write route (fast-check): always a 4xx with a message, never a 5xx, and the
 * database is unchanged (rows, their last update, and the outbox).
 */
import fc from 'fast-check';
import type { ResourceDef } from '@portal/contracts';
import { sampleBody, createSample } from './support/samples';
import { testedResources } from './support/resources';
import { inKitBattery } from './support/shapes';
import { hostile, invalidFor } from './support/invalid-values';
import { startTestStack, type Api, type TestStack } from './support/stack';
import { casesOf, SEED } from './support/depth';

let s: TestStack;
let admin: Api;
beforeAll(async () => {
  s = await startTestStack();
  admin = s.api(await s.adminToken());
});
afterAll(async () => {
  await s?.close();
});

const writable = (r: ResourceDef) => Object.entries(r.fields).filter(([, f]) => !f.readonly);

async function fingerprint(r: ResourceDef) {
  const pool = s.services[r.domain]!.pool;
  const { rows } = await pool.query(`SELECT count(*)::int AS n, max(updated_date) AS last, (SELECT count(*)::int FROM outbox) AS events FROM ${r.table}`);
  return rows[0];
}

describe.each(testedResources.map((r) => [r.name, r] as const))('%s', (_n, r) => {
  // Per commit, the resources of the run's cover of every declared shape take the commit depth's cases, the others a
  // fifth of them, drawn by the run's seed (support/shapes.ts); the deep depth gives every resource its full count.
  const runs = (deep: number, commit: number) => casesOf('FUZZ_RUNS', deep, inKitBattery(r) ? commit : Math.ceil(commit / 5));
  test('POST and PUT with one field made invalid: 400 with that field named, nothing written', async () => {
    const existing = await createSample(admin, r, 1);
    const valid = await sampleBody(admin, r, 2);
    const before = await fingerprint(r);
    const fields = writable(r);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: fields.length - 1 }).chain((i) => fc.tuple(fc.constant(fields[i]![0]), invalidFor(fields[i]![1]))),
        fc.boolean(),
        async ([field, bad], isUpdate) => {
          const body = { ...(isUpdate ? {} : valid), [field]: bad };
          const res = isUpdate ? await admin.put(`${r.path}/${existing.id}`, body) : await admin.post(r.path, body);
          expect(res.status).toBe(400);
          expect(typeof res.body.message).toBe('string');
          expect(res.body.errors.map((e: { path: string }) => e.path.split('.')[0])).toContain(field);
        },
      ),
      { numRuns: runs(120, 30), seed: SEED },
    );
    expect(await fingerprint(r)).toEqual(before);
  });

  test('bodies that are not objects, broken JSON, wrong content types: 4xx with a message, nothing written', async () => {
    const existing = await createSample(admin, r, 3);
    const before = await fingerprint(r);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .jsonValue()
            .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
            .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
          fc
            .string()
            .map((t) => `{${t}`)
            .filter((text) => {
              try {
                JSON.parse(text);
                return false;
              } catch {
                return true;
              }
            })
            .map((text) => ({ type: 'application/json', text })),
          fc.string().map((t) => ({ type: 'text/plain', text: t })),
          fc.constant({ type: 'application/xml', text: '<a>1</a>' }),
        ),
        fc.boolean(),
        async (payload, isUpdate) => {
          const res = await admin.raw(isUpdate ? 'PUT' : 'POST', isUpdate ? `${r.path}/${existing.id}` : r.path, {
            body: payload.text,
            headers: { 'content-type': payload.type },
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.message).toBe('string');
        },
      ),
      { numRuns: runs(60, 15), seed: SEED },
    );
    expect(await fingerprint(r)).toEqual(before);
  });

  test('hostile list queries: never a 5xx, only declared filters apply', async () => {
    const before = await fingerprint(r);
    const keys = ['page', 'limit', 'q', 'order', 'f_state', ...Object.keys(r.fields).map((k) => `f_${k}`), 'f_unknown'];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...keys),
          fc.oneof(fc.string(), fc.constantFrom(...hostile), fc.integer().map(String), fc.constant('-1'), fc.constant('999999999999')),
        ),
        async (query) => {
          const qs = new URLSearchParams(query).toString();
          const res = await admin.get(`${r.path}?${qs}`);
          expect([200, 400]).toContain(res.status);
          expect(res.body.success).toBe(res.status === 200);
          if (res.status === 400) expect(res.body.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: runs(80, 20), seed: SEED },
    );
    expect(await fingerprint(r)).toEqual(before);
  });
});
