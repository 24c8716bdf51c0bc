/**
 * The kit's validation by field type (`resourceSchemas`), over every writable field of every declared resource — pure
 * kit logic at full depth with no server (over HTTP, test/fuzz.test.ts samples the same values per
 * commit): a value wrong for its field's type is refused with that field named, and a create without its required
 * fields names exactly those.
 */
import fc from 'fast-check';
import { allResources, requiredOnCreate } from '@portal/contracts';
import { resourceSchemas } from '../src/resource/validation';
import { invalidFor } from '../../../test/support/invalid-values';

describe.each(allResources.filter((r) => !r.projection).map((r) => [r.name, r] as const))('%s', (_n, r) => {
  const schemas = resourceSchemas(r);
  const writable = Object.entries(r.fields).filter(([, f]) => !f.readonly);

  test.each(writable.map(([name, f]) => [name, f] as const))('%s: every value wrong for its type is refused, naming it', (name, f) => {
    fc.assert(
      fc.property(invalidFor(f), (bad) => {
        const res = schemas.update.safeParse({ [name]: bad });
        expect(res.success).toBe(false);
        expect(res.error!.issues.map((i) => i.path[0])).toContain(name);
      }),
      { numRuns: 60 },
    );
  });

  test('a create without anything names exactly its required fields; a body that is not an object is refused', () => {
    const res = schemas.create.safeParse({});
    const required = writable
      .filter(([, f]) => requiredOnCreate(f))
      .map(([n]) => n)
      .sort();
    if (!required.length) expect(res.success).toBe(true);
    else expect([...new Set(res.error!.issues.map((i) => String(i.path[0])))].sort()).toEqual(required);
    for (const body of [null, [1, 2], 'text', 42]) expect(schemas.create.safeParse(body).success).toBe(false);
  });
});
