/** The declarations are the single source: migrations, OpenAPI and the gateway's route table follow them. */
import { allResources, allRoutes, resourceRoutes } from '@portal/contracts';
import { diffMigration, type Snapshot } from '@portal/service-kit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES } from '../scripts/lib/services';
import { openApiDocument, routeTable } from '@portal/gateway';

test.each(SERVICES.map((s) => [s.domain, s] as const))('%s: the committed migrations match the declarations (npm run migration:gen wrote them)', (domain, svc) => {
  const snapshot = JSON.parse(readFileSync(join(__dirname, '..', 'services', domain, 'migrations', 'declared.snapshot.json'), 'utf8')) as Snapshot;
  const { sql, changed } = diffMigration(svc.resources, snapshot);
  expect(changed).toEqual([]);
  expect(sql).toBe('');
});

test('every service is listed with its resources, and every resource belongs to one service', () => {
  const listed = SERVICES.flatMap((s) => s.resources.map((r) => r.name)).sort();
  expect(listed).toEqual(allResources.map((r) => r.name).sort());
  for (const s of SERVICES) for (const r of s.resources) expect(r.domain).toBe(s.domain);
});

test('the OpenAPI document describes every route the gateway forwards', () => {
  const doc = openApiDocument();
  for (const r of allRoutes) {
    const path = `/api/v1${r.path.replace(/:(\w+)/g, '{$1}')}`;
    expect(doc.paths[path]?.[r.method.toLowerCase()]).toBeDefined();
  }
  expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Staff', 'StaffInput', 'Organization', 'Role', 'Error']));
});

test('the route table matches declared paths only, custom routes before generated :id ones', () => {
  const match = routeTable();
  expect(match('GET', '/api/v1/staff/stats')?.summary).toMatch(/head counts/);
  expect(match('GET', '/api/v1/staff/3f1c2a4e-0000-4000-8000-000000000000')?.access).toEqual({ feature: 'staff', action: 'view' });
  expect(match('DELETE', '/api/v1/staff/x')?.access).toEqual({ feature: 'staff', action: 'delete' });
  expect(match('GET', '/api/v1/internal/authz/x')).toBeNull();
  expect(match('PATCH', '/api/v1/staff/x')).toBeNull();
  expect(resourceRoutes(allResources[0]!)).toHaveLength(8);
});
