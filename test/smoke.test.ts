import { startTestStack, type TestStack } from './support/stack';

let s: TestStack;
beforeAll(async () => {
  s = await startTestStack({ demo: true });
});
afterAll(async () => {
  await s?.close();
});

test('health and readiness of the gateway and every service', async () => {
  for (const url of [s.url, ...Object.values(s.services).map((x) => x!.url)]) {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  }
});

test('the demo company is there: 50 staff in a tree of units and departments', async () => {
  const token = await s.adminToken();
  const staff = await s.api(token).get('/staff?limit=10');
  expect(staff.status).toBe(200);
  expect(staff.body.data.totalRows).toBe(50);
  expect(staff.body.data.items).toHaveLength(10);
  const tree = await s.api(token).get('/organization/tree');
  expect(tree.body.data).toHaveLength(1);
  expect(tree.body.data[0].children.length).toBeGreaterThan(1);
});

test('list and detail rows carry the titles of same-service references (no lookup per row)', async () => {
  const api = s.api(await s.adminToken());
  const orgs = (await api.get('/organization?limit=300')).body.data.items as { id: string; name: string }[];
  const name = new Map(orgs.map((o) => [o.id, o.name]));
  const staff = (await api.get('/staff?limit=5')).body.data.items as Record<string, string>[];
  for (const row of staff) expect(row.department_id__title).toBe(name.get(row.department_id));
  const one = (await api.get(`/staff/${staff[0]!.id}`)).body.data;
  expect(one.position_id__title).toBeTruthy();
});
