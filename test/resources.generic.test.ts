/**
 * The generated suite (ARCHITECTURE §8): CRUD, the list contract, validation, uniqueness, soft delete,
 * activity log, export and import, and permissions — run over every declared resource, from its
 * declaration alone; per commit, the kit's own batteries over a cover of every declared shape (support/shapes.ts).
 */
import ExcelJS from 'exceljs';
import {
  CALENDAR_MAX_DAYS,
  codeParts,
  featureFor,
  listedFields,
  PORTAL_TIME_ZONE,
  requiredOnCreate,
  resourceByName,
  seriesOpenStatuses,
  seriesPaths,
  SYSTEM_COLUMNS,
  wordAlias,
} from '@portal/contracts';
import { allResources, exportFieldsOf, importFieldsOf, testedResources, type ResourceDef } from './support/resources';
import { createSample, sampleBody, sampleValue } from './support/samples';
import { inKitBattery } from './support/shapes';
import { EN, eventually, startTestStack, type Api, type TestStack } from './support/stack';

let s: TestStack;
let admin: Api;
beforeAll(async () => {
  s = await startTestStack();
  admin = s.api(await s.adminToken());
});
afterAll(async () => {
  await s?.close();
});

/** A day shifted by `n` days (YYYY-MM-DD). */
const shiftDay = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
/** The calendar day of a date or datetime value of the resource's field (datetimes: in the company's time zone). */
const calendarDay = (r: ResourceDef, field: string) => (v: unknown) =>
  r.fields[field]!.type === 'datetime' ? new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE }).format(new Date(String(v))) : String(v).slice(0, 10);

const firstOf = (r: ResourceDef, pred: (f: ResourceDef['fields'][string]) => boolean) => Object.entries(r.fields).find(([, f]) => pred(f))?.[0];

