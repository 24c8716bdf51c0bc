/**
 * Leave requests through the gateway, on the demo company: filing (for oneself, derived fields), the approval
 * engine with the demo's organization-chart flow, notifications, cancel and delete rules of spec §8, scope.
 */
import { allResources, staffLeave, type CallerContext } from '@portal/contracts';
import { ApprovalEngine, printModel, ResourceRepository } from '@portal/service-kit';
import { ADMIN_PASSWORD, DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(60_000);
let s: TestStack;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};

/** A Monday at least `weeks` weeks ahead (YYYY-MM-DD), and the day `plus` days after it. */
function monday(weeks: number, plus = 0) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeks + ((8 - d.getUTCDay()) % 7) + plus);
  return d.toISOString().slice(0, 10);
}
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  for (const [k, email] of [
    ['eng', 'engineer@portal.local'],
    ['head', 'head.kttc@portal.local'],
    ['hr', 'hr@portal.local'],
  ] as const) {
    const r = await s.signIn(email, DEMO_PASSWORD);
    tok[k] = r.accessToken;
  }
  tok.admin = (await s.signIn(s.adminEmail, ADMIN_PASSWORD)).accessToken;
  const sys = s.services.system!.pool;
  for (const r of (await sys.query(`SELECT id, username, staff_id FROM app_user`)).rows) {
    ids[r.username] = r.id;
    ids[`${r.username}:staff`] = r.staff_id;
  }
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM leave_type`)).rows) ids[r.code] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM organization`)).rows) ids[r.code] = r.id;
  // Balances are test/hr/leave-balance.test.ts's subject; here leave may go beyond the days earned, whatever today's date.
  expect(
    (
      await s
        .api(tok.admin)
        .put('/leave-setting', { annual_days: 12, accrual: 'MONTHLY', carry_over_max_days: 5, carry_over_until_month: 3, allow_negative: true })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

const api = (who: string) => s.api(tok[who]);
async function file(who: string, staffKey: string, from: string, to: string) {
  return api(who).post(
    '/staff-leave',
    { staff_id: ids[`${staffKey}:staff`], leave_type_id: ids.ANNUAL, from_date: from, to_date: to, reason: 'Việc gia đình' },
    { 'accept-language': 'en' },
  );
}

test('an employee files leave for themself: working days, department and title are derived; not for a colleague', async () => {
  const types = await api('eng').get('/leave-type');
  expect(types.body.data.items.map((t: any) => t.code).sort()).toEqual(['ANNUAL', 'SICK', 'UNPAID']);
  const r = await file('eng', 'engineer', monday(2), monday(2, 6));
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ days: 5, department_id: ids.KTTC, approval_status: 'DRAFT' });
  expect(r.body.data.title).toMatch(/^.+: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/);
  const colleague = await file('eng', 'head.kttc', monday(2), monday(2));
  expect([colleague.status, colleague.body.errors]).toEqual([403, [{ path: 'staff_id', message: 'Only the person on leave or a leave manager may set this' }]]);
  const weekend = await file('eng', 'engineer', monday(2, 5), monday(2, 6));
  expect([weekend.status, weekend.body.errors[0].path]).toEqual([400, 'to_date']);
});

test('holidays are not leave days: a holiday inside the period lowers the working days; an inactive one does not', async () => {
  const h = await api('hr').post('/holiday', { name: 'Nghỉ lễ thử', from_date: monday(6, 1), to_date: monday(6, 2) });
  expect(h.status).toBe(200);
  const r = await file('eng', 'engineer', monday(6), monday(6, 4));
  expect(r.body.data.days).toBe(3);
  expect((await api('eng').post('/holiday', { name: 'x', from_date: monday(7), to_date: monday(7) })).status).toBe(403);
  expect((await api('hr').del(`/holiday/${h.body.data.id}`)).status).toBe(200);
  expect((await file('eng', 'engineer', monday(6), monday(6, 4))).body.data.days).toBe(5);
});

