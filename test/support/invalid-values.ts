/**
 * Values that are wrong for a field of a given type, whatever else they are — shared by the fuzzing of every write route
 * over HTTP (test/fuzz.test.ts) and the unit test of the kit's schemas (packages/service-kit/test/schemas.test.ts).
 */
import fc from 'fast-check';
import type { FieldDef } from '@portal/contracts';

export const hostile = ["' OR 1=1 --", '"; DROP TABLE staff; --', '../../etc/passwd', '<script>alert(1)</script>', '\u0000', '{"$ne":null}', '${7*7}'];

/** Values that are wrong for the field's type, whatever else they are. */
export function invalidFor(f: FieldDef): fc.Arbitrary<unknown> {
  const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant({ nested: { deep: [1] } }), fc.constant([1, 2]));
  // One past the longest a text may be (`max` of a number field is a value, not a length: not built for one).
  const tooLong = fc.constant(['text', 'longText', 'code', 'path'].includes(f.type) ? 'x'.repeat((f.max ?? 1000) + 1) : 'x');
  switch (f.type) {
    case 'text':
    case 'longText':
      return fc.oneof(notString, tooLong);
    case 'code':
      return fc.oneof(notString, tooLong, fc.constantFrom(...hostile.filter((h) => !/^[\p{L}\p{N}]/u.test(h))));
    case 'email':
      return fc.oneof(notString, fc.constantFrom('not-an-email', 'a@b', ...hostile));
    case 'phone':
      return fc.oneof(notString, fc.constantFrom('abc', '12', ...hostile));
    case 'url':
      return fc.oneof(notString, fc.constantFrom('javascript:alert(1)', 'ftp://x', 'not a url'));
    case 'path':
      return fc.oneof(notString, tooLong, fc.constantFrom('javascript:alert(1)', 'https://evil.example/x', '//evil.example', '/\\evil', 'page', '/a b'));
    case 'int':
      return fc.oneof(
        fc.constantFrom(1.5, 'abc', 1e308, -1e20, '1e999', {}, [], true),
        fc.string().filter((x) => !/^-?\d+(\.\d+)?$/.test(x.trim()) && x.trim() !== ''),
      );
    case 'number':
    case 'money':
      return fc.constantFrom('abc', 1e308, -1e300, {}, [], true, '12,5');
    case 'bool':
      return fc.constantFrom('maybe', 2, -1, {}, [], 'yes!');
    case 'date':
      return fc.constantFrom('31/02/2024', '2024-13-01', 'yesterday', 12345, '1800-01-01', '2024-02-30', ...hostile);
    case 'datetime':
      return fc.constantFrom('not a date', 12.5, {}, '2024-99-99T00:00:00Z');
    case 'time':
      return fc.constantFrom('25:00', '8h', 830, ...hostile);
    case 'enum':
      return fc.constantFrom('NOT_A_VALUE', 12345, {}, ...hostile);
    case 'ref':
      return fc.constantFrom('1 OR 1=1', '../../etc/passwd', 123, {}, 'ffffffff', ...hostile);
    case 'refs':
      return fc.constantFrom('x', [1], ['bad'], {}, [hostile[0]]);
    case 'json':
      return fc.constantFrom('str', [{ feature: 'nope', actions: ['view'] }], [{ feature: 'staff', actions: ['fly'] }], 42);
  }
}
