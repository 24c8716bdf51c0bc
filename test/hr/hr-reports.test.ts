/**
 * HR reports (contracts hr/report-routes.ts) through the gateway on a fresh company built through the API: head count
 * (on a date too), contract types and expiring contracts, approved leave days by month and type, the recruitment
 * funnel; each number checked exactly, for the administrator and for a VIEW_RELATED_DEPARTMENT user (only their
 * department subtree); 403 without the report right; 400 for bad parameters.
 */
import { companyDay } from '../support/demo-company';
import { startTestStack, type Api, type TestStack } from '../support/stack';

jest.setTimeout(120_000);
const PASSWORD = 'Report@2026';

let s: TestStack;
let admin: Api;
let scoped: Api;
let noReport: Api;
let staffOnly: Api;
const org: Record<string, string> = {};
const staffIds: Record<string, string> = {};
const req: Record<string, string> = {};

/** YYYY-MM-DD, `days` from today (UTC, as the service counts). */
// Days of the company's calendar (Asia/Ho_Chi_Minh), as the reports read "today" by the service's clock.
const day = (days: number) => companyDay(days);
const THIS_YEAR = day(0).slice(0, 4);

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function roleUser(
  code: string,
  scope: string,
  permissions: { feature: string; actions: string[] }[],
  staffId?: string,
): Promise<{ api: Api; userId: string }> {
  const role = await ok(admin.post('/role', { code, name: code, staff_scope: scope, project_scope: 'VIEW_ALL', permissions }), `role ${code}`);
  const username = code.toLowerCase();
  const user = await ok(
    admin.post('/user', { username, email: `${username}@example.com`, full_name: code, role_ids: [role.id], ...(staffId ? { staff_id: staffId } : {}) }),
    `user ${code}`,
  );
  await ok(admin.post(`/user/${user.id}/password`, { password: PASSWORD }), 'password');
  return { api: s.api((await s.signIn(username, PASSWORD)).accessToken), userId: user.id };
}

/**
 * A candidate in a given status. Statuses move through the recruitment workflow (built elsewhere, not this report's
 * business): the candidate is created through the API, its status (and the request's department, if the workflow does
 * not copy it yet) set in the database. Should the API refuse the bare create, the row is inserted directly.
 */
async function candidateIn(recruitmentId: string, status: string, n: number): Promise<string> {
  const pool = s.services.hr!.pool;
  const res = await admin.post('/candidate', { full_name: `Ứng viên ${n}`, email: `candidate${n}@example.com`, recruitment_id: recruitmentId });
  const id: string =
    res.status === 200
      ? res.body.data.id
      : (
          await pool.query(`INSERT INTO candidate (full_name, email, recruitment_id) VALUES ($1, $2, $3) RETURNING id`, [
            `Ứng viên ${n}`,
            `candidate${n}@example.com`,
            recruitmentId,
          ])
        ).rows[0].id;
  await pool.query(
    `UPDATE candidate c SET status = $2, department_id = coalesce(c.department_id, r.department_id) FROM recruitment r WHERE c.id = $1 AND r.id = c.recruitment_id`,
    [id, status],
  );
  return id;
}

