/**
 * Contractors and their evaluations through the gateway on the demo company: the list's totals; the capped sums of the
 * criteria (proportions per evaluation type at most 100 %, points per group at most 100, the spec's messages); an
 * evaluation scored line by line — the item of its type, at most the item's points — its point and grade, counted in
 * the contractor's standing only once completed and out of it once reopened; a contractor without activity has no
 * score rather than a zero; only a draft's lines change, and only by who may change the evaluation.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.business!.pool;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
});
afterAll(async () => {
  await s?.close();
});

test('the demo partners: the list carries its totals; those evaluated have a standing, the others none', async () => {
  const list = ok(await api('sales').get('/contractor?limit=100'));
  expect(list.totalRows).toBe(20);
  const by = (k: string) => list.items.filter((c: { kind: string }) => c.kind === k).length;
  expect([list.totalContractors, list.totalEquipments]).toEqual([by('CONTRACTOR'), by('EQUIPMENT')]);
  const equipment = ok(await api('sales').get('/contractor?f_kind=EQUIPMENT'));
  expect([equipment.totalContractors, equipment.totalEquipments]).toEqual([0, by('EQUIPMENT')]);
  const unscored = list.items.filter((c: { avg_point: number | null }) => c.avg_point === null);
  expect(unscored.length).toBe(3);
  for (const c of unscored) expect([c.name, c.grade]).toEqual([c.name, null]);
  const counts = (await db().query(`SELECT evaluation_count AS n FROM contractor WHERE avg_point IS NULL`)).rows.map((r) => r.n);
  expect(counts).toEqual([0, 0, 0]);
  const grades = new Set(list.items.map((c: { grade: string | null }) => c.grade));
  for (const g of ['GIOI', 'KHA', 'TRUNG_BINH']) expect([g, grades.has(g)]).toEqual([g, true]);
  // The standing is the average of the completed evaluations.
  const { rows } = await db().query(
    `SELECT c.avg_point, round(avg(e.point), 2) AS expected FROM contractor c JOIN contractor_evaluation e ON e.contractor_id = c.id
      WHERE e.status = 'COMPLETED' AND e.state = 'ACTIVE' GROUP BY c.id, c.avg_point`,
  );
  for (const r of rows) expect(Number(r.avg_point)).toBe(Number(r.expected));
});

test('proportions of a type and points of a group are capped at 100, with the spec messages', async () => {
  const over = await api('admin').post('/contractor-evaluation-group', { evaluation_type: 'PERFORMANCE_EVALUATION', name: 'Thêm nhóm', proportion: 5 }, EN);
  expect([over.status, over.body.message]).toEqual([422, 'Total proportion cannot exceed 100% (0% left)']);
  const vi = await api('admin').post('/contractor-evaluation-group', { evaluation_type: 'PERFORMANCE_EVALUATION', name: 'Thêm nhóm', proportion: 5 });
  expect(vi.body.message).toBe('Tổng tỷ trọng không được vượt quá 100% (còn lại 0%)');
  const group = (await db().query(`SELECT id FROM contractor_evaluation_group WHERE name = 'An toàn lao động'`)).rows[0].id;
  const point = await api('admin').post('/contractor-evaluation-item', { group_id: group, name: 'Thêm tiêu chí', point: 1 }, EN);
  expect([point.status, point.body.message]).toEqual([422, 'Total point cannot exceed 100 (0 left)']);
});

test('an evaluation scored line by line, counted in the standing once completed and out of it once reopened', async () => {
  const c = ok(await api('sales').post('/contractor', { name: 'Công ty thử đánh giá', kind: 'CONTRACTOR', website: 'https://thu.vn' }));
  expect([c.code, c.avg_point, c.grade]).toEqual([expect.stringMatching(/^NT-\d{4}$/), null, null]);
  const bad = await api('sales').post('/contractor', { name: 'Sai website', kind: 'CONTRACTOR', website: 'không phải url' }, EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'website']);
  const e = ok(await api('sales').post('/contractor-evaluation', { contractor_id: c.id, evaluation_type: 'WARRANTY_EVALUATION', trigger: 'SUDDEN' }));
  expect([e.status, e.point, e.code]).toEqual(['DRAFT', null, expect.stringMatching(/^DG\d{2}-\d{4}$/)]);
  const items = (
    await db().query<{ id: string; name: string; point: number; evaluation_type: string }>(
      `SELECT i.id, i.name, i.point, i.evaluation_type FROM contractor_evaluation_item i WHERE i.state = 'ACTIVE'`,
    )
  ).rows;
  const warranty = items.filter((i) => i.evaluation_type === 'WARRANTY_EVALUATION');
  const performance = items.find((i) => i.evaluation_type === 'PERFORMANCE_EVALUATION')!;
  const other = await api('sales').post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: performance.id, point: 1 }, EN);
  expect([other.status, other.body.errors]).toEqual([400, [{ path: 'item_id', message: "The item is not of the evaluation's type" }]]);
  const response = warranty.find((i) => i.name === 'Thời gian có mặt sau khi báo lỗi')!;
  const tooMuch = await api('sales').post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: response.id, point: 101 }, EN);
  expect(tooMuch.status).toBe(400);
  const overItem = warranty.find((i) => i.name === 'Không tái phát')!;
  const over = await api('sales').post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: overItem.id, point: 31 }, EN);
  expect([over.status, over.body.errors]).toEqual([400, [{ path: 'point', message: 'The maximum is 30' }]]);
  // Response 90/100 (group 50 %), fixing 70/70 + 15/30 → 85/100 (group 50 %): 87.5, Giỏi.
  ok(await api('sales').post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: response.id, point: 90 }));
  ok(
    await api('sales').post('/contractor-evaluation-line', {
      evaluation_id: e.id,
      item_id: warranty.find((i) => i.name === 'Khắc phục triệt để')!.id,
      point: 70,
    }),
  );
  const line = ok(await api('sales').post('/contractor-evaluation-line', { evaluation_id: e.id, item_id: overItem.id, point: 15 }));
  expect(ok(await api('sales').get(`/contractor-evaluation/${e.id}`))).toMatchObject({ point: 87.5, grade: 'GIOI' });
  // A draft does not count yet.
  expect(ok(await api('sales').get(`/contractor/${c.id}`)).avg_point).toBeNull();
  ok(await api('sales').post(`/contractor-evaluation/${e.id}/status`, { status: 'COMPLETED' }));
  expect(ok(await api('sales').get(`/contractor/${c.id}`))).toMatchObject({ avg_point: 87.5, grade: 'GIOI', maintenance_point: null, evaluation_count: 1 });
  // Completed, its lines are fixed.
  const late = await api('sales').put(`/contractor-evaluation-line/${line.id}`, { point: 0 }, EN);
  expect(late.status).toBe(422);
  // A second, poor one: the average and the grade follow.
  const e2 = ok(
    await api('sales').post('/contractor-evaluation', {
      contractor_id: c.id,
      evaluation_type: 'WARRANTY_EVALUATION',
      warranty_type: 'MAINTENANCE',
      trigger: 'SUDDEN',
    }),
  );
  for (const i of warranty)
    ok(await api('sales').post('/contractor-evaluation-line', { evaluation_id: e2.id, item_id: i.id, point: Math.round(i.point * 0.4) }));
  ok(await api('sales').post(`/contractor-evaluation/${e2.id}/status`, { status: 'COMPLETED' }));
  expect(ok(await api('sales').get(`/contractor/${c.id}`))).toMatchObject({
    avg_point: 63.75,
    grade: 'TRUNG_BINH',
    execution_point: 87.5,
    maintenance_point: 40,
    evaluation_count: 2,
  });
  // Reopened, it stops counting.
  ok(await api('sales').post(`/contractor-evaluation/${e2.id}/status`, { status: 'DRAFT' }));
  expect(ok(await api('sales').get(`/contractor/${c.id}`))).toMatchObject({ avg_point: 87.5, grade: 'GIOI', evaluation_count: 1 });
  // Its contractor and type stay once it has lines.
  const moved = await api('sales').put(`/contractor-evaluation/${e2.id}`, { evaluation_type: 'PERFORMANCE_EVALUATION' }, EN);
  expect([moved.status, moved.body.errors?.[0]?.path]).toEqual([400, 'evaluation_type']);
  // A line is an edit of its evaluation (declared: parentEdit): a colleague who may add and change evaluations but
  // neither made this one nor approves evaluations scores none of its lines, changes none, removes none — their own, yes.
  const role = ok(
    await api('admin').post('/role', {
      code: 'CONTRACTOR_CLERK',
      name: 'Contractor clerk',
      staff_scope: 'VIEW_ALL',
      project_scope: 'VIEW_ALL',
      permissions: [{ feature: 'subcontractor', actions: ['view', 'add', 'edit', 'delete'] }],
    }),
  );
  const user = ok(
    await api('admin').post('/user', { username: 'contractor.clerk', email: 'contractor.clerk@example.com', full_name: 'Clerk', role_ids: [role.id] }),
  );
  ok(await api('admin').post(`/user/${user.id}/password`, { password: 'Clerk@2026x' }));
  const clerk = s.api((await s.signIn('contractor.clerk', 'Clerk@2026x')).accessToken);
  const notHis = /^Only its evaluator or a contractor evaluation approver may change this /;
  const added = await clerk.post('/contractor-evaluation-line', { evaluation_id: e2.id, item_id: performance.id, point: 1 }, EN);
  expect([added.status, added.body.message]).toEqual([403, expect.stringMatching(notHis)]);
  const e2line = (ok(await api('sales').get(`/contractor-evaluation-line?f_evaluation_id=${e2.id}&limit=1`)).items as { id: string }[])[0]!;
  const changed = await clerk.put(`/contractor-evaluation-line/${e2line.id}`, { point: 0 }, EN);
  expect([changed.status, changed.body.message]).toEqual([403, expect.stringMatching(notHis)]);
  expect((await clerk.del(`/contractor-evaluation-line/${e2line.id}`)).status).toBe(403);
  const own = ok(await clerk.post('/contractor-evaluation', { contractor_id: c.id, evaluation_type: 'WARRANTY_EVALUATION', trigger: 'SUDDEN' }));
  const ownLine = ok(await clerk.post('/contractor-evaluation-line', { evaluation_id: own.id, item_id: response.id, point: 50 }));
  ok(await clerk.put(`/contractor-evaluation-line/${ownLine.id}`, { point: 60 }));
  ok(await clerk.del(`/contractor-evaluation-line/${ownLine.id}`));
});
