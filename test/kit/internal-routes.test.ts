/**
 * Service-to-service routes are declared once (contracts `allInternalRoutes`, with zod schemas both ways), served through
 * their declaration and called through one typed client (service-kit internal-call.ts), on the demo company's real
 * services: every declared route is answered by its owner; a bad input is a 400 naming the field; no service token is
 * a 401; an answer not of the declared shape is the owner unavailable (503), never a guess; a refusal keeps its status
 * for the caller to read; and a service with an undeclared or hand-registered internal route, or a public route not
 * declared for it, does not start.
 */
import { z } from 'zod';
import { allInternalRoutes, hrApi, hrInternal, kitInternal, PROJECT_DIRECTORY, systemInternal, type Domain } from '@portal/contracts';
import { AppError, callInternal, createServiceApp, InternalRefusal, serveInternal, serveRoute } from '@portal/service-kit';
import { demoIds } from '../support/demo-company';
import { startTestStack, type TestStack } from '../support/stack';

jest.setTimeout(120_000);
let s: TestStack;
let ids: Record<string, string>;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

const service = (d: Domain) => s.services[d]!;
const target = (d: Domain) => ({ baseUrl: service(d).url, codec: service(d).kit!.codec, service: 'test' });
/** The services answering a route: its owner, or for the kit's own routes every service (each for its own resources). */
const answering = (owner: string): Domain[] => (owner === 'resource' ? (Object.keys(s.services) as Domain[]) : [owner as Domain]);

test('every declared internal route is answered by the services owning it, and by no other', () => {
  expect(allInternalRoutes.length).toBeGreaterThanOrEqual(17);
  const running = answering('resource');
  for (const r of allInternalRoutes) {
    const owners = answering(r.owner);
    // The project directory's owner (business) has no service yet: nobody answers for it in the meantime.
    if (!owners.some((d) => s.services[d])) expect(r.owner).toBe(PROJECT_DIRECTORY.domain);
    for (const d of running)
      expect([d, r.method, r.path, service(d).app.hasRoute({ method: r.method, url: r.path })]).toEqual([d, r.method, r.path, owners.includes(d)]);
  }
});

test('a typed call answers what the owner holds', async () => {
  const staff = await callInternal(target('hr'), hrInternal.staff, { params: { id: ids['engineer:staff']! } });
  expect(staff?.id).toBe(ids['engineer:staff']);
  expect(typeof staff?.full_name).toBe('string');
  const parents = await service('admin').kit!.call(hrInternal.orgParents, {});
  expect(parents.length).toBeGreaterThan(0);
  const accounts = await callInternal(target('system'), systemInternal.accountsOf, { body: { staff_ids: [ids['engineer:staff']!] } });
  expect(accounts).toEqual([{ id: expect.any(String), staff_id: ids['engineer:staff'] }]);
});

test('a bad input is a 400 naming the field; no service token is a 401', async () => {
  const res = await fetch(`${service('hr').url}/internal/directory/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-internal': service('hr').kit!.codec.internalToken('test') },
    body: JSON.stringify({ staff_ids: ['not-an-id'] }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['staff_ids.0']);
  const anonymous = await fetch(`${service('hr').url}/internal/directory/org`);
  expect(anonymous.status).toBe(401);
  await anonymous.body?.cancel();
  // The client refuses to send what the schema would refuse to read only by the owner's answer: the 400 is a refusal it can read.
  const refused = await callInternal(target('hr'), hrInternal.contacts, { body: { staff_ids: ['x'] } }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InternalRefusal);
  expect((refused as InternalRefusal).answered).toBe(400);
  expect((refused as InternalRefusal).status).toBe(503);
});

test('an answer not of the declared shape is a 503, and so is an owner nobody can reach', async () => {
  const wrong = { ...hrInternal.orgParents, reply: z.array(z.number()) };
  const e1 = await callInternal(target('hr'), wrong, {}).catch((e: unknown) => e);
  expect(e1).toBeInstanceOf(AppError);
  expect([(e1 as AppError).status, (e1 as AppError).key]).toEqual([503, 'service_unavailable']);
  const e2 = await callInternal({ ...target('hr'), baseUrl: null }, hrInternal.orgParents, {}).catch((e: unknown) => e);
  expect((e2 as AppError).status).toBe(503);
});

test('a record the owner does not have is a refusal with its status (the caller decides what it means)', async () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  const e = await callInternal(target('hr'), kitInternal.recordHistory, { params: { resource: 'nothing-here', id: missing } }).catch((x: unknown) => x);
  expect((e as InternalRefusal).answered).toBe(404);
});

test('a service with an undeclared internal or public route, or an internal one served by hand, does not start', async () => {
  const hr = service('hr');
  const base = { domain: 'hr' as const, pool: hr.pool, bus: s.bus, internalKey: 'x'.repeat(32), resources: [], logger: false as const };
  await expect(
    createServiceApp(base, (app) => {
      app.get('/internal/undeclared', async () => ({}));
    }),
  ).rejects.toThrow('/internal/undeclared is not declared');
  await expect(
    createServiceApp(base, (app) => {
      app.get(hrInternal.org.path, async () => ({}));
    }),
  ).rejects.toThrow('is not served through serveInternal');
  // The public routes likewise: one not declared, or declared for another service, is refused at start.
  await expect(
    createServiceApp(base, (app) => {
      app.get('/api/v1/not-declared', async () => ({}));
    }),
  ).rejects.toThrow('GET /api/v1/not-declared is not declared in contracts for this service');
  await expect(
    createServiceApp({ ...base, domain: 'admin' }, (app) => {
      serveRoute(app, hrApi.staffStats, async () => ({}));
    }),
  ).rejects.toThrow('GET /api/v1/staff/stats is not declared in contracts for this service');
  const { app } = await createServiceApp(base, (a) => {
    serveInternal(a, hrInternal.org, async () => []);
  });
  await app.close();
});
