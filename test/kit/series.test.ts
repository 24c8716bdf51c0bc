/**
 * Series (contracts ResourceDef.series, kit/series.ts; service-kit resource/series.ts) on test-only resources over a
 * real PostgreSQL — shapes no real resource has yet: a series of date ranges without a workflow (the rest of it is
 * cancelled by deleting), monthly on the calendar's days; every occurrence written through the repository, so a hook's
 * refusal of one occurrence refuses the whole series and a taken slot is skipped and leaves nothing; the routes the
 * contracts declare for it, and declarations that cannot hold refused.
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f, resourceRoutes, type ResourceDef } from '@portal/contracts';
import { AppError } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';

const duty = defineResource({
  name: 'testDuty',
  domain: 'admin',
  path: '/test-duty',
  table: 'test_duty',
  feature: 'book_car',
  label: { vi: 'Ca trực', en: 'Duty' },
  titleField: 'name',
  defaultOrder: 'from_date asc',
  series: { start: 'from_date', end: 'to_date', group: 'series_key', max: 12 },
  exclusive: [{ over: ['post'], from: 'from_date', to: 'to_date' }],
  fields: {
    name: f.text({ vi: 'Tên', en: 'Name' }, { required: true, list: true, search: true }),
    post: f.text({ vi: 'Vị trí', en: 'Post' }, { required: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From' }, { required: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To' }, { required: true }),
    series_key: f.text({ vi: 'Chuỗi', en: 'Series' }, { readonly: true, filter: true, max: 36 }),
  },
});

let s: KitService;
const me = randomUUID();
const post = () => `P-${randomUUID().slice(0, 8)}`;
const body = (over: Record<string, unknown> = {}) => ({ name: 'Trực cuối tháng', post: post(), from_date: '2031-01-31', to_date: '2031-02-01', ...over });
const rowsOf = async (key: string) =>
  (
    await s.pool.query(
      `SELECT name, state, to_char(from_date, 'YYYY-MM-DD') AS f, to_char(to_date, 'YYYY-MM-DD') AS t FROM test_duty WHERE series_key = $1 ORDER BY from_date`,
      [key],
    )
  ).rows;

beforeAll(async () => {
  s = await startKitService({
    domain: 'admin',
    resources: [duty],
    hooks: {
      testDuty: {
        // A closed day of the company (a rule the declaration cannot say): no duty starts on it.
        beforeCreate: (input) => {
          if (input.from_date === '2031-07-01') throw new AppError(400, 'bad_request', {}, [{ path: 'from_date', key: 'invalid' }]);
        },
      },
    },
  });
});
afterAll(async () => s?.close());

test('the contracts declare the four series routes under the path; without a cancel status the rest is cancelled with the delete right', () => {
  expect(
    resourceRoutes(duty)
      .filter((r) => r.path.includes('/series'))
      .map((r) => [r.method, r.path, r.access]),
  ).toEqual([
    ['POST', '/test-duty/series-preview', { feature: 'book_car', action: 'view' }],
    ['POST', '/test-duty/series', { feature: 'book_car', action: 'add' }],
    ['POST', '/test-duty/series-cancel', { feature: 'book_car', action: 'delete' }],
    ['PUT', '/test-duty/series-update', { feature: 'book_car', action: 'edit' }],
  ]);
});

test('a monthly series of date ranges: on the calendar days (a 31st skips the shorter months), edited and deleted from an occurrence on', async () => {
  const b = body();
  const preview = await s.call(me, 'POST', '/test-duty/series-preview', { ...b, repeat: 'MONTHLY', repeat_until: '2031-06-15' });
  expect(preview.status).toBe(200);
  expect(preview.body.data.items.map((o: Record<string, unknown>) => [o.from_date, o.to_date, o.free])).toEqual([
    ['2031-01-31', '2031-02-01', true],
    ['2031-03-31', '2031-04-01', true],
    ['2031-05-31', '2031-06-01', true],
  ]);
  const made = await s.call(me, 'POST', '/test-duty/series', { ...b, repeat: 'MONTHLY', repeat_until: '2031-06-15' });
  expect([made.status, made.body.data.created]).toEqual([200, 3]);
  const key = made.body.data.series_key as string;
  const [, second] = made.body.data.items as { id: string }[];
  // From the second: two days later and a day longer, renamed; the first stays.
  const edited = await s.call(me, 'PUT', '/test-duty/series-update', { id: second!.id, name: 'Trực dời lịch', from_date: '2031-04-02', to_date: '2031-04-04' });
  expect([edited.status, edited.body.data.updated]).toEqual([200, 2]);
  expect(await rowsOf(key)).toEqual([
    { name: 'Trực cuối tháng', state: 'ACTIVE', f: '2031-01-31', t: '2031-02-01' },
    { name: 'Trực dời lịch', state: 'ACTIVE', f: '2031-04-02', t: '2031-04-04' },
    { name: 'Trực dời lịch', state: 'ACTIVE', f: '2031-06-02', t: '2031-06-04' },
  ]);
  const cancelled = await s.call(me, 'POST', '/test-duty/series-cancel', { id: second!.id });
  expect([cancelled.status, cancelled.body.data.cancelled]).toEqual([200, 2]);
  expect((await rowsOf(key)).map((r) => r.state)).toEqual(['ACTIVE', 'INACTIVE', 'INACTIVE']);
  const again = await s.call(me, 'POST', '/test-duty/series-cancel', { id: second!.id });
  expect([again.status, again.body.message]).toEqual([422, 'This duty has ended or was cancelled']);
});

test("each occurrence is its own create: a taken slot is skipped and named, a hook's refusal refuses the whole series, nothing written", async () => {
  const b = body({ from_date: '2031-05-01', to_date: '2031-05-01' });
  expect((await s.call(me, 'POST', '/test-duty', { ...b, from_date: '2031-05-03', to_date: '2031-05-03', name: 'Trực thay' })).status).toBe(200);
  const made = await s.call(me, 'POST', '/test-duty/series', { ...b, repeat: 'DAILY', repeat_until: '2031-05-04' });
  expect([made.status, made.body.data.created, made.body.data.skipped]).toEqual([
    200,
    3,
    [
      {
        from_date: '2031-05-03',
        to_date: '2031-05-03',
        message: expect.stringMatching(/^Post is already booked from 03\/05\/2031 to 03\/05\/2031: Trực thay$/),
      },
    ],
  ]);
  const before = (await s.pool.query('SELECT count(*)::int AS n FROM test_duty')).rows[0].n;
  const refused = await s.call(me, 'POST', '/test-duty/series', {
    ...body({ from_date: '2031-06-29', to_date: '2031-06-29' }),
    repeat: 'DAILY',
    repeat_until: '2031-07-02',
  });
  expect([refused.status, refused.body.errors]).toEqual([400, [{ path: 'from_date', message: 'Value is invalid' }]]);
  expect((await s.pool.query('SELECT count(*)::int AS n FROM test_duty')).rows[0].n).toBe(before);
  // Only taken slots: the whole series is refused.
  const taken = await s.call(me, 'POST', '/test-duty/series', { ...b, repeat: 'DAILY', repeat_until: '2031-05-02' });
  expect([taken.status, taken.body.message]).toEqual([409, 'Every occurrence of the series is already taken']);
});

test('a series declaration is checked: two date or datetime fields in order, a readonly id field, a real cancel status, a sane most', () => {
  const bad = (series: Partial<NonNullable<ResourceDef['series']>>) => () => defineResource({ ...duty, series: { ...duty.series!, ...series } } as ResourceDef);
  expect(bad({ start: 'to_date', end: 'from_date' })).toThrow(/series start and end/);
  expect(bad({ group: 'name' })).toThrow(/series.group must be a readonly text field/);
  expect(bad({ repeat: 'post' })).toThrow(/series.repeat must be a readonly enum/);
  expect(bad({ max: 1 })).toThrow(/series.max/);
  expect(bad({ cancel: 'CANCELLED' })).toThrow(/series.cancel must be a status the workflow moves to/);
});
