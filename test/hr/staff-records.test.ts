/**
 * A staff member's records and status through the gateway, on the demo company: status changes (quit with the
 * severance day and the spec §8 delete rule, transfer moving the record and its scope, history fixed once filed),
 * the records of the detail tabs scoped through their staff member, family relationship removal (spec §4), is-email.
 */
import { ADMIN_PASSWORD, DEMO_PASSWORD, startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(60_000);
let s: TestStack;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  for (const [k, email] of [
    ['head', 'head.kttc@portal.local'],
    ['hr', 'hr@portal.local'],
    ['eng', 'engineer@portal.local'],
  ] as const)
    tok[k] = (await s.signIn(email, DEMO_PASSWORD)).accessToken;
  tok.admin = (await s.signIn(s.adminEmail, ADMIN_PASSWORD)).accessToken;
  const hr = s.services.hr!.pool;
  for (const r of (await hr.query(`SELECT id, code FROM organization`)).rows) ids[r.code] = r.id;
  for (const r of (await hr.query(`SELECT id, code FROM position`)).rows) ids[`pos:${r.code}`] = r.id;
});
afterAll(async () => {
  await s?.close();
});

const api = (who: string) => s.api(tok[who]);
/** A fresh staff member in a department (HR files it). */
async function hire(code: string, dept: string, extra: Record<string, unknown> = {}) {
  const r = await api('hr').post('/staff', {
    code,
    full_name: `Nhân viên ${code}`,
    department_id: ids[dept],
    status: 'OFFICIAL',
    entry_date: '2020-03-01',
    ...extra,
  });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; [k: string]: unknown };
}

test('quit: status QUIT, severance day set, transfer history; not deletable before the severance day (spec §8); twice is refused', async () => {
  const a = await hire('ST-Q1', 'KTTC');
  const q = await api('hr').post('/staff-status', {
    staff_id: a.id,
    status: 'QUIT',
    effective_date: day(30),
    decision_code: 'QĐ-01',
    reason: 'Chuyển công tác',
  });
  expect(q.status).toBe(200);
  expect(q.body.data).toMatchObject({ from_status: 'OFFICIAL', status: 'QUIT' });
  const staff = (await api('hr').get(`/staff/${a.id}`)).body.data;
  expect(staff).toMatchObject({ status: 'QUIT', severance_date: day(30) });
  const hist = (await api('hr').get(`/staff_transfer_history?f_staff_id=${a.id}`)).body.data.items;
  expect(hist).toEqual([expect.objectContaining({ kind: 'QUIT', effective_date: day(30), decision_code: 'QĐ-01', from_department_id: ids.KTTC })]);
  const del = await api('hr').del(`/staff/${a.id}`);
  expect([del.status, del.body.message]).toEqual([422, 'Không thể xóa nhân viên chưa đến ngày nghỉ việc']);
  const again = await api('hr').post('/staff-status', { staff_id: a.id, status: 'QUIT', effective_date: day(31) }, { 'accept-language': 'en' });
  expect([again.status, again.body.message]).toEqual([422, 'The staff member has already quit']);
  // The staff's own activity log shows the change (the detail page reloads it after a status change).
  const log = (await api('admin').get(`/activity-log?q=staff:${a.id}`)).body.data.items.map((e: any) => e.action);
  expect(log).toEqual(expect.arrayContaining(['create', 'update']));

  // Someone whose severance day has passed is deleted; a re-hire clears the severance day.
  const b = await hire('ST-Q2', 'KTTC');
  await api('hr').post('/staff-status', { staff_id: b.id, status: 'QUIT', effective_date: day(-1) });
  expect((await api('hr').del(`/staff/${b.id}`)).status).toBe(200);
  const c = await hire('ST-Q3', 'KTTC');
  await api('hr').post('/staff-status', { staff_id: c.id, status: 'QUIT', effective_date: day(10) });
  await api('hr').post('/staff-status', { staff_id: c.id, status: 'PROBATION', effective_date: day(40) });
  expect((await api('hr').get(`/staff/${c.id}`)).body.data).toMatchObject({ status: 'PROBATION', severance_date: null });
});