async function workbook(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe.each(testedResources.map((r) => [r.name, r] as const))('%s', (_name, r) => {
  // The kit's own batteries (paging, lean lists, order, validation, codes, calendar, Word, 404s) run per commit over the
  // run's cover of every declared shape, and over every resource at the deep depth (support/shapes.ts); the rest is
  // each resource's slim battery: create, update and the activity log, uniqueness (its own indexes), soft delete,
  // export and import.
  const kit = inKitBattery(r);
  test('create, read back, update, and the activity log records both with origin and updated data', async () => {
    const body = await sampleBody(admin, r, 1);
    const created = await admin.post(r.path, body);
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    const row = created.body.data;
    expect(row.state).toBe('ACTIVE');
    for (const [k, v] of Object.entries(body)) if (typeof v !== 'object') expect(row[k]).toEqual(v);
    const got = await admin.get(`${r.path}/${row.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(row.id);

    const field = firstOf(r, (f) => (f.type === 'text' || f.type === 'longText') && !f.readonly)!;
    const upd = await admin.put(`${r.path}/${row.id}`, { [field]: 'Đã cập nhật' });
    expect(upd.status).toBe(200);
    expect(upd.body.data[field]).toBe('Đã cập nhật');

    const log = await eventually(async () => {
      const res = await admin.get(`/activity-log?q=${r.name}:${row.id}`);
      expect(res.body.data.items.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'update']);
      return res.body.data.items;
    });
    const update = log.find((e: { action: string }) => e.action === 'update');
    expect(update.updated_data[field]).toBe('Đã cập nhật');
    expect(update.origin_data[field]).toBe(body[field] ?? null);
  });

  if (kit)
    test('list contract: items, totalRows, page, limit; paging; page or limit below 1 ignored; limit capped', async () => {
      const tag = `pg${Date.now()}`;
      for (let i = 0; i < 3; i++) await createSample(admin, r, 10 + i, { tag });
      const searchField = firstOf(r, (f) => Boolean(f.search) && !f.readonly && ['text', 'longText', 'code', 'email'].includes(f.type));
      const q = searchField ? `&q=${tag}` : '';
      const p1 = await admin.get(`${r.path}?limit=2&page=1${q}`);
      expect(p1.status).toBe(200);
      expect(Object.keys(p1.body.data).sort()).toEqual(
        ['items', 'limit', 'page', ...(r.todayCount ? ['today_count'] : []), ...Object.keys(r.tally ?? {}), 'totalRows'].sort(),
      );
      // Each named count is a whole number no greater than the total.
      for (const k of Object.keys(r.tally ?? {}))
        expect([k, Number.isInteger(p1.body.data[k]) && p1.body.data[k] <= p1.body.data.totalRows]).toEqual([k, true]);
      expect(p1.body.data.items).toHaveLength(2);
      expect(p1.body.data.limit).toBe(2);
      if (searchField) {
        expect(p1.body.data.totalRows).toBe(3);
        const p2 = await admin.get(`${r.path}?limit=2&page=2${q}`);
        expect(p2.body.data.items).toHaveLength(1);
        const ids = new Set([...p1.body.data.items, ...p2.body.data.items].map((x: { id: string }) => x.id));
        expect(ids.size).toBe(3);
      }
      const defaults = await admin.get(`${r.path}?page=0&limit=-5`);
      expect(defaults.body.data.page).toBe(1);
      expect(defaults.body.data.limit).toBe(40);
      const junk = await admin.get(`${r.path}?page=abc&limit=x`);
      expect([junk.body.data.page, junk.body.data.limit]).toEqual([1, 40]);
      const capped = await admin.get(`${r.path}?limit=5000`);
      expect(capped.body.data.limit).toBe(300);
    });

  if (kit)
    test('lean list: the listed fields and their titles by default, more with fields=, every field with fields=*; an unknown field is a 400', async () => {
      const row = await createSample(admin, r, 30);
      const listed = listedFields(r);
      // Every reference carries its title (`__title`), every list of references its titles (`__titles`), whichever service owns them.
      const titled = (names: string[]) =>
        names.flatMap((n) => (r.fields[n]!.type === 'ref' ? [`${n}__title`] : r.fields[n]!.type === 'refs' ? [`${n}__titles`] : []));
      const keysOf = async (query: string) => {
        const res = await admin.get(`${r.path}?limit=300${query}`);
        expect(res.status).toBe(200);
        const item = res.body.data.items.find((x: { id: string }) => x.id === row.id);
        expect(item).toBeDefined();
        return Object.keys(item).sort();
      };
      expect(await keysOf('')).toEqual([...SYSTEM_COLUMNS, ...listed, ...titled(listed)].sort());
      const other = Object.keys(r.fields).find((n) => !listed.includes(n));
      if (other) expect(await keysOf(`&fields=${other}`)).toEqual([...SYSTEM_COLUMNS, ...listed, other, ...titled([...listed, other])].sort());
      expect(await keysOf('&fields=*')).toEqual([...SYSTEM_COLUMNS, ...Object.keys(r.fields), ...titled(Object.keys(r.fields))].sort());
      // Details keep every field.
      expect(Object.keys((await admin.get(`${r.path}/${row.id}`)).body.data)).toEqual(expect.arrayContaining(Object.keys(r.fields)));
      const bad = await admin.get(`${r.path}?fields=password_hash`, { 'accept-language': 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ path: 'fields', message: 'There is no field "password_hash"' });
    });

  if (kit)
    test('order by a sortable field both ways; an unknown order is a 400 with a message', async () => {
      // A resource without a declared sortable field is still ordered by the system columns.
      const sortField =
        firstOf(r, (f) => Boolean(f.sort) && ['text', 'code', 'email'].includes(f.type)) ??
        firstOf(r, (f) => Boolean(f.sort) && ['date', 'int', 'number'].includes(f.type)) ??
        'created_date';
      const asc = await admin.get(`${r.path}?limit=300&order=${sortField}%20asc&fields=${sortField}`);
      const desc = await admin.get(`${r.path}?limit=300&order=${sortField}%20desc&fields=${sortField}`);
      const a = asc.body.data.items.map((x: Record<string, string>) => x[sortField]);
      expect(a.length).toBeGreaterThan(1);
      const d = desc.body.data.items.map((x: Record<string, string>) => x[sortField]);
      if (new Set(a).size === a.length) expect(d).toEqual([...a].reverse());
      else {
        // Ties (a date or number column): the same rows, each direction monotonic.
        const key = (v: unknown) => (typeof v === 'number' ? String(v).padStart(20, '0') : String(v ?? ''));
        expect(a.map(key)).toEqual([...a.map(key)].sort());
        expect(d.map(key)).toEqual([...a.map(key)].sort().reverse());
      }
      const bad = await admin.get(`${r.path}?order=password%20desc`, { 'accept-language': 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ path: 'order', message: 'Cannot sort by "password"' });
    });

  if (kit)
    test('validation: every required field missing is reported by path; bad types are 400; nothing is written', async () => {
      const before = (await admin.get(`${r.path}?limit=1&f_state=ALL`)).body.data.totalRows;
      const empty = await admin.post(r.path, {}, { 'accept-language': 'en' });
      expect(empty.status).toBe(400);
      expect(empty.body.success).toBe(false);
      expect(empty.body.message).toBeTruthy();
      const required = Object.entries(r.fields)
        .filter(([, f]) => requiredOnCreate(f))
        .map(([k]) => k)
        .sort();
      expect(empty.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(required);
      for (const e of empty.body.errors) expect(e.message).toMatch(/required|selection/i);
      const notObject = await admin.post(r.path, [1, 2, 3]);
      expect(notObject.status).toBe(400);
      const tooLong = await sampleBody(admin, r, 2);
      const textField = firstOf(r, (f) => ['text', 'longText'].includes(f.type) && !f.readonly)!;
      tooLong[textField] = 'x'.repeat((r.fields[textField]!.max ?? 1000) + 1);
      const long = await admin.post(r.path, tooLong);
      expect(long.status).toBe(400);
      expect(long.body.errors[0].path).toBe(textField);
      expect((await admin.get(`${r.path}?limit=1&f_state=ALL`)).body.data.totalRows).toBe(before);
    });

  // A readonly unique field is the server's to fill (a generated code: codes.ts numbers it, test/kit covers its uniqueness).
  const uniqueFields = Object.entries(r.fields)
    .filter(([, f]) => f.unique && !f.readonly)
    .map(([k]) => k);
  if (uniqueFields.length)
    test.each(uniqueFields)('a duplicate %s among active records is 409 with a message', async (uniqueField) => {
      const first = await createSample(admin, r, 3);
      const body = await sampleBody(admin, r, 4);
      body[uniqueField] = r.fields[uniqueField]!.type === 'ref' ? first[uniqueField] : String(first[uniqueField]).toUpperCase();
      const dup = await admin.post(r.path, body, { 'accept-language': 'en' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toMatch(/already exists/);
      expect(dup.body.errors[0].path).toBe(uniqueField);
      // Once the first is inactive, the value is free again.
      await admin.del(`${r.path}/${first.id}`);
      expect((await admin.post(r.path, body)).status).toBe(200);
    });

  // A combination holding a code only the server gives (a register number) cannot be duplicated through the API: its
  // index is the database's backstop, checked where the resource is (test/admin/documents.test.ts).
  const writableCombos = (r.unique ?? []).filter((combo) => combo.every((k) => !r.fields[k]!.readonly));
  if (writableCombos.length)
    test.each(writableCombos.map((combo) => [combo.join(' + '), combo] as const))(
      'a duplicate %s among active records is 409 on its last field, named by its label',
      async (_n, combo) => {
        const first = await createSample(admin, r, 6);
        const body = await sampleBody(admin, r, 7);
        for (const k of combo) body[k] = first[k];
        const last = combo[combo.length - 1]!;
        const dup = await admin.post(r.path, body, { 'accept-language': 'en' });
        expect([dup.status, dup.body.errors[0]]).toEqual([409, { path: last, message: `${r.fields[last]!.label.en} already exists` }]);
        await admin.del(`${r.path}/${first.id}`);
        expect((await admin.post(r.path, body)).status).toBe(200);
      },
    );

  const generated = Object.entries(r.fields).filter(([, f]) => f.generate);
  if (kit && generated.length)
    test.each(generated)('a create leaving %s out gets the next code of its pattern', async (name, f) => {
      const body = await sampleBody(admin, r, 8);
      delete body[name];
      const year = new Date().getUTCFullYear();
      const like = new RegExp(
        `^${codeParts(f.generate!.pattern, year)
          .map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('\\d+')}$`,
        'i',
      );
      const a = await admin.post(r.path, body);
      expect(a.status).toBe(200);
      expect(a.body.data[name]).toMatch(like);
    });

  test('DELETE sets INACTIVE: hidden from the default list, listed with f_state=INACTIVE, detail still readable', async () => {
    const row = await createSample(admin, r, 5);
    const del = await admin.del(`${r.path}/${row.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.state).toBe('INACTIVE');
    expect((await admin.get(`${r.path}/${row.id}`)).body.data.state).toBe('INACTIVE');
    const active = await admin.get(`${r.path}?limit=300`);
    expect(active.body.data.items.some((x: { id: string }) => x.id === row.id)).toBe(false);
    const inactive = await admin.get(`${r.path}?limit=300&f_state=INACTIVE`);
    expect(inactive.body.data.items.some((x: { id: string }) => x.id === row.id)).toBe(true);
    expect((await admin.put(`${r.path}/${row.id}`, {})).status).toBe(422);
  });

  if (kit && r.calendar)
    test('calendar: the ACTIVE records overlapping the days asked, by location; bad ranges are 400s with a message', async () => {
      const cal = r.calendar!;
      const row = await createSample(admin, r, 30);
      const day = calendarDay(r, cal.start);
      const [first, last] = [day(row[cal.start]), day(row[cal.end])];
      const ids = async (from: string, to: string, extra = '') => {
        const res = await admin.get(`${r.path}/calendar?from=${from}&to=${to}${extra}`);
        expect([res.status, res.body.data.truncated]).toEqual([200, false]);
        return (res.body.data.items as { id: string }[]).map((x) => x.id);
      };
      expect(await ids(first, first)).toContain(row.id);
      expect(await ids(last, last)).toContain(row.id);
      expect(await ids(shiftDay(first, -10), shiftDay(first, -1))).not.toContain(row.id);
      expect(await ids(shiftDay(last, 1), shiftDay(last, 10))).not.toContain(row.id);
      const items = (await admin.get(`${r.path}/calendar?from=${first}&to=${first}`)).body.data.items as Record<string, unknown>[];
      const event = items.find((x) => x.id === row.id)!;
      for (const f of [cal.start, cal.end, cal.title ?? r.titleField, cal.location, cal.color].filter(Boolean) as string[]) expect(event).toHaveProperty(f);
      if (cal.location && row[cal.location]) {
        expect(await ids(first, first, `&f_${cal.location}=${row[cal.location]}`)).toContain(row.id);
        expect(await ids(first, first, `&f_${cal.location}=0a0b0c0d-1111-4222-8333-444455556666`)).not.toContain(row.id);
      }
      expect((await admin.del(`${r.path}/${row.id}`)).status).toBe(200);
      expect(await ids(first, last)).not.toContain(row.id);
      for (const [query, path] of [
        ['to=2030-01-01', 'from'],
        ['from=2030-01-01&to=31/02/2030', 'to'],
        ['from=2030-02-01&to=2030-01-31', 'to'],
        [`from=2030-01-01&to=${shiftDay('2030-01-01', CALENDAR_MAX_DAYS)}`, 'to'],
      ] as const) {
        const bad = await admin.get(`${r.path}/calendar?${query}`, { 'accept-language': 'en' });
        expect([query, bad.status, bad.body.errors?.[0]?.path]).toEqual([query, 400, path]);
        expect(bad.body.errors[0].message).toBeTruthy();
      }
    });

  const series = r.series;
  if (series) {
    const paths = seriesPaths(r.path);
    /** A start or end as the answers carry it, compared as the same moment or day. */
    const moment = (v: unknown) => (r.fields[series.start]!.type === 'date' ? String(v).slice(0, 10) : new Date(String(v)).toISOString());
    /** A sample's body repeated daily for three days (the sample's start a week or more ahead). */
    const seriesBody = async (n: number): Promise<Record<string, unknown>> => {
      const body = await sampleBody(admin, r, n);
      return { ...body, repeat: 'DAILY', repeat_until: shiftDay(calendarDay(r, series.start)(body[series.start]), 2) };
    };
    const reread = async (ids: string[]) => Promise.all(ids.map(async (id) => (await admin.get(`${r.path}/${id}`)).body.data as Record<string, unknown>));

    test(`series: previewed, made under one ${series.group}, the rest edited and cancelled from the second occurrence; bad series are 400s`, async () => {
      const body = await seriesBody(51);
      const preview = await admin.post(paths.preview, body, EN);
      expect([preview.status, preview.body.data?.free, preview.body.data?.taken]).toEqual([200, 3, 0]);
      const starts = preview.body.data.items.map((o: Record<string, unknown>) => moment(o[series.start]));
      expect(starts[0]).toBe(moment(body[series.start]));
      const made = await admin.post(paths.create, body, EN);
      expect([made.status, made.body.data?.created, made.body.data?.skipped]).toEqual([200, 3, []]);
      const group = made.body.data[series.group];
      const items = made.body.data.items as Record<string, unknown>[];
      expect(items.map((x) => [x[series.group], moment(x[series.start])])).toEqual(starts.map((at: string) => [group, at]));
      if (series.repeat) expect(items.map((x) => x[series.repeat!])).toEqual(['DAILY', 'DAILY', 'DAILY']);
      // Its slots are now held: the same series is all taken, and refused whole.
      if (r.exclusive?.length) {
        expect((await admin.post(paths.preview, body)).body.data.taken).toBe(3);
        expect((await admin.post(paths.create, body, EN)).status).toBe(409);
      }
      const ids = items.map((x) => String(x.id));
      const field = firstOf(r, (f) => (f.type === 'text' || f.type === 'longText') && !f.readonly)!;
      const edited = await admin.put(paths.update, { id: ids[1], [field]: 'Đổi cả chuỗi' }, EN);
      expect([edited.status, edited.body.data?.updated]).toEqual([200, 2]);
      expect((await reread(ids)).map((x) => x[field])).toEqual([items[0]![field], 'Đổi cả chuỗi', 'Đổi cả chuỗi']);
      const cancelled = await admin.post(paths.cancel, { id: ids[1], note: 'Hủy phần còn lại' }, EN);
      expect([cancelled.status, cancelled.body.data?.cancelled]).toEqual([200, 2]);
      const after = await reread(ids);
      if (series.cancel) {
        const status = r.workflow!.field;
        expect(after.map((x) => x[status])).toEqual([items[0]![status], series.cancel, series.cancel]);
        expect(seriesOpenStatuses(series, r.workflow)).toContain(items[0]![status]);
      } else expect(after.map((x) => x.state)).toEqual(['ACTIVE', 'INACTIVE', 'INACTIVE']);
      // From an occurrence already cancelled, or a record made on its own: a 422 saying why, nothing changed.
      const closed = await admin.post(paths.cancel, { id: ids[1] }, EN);
      expect([closed.status, closed.body.message]).toEqual([
        422,
        `This ${r.label.en.charAt(0).toLowerCase()}${r.label.en.slice(1)} has ended or was cancelled`,
      ]);
      const single = await createSample(admin, r, 52);
      const none = await admin.put(paths.update, { id: single.id, [field]: 'Không phải chuỗi' }, EN);
      expect([none.status, none.body.message]).toEqual([
        422,
        `This ${r.label.en.charAt(0).toLowerCase()}${r.label.en.slice(1)} is not part of a repeating series`,
      ]);
      expect(await reread(ids)).toEqual(after);
      // Bad series: no end, an end before the start, more than the declared most, an unknown repeat, a bad id.
      const noEnd = await admin.post(paths.preview, { ...body, repeat_until: undefined }, EN);
      expect([noEnd.status, noEnd.body.errors]).toEqual([400, [{ path: 'repeat_until', message: 'Please choose when the repetition ends' }]]);
      const before = await admin.post(paths.create, { ...body, repeat_until: shiftDay(calendarDay(r, series.start)(body[series.start]), -1) }, EN);
      expect([before.status, before.body.errors?.[0]?.path]).toEqual([400, 'repeat_until']);
      const long = await admin.post(paths.preview, { ...body, repeat_until: shiftDay(calendarDay(r, series.start)(body[series.start]), series.max) }, EN);
      expect([long.status, long.body.errors]).toEqual([400, [{ path: 'repeat_until', message: `The series is too long: ${series.max} occurrences at most` }]]);
      expect((await admin.post(paths.preview, { ...body, repeat: 'YEARLY' }, EN)).body.errors).toEqual([{ path: 'repeat', message: 'Value is invalid' }]);
      expect((await admin.post(paths.cancel, { id: 'not-an-id' }, EN)).body.errors).toEqual([{ path: 'id', message: 'Value is invalid' }]);
      expect((await s.api().post(paths.preview, body)).status).toBe(401);
    });

    test('series: a reader without the add right previews a series but cannot make one, nor edit or cancel the rest of one (403), nothing changed', async () => {
      const code = `SERIES_READER_${r.table}`.toUpperCase();
      const role = await admin.post('/role', {
        code,
        name: code,
        staff_scope: 'VIEW_ALL',
        project_scope: 'VIEW_ALL',
        permissions: [{ feature: featureFor(r, 'view'), actions: ['view'] }],
      });
      expect(role.status).toBe(200);
      const username = code.toLowerCase();
      const user = await admin.post('/user', { username, email: `${username.replace(/_/g, '.')}@example.com`, full_name: code, role_ids: [role.body.data.id] });
      expect(user.status).toBe(200);
      expect((await admin.post(`/user/${user.body.data.id}/password`, { password: 'Reader@2026' })).status).toBe(200);
      const reader = s.api((await s.signIn(username, 'Reader@2026')).accessToken);
      const body = await seriesBody(53);
      expect((await reader.post(paths.preview, body)).status).toBe(200);
      const made = await admin.post(paths.create, body);
      expect(made.status).toBe(200);
      const ids = (made.body.data.items as { id: string }[]).map((x) => x.id);
      const before = await reread(ids);
      for (const [method, path, payload] of [
        ['POST', paths.create, body],
        ['PUT', paths.update, { id: ids[0], [firstOf(r, (f) => f.type === 'text' && !f.readonly)!]: 'Không được đổi' }],
        ['POST', paths.cancel, { id: ids[0] }],
      ] as const) {
        const denied = method === 'PUT' ? await reader.put(path, payload, EN) : await reader.post(path, payload, EN);
        expect([method, path, denied.status]).toEqual([method, path, 403]);
        expect(denied.body.message).toMatch(/not authorized/i);
      }
      expect(await reread(ids)).toEqual(before);
    });
  }

  const computed = Object.entries(r.fields).filter(([, f]) => f.computed);
  if (computed.length)
    test.each(computed)(
      "the computed %s is the database's: a value sent for it is ignored, the row holds its expression; lists order by it",
      async (name, f) => {
        const body = await sampleBody(admin, r, 54);
        const made = await admin.post(r.path, { ...body, [name]: sampleValue(name, { ...f, computed: undefined, readonly: false }, 54, 'c') });
        expect(made.status).toBe(200);
        const {
          rows: [row],
        } = await s.services[r.domain]!.pool.query(`SELECT ${f.computed!.sql} AS v FROM ${r.table} WHERE id = $1`, [made.body.data.id]);
        expect(made.body.data[name]).toEqual(row.v);
        if (f.sort) for (const dir of ['asc', 'desc']) expect((await admin.get(`${r.path}?order=${name}%20${dir}&fields=${name}`)).status).toBe(200);
      },
    );

  const aliased = Object.entries(r.fields).filter(([, f]) => f.filterAlias);
  if (aliased.length)
    test.each(aliased)('the list filter f_%s answers at its spec name too (filterAlias), a bad value a 400 on that name', async (name, f) => {
      // Another record, which the filter leaves out.
      await createSample(admin, r, 32);
      const target =
        f.type === 'ref' || f.type === 'refs' ? (await createSample(admin, resourceByName.get(f.ref!)!, 33, { referenced: true, values: f.where })).id : null;
      const body = await sampleBody(admin, r, 33, target ? { refs: { [name]: target } } : {});
      if (!target) body[name] = sampleValue(name, f, 33, 'fa');
      const created = await admin.post(r.path, body);
      expect(created.status).toBe(200);
      const value = String(target ?? body[name]);
      const ids = async (query: string) => {
        const res = await admin.get(`${r.path}?limit=300&${query}`);
        expect([query, res.status]).toEqual([query, 200]);
        return (res.body.data.items as { id: string }[]).map((x) => x.id).sort();
      };
      const byAlias = await ids(`${f.filterAlias}=${encodeURIComponent(value)}`);
      expect(byAlias).toContain(created.body.data.id);
      expect(byAlias).toEqual(await ids(`f_${name}=${encodeURIComponent(value)}`));
      expect((await ids('')).length).toBeGreaterThan(byAlias.length);
      if (target) {
        expect(await ids(`${f.filterAlias}=0a0b0c0d-1111-4222-8333-444455556666`)).toEqual([]);
        const bad = await admin.get(`${r.path}?${f.filterAlias}=not-an-id`, { 'accept-language': 'en' });
        expect([bad.status, bad.body.errors]).toEqual([400, [{ path: f.filterAlias, message: 'Value is invalid' }]]);
      }
    });

  const wordPath = wordAlias(r);
  if (kit && wordPath)
    test(`the Word export at the spec's path too (word.alias: ${wordPath}/:id)`, async () => {
      const row = await createSample(admin, r, 34);
      const own = await admin.get(`${r.path}/${row.id}/word`);
      const alias = await admin.get(`${wordPath}/${row.id}`);
      expect([alias.status, alias.headers.get('content-type'), alias.headers.get('content-disposition')]).toEqual([
        200,
        own.headers.get('content-type'),
        own.headers.get('content-disposition'),
      ]);
      expect(alias.buffer!.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(alias.buffer!.length).toBeGreaterThan(1000);
      expect((await admin.get(`${wordPath}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await s.api().get(`${wordPath}/${row.id}`)).status).toBe(401);
    });

  if (kit)
    test('unknown or malformed ids are 404 with a message', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'%20OR%20'1'='1"]) {
        const res = await admin.get(`${r.path}/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBeTruthy();
      }
    });

  test('export streams an xlsx with Vietnamese column headers and the listed rows', async () => {
    const row = await createSample(admin, r, 6);
    const res = await admin.get(`${r.path}/export?fileName=danh-sach.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('danh-sach.xlsx');
    const ws = await workbook(res.buffer!);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(exportFieldsOf(r).map(([, f]) => f.label.vi));
    const titleCol = exportFieldsOf(r).findIndex(([k]) => k === r.titleField) + 1;
    const titles: unknown[] = [];
    ws.eachRow((rw, i) => {
      if (i > 1) titles.push(rw.getCell(titleCol).value);
    });
    // A reference as its title shows it: the referenced record's name, never its id.
    const tf = r.fields[r.titleField]!;
    // A reference by its title, an enum by its Vietnamese label (an alert setting is named by its kind), else the value.
    const expected =
      tf.type === 'ref'
        ? (await admin.get(`${r.path}/${row.id}`)).body.data[`${r.titleField}__title`]
        : tf.type === 'enum'
          ? (tf.valueLabels?.[String(row[r.titleField])]?.vi ?? row[r.titleField])
          : row[r.titleField];
    expect(expected).toBeTruthy();
    expect(titles).toContain(expected);
    // No cell shows a raw id: references by their titles, grouping ids left out.
    const ids: string[] = [];
    ws.eachRow((rw, i) => {
      if (i > 1)
        rw.eachCell((c) => {
          if (/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(String(c.value)))
            ids.push(`${String(headers[Number(c.col) - 1])}: ${String(c.value)}`);
        });
    });
    expect(ids).toEqual([]);
  });

  test('import: template; a bad row rejects the whole file with row/column errors; re-import updates', async () => {
    const tpl = await admin.get(`${r.path}/import-template`);
    expect(tpl.status).toBe(200);
    const tplSheet = await workbook(tpl.buffer!);
    const headers = (tplSheet.getRow(1).values as string[]).slice(1);
    expect(headers.length).toBe(importFieldsOf(r).length);

    const good = [await sampleBody(admin, r, 7), await sampleBody(admin, r, 8)];
    const build = async (rows: Record<string, unknown>[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(headers);
      for (const b of rows)
        ws.addRow(importFieldsOf(r).map(([k, f]) => (Array.isArray(b[k]) ? (b[k] as string[]).join(',') : f.type === 'json' ? null : (b[k] ?? null))));
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (buf: Buffer, name = 'import.xlsx') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(buf)]), name);
      return admin.raw('POST', `${r.path}/import`, { body: form, headers: { 'accept-language': 'en' } });
    };
    const count = async () => (await admin.get(`${r.path}?limit=1&f_state=ALL`)).body.data.totalRows;
    const before = await count();
    // Blank a required cell: a text one if the resource has one, else any required value that is not a reference.
    // (A resource whose only required cells are references — a handover's line: its handover and asset — blanks one of those.)
    const requiredCell = (firstOf(r, (f) => requiredOnCreate(f) && ['text', 'longText', 'code'].includes(f.type)) ??
      firstOf(r, (f) => requiredOnCreate(f) && !['ref', 'refs', 'bool'].includes(f.type)) ??
      firstOf(r, (f) => requiredOnCreate(f)))!;
    const bad = await upload(await build([good[0]!, { ...good[1]!, [requiredCell]: null }]));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThan(0);
    expect(bad.body.errors[0].path).toMatch(/^row 3: /);
    expect(await count()).toBe(before);

    const wrongType = await upload(Buffer.from('not a workbook'), 'import.xlsx');
    expect(wrongType.status).toBe(415);

    const ok = await upload(await build(good));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ total: 2, created: 2, updated: 0 });
    expect(await count()).toBe(before + 2);
    if (r.importKey) {
      const again = await upload(await build(good));
      expect(again.body.data).toMatchObject({ total: 2, created: 0, updated: 2 });
      expect(await count()).toBe(before + 2);
    }
  });
});

describe('permissions on every generated route', () => {
  test("a signed-in user whose roles lack the feature gets 403 on all eight routes of every resource (a resource of everyone's own rows: 404, none of the rows are theirs); anonymous gets 401", async () => {
    const role = await admin.post('/role', { code: 'NOTHING', name: 'No rights', staff_scope: 'VIEW_ALL', project_scope: 'VIEW_ALL', permissions: [] });
    const user = await admin.post('/user', { username: 'norights', email: 'norights@example.com', full_name: 'No Rights', role_ids: [role.body.data.id] });
    expect((await admin.post(`/user/${user.body.data.id}/password`, { password: 'NoRights@2026' })).status).toBe(200);
    const nobody = s.api((await s.signIn('norights', 'NoRights@2026')).accessToken);
    const anonymous = s.api();
    for (const r of allResources.filter((x) => !x.projection)) {
      const sample = await createSample(admin, r, 20);
      const calls: [string, string][] = [
        ['GET', r.path],
        ['GET', `${r.path}/${sample.id}`],
        ['GET', `${r.path}/export`],
        ['GET', `${r.path}/import-template`],
        ['POST', r.path],
        ['POST', `${r.path}/import`],
        ['PUT', `${r.path}/${sample.id}`],
        ['DELETE', `${r.path}/${sample.id}`],
      ];
      for (const [method, path] of calls) {
        const denied = await nobody.raw(
          method,
          path,
          method === 'GET' || method === 'DELETE'
            ? { headers: { 'accept-language': 'en' } }
            : { body: '{}', headers: { 'content-type': 'application/json', 'accept-language': 'en' } },
        );
        if (r.access === 'own') {
          // Open to every signed-in user, on their own rows only: the admin's row is not there for them.
          if (path.includes(sample.id)) expect([method, path, denied.status]).toEqual([method, path, 404]);
          else if (method === 'GET' && path === r.path) expect([denied.status, denied.body.data.items]).toEqual([200, []]);
          else
            expect([method, path, denied.status >= 200 && denied.status < 500 && denied.status !== 403 && denied.status !== 401]).toEqual([method, path, true]);
        } else {
          expect([method, path, denied.status]).toEqual([method, path, 403]);
          if (denied.body) expect(denied.body.message).toMatch(/not authorized/i);
        }
        expect((await anonymous.raw(method, path)).status).toBe(401);
      }
      expect((await admin.get(`${r.path}/${sample.id}`)).body.data.state).toBe('ACTIVE');
    }
  });
});