test('submit → the department head is asked (notification), approves; the status shows on the record; the employee is told', async () => {
  const leave = (await file('eng', 'engineer', monday(3), monday(3, 1))).body.data;
  const sub = await api('eng').post(`/staff-leave/${leave.id}/submit`, { description: 'please' });
  expect(sub.status).toBe(200);
  expect(sub.body.data).toMatchObject({ status: 'PENDING', approver_ids: [ids['head.kttc']] });
  await eventually(async () => {
    const n = await api('head').get('/notifications');
    expect(n.body.data.items.some((x: any) => x.type === 'APPROVE_REQUEST' && x.link === `/hr/staff-leave/${leave.id}`)).toBe(true);
  });
  // The employee holds no approve right: the gateway refuses before the engine.
  expect((await api('eng').post(`/staff-leave/${leave.id}/approve`, {})).status).toBe(403);
  // In approval: not editable.
  expect((await api('eng').put(`/staff-leave/${leave.id}`, { reason: 'x' })).status).toBe(422);
  const ok = await api('head').post(`/staff-leave/${leave.id}/approve`, { description: 'ok' });
  expect(ok.body.data.status).toBe('APPROVED');
  expect((await api('eng').get(`/staff-leave/${leave.id}`)).body.data.approval_status).toBe('APPROVED');
  expect((await api('eng').get('/staff-leave?f_approval_status=APPROVED')).body.data.items.map((x: any) => x.id)).toContain(leave.id);
  await eventually(async () => {
    const n = await api('eng').get('/notifications/approvals');
    expect(n.body.data.APPROVED.items.some((x: any) => x.context === `staffLeave:${leave.id}`)).toBe(true);
  });
  // Plans change: an approved leave not yet begun is cancelled by its submitter.
  expect((await api('eng').post(`/staff-leave/${leave.id}/cancel`, { description: 'not needed' })).body.data.status).toBe('CANCELLED');
});

test('spec §8: a leave whose start has passed is neither cancelled nor deleted, with the message', async () => {
  const past = (
    await api('hr').post('/staff-leave', { staff_id: ids['engineer:staff'], leave_type_id: ids.SICK, from_date: ago(3), to_date: ago(1), reason: 'Ốm' })
  ).body.data;
  expect(past.id).toBeTruthy();
  const del = await api('hr').del(`/staff-leave/${past.id}`);
  expect([del.status, del.body.message]).toEqual([422, 'Không thể xóa vì thời gian bắt đầu đơn nghỉ phép đã qua']);
  expect((await api('eng').post(`/staff-leave/${past.id}/submit`, {})).body.data.status).toBe('PENDING');
  const cancel = await api('eng').post(`/staff-leave/${past.id}/cancel`, {}, { 'accept-language': 'en' });
  expect([cancel.status, cancel.body.message]).toEqual([422, 'Withdrawal failed because the leave request start time has passed']);
  // A future one in draft is deleted.
  const future = (await file('eng', 'engineer', monday(4), monday(4))).body.data;
  expect((await api('eng').del(`/staff-leave/${future.id}`)).status).toBe(200);
});

test("scope: a department head sees their department's leave only; HR sees every department", async () => {
  await api('hr').post('/staff-leave', {
    staff_id: ids['hr.manager:staff'],
    leave_type_id: ids.ANNUAL,
    from_date: monday(5),
    to_date: monday(5),
    reason: 'HR',
  });
  const head = await api('head').get('/staff-leave?limit=300');
  expect(head.body.data.items.length).toBeGreaterThan(0);
  expect(new Set(head.body.data.items.map((x: any) => x.department_id))).toEqual(new Set([ids.KTTC]));
  const hr = await api('hr').get('/staff-leave?limit=300');
  expect(new Set(hr.body.data.items.map((x: any) => x.department_id)).size).toBeGreaterThan(1);
});

test('the leave approval settings through the gateway: the demo flow, cost limits, and `setting` required', async () => {
  const flows = await api('admin').get('/hr/approval-flow');
  expect(flows.status).toBe(200);
  expect(flows.body.data.document_types).toEqual(expect.arrayContaining(['leave', 'recruitment', 'candidate']));
  expect(flows.body.data.items.filter((f: any) => f.document_type === 'leave')).toEqual([
    expect.objectContaining({ document_type: 'leave', cost_band: 'ALL', levels: [{ level: 1, scope: 'DEPARTMENT_TREE', up: 0 }] }),
  ]);
  expect((await api('admin').get('/hr/approval-cost-limit')).body.data.items).toHaveLength(3);
  expect((await api('hr').get('/hr/approval-flow')).status).toBe(403);
});