beforeAll(async () => {
  s = await startTestStack();
  admin = s.api(await s.adminToken());
  // Two units; D1 with a sub-department D1A, D2 under U1; D3 under U2.
  for (const [code, type, parent] of [
    ['U1', 'UNIT', null],
    ['D1', 'DEPARTMENT', 'U1'],
    ['D1A', 'DEPARTMENT', 'D1'],
    ['D2', 'DEPARTMENT', 'U1'],
    ['U2', 'UNIT', null],
    ['D3', 'DEPARTMENT', 'U2'],
  ] as const) {
    org[code] = (await ok(admin.post('/organization', { code, name: `Org ${code}`, type, parent_id: parent ? org[parent] : null }), `org ${code}`)).id;
  }
  const position = (await ok(admin.post('/position', { code: 'KS', name: 'Kỹ sư' }), 'position')).id;
  const STAFF: [key: string, dept: string, status: string, entry: string][] = [
    ['s1', 'D1', 'OFFICIAL', '2020-01-01'],
    ['s2', 'D1', 'PROBATION', '2020-01-01'],
    ['s3', 'D1A', 'OFFICIAL', '2020-01-01'],
    ['s4', 'D2', 'OFFICIAL', '2020-01-01'],
    ['s5', 'D3', 'LEAVE', '2020-01-01'],
    ['s6', 'D3', 'OFFICIAL', day(10)],
    ['s7', 'D2', 'OFFICIAL', '2020-01-01'],
    ['s8', 'D1', 'OFFICIAL', '2020-01-01'],
  ];
  for (const [key, dept, status, entry_date] of STAFF) {
    const unit = dept === 'D3' ? 'U2' : 'U1';
    staffIds[key] = (
      await ok(
        admin.post('/staff', {
          code: key.toUpperCase(),
          full_name: `Nhân viên ${key}`,
          department_id: org[dept],
          unit_id: org[unit],
          position_id: position,
          status,
          entry_date,
        }),
        `staff ${key}`,
      )
    ).id;
  }
  // s2 became official on 1 July 2025; s7 quit on 1 June 2025; s8 was a record created by mistake.
  await ok(admin.post('/staff-status', { staff_id: staffIds.s2, status: 'OFFICIAL', effective_date: '2025-07-01' }), 'official');
  await ok(admin.post('/staff-status', { staff_id: staffIds.s7, status: 'QUIT', effective_date: '2025-06-01' }), 'quit');

  // Labor contracts (today T): in force s1 (1, open), s2 (3, ends T+10), s3 (2, ends T+45), s4 (2, ends T+200);
  // not counted: s4 expired, s5 ended T-5 still marked effective (overdue), s5 annex, s8's (deleted staff).
  const CONTRACTS: [staff: string, type: number, status: number, start: string, end: string | null, doc?: string][] = [
    ['s1', 1, 1, '2020-01-01', null],
    ['s2', 3, 1, day(-20), day(10)],
    ['s3', 2, 1, '2024-01-01', day(45)],
    ['s4', 2, 1, '2023-01-01', day(200)],
    ['s4', 2, 2, '2021-01-01', day(-100)],
    ['s5', 2, 1, '2022-01-01', day(-5)],
    ['s5', 2, 1, '2022-01-01', null, 'CONTRACT_ANNEX'],
    ['s8', 1, 1, '2020-01-01', null],
  ];
  for (const [i, [st, type, status, start_date, end_date, document_type]] of CONTRACTS.entries()) {
    await ok(
      admin.post('/labor-contract', {
        staff_id: staffIds[st],
        code: `HD${i}`,
        name: `Hợp đồng ${i}`,
        type,
        status,
        start_date,
        end_date,
        document_type: document_type ?? 'CONTRACT',
      }),
      `contract ${i}`,
    );
  }
  await ok(admin.del(`/staff/${staffIds.s8}`), 'delete s8');

  // A VIEW_RELATED_DEPARTMENT user on s1 (D1: sees D1 and D1A); a leave approver; a user without the report right.
  const reviewer = await roleUser('REVIEWER', 'VIEW_ALL', [{ feature: 'leave', actions: ['view', 'approve'] }]);
  scoped = (
    await roleUser(
      'HEAD_D1',
      'VIEW_RELATED_DEPARTMENT',
      [
        { feature: 'report', actions: ['view'] },
        { feature: 'staff', actions: ['view'] },
        { feature: 'leave', actions: ['view'] },
        { feature: 'recruitment', actions: ['view'] },
      ],
      staffIds.s1,
    )
  ).api;
  staffOnly = (
    await roleUser('REPORT_STAFF', 'VIEW_ALL', [
      { feature: 'report', actions: ['view'] },
      { feature: 'staff', actions: ['view'] },
    ])
  ).api;
  noReport = (
    await roleUser('NOREPORT', 'VIEW_ALL', [
      { feature: 'staff', actions: ['view'] },
      { feature: 'leave', actions: ['view'] },
    ])
  ).api;

  // Leave in 2025 with a holiday on Tuesday 11 March.
  await ok(admin.post('/holiday', { name: 'Lễ thử', from_date: '2025-03-11', to_date: '2025-03-11' }), 'holiday');
  const types: Record<string, string> = {};
  for (const code of ['SICK', 'UNPAID'])
    types[code] = (
      await ok(admin.post('/leave-type', { code, name: code === 'SICK' ? 'Nghỉ ốm' : 'Nghỉ không lương', paid: code === 'SICK', annual: false }), code)
    ).id;
  const LEAVE: [staff: string, type: string, from: string, to: string, approve: boolean][] = [
    ['s1', 'SICK', '2025-01-30', '2025-02-04', true], // Thu–Tue: 2 days in January, 2 in February
    ['s4', 'UNPAID', '2024-12-30', '2025-01-02', true], // 2 days in December 2024, 2 in January 2025
    ['s3', 'SICK', '2025-03-10', '2025-03-12', true], // 3 weekdays, one a holiday: 2
    ['s2', 'SICK', '2025-04-07', '2025-04-08', false], // submitted, not approved: not counted
    ['s5', 'SICK', '2025-05-05', '2025-05-09', true], // 5
  ];
  for (const [st, type, from_date, to_date, approve] of LEAVE) {
    const leave = await ok(
      admin.post('/staff-leave', { staff_id: staffIds[st], leave_type_id: types[type], from_date, to_date, reason: 'Báo cáo' }),
      `leave ${st}`,
    );
    await ok(admin.post(`/staff-leave/${leave.id}/submit`, { description: 'x', approver_ids: [reviewer.userId] }), 'submit');
    if (approve) await ok(reviewer.api.post(`/staff-leave/${leave.id}/approve`, { description: 'ok' }), 'approve');
  }

  // Recruitment: R1 (D1, 3 people), R2 (D3, 2), R3 (D2, 5, cancelled).
  for (const [key, dept, quantity] of [
    ['R1', 'D1', 3],
    ['R2', 'D3', 2],
    ['R3', 'D2', 5],
  ] as const) {
    req[key] = (
      await ok(
        admin.post('/recruitment', { code: key, name: `Tuyển ${key}`, department_id: org[dept], position_id: position, quantity, reason: 'Mở rộng' }),
        `recruitment ${key}`,
      )
    ).id;
  }
  await s.services.hr!.pool.query(`UPDATE recruitment SET status = 'CANCELLED' WHERE id = $1`, [req.R3]);
  let n = 0;
  for (const st of ['PENDING', 'INTERVIEWING', 'SUCCESS', 'HIRED']) await candidateIn(req.R1!, st, ++n);
  const rejected = await candidateIn(req.R1!, 'COMPANY_CANCELLED', ++n);
  for (const st of ['APPROVED', 'HIRED', 'CANDIDATE_CANCELLED']) await candidateIn(req.R2!, st, ++n);
  // The rejected candidate was interviewed first: they reached the interview stage.
  const interview = await admin.post('/candidate-interview', { candidate_id: rejected, kind: 'HR', scheduled_at: `${day(-3)}T09:00:00Z` });
  if (interview.status !== 200)
    await s.services.hr!.pool.query(`INSERT INTO candidate_interview (candidate_id, kind, scheduled_at) VALUES ($1, 'HR', now())`, [rejected]);
});
afterAll(async () => {
  await s?.close();
});

