/**
 * Feasibility studies (spec §7 `/business-feasibility`: code check, bulk delete, export, factor PUT; §3 "Possible
 * project"; §4 "Feasibility filter: 1 feasible, 0 waiting review"; §5 the import's MEP and investment messages) through
 * the gateway on the demo company: the demo's studies by verdict and category; a code checked as it is typed; the MEP
 * value computed from the investment; the factor review by the management, never the author, a rejection saying why, an
 * edit of a rejected study sending it back for review; an import row without the MEP percent or the investment value
 * refused naming them; the project scope on every read and write.
 */
import ExcelJS from 'exceljs';
import { feasibility } from '@portal/contracts';
import { importFieldsOf } from '../support/resources';
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

const total = async (who: DemoPerson, q: string) => ok(await api(who).get(`/business-feasibility?limit=50${q}`)).totalRows as number;

test('the demo studies by verdict (f_is_ability: 1 feasible, 0 waiting, absent all) and by category (project_category.id)', async () => {
  expect([await total('director', ''), await total('director', '&f_is_ability=1'), await total('director', '&f_is_ability=0')]).toEqual([8, 4, 3]);
  const all = ok(await api('director').get('/business-feasibility?limit=50')).items as Record<string, unknown>[];
  for (const x of all) expect(x.mep_value).toBe(Math.round((Number(x.investment_value) * Number(x.mep_rate_value)) / 100));
  const category = String(all[0]!.category_id);
  const inCategory = all.filter((x) => x.category_id === category).length;
  expect(await total('director', `&project_category.id=${category}`)).toBe(inCategory);
  expect(inCategory).toBeLessThan(all.length);
  // Unknown flags of older clients are ignored (f_is_limited).
  expect(await total('director', '&f_is_limited=1')).toBe(8);
  // The engineer sees the studies of the projects whose team they are on only; the site head, of none of theirs.
  const engSees = ok(await api('eng').get('/business-feasibility?limit=50')).items as { project_id: string }[];
  const engProjects = (
    await s.services.business!.pool.query(`SELECT DISTINCT project_id FROM project_team WHERE staff_id = $1 AND state = 'ACTIVE'`, [ids['engineer:staff']])
  ).rows.map((r) => r.project_id);
  expect(engSees.length).toBeGreaterThan(0);
  for (const x of engSees) expect(engProjects).toContain(x.project_id);
  expect(engSees.length).toBeLessThan(8);
});

