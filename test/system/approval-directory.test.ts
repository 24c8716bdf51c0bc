/**
 * Approver scopes, delegations and approval emails against the real portal: the demo company in the system
 * and HR services (their directory over /internal), a service under test with an approvable resource on the
 * same bus, and the notifications service delivering in-app and by email (the dev SMTP mailbox).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { FastifyInstance } from 'fastify';
import {
  defineResource,
  PROJECT_DIRECTORY,
  type ApprovalLevelRule,
  type CallerContext,
  businessSettingItem,
  project as projectRegister,
  projectTeam,
} from '@portal/contracts';
import { ApprovalEngine, contextCodec, createPool, createServiceApp, declaredStatements, httpDirectory, migrate, type ServiceKit } from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';
import { DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack';
import { callAs, callerContext } from '../support/signed';
import { startKitService, type KitService } from '../support/kit-service';

jest.setTimeout(60_000);
const KEY = randomBytes(32).toString('hex');
const codec = contextCodec(KEY);

const purchase = defineResource({
  name: 'testPurchase',
  domain: 'implementation',
  path: '/test-purchase',
  table: 'test_purchase',
  feature: 'payment',
  label: { vi: 'Đề nghị mua', en: 'Purchase' },
  fields: {
    title: { type: 'text', label: { vi: 'Tiêu đề', en: 'Title' }, required: true, max: 200 },
    amount: { type: 'money', label: { vi: 'Số tiền', en: 'Amount' } },
    department_id: { type: 'ref', ref: 'organization', label: { vi: 'Phòng ban', en: 'Department' } },
    project_id: { type: 'ref', ref: PROJECT_DIRECTORY.register, label: { vi: 'Dự án', en: 'Project' } },
  },
  defaultOrder: 'created_date desc',
  titleField: 'title',
  scope: { staffDepartment: 'department_id', project: 'project_id' },
  approval: { documentType: 'purchase', amountField: 'amount' },
});

let s: TestStack;
let pool: Pool;
let app: FastifyInstance;
let kit: ServiceKit;
let base: string;
let dbName: string;
/** The business service's project directory (test declarations), on the stack's bus: POSITION_OF_PROJECT asks it. */
let projects: KitService;
const user: Record<string, { id: string; staff_id: string; email: string }> = {};
const role: Record<string, string> = {};
const org: Record<string, string> = {};
const pos: Record<string, string> = {};

function ctxOf(name: string): CallerContext {
  const u = user[name]!;
  return callerContext({ userId: u.id, staffId: u.staff_id, name });
}
const call = (who: string, method: string, path: string, body?: unknown) => callAs(base, codec, ctxOf(who), method, path, body);
async function flow(levels: ApprovalLevelRule[]) {
  await pool.query(`UPDATE approval_flow SET state = 'INACTIVE'`);
  await pool.query(`INSERT INTO approval_flow (document_type, name, levels) VALUES ('purchase', $1, $2)`, [randomUUID(), JSON.stringify(levels)]);
}
async function submitted(who: string, department: string | null, extra: Record<string, unknown> = {}) {
  const { project_id, ...rest } = extra;
  extra = rest;
  const created = await call(who, 'POST', '/test-purchase', { title: `p ${randomUUID().slice(0, 6)}`, amount: 1000, department_id: department, project_id });
  expect(created.status).toBe(200);
  const r = await call(who, 'POST', `/test-purchase/${created.body.data.id}/submit`, extra);
  return { id: created.body.data.id as string, ...r };
}

