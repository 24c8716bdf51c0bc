/**
 * Every resource declaring a `deadline` (contracts kit/deadline.ts), through its service's own sweep on the demo company:
 * a reminder ahead and the overdue notice are each queued once, however many sweeps run at once (as instances would)
 * and however often they run again; the overdue record is flagged; a new due moment clears the flag through the kit.
 */
import { allResources, notificationRequestedSubject, PORTAL_TIME_ZONE, type CallerContext, type ResourceDef } from '@portal/contracts';
import { sweepDeadline, withTx } from '@portal/service-kit';
import { demoIds, signInDemo } from '../support/demo-company';
import { createSample } from '../support/samples';
import { startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);
const declaring = allResources.filter((r) => r.deadline);
let s: TestStack;
let ids: Record<string, string>;
let adminToken: string;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  adminToken = (await signInDemo(s)).admin;
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

test('the suite has declarations to run over', () => {
  expect(declaring.map((r) => r.name)).toContain('ticket');
});

describe.each(declaring.map((r) => [r.name, r] as const))('%s', (_name, r: ResourceDef) => {
  const d = r.deadline!;
  const service = () => s.services[r.domain]!;
  /** The notices queued about the record, and whether they say it is late. */
  const notices = async (id: string) =>
    (
      await service().pool.query<{ late: boolean }>(
        `SELECT (payload->'title'->>'en') LIKE '%overdue%' AS late FROM outbox WHERE subject = $1 AND payload->>'context' = $2`,
        [notificationRequestedSubject(r.domain), `${r.name}:${id}`],
      )
    ).rows;
  const sweeps = (n: number) => Promise.all(Array.from({ length: n }, () => sweepDeadline(service().kit!, r, new Date())));
  const setDue = (id: string, sql: string) => {
    const due = r.fields[d.field]!.type === 'date' ? `(${sql})::date` : sql;
    return service().pool.query(`UPDATE ${r.table} SET ${d.field} = ${due} WHERE id = $1`, [id]);
  };

  test('a reminder ahead and the overdue notice, each once across sweeps at once and again; the flag set, then cleared by a new due moment', async () => {
    const row = await createSample(s.api(adminToken), r, 1);
    // Its people: the engineer, on every field that names whom to tell; still open; due in the week.
    const people = Object.fromEntries(d.notify.map((k) => [k, r.fields[k]!.type === 'refs' ? [ids['engineer:staff']] : ids['engineer:staff']]));
    const sets = Object.keys(people).map((k, i) => `${k} = $${i + 2}`);
    if (d.open) sets.push(`${d.open.field} = '${d.open.values[0]}'`);
    await service().pool.query(`UPDATE ${r.table} SET ${sets.join(', ')}, ${d.flag} = false WHERE id = $1`, [row.id, ...Object.values(people)]);
    await setDue(row.id, `now() + interval '8 days'`);
    await sweeps(3);
    expect(await notices(row.id)).toEqual([]);

    const hours = d.remindBefore?.[0];
    if (hours) {
      // Within the reminder's hours ahead: a datetime half an hour inside them; a date — due at the end of its day,
      // company time — the day whose end is at most that far (`now() + hours - 30 min` cast to a UTC date missed the
      // window before 17:00 UTC for a reminder a day ahead).
      await setDue(
        row.id,
        r.fields[d.field]!.type === 'date'
          ? `(now() AT TIME ZONE '${PORTAL_TIME_ZONE}')::date + ${Math.max(0, Math.floor(hours / 24) - 1)}`
          : `now() + make_interval(hours => ${Math.max(1, hours - 1)}) + interval '30 minutes'`,
      );
      await sweeps(6);
      await sweeps(1);
      expect(await notices(row.id)).toEqual([{ late: false }]);
    }

    await setDue(row.id, `now() - interval '2 days'`);
    await sweeps(6);
    await sweeps(1);
    const told = await notices(row.id);
    expect(told.filter((n) => n.late)).toHaveLength(1);
    expect(told).toHaveLength(hours ? 2 : 1);
    const flagged = await service().pool.query(`SELECT ${d.flag} AS flag FROM ${r.table} WHERE id = $1`, [row.id]);
    expect(flagged.rows[0].flag).toBe(true);

    // A new due moment written through the kit (as any edit is) clears the flag.
    const { rows: admins } = await s.services.system!.pool.query<{ id: string }>('SELECT id FROM app_user WHERE is_admin ORDER BY created_date LIMIT 1');
    const ctx: CallerContext = {
      userId: admins[0]!.id,
      sessionId: '00000000-0000-0000-0000-000000000000',
      staffId: null,
      departmentId: null,
      roleIds: [],
      name: 'test',
      lang: 'en',
      isAdmin: true,
      ability: [{ action: 'manage', subject: 'all' }],
      staffScope: { type: 'VIEW_ALL', departmentIds: null },
      projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
      ip: '127.0.0.1',
      userAgent: 'test',
    };
    const due = r.fields[d.field]!.type === 'date' ? '2099-12-31' : '2099-12-31T10:00:00.000Z';
    await withTx(service().pool, (tx) =>
      service()
        .kit!.repo(r)
        .updateIn(tx, row.id, { [d.field]: due }, ctx, 'update', { workflow: true }),
    );
    const cleared = await service().pool.query(`SELECT ${d.flag} AS flag FROM ${r.table} WHERE id = $1`, [row.id]);
    expect(cleared.rows[0].flag).toBe(false);
  });
});
