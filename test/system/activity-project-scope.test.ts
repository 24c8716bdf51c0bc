/**
 * The activity log keeps to project scope (spec §6): an entry about a record limited by project — its own
 * writes, its status and approval moves — is read only by callers whose project scope covers the record's project, as
 * the record itself; entries about other records are untouched. The project directory's owner (business, test
 * declarations) and a service holding project-scoped records (implementation) run on the stack's bus beside the real
 * system service, which resolves each reader's projects through the directory. With the directory unreachable, such
 * entries are left out, never shown on a guess.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { defineResource, f, PROJECT_DIRECTORY, type CallerContext, businessSettingItem, project as projectRegister, projectTeam } from '@portal/contracts';
import { contextCodec } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';
import { callAs, callerContext } from '../support/signed';
import { eventually, startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);

const cost = defineResource({
  name: 'testLoggedCost',
  domain: 'implementation',
  path: '/test-logged-cost',
  table: 'test_logged_cost',
  feature: 'payment',
  label: { vi: 'Chi phí dự án', en: 'Project cost' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  scope: { project: 'project_id' },
  fields: {
    title: f.text({ vi: 'Nội dung', en: 'Title' }, { required: true, list: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { filter: true, list: true }),
  },
});

const KEY = randomBytes(32).toString('hex');
const codec = contextCodec(KEY);
let s: TestStack;
let owner: KitService;
let impl: KitService;
const admin = randomUUID();
const [D1, D2] = [randomUUID(), randomUUID()];
const ids: Record<string, string> = {};
let closed = false;

beforeAll(async () => {
  s = await startTestStack({ env: { INTERNAL_KEY: KEY } });
  owner = await startKitService({ domain: 'business', resources: [businessSettingItem, projectRegister, projectTeam], internalKey: KEY, bus: s.bus });
  impl = await startKitService({ domain: 'implementation', resources: [cost], internalKey: KEY, bus: s.bus });
  ids.p1 = (await owner.call(admin, 'POST', '/project-business', { name: 'p1', department_id: D1 })).body.data.id;
  ids.p2 = (await owner.call(admin, 'POST', '/project-business', { name: 'p2', department_id: D2 })).body.data.id;
  for (const p of ['p1', 'p2'] as const) {
    ids[`c${p}`] = (await impl.call(admin, 'POST', '/test-logged-cost', { title: `cost ${p}`, project_id: ids[p] })).body.data.id;
    expect((await impl.call(admin, 'PUT', `/test-logged-cost/${ids[`c${p}`]}`, { title: `cost ${p} (2)`, project_id: ids[p] })).status).toBe(200);
  }
  ids.none = (await impl.call(admin, 'POST', '/test-logged-cost', { title: 'cost without project' })).body.data.id;
});
afterAll(async () => {
  await impl?.close();
  if (!closed) await owner?.close();
  await s?.close();
});

/** A payment viewer whose project scope is the projects of `departmentIds` (VIEW_RELATED_DEPARTMENT), or every project. */
function reader(departmentIds: string[] | null): CallerContext {
  return callerContext({
    userId: randomUUID(),
    ability: [{ action: 'view', subject: 'payment' }],
    projectScope: departmentIds
      ? { type: 'VIEW_RELATED_DEPARTMENT', projectIds: [], departmentIds, team: false }
      : { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
  });
}

/** The records of the cost resource whose entries `ctx` reads in the log (each record's create and update). */
async function logged(ctx: CallerContext): Promise<Record<string, number>> {
  const r = await callAs(s.services.system!.url, codec, ctx, 'GET', `/activity-log?f_context=${cost.name}&limit=100`);
  expect(r.status).toBe(200);
  const seen: Record<string, number> = {};
  for (const e of r.body.data.items as { record_id: string }[]) {
    const name = Object.keys(ids).find((k) => ids[k] === e.record_id) ?? e.record_id;
    seen[name] = (seen[name] ?? 0) + 1;
  }
  return seen;
}

test("entries about a project-scoped record are read within the reader's project scope, as the record is", async () => {
  // Every write's entry has reached the log (create and update of two costs, create of the third).
  await eventually(async () => expect(await logged(reader(null))).toEqual({ cp1: 2, cp2: 2, none: 1 }), 15_000);
  // D1's projects: p1's cost only — not p2's, and not the cost without a project (a project-scoped reader does not see that record either).
  expect(await logged(reader([D1]))).toEqual({ cp1: 2 });
  expect(await logged(reader([D2]))).toEqual({ cp2: 2 });
  expect(await logged(reader([D1, D2]))).toEqual({ cp1: 2, cp2: 2 });
  expect(await logged(reader([]))).toEqual({});
  // The record itself reads the same way for the same callers.
  const list = async (ctx: CallerContext) =>
    (await callAs(impl.base, codec, ctx, 'GET', '/test-logged-cost')).body.data.items.map((r: { title: string }) => r.title).sort();
  expect(await list(reader([D1]))).toEqual(['cost p1 (2)']);
});

test('a record moved to another project: its entries follow the project each was written under; the directory down leaves them out', async () => {
  expect((await impl.call(admin, 'PUT', `/test-logged-cost/${ids.cp1}`, { title: 'cost p1 moved', project_id: ids.p2 })).status).toBe(200);
  await eventually(async () => expect((await logged(reader([D2]))).cp1).toBe(1), 15_000);
  expect((await logged(reader([D1]))).cp1).toBe(2);
  // The owner of the directory gone: a scoped reader sees no entry about project records (and the log still answers);
  // a reader with every project still reads them all.
  await owner.close();
  closed = true;
  // (A scope asked for before is answered from the cache until a project event or its TTL: ask for one not asked yet.)
  expect(await logged(reader([D1, D2, randomUUID()]))).toEqual({});
  expect(await logged(reader(null))).toEqual({ cp1: 3, cp2: 2, none: 1 });
});
