/**
 * Generated codes (`FieldDef.generate`: `PYC{yy}-{n:4}`, `ASM-{n:4}`…) — pure kit logic over every declared pattern,
 * no server (the numbering itself, gapless under concurrent creates, is test/kit/declared-rules.test.ts):
 * a code of number n in a year reads back as that number between the pattern's parts for that year, its number at
 * least the declared width, and two numbers or two years (of a yearly pattern) never give the same code.
 */
import fc from 'fast-check';
import { allResources, codeParts, codePattern, formatCode } from '../src';

const patterns = [...new Set(allResources.flatMap((r) => Object.values(r.fields).flatMap((f) => (f.generate ? [f.generate.pattern] : []))))];

test('the declared patterns are read', () => {
  expect(patterns.length).toBeGreaterThan(0);
  for (const p of patterns) expect(() => codePattern(p)).not.toThrow();
});

test.each(patterns)('%s: a code reads back as its number, padded to the width; distinct numbers and years give distinct codes', (pattern) => {
  const { width, yearly } = codePattern(pattern);
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.integer({ min: 2000, max: 2199 }),
      fc.integer({ min: 2000, max: 2199 }),
      (n, m, y, z) => {
        const code = formatCode(pattern, n, y);
        const [before, after] = codeParts(pattern, y);
        expect(code.startsWith(before) && code.endsWith(after)).toBe(true);
        const digits = code.slice(before.length, code.length - after.length);
        expect(digits).toMatch(/^\d+$/);
        expect(Number(digits)).toBe(n);
        expect(digits.length).toBe(Math.max(width, String(n).length));
        if (n !== m) expect(formatCode(pattern, m, y)).not.toBe(code);
        if (yearly && y !== z && y % 100 !== z % 100) expect(formatCode(pattern, n, z)).not.toBe(code);
        if (!yearly) expect(formatCode(pattern, n, z)).toBe(code);
      },
    ),
    { numRuns: 500 },
  );
});

test('a pattern without exactly one number, or with an unknown part, is refused when declared', () => {
  for (const bad of ['ABC', 'A{n}-{n}', 'A{n:4}{mm}', 'A{x}{n}']) expect(() => codePattern(bad)).toThrow();
});