const get = async (api: Api, path: string) => ok(api.get(`/hr-report/${path}`), path);

describe('head count', () => {
  test('today: employed staff by status, unit and department (future entries, quit, deleted left out)', async () => {
    const r = await get(admin, 'head-count');
    expect(r.date).toBe(day(0));
    expect(r.total).toBe(5);
    expect(r.byStatus).toEqual([
      { status: 'OFFICIAL', count: 4 },
      { status: 'LEAVE', count: 1 },
    ]);
    expect(r.byUnit).toEqual([
      { id: org.U1, name: 'Org U1', count: 4 },
      { id: org.U2, name: 'Org U2', count: 1 },
    ]);
    const dept = Object.fromEntries(r.byDepartment.map((d: any) => [d.name, [d.count, d.unit_id]]));
    expect(dept).toEqual({ 'Org D1': [2, org.U1], 'Org D1A': [1, org.U1], 'Org D2': [1, org.U1], 'Org D3': [1, org.U2] });
    expect(r.rows).toHaveLength(4);
  });

  test('on a date: who was employed then, with the status they had then (status changes read back)', async () => {
    const before = await get(admin, 'head-count?date=31/05/2025');
    expect(before.date).toBe('2025-05-31');
    expect(before.total).toBe(6); // s7 had not quit yet
    expect(Object.fromEntries(before.byStatus.map((x: any) => [x.status, x.count]))).toEqual({ OFFICIAL: 4, PROBATION: 1, LEAVE: 1 }); // s2 on probation until July
    expect((await get(admin, 'head-count?date=2025-06-01')).total).toBe(5);
    expect((await get(admin, 'head-count?date=2019-12-31')).total).toBe(0);
    expect((await get(admin, `head-count?date=${day(10)}`)).total).toBe(6); // s6 has started
  });

  test('organization filter: the unit or department and everything under it', async () => {
    expect((await get(admin, `head-count?organization_id=${org.D1}`)).total).toBe(3);
    expect((await get(admin, `head-count?organization_id=${org.U2}`)).total).toBe(1);
    expect((await get(admin, `head-count?organization_id=${org.D2}`)).total).toBe(1);
  });

  test('scope: the department head sees their department subtree only', async () => {
    const r = await get(scoped, 'head-count');
    expect(r.total).toBe(3);
    expect(r.byStatus).toEqual([{ status: 'OFFICIAL', count: 3 }]);
    expect(r.byDepartment.map((d: any) => d.id).sort()).toEqual([org.D1, org.D1A].sort());
    expect((await get(scoped, `head-count?organization_id=${org.U2}`)).total).toBe(0);
  });
});

