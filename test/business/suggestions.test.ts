/**
 * Project suggestions (spec §7 `/project-business` suggest POST, PUT to resubmit, `PUT …/suggest/:id/change-status`)
 * through the gateway on the demo company: a business officer suggests pursuing a lead; nobody decides their own
 * suggestion; a rejection says why; the suggester's edit resubmits a rejected one; an approval gives the project its
 * rating and tracks it; every wrong move and a suggestion on a closed project are refused with their messages; the
 * list filtered by `businessProjectId`.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

test('the demo has suggestions waiting, approved and rejected', async () => {
  const all = ok(await api('director').get('/project-business/suggest?limit=50'));
  const by = (st: string) => all.items.filter((x: { status: string }) => x.status === st).length;
  expect([by('SUGGESTING'), by('APPROVED'), by('REJECTED')]).toEqual([2, 1, 1]);
  // Those waiting come first.
  expect(all.items[0].status).toBe('SUGGESTING');
});

const decide = (who: DemoPerson, id: string, status: string, extra: Record<string, unknown> = {}) =>
  api(who).put(`/project-business/suggest/${id}/change-status`, { status, ...extra }, EN);

test('suggested, refused to its own suggester, rejected with a reason, resubmitted by an edit, approved: the project takes the rating and is tracked', async () => {
  const lead = ok(await api('sales').post('/project-business', { name: 'Khu đô thị thử đề xuất', department_id: ids.KD }));
  expect([lead.stage, lead.rating]).toEqual(['LEAD', null]);
  // The engineer may read projects, not suggest.
  expect((await api('eng').post('/project-business/suggest', { business_project_id: lead.id, rating: 'mark_1', reason: 'x' }, EN)).status).toBe(403);
  const missing = await api('sales').post('/project-business/suggest', { business_project_id: lead.id }, EN);
  expect([missing.status, missing.body.errors.map((e: { path: string }) => e.path).sort()]).toEqual([400, ['rating', 'reason']]);
  const sg = ok(
    await api('sales').post('/project-business/suggest', { business_project_id: lead.id, rating: 'mark_1', reason: 'Khách hàng cũ, quy mô phù hợp' }),
  );
  expect(sg.code).toMatch(/^DX\d{2}-\d{4}$/);
  expect(sg.status).toBe('SUGGESTING');
  // The sales head holds the approve right on projects, but this suggestion is theirs.
  const own = await decide('sales', sg.id, 'APPROVED');
  expect([own.status, own.body.message]).toEqual([403, expect.stringContaining('an approver other than its suggester')]);
  const noReason = await decide('director', sg.id, 'REJECTED');
  expect([noReason.status, noReason.body.errors?.[0]?.path]).toEqual([400, 'decision_note']);
  const rejected = ok(await decide('director', sg.id, 'REJECTED', { decision_note: 'Thiếu đánh giá tài chính chủ đầu tư' }));
  expect([rejected.status, rejected.decision_note]).toEqual(['REJECTED', 'Thiếu đánh giá tài chính chủ đầu tư']);
  const twice = await decide('director', sg.id, 'APPROVED');
  expect([twice.status, twice.body.message]).toEqual([422, 'This project suggestion cannot go from "Rejected" to "Approved"']);
  // Resubmitted: the suggester's edit (PUT suggest), not another's.
  expect((await api('director').put(`/project-business/suggest/${sg.id}`, { reason: 'sửa' }, EN)).status).toBe(403);
  const again = ok(await api('sales').put(`/project-business/suggest/${sg.id}`, { reason: 'Đã bổ sung báo cáo tài chính 3 năm của chủ đầu tư' }));
  expect([again.status, again.decision_note]).toEqual(['SUGGESTING', null]);
  const moved = await api('sales').put(`/project-business/suggest/${sg.id}`, { business_project_id: ids.KD }, EN);
  expect(moved.status).toBe(400);
  const approved = ok(await decide('director', sg.id, 'APPROVED', { note: 'Đồng ý theo đuổi' }));
  expect(approved.status).toBe('APPROVED');
  const p = ok(await api('sales').get(`/project-business/${lead.id}`));
  expect([p.stage, p.rating]).toEqual(['TRACKING', 'mark_1']);
  // An approved suggestion is no longer its suggester's to change or remove.
  expect((await api('sales').put(`/project-business/suggest/${sg.id}`, { reason: 'x' }, EN)).status).toBe(422);
  expect((await api('sales').del(`/project-business/suggest/${sg.id}`)).status).toBe(422);
  // The project's suggestions, by the spec's filter name.
  const listed = ok(await api('sales').get(`/project-business/suggest?businessProjectId=${lead.id}`));
  expect(listed.items.map((x: { id: string }) => x.id)).toEqual([sg.id]);
  // In Vietnamese too.
  const vi = await api('director').put(`/project-business/suggest/${sg.id}/change-status`, { status: 'REJECTED', decision_note: 'x' });
  expect([vi.status, vi.body.message]).toEqual([422, 'Không thể chuyển đề xuất dự án từ "Đã duyệt" sang "Từ chối"']);
});

test('a won, lost or paused project is not suggested', async () => {
  const p = ok(await api('sales').post('/project-business', { name: 'Dự án tạm dừng thử', department_id: ids.KD }));
  ok(await api('sales').post(`/project-business/${p.id}/status`, { status: 'PAUSED' }));
  const res = await api('sales').post('/project-business/suggest', { business_project_id: p.id, rating: 'mark_2', reason: 'x' }, EN);
  expect([res.status, res.body.message]).toEqual([422, 'The project is won, lost or paused: it cannot be suggested']);
});
