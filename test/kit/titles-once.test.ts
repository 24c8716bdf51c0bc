/**
 * Titles of another service's records asked once at a time (service-kit resource/titles.ts): when a page's titles are
 * missing or expired, the requests of that moment wait for one answer from the owner instead of each asking it — on the
 * real stack, the system service naming HR staff, HR's reads counted as its pool runs them.
 */
import { startTestStack, type TestStack } from '../support/stack';

let s: TestStack;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
});
afterAll(async () => s?.close());

test('a hundred requests missing the same titles ask the owning service once; then the cache answers', async () => {
  const hr = s.services.hr!.pool;
  const titles = s.services.system!.kit!.titles;
  const { rows } = await hr.query<{ id: string; full_name: string }>(`SELECT id, full_name FROM staff ORDER BY code DESC LIMIT 5`);
  let asked = 0;
  const query = hr.query.bind(hr) as (...a: unknown[]) => unknown;
  hr.query = ((...a: unknown[]) => {
    const text = typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string } | undefined)?.text ?? '');
    if (/\bFROM staff\b/.test(text) && text.includes('ANY(')) asked++;
    return query(...a);
  }) as typeof hr.query;
  try {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        titles.of(
          'staff',
          rows.map((r) => r.id),
        ),
      ),
    );
    expect(asked).toBe(1);
    for (const a of answers) expect(rows.map((r) => a.get(r.id))).toEqual(rows.map((r) => r.full_name));
    await titles.of(
      'staff',
      rows.map((r) => r.id),
    );
    expect(asked).toBe(1);
  } finally {
    hr.query = query as typeof hr.query;
  }
});