describe('contract types', () => {
  test('effective contracts by type; ending in 30 and 60 days; overdue; the soonest listed', async () => {
    const r = await get(admin, 'contract-types');
    expect(r.total).toBe(4);
    expect(r.byType).toEqual([
      { type: 1, count: 1 },
      { type: 2, count: 2 },
      { type: 3, count: 1 },
      { type: 4, count: 0 },
    ]);
    expect(r.expiring).toEqual({ within30: 1, within60: 2 });
    expect(r.overdue).toBe(1);
    expect(r.expiringSoon.map((c: any) => [c.staff_id, c.end_date, c.days_left, c.type, c.department_name])).toEqual([
      [staffIds.s2, day(10), 10, 3, 'Org D1'],
      [staffIds.s3, day(45), 45, 2, 'Org D1A'],
    ]);
  });

  test('scope and filter', async () => {
    const mine = await get(scoped, 'contract-types');
    expect([mine.total, mine.byType.map((x: any) => x.count), mine.expiring, mine.overdue]).toEqual([3, [1, 1, 1, 0], { within30: 1, within60: 2 }, 0]);
    const u2 = await get(admin, `contract-types?organization_id=${org.U2}`);
    expect([u2.total, u2.overdue, u2.expiringSoon]).toEqual([0, 1, []]);
  });
});

describe('leave taken', () => {
  test('approved working days by month and type; a request across New Year counts in each year', async () => {
    const r = await get(admin, 'leave?year=2025');
    expect([r.year, r.totalDays, r.requests]).toEqual([2025, 13, 4]);
    expect(r.byMonth.map((m: any) => m.days)).toEqual([4, 2, 2, 0, 5, 0, 0, 0, 0, 0, 0, 0]);
    expect(r.byType.map((t: any) => [t.name, t.days])).toEqual([
      ['Nghỉ ốm', 11],
      ['Nghỉ không lương', 2],
    ]);
    expect(
      r.rows
        .filter((x: any) => x.month === 1)
        .map((x: any) => [x.name, x.days])
        .sort(),
    ).toEqual([
      ['Nghỉ không lương', 2],
      ['Nghỉ ốm', 2],
    ]);
    const y2024 = await get(admin, 'leave?year=2024');
    expect([y2024.totalDays, y2024.requests, y2024.byMonth[11].days]).toEqual([2, 1, 2]);
    const none = await get(admin, 'leave?year=2023');
    expect([none.totalDays, none.requests, none.byType, none.byMonth.length]).toEqual([0, 0, [], 12]);
  });

  test('scope and filter', async () => {
    const mine = await get(scoped, 'leave?year=2025');
    expect([mine.totalDays, mine.requests, mine.byMonth.slice(0, 4).map((m: any) => m.days)]).toEqual([6, 2, [2, 2, 2, 0]]);
    expect((await get(admin, `leave?year=2025&organization_id=${org.U2}`)).totalDays).toBe(5);
    expect((await get(admin, `leave?year=2025&organization_id=${org.D1}`)).totalDays).toBe(6);
  });
});