test('a code is checked as it is typed; the MEP value follows the investment; reviewed by the management, never the author', async () => {
  const lead = ok(await api('sales').post('/project-business', { name: 'Tổ hợp khách sạn thử khả thi', department_id: ids.KD }));
  const taken = ok(await api('director').get('/business-feasibility?limit=1')).items[0].code as string;
  const check = async (who: DemoPerson, q: string) => api(who).get(`/business-feasibility/check-code?${q}`, EN);
  expect(ok(await check('sales', `code=${encodeURIComponent(taken.toLowerCase())}`))).toEqual({ exists: true, message: 'Code already exists' });
  expect(ok(await check('sales', 'code=KT-MOI-01'))).toEqual({ exists: false, message: null });
  expect((await check('sales', 'code=')).status).toBe(400);
  expect((await check('sales', `code=${'x'.repeat(31)}`)).status).toBe(400);
  expect((await s.api().get('/business-feasibility/check-code?code=A')).status).toBe(401);

  const missing = await api('sales').post('/business-feasibility', { project_id: lead.id }, EN);
  expect([missing.status, missing.body.errors.map((e: { path: string }) => e.path).sort()]).toEqual([
    400,
    ['code', 'investment_value', 'mep_rate_value', 'name'],
  ]);
  const body = { code: 'KT-MOI-01', name: 'Khả thi khách sạn thử', project_id: lead.id, investment_value: 1_234_567_891, mep_rate_value: 17.5 };
  const dup = await api('sales').post('/business-feasibility', { ...body, code: taken }, EN);
  expect([dup.status, dup.body.errors?.[0]]).toEqual([409, expect.objectContaining({ path: 'code', message: 'Code already exists' })]);
  const st = ok(await api('sales').post('/business-feasibility', body));
  expect([st.ability, st.is_ability, st.mep_value]).toEqual(['WAITING', false, Math.round(1_234_567_891 * 0.175)]);
  // Its own code is not "taken" while it is edited.
  expect(ok(await check('sales', `code=KT-MOI-01&id=${st.id}`)).exists).toBe(false);
  expect(ok(await check('sales', 'code=KT-MOI-01')).exists).toBe(true);
  const raised = ok(await api('sales').put(`/business-feasibility/${st.id}`, { investment_value: 2_000_000_000 }));
  expect(raised.mep_value).toBe(350_000_000);

  const factor = (who: DemoPerson, ability: string, extra: Record<string, unknown> = {}) =>
    api(who).put(`/business-feasibility/${st.id}/factor`, { ability, ...extra }, EN);
  // The business head holds the approve right, but wrote it; the engineer may only read.
  const own = await factor('sales', 'FEASIBLE');
  expect([own.status, own.body.message]).toEqual([403, expect.stringContaining('not its author')]);
  expect((await factor('eng', 'FEASIBLE')).status).toBe(403);
  const why = await factor('director', 'NOT_FEASIBLE');
  expect([why.status, why.body.errors?.[0]?.path]).toEqual([400, 'review_note']);
  const no = ok(await factor('director', 'NOT_FEASIBLE', { review_note: 'Chủ đầu tư chưa thu xếp vốn' }));
  expect([no.ability, no.is_ability, no.review_note]).toEqual(['NOT_FEASIBLE', null, 'Chủ đầu tư chưa thu xếp vốn']);
  expect(await total('director', `&f_is_ability=0&q=KT-MOI-01`)).toBe(0);
  // The author reworks it: waiting for review again, the old verdict's note gone.
  const again = ok(await api('sales').put(`/business-feasibility/${st.id}`, { mep_rate_value: 22 }));
  expect([again.ability, again.review_note, again.mep_value]).toEqual(['WAITING', null, 440_000_000]);
  expect(await total('director', `&f_is_ability=0&q=KT-MOI-01`)).toBe(1);
  const yes = ok(await factor('director', 'FEASIBLE', { note: 'Đủ điều kiện tham gia' }));
  expect([yes.ability, yes.is_ability]).toEqual(['FEASIBLE', true]);
  // A judged-feasible study is the company's basis for the bid: no longer changed or removed, until reopened.
  expect((await api('sales').put(`/business-feasibility/${st.id}`, { mep_rate_value: 10 }, EN)).status).toBe(422);
  expect((await api('sales').del(`/business-feasibility/${st.id}`)).status).toBe(422);
  const twice = await factor('director', 'NOT_FEASIBLE', { review_note: 'x' });
  expect([twice.status, twice.body.message]).toEqual([422, 'This feasibility study cannot go from "Feasible" to "Not feasible"']);
  const vi = await api('director').put(`/business-feasibility/${st.id}/factor`, { ability: 'NOT_FEASIBLE', review_note: 'x' });
  expect([vi.status, vi.body.message]).toEqual([422, 'Không thể chuyển dự án khả thi từ "Khả thi" sang "Không khả thi"']);

  // The site head (KTTC) reaches no project of the business department: neither reads nor writes its studies.
  expect((await api('head').get(`/business-feasibility/${st.id}`)).status).toBe(404);
  expect((await api('head').post('/business-feasibility', { ...body, code: 'KT-MOI-02' }, EN)).status).toBe(403);
});

test('an import row without the MEP percent or the investment value is refused naming them; a dry run writes nothing', async () => {
  const project = ok(await api('director').get('/project-business?limit=1')).items[0].id as string;
  const fields = importFieldsOf(feasibility);
  // The administrator imports (the import right).
  const tpl = await api('admin').get('/business-feasibility/import-template', EN);
  expect(tpl.status).toBe(200);
  const row = (v: Record<string, unknown>) => fields.map(([k]) => v[k] ?? null);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(fields.map(([, f]) => f.label.en));
  ws.addRow(row({ code: 'KT-IMP-01', name: 'Thiếu cả hai', project_id: project }));
  ws.addRow(row({ code: 'KT-IMP-02', name: 'Thiếu MEP', project_id: project, investment_value: 5_000_000_000 }));
  ws.addRow(row({ code: 'KT-IMP-03', name: 'Đủ', project_id: project, investment_value: 5_000_000_000, mep_rate_value: 20 }));
  const upload = async (q = '') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(await wb.xlsx.writeBuffer()))]), 'kha-thi.xlsx');
    return api('admin').raw('POST', `/business-feasibility/import${q}`, { body: form, headers: EN });
  };
  const res = await upload();
  expect(res.status).toBe(400);
  expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['row 2: Investment value', 'row 2: MEP percent', 'row 3: MEP percent']);
  const dry = await upload('?dry_run=1');
  expect([dry.status, dry.headers.get('x-import-errors')]).toEqual([200, '3']);
  expect(await total('director', '&q=KT-IMP')).toBe(0);
});