test("a leave naming a deputy: once approved the deputy stands in for the staff member's approvals over its days; cancelling ends it", async () => {
  const r = await api('eng').post('/staff-leave', {
    staff_id: ids['engineer:staff'],
    leave_type_id: ids.ANNUAL,
    from_date: monday(8),
    to_date: monday(8, 1),
    reason: 'Công tác',
    deputy_staff_id: ids['hr.manager:staff'],
  });
  expect(r.status).toBe(200);
  const leave = r.body.data;
  await api('eng').post(`/staff-leave/${leave.id}/submit`, {});
  expect((await api('head').post(`/staff-leave/${leave.id}/approve`, {})).body.data.status).toBe('APPROVED');
  const sys = s.services.system!.pool;
  const find = () =>
    sys.query(
      `SELECT approver_id, deputy_id, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date, state FROM delegation WHERE source = $1`,
      [`staffLeave:${leave.id}`],
    );
  await eventually(async () =>
    expect((await find()).rows).toEqual([
      { approver_id: ids.engineer, deputy_id: ids['hr.manager'], from_date: monday(8), to_date: monday(8, 1), state: 'ACTIVE' },
    ]),
  );
  // The engineer sees it among their delegations.
  expect((await api('eng').get('/approval-delegation')).body.data.items.map((d: any) => d.deputy_id)).toContain(ids['hr.manager']);
  expect((await api('eng').post(`/staff-leave/${leave.id}/cancel`, {})).body.data.status).toBe('CANCELLED');
  await eventually(async () => expect((await find()).rows[0].state).toBe('INACTIVE'));
});

test('bulk approval (ResourceDef.bulk.approval): the head approves several requests at once, each checked as its own approval; one refusal changes nothing', async () => {
  const mine = [(await file('eng', 'engineer', monday(10), monday(10))).body.data.id, (await file('eng', 'engineer', monday(11), monday(11))).body.data.id];
  for (const id of mine) expect((await api('eng').post(`/staff-leave/${id}/submit`, {})).status).toBe(200);
  // The head's own request goes to the director: the head is not its approver (and never approves their own).
  const own = (await file('head', 'head.kttc', monday(12), monday(12))).body.data.id;
  expect((await api('head').post(`/staff-leave/${own}/submit`, {})).status).toBe(200);
  const statuses = async () =>
    (await s.services.hr!.pool.query(`SELECT approval_status FROM staff_leave WHERE id = ANY($1::uuid[]) ORDER BY from_date`, [[...mine, own]])).rows.map(
      (r) => r.approval_status,
    );

  const refused = await api('head').post('/staff-leave/bulk-approve', { ids: [...mine, own], description: 'OK' }, { 'accept-language': 'en' });
  expect([refused.status, refused.body.message]).toEqual([400, 'There is 1 error; nothing was changed']);
  expect(refused.body.errors.map((e: any) => e.path)).toEqual(['ids.2']);
  expect(await statuses()).toEqual(['PENDING', 'PENDING', 'PENDING']);
  // Without the approve right the gateway refuses; a list over the limit, or of no ids, is a 400 on ids.
  expect((await api('eng').post('/staff-leave/bulk-approve', { ids: mine })).status).toBe(403);
  expect((await api('head').post('/staff-leave/bulk-approve', { ids: [] })).body.errors[0].path).toBe('ids');

  // Both wait in the head's inbox…
  const waiting = async () =>
    ((await api('head').get('/notifications/approvals')).body.data.APPROVE_REQUEST.items as { context: string }[]).filter((n) =>
      mine.some((id) => n.context === `staffLeave:${id}`),
    ).length;
  await eventually(async () => expect(await waiting()).toBe(2));
  const done = await api('head').post('/staff-leave/bulk-approve', { ids: mine, description: 'Đồng ý' });
  expect([done.status, done.body.data.done]).toEqual([200, 2]);
  expect(await statuses()).toEqual(['APPROVED', 'APPROVED', 'PENDING']);
  // Each has its step and its notification, as a single approval would.
  const { rows: steps } = await s.services.hr!.pool.query(
    `SELECT count(*)::int AS n FROM approval_step s JOIN approval_request r ON r.id = s.request_id WHERE r.record_id = ANY($1::uuid[]) AND s.action = 'APPROVE' AND s.comment = 'Đồng ý'`,
    [mine],
  );
  expect(steps[0].n).toBe(2);
  await eventually(async () => {
    const n = (await api('eng').get('/notifications?limit=50')).body.data.items.filter(
      (x: any) => x.type === 'APPROVED' && mine.some((id) => x.link?.endsWith(id)),
    );
    expect(n).toHaveLength(2);
  });
  // …and, answered, leave it (the notifications service settles the requests about a record once its approval moves on).
  await eventually(async () => expect(await waiting()).toBe(0));
  // Only the submitter cancels: the head cannot cancel the employee's requests, the employee can, both at once.
  expect((await api('head').post('/staff-leave/bulk-cancel', { ids: mine })).status).toBe(400);
  const cancelled = await api('eng').post('/staff-leave/bulk-cancel', { ids: mine, description: 'Đổi kế hoạch' });
  expect([cancelled.status, cancelled.body.data.items.map((x: any) => x.status)]).toEqual([200, ['CANCELLED', 'CANCELLED']]);
});