describe('recruitment funnel', () => {
  const stages = (r: any) => r.stages.map((x: any) => x.count);
  test('this year: stages, statuses, requested vs hired (a cancelled request asks for nobody)', async () => {
    const r = await get(admin, 'recruitment-funnel');
    expect([r.from, r.to, r.recruitment_id]).toEqual([`${THIS_YEAR}-01-01`, `${THIS_YEAR}-12-31`, null]);
    expect(r.stages.map((x: any) => x.stage)).toEqual(['APPLIED', 'INTERVIEWED', 'PASSED', 'APPROVED', 'HIRED']);
    expect(stages(r)).toEqual([8, 6, 4, 3, 2]);
    const byStatus = Object.fromEntries(r.byStatus.map((x: any) => [x.status, x.count]));
    expect(byStatus).toEqual({
      PENDING: 1,
      INTERVIEWING: 1,
      SUCCESS: 1,
      APPROVED: 1,
      HIRED: 2,
      COMPANY_CANCELLED: 1,
      CANDIDATE_CANCELLED: 1,
      PAUSED: 0,
      EXPIRED: 0,
      CANCELLED: 0,
    });
    expect([r.requested, r.hired]).toEqual([5, 2]);
    expect(r.requests.map((x: any) => [x.name, x.quantity, x.hired]).sort()).toEqual([
      ['Tuyển R1', 3, 1],
      ['Tuyển R2', 2, 1],
    ]);
  });

  test('one request; another period; the organization filter', async () => {
    const r2 = await get(admin, `recruitment-funnel?recruitment_id=${req.R2}`);
    expect([r2.from, r2.to, r2.recruitment_id, stages(r2), r2.requested, r2.hired]).toEqual([null, null, req.R2, [3, 2, 2, 2, 1], 2, 1]);
    const old = await get(admin, 'recruitment-funnel?from=01/01/2000&to=31/12/2000');
    expect([stages(old), old.requested, old.hired, old.requests]).toEqual([[0, 0, 0, 0, 0], 0, 0, []]);
    const u2 = await get(admin, `recruitment-funnel?organization_id=${org.U2}`);
    expect([stages(u2), u2.requested]).toEqual([[3, 2, 2, 2, 1], 2]);
  });

  test("scope: the department head sees their department's candidates and requests only", async () => {
    const mine = await get(scoped, 'recruitment-funnel');
    expect([stages(mine), mine.requested, mine.hired, mine.requests.length]).toEqual([[5, 4, 2, 1, 1], 3, 1, 1]);
    const other = await get(scoped, `recruitment-funnel?recruitment_id=${req.R2}`);
    expect([stages(other), other.requested]).toEqual([[0, 0, 0, 0, 0], 0]);
  });
});

describe('access and parameters', () => {
  const ALL = ['head-count', 'contract-types', 'leave', 'recruitment-funnel'];
  test('without the report right: 403 on every report; not signed in: 401', async () => {
    for (const path of ALL) {
      expect([path, (await noReport.get(`/hr-report/${path}`)).status]).toEqual([path, 403]);
      expect([path, (await s.api().get(`/hr-report/${path}`)).status]).toEqual([path, 401]);
    }
  });

  test('the report right alone does not count what its reader may not read: leave and recruitment need their view right', async () => {
    const status = async (path: string) => [path, (await staffOnly.get(`/hr-report/${path}`)).status];
    expect(await Promise.all(ALL.map(status))).toEqual([
      ['head-count', 200],
      ['contract-types', 200],
      ['leave', 403],
      ['recruitment-funnel', 403],
    ]);
  });

  test.each([
    ['leave?year=abc', 'year'],
    ['leave?year=1999', 'year'],
    ['leave?year=2025.5', 'year'],
    ['leave?year=2025&year=2024', 'year'],
    ['head-count?date=31/02/2025', 'date'],
    ['head-count?date=yesterday', 'date'],
    ['head-count?organization_id=1%20OR%201=1', 'organization_id'],
    ['contract-types?organization_id=x', 'organization_id'],
    ['recruitment-funnel?from=2025-12-01&to=2025-01-01', 'from'],
    ['recruitment-funnel?recruitment_id=nope', 'recruitment_id'],
    ['recruitment-funnel?to=2025-02-30', 'to'],
  ])('%s → 400 naming %s', async (path, field) => {
    const r = await admin.get(`/hr-report/${path}`, { 'accept-language': 'en' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.errors.map((e: any) => e.path)).toEqual([field]);
    expect(r.body.errors[0].message).toMatch(/\w/);
  });

  test("messages in the caller's language; blank parameters are the defaults", async () => {
    const vi = await admin.get('/hr-report/leave?year=1999');
    expect(vi.body.errors[0].message).toBe('Giá trị nhỏ nhất là 2000');
    const en = await admin.get('/hr-report/recruitment-funnel?from=2025-12-01&to=2025-01-01', { 'accept-language': 'en' });
    expect(en.body.errors[0].message).toBe('Must be before To date');
    expect((await get(admin, 'leave?year=&organization_id=')).year).toBe(Number(THIS_YEAR));
  });
});