beforeAll(async () => {
  s = await startTestStack({ demo: true, env: { INTERNAL_KEY: KEY, DEV_MAILBOX: '1' } });
  const sys = s.services.system!.pool;
  for (const r of (await sys.query(`SELECT id, username, staff_id, email FROM app_user WHERE NOT is_admin`)).rows) user[r.username] = r;
  for (const r of (await sys.query(`SELECT id, code FROM role`)).rows) role[r.code] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM organization`)).rows) org[r.code] = r.id;
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM position`)).rows) pos[r.code] = r.id;

  const admin = process.env.TEST_DATABASE_URL!;
  dbName = `t_appdir_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  pool = createPool(withDatabase(admin, dbName), 5);
  await migrate(pool, join(__dirname, 'no-service-migrations'));
  for (const st of declaredStatements([purchase])) await pool.query(st.sql);
  ({ app, kit } = await createServiceApp({
    domain: 'implementation',
    pool,
    bus: s.bus,
    internalKey: KEY,
    resources: [purchase],
    logger: false,
    directoryUrl: () => s.services.system!.url,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  projects = await startKitService({
    domain: PROJECT_DIRECTORY.domain,
    resources: [businessSettingItem, projectRegister, projectTeam],
    internalKey: KEY,
    bus: s.bus,
  });
});

afterAll(async () => {
  await projects?.close();
  await app?.close();
  await pool?.end();
  if (dbName) await dropDatabase(process.env.TEST_DATABASE_URL!, dbName);
  await s?.close();
});

test('ROLE: every holder of the role, company-wide', async () => {
  await flow([
    { level: 1, scope: 'ROLE', role_id: role.HR_MANAGER },
    { level: 2, scope: 'ROLE', role_id: role.DIRECTOR },
  ]);
  const r = await submitted('engineer', org.MEP);
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ levels_count: 2, approver_ids: [user['hr.manager']!.id] });
  expect(r.body.data.levels[1].approver_ids).toEqual([user.director!.id]);
});

test("ROLE_OF_DEPARTMENT: holders of the role among the staff of the record's department; none there is a clear 422", async () => {
  await flow([{ level: 1, scope: 'ROLE_OF_DEPARTMENT', role_id: role.DEPT_HEAD }]);
  expect((await submitted('engineer', org.KTTC)).body.data.approver_ids).toEqual([user['head.kttc']!.id]);
  const none = await submitted('engineer', org.HCNS);
  expect([none.status, none.body.message]).toEqual([422, 'Approval level 1 has no approver']);
  // No department on the record: the submitter's own (engineer is in KTTC).
  expect((await submitted('engineer', null)).body.data.approver_ids).toEqual([user['head.kttc']!.id]);
});

test('DEPARTMENT_TREE: the head of the department, then up the tree; the submitter and heads without an account are passed over', async () => {
  await flow([
    { level: 1, scope: 'DEPARTMENT_TREE', up: 0 },
    { level: 2, scope: 'DEPARTMENT_TREE', up: 1 },
  ]);
  const r = await submitted('engineer', org.KTTC);
  expect(r.body.data.levels.map((l: any) => l.approver_ids)).toEqual([[user['head.kttc']!.id], [user.director!.id]]);
  // BCH's head, the site commander, has his account: he answers first.
  expect((await submitted('engineer', org.BCH)).body.data.approver_ids).toEqual([user.site!.id]);
  // The head of KTTC submitting: the director first; nobody above → 422 for level 2.
  const own = await submitted('head.kttc', org.KTTC);
  expect([own.status, own.body.message]).toEqual([422, 'Approval level 2 has no approver']);
  await flow([{ level: 1, scope: 'DEPARTMENT_TREE', up: 0 }]);
  expect((await submitted('head.kttc', org.KTTC)).body.data.approver_ids).toEqual([user.director!.id]);
  // MEP's head has no account: the nearest head above who has one answers (Khối Dự án has none: the company's, the director).
  expect((await submitted('engineer', org.MEP)).body.data.approver_ids).toEqual([user.director!.id]);
});

test("POSITION_OF_PROJECT: those holding the position in the record's project team, not everyone with that title", async () => {
  await flow([{ level: 1, scope: 'POSITION_OF_PROJECT', position_id: pos.TP }]);
  const admin = randomUUID();
  const project = (await projects.call(admin, 'POST', '/project-business', { name: 'Tower A', department_id: org.KTTC })).body.data.id as string;
  const other = (await projects.call(admin, 'POST', '/project-business', { name: 'Tower B', department_id: org.KTTC })).body.data.id as string;
  // Two staff hold the title company-wide (the HR manager and the KTTC head); only the head is on Tower A's team in it.
  await projects.call(admin, 'POST', '/project-team', { project_id: project, staff_id: user['head.kttc']!.staff_id, position_id: pos.TP });
  await projects.call(admin, 'POST', '/project-team', { project_id: project, staff_id: user['hr.manager']!.staff_id, position_id: pos.KS });
  await projects.call(admin, 'POST', '/project-team', { project_id: other, staff_id: user['hr.manager']!.staff_id, position_id: pos.TP });
  const r = await submitted('engineer', org.KTTC, { project_id: project });
  expect([r.status, r.body.data.approver_ids]).toEqual([200, [user['head.kttc']!.id]]);
  expect((await submitted('engineer', org.KTTC, { project_id: other })).body.data.approver_ids).toEqual([user['hr.manager']!.id]);
  // No project, or nobody in that position on its team: the level has no approver, said plainly.
  for (const extra of [
    {},
    { project_id: (await projects.call(admin, 'POST', '/project-business', { name: 'Tower C', department_id: org.KTTC })).body.data.id },
  ]) {
    const none = await submitted('engineer', org.KTTC, extra);
    expect([none.status, none.body.message]).toEqual([422, 'Approval level 1 has no approver']);
  }
});

test('the submitter never approves their own request: a level of only them is skipped', async () => {
  await flow([
    { level: 1, scope: 'ROLE', role_id: role.DIRECTOR },
    { level: 2, scope: 'ROLE', role_id: role.HR_MANAGER },
  ]);
  const r = await submitted('director', org.BGD);
  expect(r.body.data).toMatchObject({ levels_count: 1, approver_ids: [user['hr.manager']!.id] });
});

test('a USERS level naming nobody takes the approvers picked at submit; the picker lists, by name only, those who may approve', async () => {
  await flow([{ level: 1, scope: 'USERS' }]);
  const missing = await submitted('engineer', org.KTTC);
  expect([missing.status, missing.body.errors]).toEqual([400, [{ path: 'approver_ids', message: 'Please make a selection' }]]);
  const picked = await submitted('engineer', org.KTTC, { approver_ids: [user.director!.id] });
  expect(picked.body.data.approver_ids).toEqual([user.director!.id]);
  const tok = (await s.signIn('engineer@portal.local', DEMO_PASSWORD)).accessToken;
  const adminId = (await s.services.system!.pool.query(`SELECT id FROM app_user WHERE is_admin`)).rows[0].id as string;
  const list = await s.api(tok).get(`/approval-approvers?q=${encodeURIComponent('%')}`);
  expect(list.status).toBe(200);
  expect(list.body.data.items).toEqual([]);
  const all = await s.api(tok).get('/approval-approvers');
  // The admin, the director, the HR manager, the head, the business head and the implementation's approvers (contract
  // management, the vice directors, the chief accountant) hold an approve right; the engineer (the caller) and the site
  // commander none.
  expect(all.body.data.items.map((u: { id: string }) => u.id).sort()).toEqual(
    [
      user.director!.id,
      user['hr.manager']!.id,
      user['head.kttc']!.id,
      user.sales!.id,
      user.contracts!.id,
      user['pm.director']!.id,
      user['finance.director']!.id,
      user.accountant!.id,
      adminId,
    ].sort(),
  );
  expect(Object.keys(all.body.data.items[0]).sort()).toEqual(['full_name', 'id']);
  expect((await s.api(tok).get('/approval-approvers?limit=1&page=4')).body.data).toMatchObject({
    totalRows: 9,
    page: 4,
    limit: 1,
    items: [all.body.data.items[3]],
  });
});

test('delegation: the deputy receives the request, approves on behalf of the approver while it covers today, and not once it ends', async () => {
  await flow([{ level: 1, scope: 'ROLE_OF_DEPARTMENT', role_id: role.DEPT_HEAD }]);
  const head = await s.signIn('head.kttc@portal.local', DEMO_PASSWORD);
  const hr = await s.signIn('hr@portal.local', DEMO_PASSWORD);
  const eng = await s.signIn('engineer@portal.local', DEMO_PASSWORD);
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const api = s.api(head.accessToken);

  const bad = await api.post('/approval-delegation', { deputy_id: user['hr.manager']!.id, from_date: later, to_date: today });
  expect([bad.status, bad.body.errors.map((e: any) => e.path)]).toEqual([400, ['from_date']]);
  const self = await api.post('/approval-delegation', { deputy_id: user['head.kttc']!.id, from_date: today, to_date: later }, { 'accept-language': 'en' });
  expect([self.status, self.body.errors]).toEqual([400, [{ path: 'deputy_id', message: 'You cannot delegate to yourself' }]]);
  // Nobody delegates for someone else (owner scope: the approver is the row's owner), whatever their rights.
  const forOther = await s
    .api(eng.accessToken)
    .post(
      '/approval-delegation',
      { approver_id: user['head.kttc']!.id, deputy_id: user.engineer!.id, from_date: today, to_date: later },
      { 'accept-language': 'en' },
    );
  expect([forOther.status, forOther.body.errors]).toEqual([400, [{ path: 'approver_id', message: 'Outside your data scope' }]]);
  const created = await api.post('/approval-delegation', { deputy_id: user['hr.manager']!.id, from_date: today, to_date: later, note: 'on leave' });
  expect([created.status, created.body.data.approver_id]).toEqual([200, user['head.kttc']!.id]);
  const overlap = await api.post('/approval-delegation', { deputy_id: user.director!.id, from_date: later, to_date: later });
  expect(overlap.status).toBe(409);
  // The deputy reads it and cannot change it, take it over or end it; a third person does not even see it.
  expect((await s.api(hr.accessToken).get('/approval-delegation')).body.data).toMatchObject({
    items: [expect.objectContaining({ id: created.body.data.id })],
    totalRows: 1,
    page: 1,
    limit: 40,
  });
  for (const write of [
    () => s.api(hr.accessToken).put(`/approval-delegation/${created.body.data.id}`, { to_date: later, note: 'mine now' }),
    () => s.api(hr.accessToken).put(`/approval-delegation/${created.body.data.id}`, { approver_id: user['hr.manager']!.id, deputy_id: user.director!.id }),
    () => s.api(hr.accessToken).del(`/approval-delegation/${created.body.data.id}`),
  ])
    expect((await write()).status).toBe(400);
  expect((await s.api(eng.accessToken).get('/approval-delegation')).body.data.items).toEqual([]);
  expect((await s.api(eng.accessToken).get(`/approval-delegation/${created.body.data.id}`)).status).toBe(404);
  // The approver may move its end (the overlap rule holds on changes too).
  expect((await api.put(`/approval-delegation/${created.body.data.id}`, { to_date: later, note: 'back on Friday' })).status).toBe(200);

  const r = await submitted('engineer', org.KTTC);
  expect(r.body.data.approver_ids).toEqual([user['head.kttc']!.id]);
  // Both the approver and the deputy are asked.
  for (const who of [head, hr]) {
    await eventually(async () => {
      const n = await s.api(who.accessToken).get('/notifications');
      expect(n.body.data.items.some((x: any) => x.context === `testPurchase:${r.id}` && x.type === 'APPROVE_REQUEST')).toBe(true);
    });
  }
  const done = await call('hr.manager', 'POST', `/test-purchase/${r.id}/approve`, { description: 'for the head' });
  expect(done.body.data.status).toBe('APPROVED');
  const view = await call('engineer', 'GET', `/test-purchase/${r.id}/approval`);
  expect(view.body.data.steps.at(-1)).toMatchObject({ action: 'APPROVE', actor_id: user['hr.manager']!.id, on_behalf_of: user['head.kttc']!.id });

  expect((await api.del(`/approval-delegation/${created.body.data.id}`)).status).toBe(200);
  const after = await submitted('engineer', org.KTTC);
  const denied = await call('hr.manager', 'POST', `/test-purchase/${after.id}/approve`, {});
  expect([denied.status, denied.body.message]).toEqual([403, 'You are not permission to approved']);
});

test('email: an approver who wants approval requests by email gets one at their address', async () => {
  await flow([{ level: 1, scope: 'ROLE', role_id: role.DIRECTOR }]);
  const director = await s.signIn('director@portal.local', DEMO_PASSWORD);
  const pref = await s.api(director.accessToken).put('/notifications/preferences', { preferences: [{ type: 'APPROVE_REQUEST', in_app: true, email: true }] });
  expect(pref.status).toBe(200);
  const created = await call('engineer', 'POST', '/test-purchase', { title: 'no. 1', amount: 1, department_id: org.KTTC });
  const r = await call('engineer', 'POST', `/test-purchase/${created.body.data.id}/submit`, {});
  expect(r.status).toBe(200);
  const admin = s.api(await s.adminToken());
  await eventually(async () => {
    const box = await admin.get('/dev-mailbox');
    const mail = box.body.data.items.find((m: any) => m.mail_to.includes('director@portal.local') && m.subject.includes('Purchase approval request: no. 1'));
    expect(mail).toBeTruthy();
    // The link in the mail is absolute (PUBLIC_URL), to the record.
    expect(mail.body).toMatch(new RegExp(`https?://[^/\\s]+/implementation/test-purchase/${created.body.data.id}`));
  }, 10_000);
});

test('directory unreachable: a scope that needs it answers 503 with a message and writes nothing', async () => {
  await flow([{ level: 1, scope: 'ROLE', role_id: role.DIRECTOR }]);
  const created = await call('engineer', 'POST', '/test-purchase', { title: 'no directory', amount: 1, department_id: org.KTTC });
  const engine = new ApprovalEngine(
    kit.repos.get('testPurchase')!,
    httpDirectory(() => 'http://127.0.0.1:9', codec, 'implementation'),
  );
  await expect(engine.act('submit', created.body.data.id, { approver_ids: [] }, ctxOf('engineer'))).rejects.toMatchObject({
    status: 503,
    key: 'approval_directory_unavailable',
  });
  expect((await pool.query('SELECT count(*)::int AS n FROM approval_request WHERE record_id = $1', [created.body.data.id])).rows[0].n).toBe(0);
});
