/**
 * Rules on what a reference points to (contracts FieldDef.where and FieldDef.maxFrom; service-kit resource/ref-where.ts):
 * a reference to records of one kind refuses another kind and an unknown record alike, on a create, an update and for
 * each id of a list of references; a number bounded by the referenced record's field refuses more, whether the number
 * or the reference changes, and an edit leaving both as they were is not checked again. A service app built here over a
 * real PostgreSQL, called with gateway-signed contexts.
 */
import { randomUUID } from 'node:crypto';
import { defineResource } from '@portal/contracts';
import { startKitService, type KitService } from '../support/kit-service';

const label = (vi: string, en: string) => ({ vi, en });

const option = defineResource({
  name: 'testOption',
  domain: 'implementation',
  path: '/test-option',
  table: 'test_option',
  feature: 'payment',
  label: label('Danh mục', 'Option'),
  fields: {
    kind: { type: 'enum', values: ['AREA', 'PHASE'], label: label('Loại', 'Kind'), required: true, filter: true },
    name: { type: 'text', label: label('Tên', 'Name'), required: true, max: 100 },
    most: { type: 'number', label: label('Tối đa', 'Most'), min: 0 },
  },
  defaultOrder: 'created_date desc',
  titleField: 'name',
});
const study = defineResource({
  name: 'testStudy',
  domain: 'implementation',
  path: '/test-study',
  table: 'test_study',
  feature: 'payment',
  label: label('Nghiên cứu', 'Study'),
  fields: {
    name: { type: 'text', label: label('Tên', 'Name'), required: true, max: 100 },
    area_id: { type: 'ref', ref: 'testOption', label: label('Khu vực', 'Area'), where: { kind: 'AREA' } },
    phase_ids: { type: 'refs', ref: 'testOption', label: label('Giai đoạn', 'Phases'), where: { kind: 'PHASE' } },
    scored_id: { type: 'ref', ref: 'testOption', label: label('Tiêu chí', 'Item') },
    score: { type: 'number', label: label('Điểm', 'Score'), min: 0, maxFrom: { ref: 'scored_id', field: 'most' } },
  },
  defaultOrder: 'created_date desc',
  titleField: 'name',
});

let svc: KitService;
const me = randomUUID();
const call = (method: string, path: string, body?: unknown) => svc.call({ userId: me, lang: 'en' }, method, path, body);
const opt = async (kind: string, most?: number) =>
  (await call('POST', '/test-option', { kind, name: `o ${randomUUID().slice(0, 6)}`, most })).body.data.id as string;
const invalid = (path: string) => ({ status: 400, errors: [{ path, message: 'Value is invalid' }] });
const answer = (r: { status: number; body: { errors?: unknown } }) => ({ status: r.status, errors: r.body.errors });

beforeAll(async () => {
  svc = await startKitService({ domain: 'implementation', resources: [option, study] });
});
afterAll(() => svc?.close());

test('a reference to records of a kind takes only that kind, on a create, an update and each id of a list', async () => {
  const [area, phase, phase2] = [await opt('AREA'), await opt('PHASE'), await opt('PHASE')];
  const made = await call('POST', '/test-study', { name: 's', area_id: area, phase_ids: [phase, phase2] });
  expect(made.status).toBe(200);
  expect(answer(await call('POST', '/test-study', { name: 's', area_id: phase }))).toEqual(invalid('area_id'));
  expect(answer(await call('POST', '/test-study', { name: 's', area_id: randomUUID() }))).toEqual(invalid('area_id'));
  expect(answer(await call('POST', '/test-study', { name: 's', phase_ids: [phase, area] }))).toEqual(invalid('phase_ids'));
  expect(answer(await call('PUT', `/test-study/${made.body.data.id}`, { area_id: phase }))).toEqual(invalid('area_id'));
  expect((await call('PUT', `/test-study/${made.body.data.id}`, { area_id: null, phase_ids: [phase2] })).status).toBe(200);
});

test('a number at most the referenced record’s value, checked when either changes', async () => {
  const [ten, five] = [await opt('AREA', 10), await opt('AREA', 5)];
  const made = await call('POST', '/test-study', { name: 's', scored_id: ten, score: 10 });
  expect(made.status).toBe(200);
  const over = await call('POST', '/test-study', { name: 's', scored_id: ten, score: 10.5 });
  expect([over.status, over.body.errors]).toEqual([400, [{ path: 'score', message: 'The maximum is 10' }]]);
  const id = made.body.data.id as string;
  expect((await call('PUT', `/test-study/${id}`, { scored_id: five })).body.errors).toEqual([{ path: 'score', message: 'The maximum is 5' }]);
  expect((await call('PUT', `/test-study/${id}`, { scored_id: five, score: 5 })).status).toBe(200);
  // The bound lowered afterwards: an edit of something else is not refused for it.
  await svc.pool.query('UPDATE test_option SET most = 1 WHERE id = $1', [five]);
  expect((await call('PUT', `/test-study/${id}`, { name: 'renamed' })).status).toBe(200);
  expect((await call('PUT', `/test-study/${id}`, { score: 4 })).body.errors).toEqual([{ path: 'score', message: 'The maximum is 1' }]);
});
