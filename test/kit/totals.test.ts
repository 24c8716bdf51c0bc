/**
 * Capped totals (contracts FieldDef.total; service-kit resource/totals.ts), the spec's "Total point cannot exceed 100.
 * Total proportion cannot exceed 100%" (§5): the sum over the ACTIVE records sharing the declared group, checked in every
 * write's transaction — create, update, a move to another group, import and bulk alike go through it — with a message
 * saying what is left; two records written at once cannot both pass. A service app built here over a real PostgreSQL,
 * called with gateway-signed contexts.
 */
import { randomUUID } from 'node:crypto';
import { defineResource } from '@portal/contracts';
import { startKitService, type KitService } from '../support/kit-service';

const label = (vi: string, en: string) => ({ vi, en });

const group = defineResource({
  name: 'testCriteriaGroup',
  domain: 'implementation',
  path: '/test-criteria-group',
  table: 'test_criteria_group',
  feature: 'payment',
  label: label('Nhóm tiêu chí', 'Criteria group'),
  fields: { name: { type: 'text', label: label('Tên', 'Name'), required: true, max: 100 } },
  defaultOrder: 'created_date desc',
  titleField: 'name',
});
const criterion = defineResource({
  name: 'testCriterion',
  domain: 'implementation',
  path: '/test-criterion',
  table: 'test_criterion',
  feature: 'payment',
  label: label('Tiêu chí', 'Criterion'),
  fields: {
    name: { type: 'text', label: label('Tên', 'Name'), required: true, max: 100 },
    group_id: { type: 'ref', ref: 'testCriteriaGroup', label: label('Nhóm', 'Group'), required: true },
    point: { type: 'number', label: label('Điểm', 'Point'), min: 0, total: { max: 100, per: 'group_id' } },
    proportion: { type: 'number', label: label('Tỷ trọng', 'Proportion'), min: 0, total: { max: 100, percent: true } },
  },
  defaultOrder: 'created_date desc',
  titleField: 'name',
});

let svc: KitService;
const manager = randomUUID();
const call = (method: string, path: string, body?: unknown, lang: 'vi' | 'en' = 'en') => svc.call({ userId: manager, lang }, method, path, body);
const newGroup = async () => (await call('POST', '/test-criteria-group', { name: `g ${randomUUID().slice(0, 6)}` })).body.data.id as string;
const add = (group_id: string, point: number, proportion = 0, lang: 'vi' | 'en' = 'en') =>
  call('POST', '/test-criterion', { name: `c ${randomUUID().slice(0, 6)}`, group_id, point, proportion }, lang);
const sum = async (sql: string, values: unknown[] = []) => Number((await svc.pool.query(sql, values)).rows[0].s);
const total = (g: string) => sum(`SELECT coalesce(sum(point), 0) AS s FROM test_criterion WHERE group_id = $1 AND state = 'ACTIVE'`, [g]);

beforeAll(async () => {
  svc = await startKitService({ domain: 'implementation', resources: [group, criterion], poolSize: 8 });
});
afterAll(() => svc?.close());

test('a group holds at most 100 points: the write that would go over is refused with what is left, in both languages', async () => {
  const g = await newGroup();
  expect((await add(g, 60)).status).toBe(200);
  expect((await add(g, 25.5)).status).toBe(200);
  const over = await add(g, 20);
  expect(over.status).toBe(422);
  expect(over.body.message).toBe('Total point cannot exceed 100 (14.5 left)');
  expect(over.body.errors).toEqual([{ path: 'point', message: 'Total point cannot exceed 100 (14.5 left)' }]);
  expect((await add(g, 20, 0, 'vi')).body.message).toBe('Tổng điểm không được vượt quá 100 (còn lại 14.5)');
  expect((await add(g, 14.5)).status).toBe(200); // exactly 100
  expect(await total(g)).toBe(100);
  // Another group has its own 100.
  expect((await add(await newGroup(), 100)).status).toBe(200);
});

test('updates: a larger value counts, a move counts in the group it joins, a delete frees room', async () => {
  const g = await newGroup();
  const h = await newGroup();
  const a = (await add(g, 70)).body.data.id as string;
  const b = (await add(g, 30)).body.data.id as string;
  expect((await call('PUT', `/test-criterion/${b}`, { point: 31 })).status).toBe(422);
  expect((await call('PUT', `/test-criterion/${b}`, { point: 20 })).status).toBe(200);
  expect((await call('PUT', `/test-criterion/${b}`, { name: 'renamed' })).status).toBe(200);
  expect((await add(h, 50)).status).toBe(200);
  // Moving a (70) into h (50) would make 120 there.
  const moved = await call('PUT', `/test-criterion/${a}`, { group_id: h });
  expect(moved.status).toBe(422);
  expect(moved.body.message).toBe('Total point cannot exceed 100 (50 left)');
  expect(await total(g)).toBe(90);
  expect((await call('DELETE', `/test-criterion/${a}`)).status).toBe(200);
  expect((await add(g, 80)).status).toBe(200);
  expect(await total(g)).toBe(100);
});

test('a percent over every record of the resource, and two writes at once cannot both pass', async () => {
  const g = await newGroup();
  expect(await sum(`SELECT coalesce(sum(proportion), 0) AS s FROM test_criterion WHERE state = 'ACTIVE'`)).toBe(0);
  expect((await add(g, 1, 70)).status).toBe(200);
  const over = await add(g, 1, 40);
  expect(over.status).toBe(422);
  expect(over.body.message).toBe('Total proportion cannot exceed 100% (30% left)');
  // Eight criteria of 20 points written at the same moment into an empty group: exactly five pass.
  const k = await newGroup();
  const answers = await Promise.all(Array.from({ length: 8 }, () => add(k, 20)));
  expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
  expect(answers.filter((r) => r.status === 422)).toHaveLength(3);
  expect(await total(k)).toBe(100);
});

test('a declaration that cannot hold is refused when it is made', () => {
  const bad =
    (total: object, type = 'number') =>
    () =>
      defineResource({
        name: 'testBadTotal',
        domain: 'implementation',
        path: '/test-bad-total',
        table: 'test_bad_total',
        feature: 'payment',
        label: label('x', 'x'),
        fields: { name: { type: 'text', label: label('x', 'x') }, v: { type: type as 'number', label: label('v', 'v'), total: total as { max: number } } },
        defaultOrder: 'created_date desc',
        titleField: 'name',
      });
  expect(bad({ max: 100 }, 'text')).toThrow('total needs a number field');
  expect(bad({ max: 0 })).toThrow('total.max must be above 0');
  expect(bad({ max: 100, per: 'nope' })).toThrow('total.per names');
});