test('transfer: the staff record moves (unit from the department), status kept, history from → to; the records follow into the new scope', async () => {
  const a = await hire('ST-T1', 'KTTC');
  const contract = await api('hr').post('/labor-contract', {
    staff_id: a.id,
    code: 'HD-T1',
    name: 'HĐLĐ',
    type: 1,
    status: 1,
    start_date: '2020-03-01',
    base_salary: 15_000_000,
  });
  expect(contract.status).toBe(200);
  // The KTTC head sees the contract of someone in KTTC.
  expect((await api('head').get(`/labor-contract/${contract.body.data.id}`)).status).toBe(200);
  const t = await api('hr').post('/staff-status', {
    staff_id: a.id,
    status: 'TRANSFER',
    effective_date: day(0),
    to_department_id: ids.MEP,
    to_position_id: ids['pos:KS'],
  });
  expect(t.status).toBe(200);
  const moved = (await api('hr').get(`/staff/${a.id}`)).body.data;
  const { rows } = await s.services.hr!.pool.query(`SELECT parent_id FROM organization WHERE id = $1`, [ids.MEP]);
  expect(moved).toMatchObject({ status: 'OFFICIAL', department_id: ids.MEP, unit_id: rows[0].parent_id, position_id: ids['pos:KS'] });
  const hist = (await api('hr').get(`/staff_transfer_history?f_staff_id=${a.id}`)).body.data.items;
  expect(hist).toEqual([expect.objectContaining({ kind: 'TRANSFER', from_department_id: ids.KTTC, to_department_id: ids.MEP, to_position_id: ids['pos:KS'] })]);
  // The old head no longer sees the staff member nor their contract; lists agree.
  expect((await api('head').get(`/labor-contract/${contract.body.data.id}`)).status).toBe(404);
  expect((await api('head').get(`/labor-contract?f_staff_id=${a.id}`)).body.data.totalRows).toBe(0);
  // A status change is history: its status is fixed, its decision number is not.
  const fixed = await api('hr').put(`/staff-status/${t.body.data.id}`, { status: 'OFFICIAL' }, { 'accept-language': 'en' });
  expect([fixed.status, fixed.body.message]).toEqual([422, 'The status, date and destination of a filed change are fixed: file a new change instead']);
  expect((await api('hr').put(`/staff-status/${t.body.data.id}`, { decision_code: 'QĐ-DC-02' })).body.data.decision_code).toBe('QĐ-DC-02');
  // Transfer out of the company (no destination): the status becomes TRANSFER.
  await api('hr').post('/staff-status', { staff_id: a.id, status: 'TRANSFER', effective_date: day(1) });
  expect((await api('hr').get(`/staff/${a.id}`)).body.data.status).toBe('TRANSFER');
});

test("records are written only for staff in the caller's scope: the head cannot add a family member to someone outside KTTC", async () => {
  const outside = await hire('ST-S1', 'MEP');
  const inside = await hire('ST-S2', 'KTTC');
  const body = (staffId: string) => ({
    staff_id: staffId,
    full_name: 'Nguyễn Văn Bố',
    relationship: 3,
    birthday: '1960-01-01',
    nationality: 'Việt Nam',
    dependent_person: false,
  });
  // The demo head may edit staff records but not delete them, also not by the spec's PUT with state INACTIVE.
  const rec = await api('hr').post('/recognition', {
    staff_id: inside.id,
    type: 'AWARD',
    decision_code: 'KT-1',
    issue_date: '2026-01-10',
    title: 'Khen thưởng',
    form: 'Giấy khen',
    money: 1_000_000,
    recipient: 'Nhân viên ST-S2',
  });
  expect((await api('head').put(`/recognition/${rec.body.data.id}`, { state: 'INACTIVE', staff_id: inside.id })).status).toBe(403);
  // Nor add: give the test its own role with staff add and delete.
  const role = await api('admin').post('/role', {
    code: 'HEAD_PLUS',
    name: 'Head plus',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_ALL',
    permissions: [{ feature: 'staff', actions: ['view', 'add', 'edit', 'delete'] }],
  });
  const { rows } = await s.services.system!.pool.query(`SELECT id FROM app_user WHERE email = 'head.kttc@portal.local'`);
  const user = (await api('admin').get(`/user/${rows[0].id}`)).body.data;
  expect((await api('admin').put(`/user/${user.id}`, { role_ids: [...user.role_ids, role.body.data.id] })).status).toBe(200);
  const head = s.api((await s.signIn('head.kttc@portal.local', DEMO_PASSWORD)).accessToken);
  const denied = await head.post('/familyRelationship', body(outside.id), { 'accept-language': 'en' });
  expect([denied.status, denied.body.errors[0].path]).toEqual([400, 'staff_id']);
  const ok = await head.post('/familyRelationship', body(inside.id));
  expect(ok.status).toBe(200);
  // Spec §4: removing a family member makes it INACTIVE; it is listed with f_state=INACTIVE, with its staff_id.
  expect((await head.del(`/familyRelationship/${ok.body.data.id}`)).status).toBe(200);
  const gone = (await head.get(`/familyRelationship?f_staff_id=${inside.id}&f_state=INACTIVE`)).body.data.items;
  expect(gone).toEqual([expect.objectContaining({ id: ok.body.data.id, state: 'INACTIVE', staff_id: inside.id })]);
  expect((await head.get(`/familyRelationship?f_staff_id=${inside.id}`)).body.data.totalRows).toBe(0);
  // The spec's own call: PUT with state INACTIVE and the staff_id removes a record the same way.
  const off = await api('hr').put(`/recognition/${rec.body.data.id}`, { state: 'INACTIVE', staff_id: inside.id });
  expect([off.status, off.body.data.state]).toEqual([200, 'INACTIVE']);
  expect((await api('hr').get(`/recognition?f_staff_id=${inside.id}`)).body.data.totalRows).toBe(0);
});

test('is-email (spec §7 PUT): taken by another staff member, free for the record itself, 400 for a bad address', async () => {
  const a = await hire('ST-E1', 'KTTC', { company_email: 'st.e1@portal.local' });
  expect((await api('hr').put('/staff/is-email', { email: 'ST.E1@portal.local' })).body.data).toEqual({ exists: true });
  expect((await api('hr').put('/staff/is-email', { email: 'st.e1@portal.local', id: a.id })).body.data).toEqual({ exists: false });
  expect((await api('hr').put('/staff/is-email', { email: 'nobody@portal.local' })).body.data).toEqual({ exists: false });
  const bad = await api('hr').put('/staff/is-email', { email: 'not-an-email' });
  expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'email']);
  expect((await api('eng').put('/staff/is-email', { email: 'x@y.z' })).status).toBe(403);
});