test("the printable leave form (ResourceDef.print): an A4 PDF with DejaVu Sans embedded, the fields and a signature block per approval level, in the caller's scope", async () => {
  const leave = (await file('eng', 'engineer', monday(13), monday(13, 1))).body.data;
  expect((await api('eng').post(`/staff-leave/${leave.id}/submit`, { description: 'Xin nghỉ về quê' })).status).toBe(200);
  // Before the head acts, the level's block is there, empty (to be signed on paper if need be).
  const hrDefs = new Map(allResources.filter((r) => r.domain === 'hr').map((r) => [r.name, r]));
  const repo = new ResourceRepository(staffLeave, s.services.hr!.pool, {}, () => undefined, hrDefs);
  const engine = new ApprovalEngine(repo);
  const adminCtx: CallerContext = {
    userId: ids.admin ?? ids['hr.manager']!,
    sessionId: ids['hr.manager']!,
    staffId: null,
    departmentId: null,
    roleIds: [],
    name: 'Admin',
    lang: 'vi',
    isAdmin: true,
    ability: [],
    staffScope: { type: 'VIEW_ALL', departmentIds: null },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
    ip: '',
    userAgent: '',
  };
  const waiting = await printModel(repo, leave.id, adminCtx, 'vi', engine);
  expect(waiting.signatures.map((x) => [x.role, x.outcome, x.comment])).toEqual([
    ['Người đề nghị', 'Đã gửi', 'Xin nghỉ về quê'],
    ['Người duyệt cấp 1', null, null],
  ]);
  expect((await api('head').post(`/staff-leave/${leave.id}/approve`, { description: 'Đồng ý' })).status).toBe(200);
  const signed = await printModel(repo, leave.id, adminCtx, 'en', engine);
  const {
    rows: [head],
  } = await s.services.system!.pool.query(`SELECT full_name FROM app_user WHERE username = 'head.kttc'`);
  expect(signed.signatures[1]).toMatchObject({ role: 'Approver, level 1', name: head.full_name, outcome: 'Approved', comment: 'Đồng ý' });
  // Each signer's position title as it was when they signed (the context's title, stored on the step).
  const titleOf = async (username: string) => {
    const {
      rows: [u],
    } = await s.services.system!.pool.query(`SELECT staff_id FROM app_user WHERE username = $1`, [username]);
    return (await s.services.hr!.pool.query(`SELECT p.name FROM staff s JOIN position p ON p.id = s.position_id WHERE s.id = $1`, [u.staff_id])).rows[0]
      .name as string;
  };
  expect(signed.signatures.map((x) => x.title)).toEqual([await titleOf('engineer'), await titleOf('head.kttc')]);
  expect(signed.signatures[1]!.title).toBe('Trưởng phòng');
  expect(signed.signatures[1]!.date).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  // Fields as people read them: the staff member by name, the type by name, dates dd/mm/yyyy — never an id.
  const value = (label: string) => signed.fields.find((f) => f.label === label)?.value;
  expect(value('Leave type')).toBe('Nghỉ phép năm');
  expect(value('From date')).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  expect(signed.fields.some((f) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(f.value))).toBe(false);

  const pdf = await api('eng').get(`/staff-leave/${leave.id}/pdf`);
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  const bytes = pdf.buffer!;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = bytes.toString('latin1');
  // The font travels with the file (a subset of DejaVu Sans, as a TrueType font program): Vietnamese reads anywhere.
  expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
  expect(text).toContain('/FontFile2');
  expect(pdf.headers.get('content-disposition')).toMatch(/\.pdf/);
  // Out of scope, as the record's page is: a colleague in another department gets a 404; no right at all, a 403.
  const {
    rows: [other],
  } = await s.services.hr!.pool.query(`SELECT s.id FROM staff s JOIN organization o ON o.id = s.department_id WHERE o.code = 'TCKT' LIMIT 1`);
  const otherLeave = (
    await api('admin').post('/staff-leave', { staff_id: other.id, leave_type_id: ids.SICK, from_date: monday(13), to_date: monday(13), reason: 'Khám bệnh' })
  ).body.data;
  expect((await api('eng').get(`/staff-leave/${otherLeave.id}/pdf`)).status).toBe(404);
});
