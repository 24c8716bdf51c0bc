/**
 * The documentation library (`/documentation`, feature `documentation`) through the gateway, on the demo company: every
 * member of staff reads what the company works by; the office keeps it; a code's version is registered once; a version
 * replaced is marked no longer in force (kept, still readable), and put back in force.
 */
import { startTestStack, type TestStack, EN, okData } from '../support/stack';
import { signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(90_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
});
afterAll(async () => {
  await s?.close();
});

test('everyone reads the library; the office keeps it; one version of a code once; a replaced version kept, no longer in force', async () => {
  // The demo's library, read by an engineer: six entries, the replaced regulation among them.
  const all = okData(await api('eng').get('/documentation?limit=40'));
  expect(all.totalRows).toBe(6);
  const inForce = okData(await api('eng').get('/documentation?f_status=EFFECTIVE&f_kind=REGULATION'));
  expect(inForce.items.map((r: { code: string; version: string }) => `${r.code} ${r.version}`)).toEqual(['QC-01 2.0']);
  // Reading is not keeping.
  const denied = await api('eng').post('/documentation', { code: 'BM-01', title: 'Mẫu tờ trình', kind: 'FORM' }, EN);
  expect(denied.status).toBe(403);
  // The office registers a form; the same code and version again is refused with a message, another version is not.
  const form = okData(await api('hr').post('/documentation', { code: 'BM-TT', title: 'Mẫu tờ trình', kind: 'FORM' }, EN));
  expect(form).toMatchObject({ version: '1.0', status: 'EFFECTIVE' });
  const twice = await api('hr').post('/documentation', { code: 'bm-tt', title: 'Mẫu tờ trình (bản sao)', kind: 'FORM', version: '1.0' }, EN);
  expect(twice.status).toBe(409);
  expect(twice.body.message).toMatch(/already exists/);
  const bad = await api('hr').post('/documentation', { code: 'BM-X', title: 'Mẫu', kind: 'POSTER' }, EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'kind']);
  const v2 = okData(await api('hr').post('/documentation', { code: 'BM-TT', title: 'Mẫu tờ trình', kind: 'FORM', version: '2.0' }, EN));
  // The old version no longer in force (its workflow), still there; back in force the same way; the engineer cannot move it.
  expect((await api('eng').post(`/documentation/${form.id}/status`, { status: 'EXPIRED' }, EN)).status).toBe(403);
  expect(okData(await api('hr').post(`/documentation/${form.id}/status`, { status: 'EXPIRED', note: 'Thay bằng bản 2.0' }, EN)).status).toBe('EXPIRED');
  const wrong = await api('hr').post(`/documentation/${form.id}/status`, { status: 'EXPIRED' }, EN);
  expect(wrong.status).toBe(422);
  const codes = okData(await api('eng').get('/documentation?q=BM-TT')).items.map((r: { id: string; status: string }) => [r.id, r.status]);
  expect(codes).toEqual(
    expect.arrayContaining([
      [form.id, 'EXPIRED'],
      [v2.id, 'EFFECTIVE'],
    ]),
  );
  expect(okData(await api('hr').post(`/documentation/${form.id}/status`, { status: 'EFFECTIVE' }, EN)).status).toBe('EFFECTIVE');
});
