/**
 * Recruitment requests and candidates through the gateway, on the demo company (services/hr/src/recruitment): the
 * request's approval (head, then director) and status changes, candidates bulk-created all or nothing, interviews
 * moving them on, the offer's approval, hiring into a PROBATION staff record, hired_count and DONE at the head count,
 * wrong transitions (422 in both languages), department scope, old candidates and reuse, interview series.
 */
import { ADMIN_PASSWORD, DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);
let s: TestStack;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
const year = new Date().getUTCFullYear();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  for (const [k, email] of [
    ['hr', 'hr@portal.local'],
    ['head', 'head.kttc@portal.local'],
    ['director', 'director@portal.local'],
    ['eng', 'engineer@portal.local'],
  ] as const) {
    tok[k] = (await s.signIn(email, DEMO_PASSWORD)).accessToken;
  }
  tok.admin = (await s.signIn(s.adminEmail, ADMIN_PASSWORD)).accessToken;
  for (const r of (await s.services.system!.pool.query(`SELECT id, username FROM app_user`)).rows) ids[r.username] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM organization`)).rows) ids[r.code] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM position`)).rows) ids[`pos:${r.code}`] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM recruitment`)).rows) ids[r.code] = r.id;
});
afterAll(async () => {
  await s?.close();
});

const api = (who: string) => s.api(tok[who]);
const en = { 'accept-language': 'en' };
let seq = 0;
const person = (n = ++seq) => ({
  full_name: `Ứng Viên Thử ${n}`,
  email: `uv${n}.${Date.now()}@example.com`,
  phone: `0903 000 ${String(100 + n).slice(-3)}`,
  gender: n % 2 ? 'MALE' : 'FEMALE',
  birthday: '1995-05-05',
  expected_salary: 18_000_000,
});

/** A KTTC request for `quantity`, submitted by HR and approved by the head and the director (the demo flow). */
async function approvedRequest(name: string, quantity: number, department = 'KTTC') {
  const created = await api('hr').post('/recruitment', {
    code: `T-${Date.now()}-${++seq}`,
    name,
    department_id: ids[department],
    position_id: ids['pos:KS'],
    quantity,
    deadline: inDays(30),
    reason: 'Mở rộng dự án',
  });
  expect(created.status).toBe(200);
  const id = created.body.data.id;
  expect((await api('hr').post(`/recruitment/${id}/submit`, { description: 'Đề nghị duyệt' })).body.data.approver_ids).toEqual([ids['head.kttc']]);
  expect((await api('head').post(`/recruitment/${id}/approve`, { description: 'OK' })).body.data.status).toBe('APPROVING');
  expect((await api('director').post(`/recruitment/${id}/approve`, {})).body.data.status).toBe('APPROVED');
  return id as string;
}

async function status(resource: 'recruitment' | 'candidate', id: string, body: Record<string, unknown>, who = 'hr', headers: Record<string, string> = en) {
  return api(who).post(`/${resource}/${id}/status`, body, headers);
}

test('demo: recruitment and candidate flows are approval settings of HR; three requests, candidates in several statuses', async () => {
  const flows = await api('admin').get('/hr/approval-flow');
  expect(flows.body.data.document_types).toEqual(expect.arrayContaining(['recruitment', 'candidate']));
  expect(flows.body.data.items.filter((f: any) => f.document_type === 'recruitment')[0].levels).toEqual([
    { level: 1, scope: 'DEPARTMENT_TREE', up: 0 },
    expect.objectContaining({ level: 2, scope: 'ROLE' }),
  ]);
  expect(flows.body.data.items.some((f: any) => f.document_type === 'candidate')).toBe(true);
  const reqs = (await api('hr').get('/recruitment?limit=300')).body.data.items;
  const byCode = Object.fromEntries(reqs.map((r: any) => [r.code, r]));
  expect(byCode[`TD-${year}-001`]).toMatchObject({ status: 'IN_PROGRESS', approval_status: 'APPROVED', hired_count: 0, department_id: ids.KTTC });
  expect(byCode[`TD-${year}-002`]).toMatchObject({ status: 'NEW', approval_status: 'PENDING' });
  expect(byCode[`TD-${year}-003`]).toMatchObject({ status: 'CANCELLED', approval_status: 'APPROVED' });
  const cands = (await api('hr').get(`/candidate?limit=300&f_recruitment_id=${ids[`TD-${year}-001`]}`)).body.data.items;
  expect(cands.map((c: any) => c.status).sort()).toEqual(['APPROVED', 'COMPANY_CANCELLED', 'INTERVIEWING', 'PENDING', 'SUCCESS']);
  // The waiting request is the head's to approve (the site command's own head has no account).
  const view = await api('head').get(`/recruitment/${ids[`TD-${year}-002`]}/approval`);
  expect([view.body.data.can_approve, view.body.data.steps.length]).toEqual([true, 1]);
});

test('the whole workflow: request approved and recruiting, bulk candidates, interview, offer approved, hired into a probation staff record, DONE at the head count', async () => {
  const draft = await api('hr').post('/recruitment', {
    code: `T-${Date.now()}`,
    name: 'Tuyển kỹ sư thử',
    department_id: ids.KTTC,
    position_id: ids['pos:KS'],
    quantity: 2,
    reason: 'Dự án mới',
  });
  expect(draft.body.data).toMatchObject({ status: 'NEW', hired_count: 0, approval_status: 'DRAFT' });
  // Before approval: no status change, no candidate.
  const early = await status('recruitment', draft.body.data.id, { status: 'IN_PROGRESS' });
  expect([early.status, early.body.message]).toEqual([422, 'The recruitment request has not been approved']);
  const tooEarly = await api('hr').post('/candidate', { ...person(), recruitment_id: draft.body.data.id }, en);
  expect([tooEarly.status, tooEarly.body.message]).toEqual([422, 'The recruitment request has not been approved']);

  const id = await approvedRequest('Tuyển kỹ sư giám sát', 2);
  const moved = await status('recruitment', id, { status: 'IN_PROGRESS', note: 'Bắt đầu tuyển' });
  expect([moved.status, moved.body.data.status]).toEqual([200, 'IN_PROGRESS']);
  await eventually(async () => {
    const log = (await api('hr').get(`/activity-log?q=recruitment:${id}`)).body.data.items;
    expect(log.find((e: any) => e.action === 'update' && e.updated_data?.status === 'IN_PROGRESS')).toMatchObject({
      origin_data: { status: 'NEW' },
      description: 'Bắt đầu tuyển',
    });
  });
  // Wrong moves: 422 with the message, in English and Vietnamese.
  const back = await status('recruitment', id, { status: 'NEW' });
  expect([back.status, back.body.message]).toEqual([422, 'This recruitment request cannot go from "Recruiting" to "New"']);
  const backVi = await status('recruitment', id, { status: 'NEW' }, 'hr', {});
  expect(backVi.body.message).toBe('Không thể chuyển yêu cầu tuyển dụng từ "Đang tuyển" sang "Mới"');
  expect((await status('recruitment', id, { status: 'FLYING' })).status).toBe(400);

  // Bulk create: one bad row rejects all, each error named by item.
  const bad = await api('hr').post(
    '/candidate/bulk-create',
    { recruitment_id: id, items: [person(), { ...person(), email: 'not-an-email' }, { ...person(), full_name: '' }] },
    en,
  );
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('There are 2 errors; nothing was created');
  expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['items.1.email', 'items.2.full_name']);
  const taken = (await api('hr').get('/candidate?limit=1')).body.data.items[0].email;
  const dup = await api('hr').post('/candidate/bulk-create', { recruitment_id: id, items: [person(), { ...person(), email: taken.toUpperCase() }] });
  expect([dup.status, dup.body.errors.map((e: any) => e.path)]).toEqual([400, ['items.1.email']]);
  expect((await api('hr').get(`/candidate?f_recruitment_id=${id}`)).body.data.totalRows).toBe(0);
  expect((await api('hr').post('/candidate/bulk-create', { recruitment_id: id, items: Array.from({ length: 201 }, () => person()) })).body.errors[0].path).toBe(
    'items',
  );

  const bulk = await api('hr').post('/candidate/bulk-create', { recruitment_id: id, items: [person(), person(), person()] });
  expect([bulk.status, bulk.body.data.created]).toEqual([200, 3]);
  const [a, b, c] = bulk.body.data.items;
  for (const x of bulk.body.data.items)
    expect(x).toMatchObject({ status: 'PENDING', department_id: ids.KTTC, position_id: ids['pos:KS'], approval_status: 'DRAFT' });
  expect(new Set(bulk.body.data.items.map((x: any) => x.code)).size).toBe(3);
  for (const x of bulk.body.data.items) expect(x.code).toMatch(/^UV\d{6}$/);

  // The first interview moves a pending candidate to INTERVIEWING.
  const iv = await api('hr').post('/candidate-interview', {
    candidate_id: a.id,
    kind: 'HR',
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    interviewer_id: null,
  });
  expect(iv.status).toBe(200);
  expect((await api('hr').get(`/candidate/${a.id}`)).body.data.status).toBe('INTERVIEWING');
  expect((await status('candidate', a.id, { status: 'SUCCESS', note: 'Đạt' })).body.data.status).toBe('SUCCESS');

  // Wrong candidate moves.
  const skip = await status('candidate', b.id, { status: 'HIRED', start_date: inDays(7) });
  expect([skip.status, skip.body.message]).toEqual([422, 'This candidate cannot go from "Pending" to "Hired"']);
  const approvedByHand = await status('candidate', a.id, { status: 'APPROVED' });
  expect([approvedByHand.status, approvedByHand.body.message]).toEqual([422, 'This candidate cannot go from "Passed" to "Approved"']);
  const notPassed = await api('hr').post(`/candidate/${b.id}/submit`, {}, en);
  expect([notPassed.status, notPassed.body.message]).toEqual([422, 'Only a candidate who passed the interviews can be submitted for approval']);

  // The offer: submitted by HR (whose own role level is skipped), approved by the head → APPROVED.
  const sub = await api('hr').post(`/candidate/${a.id}/submit`, { description: 'Đề nghị tuyển' });
  expect(sub.body.data).toMatchObject({ status: 'PENDING', approver_ids: [ids['head.kttc']] });
  const locked = await status('candidate', a.id, { status: 'PAUSED' });
  expect([locked.status, locked.body.message]).toEqual([422, 'The candidate is waiting for approval: cancel the approval before changing the status']);
  expect((await api('head').post(`/candidate/${a.id}/approve`, { description: 'Đồng ý' })).body.data.status).toBe('APPROVED');
  expect((await api('hr').get(`/candidate/${a.id}`)).body.data).toMatchObject({ status: 'APPROVED', approval_status: 'APPROVED' });

  // Hiring takes the staff add right and a start date.
  expect((await status('candidate', a.id, { status: 'HIRED', start_date: inDays(7) }, 'head')).status).toBe(403);
  const noDate = await status('candidate', a.id, { status: 'HIRED' });
  expect([noDate.status, noDate.body.errors]).toEqual([400, [{ path: 'start_date', message: 'Date is required' }]]);
  const hired = await status('candidate', a.id, { status: 'HIRED', start_date: inDays(7), note: 'Nhận việc' });
  expect(hired.status).toBe(200);
  expect(hired.body.data).toMatchObject({ status: 'HIRED' });
  const staff = (await api('hr').get(`/staff/${hired.body.data.staff_id}`)).body.data;
  expect(staff).toMatchObject({
    status: 'PROBATION',
    entry_date: inDays(7),
    department_id: ids.KTTC,
    position_id: ids['pos:KS'],
    full_name: a.full_name,
    personal_email: a.email,
    first_name: String(a.full_name).split(' ').at(-1),
    probation_salary: 18_000_000,
  });
  expect(staff.code).toMatch(/^NV\d{3,}$/);
  expect((await api('hr').get(`/recruitment/${id}`)).body.data).toMatchObject({ hired_count: 1, status: 'IN_PROGRESS' });
  // A hired candidate is neither deleted nor its approval cancelled.
  expect((await api('hr').del(`/candidate/${a.id}`)).status).toBe(422);
  expect((await api('hr').post(`/candidate/${a.id}/cancel`, {})).status).toBe(422);

  // The second hire reaches the head count: the request is DONE and takes no more candidates.
  expect((await status('candidate', b.id, { status: 'INTERVIEWING' })).body.data.status).toBe('INTERVIEWING');
  expect((await status('candidate', b.id, { status: 'SUCCESS' })).body.data.status).toBe('SUCCESS');
  await api('hr').post(`/candidate/${b.id}/submit`, {});
  await api('head').post(`/candidate/${b.id}/approve`, {});
  expect((await status('candidate', b.id, { status: 'HIRED', start_date: inDays(14) })).status).toBe(200);
  expect((await api('hr').get(`/recruitment/${id}`)).body.data).toMatchObject({ hired_count: 2, status: 'DONE' });
  const closed = await api('hr').post('/candidate', { ...person(), recruitment_id: id }, en);
  expect([closed.status, closed.body.message]).toEqual([422, 'The recruitment request takes no more candidates (status: Done)']);
  expect((await status('recruitment', id, { status: 'IN_PROGRESS' })).status).toBe(422);
  // The third candidate can still be closed; approved-then-cancelled goes back to SUCCESS.
  await status('candidate', c.id, { status: 'INTERVIEWING' });
  await status('candidate', c.id, { status: 'SUCCESS' });
  await api('hr').post(`/candidate/${c.id}/submit`, {});
  await api('head').post(`/candidate/${c.id}/approve`, {});
  expect((await api('hr').post(`/candidate/${c.id}/cancel`, {})).body.data.status).toBe('CANCELLED');
  expect((await api('hr').get(`/candidate/${c.id}`)).body.data.status).toBe('SUCCESS');
  const late = await status('candidate', c.id, { status: 'CANDIDATE_CANCELLED' });
  expect(late.body.data.status).toBe('CANDIDATE_CANCELLED');
});

test('cancelling a request closes its open candidates; a request with candidates is not deleted', async () => {
  const id = await approvedRequest('Tuyển để hủy', 3);
  const one = (await api('hr').post('/candidate', { ...person(), recruitment_id: id })).body.data;
  // The first candidate starts the recruiting.
  expect((await api('hr').get(`/recruitment/${id}`)).body.data.status).toBe('IN_PROGRESS');
  expect((await api('hr').del(`/recruitment/${id}`)).status).toBe(422);
  // The candidates carry its department: it no longer changes (the approval is cancelled first to edit at all).
  expect((await api('hr').post(`/recruitment/${id}/cancel`, {})).body.data.status).toBe('CANCELLED');
  const moved = await api('hr').put(`/recruitment/${id}`, { department_id: ids.BCH }, en);
  expect([moved.status, moved.body.message]).toEqual([422, 'The department and position of a request with candidates cannot change']);
  expect((await api('hr').post(`/recruitment/${id}/resubmit`, {})).body.data.status).toBe('RESUBMIT');
  await api('head').post(`/recruitment/${id}/approve`, {});
  await api('director').post(`/recruitment/${id}/approve`, {});
  expect((await status('recruitment', id, { status: 'PAUSED' })).body.data.status).toBe('PAUSED');
  const paused = await api('hr').post('/candidate', { ...person(), recruitment_id: id }, en);
  expect([paused.status, paused.body.message]).toEqual([422, 'The recruitment request takes no more candidates (status: Paused)']);
  expect((await status('recruitment', id, { status: 'CANCELLED', note: 'Dừng dự án' })).body.data.status).toBe('CANCELLED');
  expect((await api('hr').get(`/candidate/${one.id}`)).body.data.status).toBe('CANCELLED');
  const final = await status('recruitment', id, { status: 'IN_PROGRESS' });
  expect([final.status, final.body.message]).toEqual([422, 'This recruitment request cannot go from "Cancelled" to "Recruiting"']);
});

test("scope: a department head sees and files only their departments' requests and candidates; HR sees every department", async () => {
  const mine = new Set([ids.KTTC, ids.BCH]);
  const reqs = (await api('head').get('/recruitment?limit=300')).body.data.items;
  expect(reqs.length).toBeGreaterThan(0);
  expect(reqs.every((r: any) => mine.has(r.department_id))).toBe(true);
  const cands = (await api('head').get('/candidate?limit=300')).body.data.items;
  expect(cands.length).toBeGreaterThan(0);
  expect(cands.every((c: any) => mine.has(c.department_id))).toBe(true);
  expect((await api('head').get(`/recruitment/${ids[`TD-${year}-003`]}`)).status).toBe(404);
  const hcnsCand = (await api('hr').get(`/candidate?f_recruitment_id=${ids[`TD-${year}-003`]}`)).body.data.items[0];
  expect((await api('head').get(`/candidate/${hcnsCand.id}`)).status).toBe(404);
  expect((await api('head').post(`/candidate/${hcnsCand.id}/status`, { status: 'EXPIRED' })).status).toBe(404);
  expect(
    (
      await api('head').post('/recruitment', {
        code: `H-${Date.now()}`,
        name: 'x',
        department_id: ids.HCNS,
        position_id: ids['pos:NV'],
        quantity: 1,
        reason: 'x',
      })
    ).body.errors,
  ).toEqual([{ path: 'department_id', message: expect.any(String) }]);
  expect(new Set((await api('hr').get('/recruitment?limit=300')).body.data.items.map((r: any) => r.department_id)).size).toBeGreaterThan(1);
  // An employee has no recruitment rights at all.
  expect((await api('eng').get('/recruitment')).status).toBe(403);
  expect((await api('eng').get('/candidate/old')).status).toBe(403);
});

test('old candidates: closed or left over, paged with q, in scope; a profile is reused for an open request', async () => {
  const old = await api('hr').get('/candidate/old?limit=300');
  expect(old.status).toBe(200);
  expect(Object.keys(old.body.data).sort()).toEqual(['items', 'limit', 'page', 'totalRows']);
  const names = old.body.data.items.map((c: any) => c.full_name);
  expect(names).toEqual(expect.arrayContaining(['Đỗ Ngọc Ánh', 'Vũ Gia Huy', 'Hoàng Thu Trang']));
  expect(old.body.data.items.every((c: any) => c.status !== 'HIRED')).toBe(true);
  expect(old.body.data.items.find((c: any) => c.full_name === 'Đỗ Ngọc Ánh')).toMatchObject({
    status: 'CANCELLED',
    recruitment_id__title: 'Tuyển Chuyên viên tuyển dụng',
  });
  const page = await api('hr').get('/candidate/old?limit=1&page=2');
  expect([page.body.data.items.length, page.body.data.totalRows, page.body.data.page]).toEqual([1, old.body.data.totalRows, 2]);
  expect((await api('hr').get(`/candidate/old?q=${encodeURIComponent('Gia Huy')}`)).body.data.items.map((c: any) => c.full_name)).toEqual(['Vũ Gia Huy']);
  expect((await api('hr').get('/candidate/old?order=nope%20asc')).status).toBe(400);
  // The head sees only the old candidates of their departments.
  const headOld = (await api('head').get('/candidate/old?limit=300')).body.data.items;
  expect(headOld.map((c: any) => c.full_name)).toContain('Hoàng Thu Trang');
  expect(headOld.every((c: any) => c.department_id === ids.KTTC || c.department_id === ids.BCH)).toBe(true);

  // Reuse: a new pending candidate in the open request; the old record is deactivated and leaves the list.
  const huy = old.body.data.items.find((c: any) => c.full_name === 'Vũ Gia Huy');
  const site = ids[`TD-${year}-001`];
  const again = await api('hr').post(`/candidate/${huy.id}/reapply`, { recruitment_id: site });
  expect(again.status).toBe(200);
  expect(again.body.data).toMatchObject({ full_name: 'Vũ Gia Huy', email: huy.email, status: 'PENDING', recruitment_id: site, department_id: ids.KTTC });
  expect(again.body.data.code).not.toBe(huy.code);
  expect((await api('hr').get(`/candidate/${huy.id}`)).body.data.state).toBe('INACTIVE');
  expect((await api('hr').get('/candidate/old?limit=300')).body.data.items.some((c: any) => c.id === huy.id)).toBe(false);
  // A candidate still in the running is not an old one.
  const running = await api('hr').post(`/candidate/${again.body.data.id}/reapply`, { recruitment_id: site }, en);
  expect([running.status, running.body.message]).toEqual([422, "Only an old candidate's profile (closed, or of a finished request) can be reused"]);
});

test('interview series: one round for several candidates in consecutive slots, all or nothing', async () => {
  const id = await approvedRequest('Tuyển theo đợt', 5);
  const made = (await api('hr').post('/candidate/bulk-create', { recruitment_id: id, items: [person(), person(), person()] })).body.data.items;
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  // A closed candidate in the series: nothing is scheduled, the error names it.
  await status('candidate', made[2].id, { status: 'EXPIRED' });
  const bad = await api('hr').post(
    '/candidate/create-series',
    { candidate_ids: [made[0].id, made[2].id], kind: 'HR', start_at: start.toISOString(), minutes: 45 },
    en,
  );
  expect([bad.status, bad.body.errors]).toEqual([
    400,
    [{ path: 'candidate_ids.1', message: 'No interview can be scheduled for a candidate who is "Expired"' }],
  ]);
  expect((await api('hr').get(`/candidate-interview?f_candidate_id=${made[0].id}`)).body.data.totalRows).toBe(0);
  expect(
    (await api('hr').post('/candidate/create-series', { candidate_ids: [made[0].id, made[0].id], kind: 'HR', start_at: start.toISOString() })).status,
  ).toBe(400);

  const ok = await api('hr').post('/candidate/create-series', {
    candidate_ids: [made[0].id, made[1].id],
    kind: 'MANAGER',
    start_at: start.toISOString(),
    minutes: 45,
    location: 'Phòng họp 2',
  });
  expect([ok.status, ok.body.data.created]).toEqual([200, 2]);
  expect(ok.body.data.items.map((x: any) => new Date(x.scheduled_at).getTime())).toEqual([start.getTime(), start.getTime() + 45 * 60_000]);
  expect(ok.body.data.items.every((x: any) => x.kind === 'MANAGER' && x.location === 'Phòng họp 2' && x.result === 'PENDING')).toBe(true);
  for (const c of made.slice(0, 2)) expect((await api('hr').get(`/candidate/${c.id}`)).body.data.status).toBe('INTERVIEWING');
  // The head schedules for their own department's candidates too; not for another department's.
  const hcns = (await api('hr').get(`/candidate?f_recruitment_id=${ids[`TD-${year}-003`]}`)).body.data.items[0];
  const foreign = await api('head').post('/candidate/create-series', { candidate_ids: [hcns.id], kind: 'HR', start_at: start.toISOString() });
  expect([foreign.status, foreign.body.errors[0].path]).toEqual([400, 'candidate_ids.0']);
});

test('malformed input on the recruitment routes: a 4xx with a message, never a 5xx, nothing written', async () => {
  const hr = api('hr');
  const pool = s.services.hr!.pool;
  const count = async () =>
    (
      await pool.query(
        `SELECT (SELECT count(*) FROM candidate)::int AS c, (SELECT count(*) FROM candidate_interview)::int AS i, (SELECT count(*) FROM staff)::int AS st, (SELECT max(updated_date) FROM recruitment) AS r`,
      )
    ).rows[0];
  const before = await count();
  const site = ids[`TD-${year}-001`];
  const cand = (await hr.get(`/candidate?f_recruitment_id=${site}&f_status=APPROVED`)).body.data.items[0].id;
  const hostile = ["' OR 1=1 --", '\u0000', '<script>', '{"$ne":null}', 'x'.repeat(2000)];
  const calls: [string, unknown][] = [
    [`/recruitment/${site}/status`, []],
    [`/recruitment/${site}/status`, 'IN_PROGRESS'],
    [`/recruitment/${site}/status`, { status: 42 }],
    [`/recruitment/${site}/status`, { status: 'PAUSED', note: 'a\u0000b' }],
    [`/recruitment/not-a-uuid/status`, { status: 'PAUSED' }],
    [`/candidate/${cand}/status`, { status: 'HIRED', start_date: '31/02/2026' }],
    [`/candidate/${cand}/status`, { status: 'HIRED', start_date: '2026-13-01' }],
    [`/candidate/${cand}/status`, { status: 'HIRED', start_date: '0001-01-01' }],
    [`/candidate/${cand}/status`, { status: 'HIRED', start_date: '2030-01-01', probation_salary: 'abc' }],
    [`/candidate/${cand}/status`, { status: 'HIRED', start_date: '2030-01-01', probation_salary: -5 }],
    ['/candidate/bulk-create', {}],
    ['/candidate/bulk-create', { recruitment_id: site, items: 'x' }],
    ['/candidate/bulk-create', { recruitment_id: site, items: [] }],
    ['/candidate/bulk-create', { recruitment_id: site, items: [1, [2], null] }],
    ['/candidate/bulk-create', { recruitment_id: "1' OR '1'='1", items: [person()] }],
    [
      '/candidate/bulk-create',
      {
        recruitment_id: site,
        items: [
          { ...person(), email: { $ne: null } },
          { ...person(), birthday: '31/02/2000' },
          { ...person(), recruitment_id: 'x', status: 'HIRED' },
        ],
      },
    ],
    ['/candidate/create-series', { candidate_ids: 'x', kind: 'HR', start_at: '2030-01-01T08:00:00Z' }],
    ['/candidate/create-series', { candidate_ids: [cand], kind: 'NOPE', start_at: '2030-01-01T08:00:00Z' }],
    ['/candidate/create-series', { candidate_ids: [cand], kind: 'HR', start_at: '0001-01-01T08:00:00Z' }],
    ['/candidate/create-series', { candidate_ids: [cand], kind: 'HR', start_at: '2030-01-01T08:00:00Z', minutes: 1e9 }],
    ['/candidate/create-series', { candidate_ids: [cand], kind: 'HR', start_at: '2030-01-01T08:00:00Z', location: '\u0000' }],
    ['/candidate/create-series', { candidate_ids: Array.from({ length: 51 }, () => cand), kind: 'HR', start_at: '2030-01-01T08:00:00Z' }],
    [`/candidate/${cand}/reapply`, { recruitment_id: 'nope' }],
    [`/candidate/${cand}/reapply`, null],
  ];
  for (const h of hostile)
    calls.push([`/candidate/${cand}/status`, { status: h }], ['/candidate/create-series', { candidate_ids: [h], kind: 'HR', start_at: h }]);
  for (const [path, body] of calls) {
    const res = await hr.raw('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect([path, body, res.status >= 400 && res.status < 500, res.status]).toEqual([path, body, true, res.status]);
    expect(typeof res.body.message).toBe('string');
  }
  for (const q of [
    'page=-1&limit=abc',
    'q=%00',
    `q=${encodeURIComponent(hostile[0]!)}`,
    'order=full_name%3B%20DROP',
    'f_status=NOPE',
    'f_recruitment_id=1%20OR%201=1',
    'limit=999999999999',
  ]) {
    const res = await hr.get(`/candidate/old?${q}`);
    expect([q, [200, 400]]).toEqual([q, expect.arrayContaining([res.status])]);
  }
  expect(await count()).toEqual(before);
});
