/** The declarations are the single source: migrations, OpenAPI and the gateway's route table follow them. */
import { allResources, allRoutes, bookCar, defineResource, resourceByName, resourceRoutes, room, ticket } from '@portal/contracts';
import { diffMigration, t, type Snapshot } from '@portal/service-kit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES } from '../scripts/lib/services';
import { DOMAIN_REGISTRY } from '../scripts/lib/domains';
import { STACK_DATABASES } from '../scripts/lib/stack';
import { readCompose } from '../scripts/lib/compose-file';
import { openApiDocument, routeTable } from '@portal/gateway';

test.each(SERVICES.map((s) => [s.domain, s] as const))(
  '%s: the committed migrations match the declarations (npm run migration:gen wrote them)',
  (domain, svc) => {
    const snapshot = JSON.parse(readFileSync(join(__dirname, '..', 'services', domain, 'migrations', 'declared.snapshot.json'), 'utf8')) as Snapshot;
    const { sql, changed } = diffMigration(svc.resources, snapshot);
    expect(changed).toEqual([]);
    expect(sql).toBe('');
  },
);

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

test('what the kit resolves inside one service stays inside it: a parent, a scope `via`, a copied field, a tree', () => {
  const byName = new Map(allResources.map((r) => [r.name, r]));
  const problems: string[] = [];
  for (const r of allResources) {
    const target = (field: string | undefined) => (field ? byName.get(r.fields[field]?.ref ?? '') : undefined);
    // A parent's tab and Word section, and a scope followed through a reference, are read with SQL in the service's own
    // database: the record pointed at must be of the same service.
    for (const [what, field] of [
      ['parent', r.parent],
      ['scope.via', r.scope?.via],
    ] as const) {
      if (field && target(field)?.domain !== r.domain) problems.push(`${r.name}.${what} ${field} points outside ${r.domain}`);
    }
    for (const [name, f] of Object.entries(r.fields)) {
      if (!f.copyFrom) continue;
      const from = target(f.copyFrom.ref);
      // Across services the kit copies only the department that scopes the other record (asked of its owner: records.ts).
      if (from?.domain !== r.domain) {
        if (!from || from.scope?.staffDepartment !== f.copyFrom.field || f.ref !== from.fields[f.copyFrom.field]?.ref)
          problems.push(`${r.name}.${name} copies through ${f.copyFrom.ref}, which points outside ${r.domain}, a field other than its scoping department`);
      } else if (!from.fields[f.copyFrom.field]) problems.push(`${r.name}.${name} copies ${from.name}.${f.copyFrom.field}, which is not a field`);
      else if (from.fields[f.copyFrom.field]!.type !== f.type || from.fields[f.copyFrom.field]!.ref !== f.ref)
        problems.push(`${r.name}.${name} copies a field of another type`);
    }
    // Every reference names a declared resource (its titles are resolved by the kit, in the service or across: titles.ts);
    // a role's projects wait for the domain that will own projects.
    for (const [name, f] of Object.entries(r.fields)) {
      if ((f.type === 'ref' || f.type === 'refs') && !byName.has(f.ref!) && f.ref !== 'project')
        problems.push(`${r.name}.${name} refers to ${f.ref}, which is not declared`);
    }
  }
  expect(problems).toEqual([]);
});

test('the compose file of the distributed mode runs every service of the domain registry, and only those', () => {
  const compose = readCompose(join(__dirname, '..', 'docker-compose.yml'), { INTERNAL_KEY: 'k', AUTH_SECRET: 's', MINIO_ROOT_PASSWORD: 'm' });
  const byName = new Map(compose.map((c) => [c.name, c]));
  const gateway = byName.get('gateway')!;
  for (const { domain } of DOMAIN_REGISTRY) {
    // The service, on its own database, and the gateway knows where it is.
    expect([domain, byName.get(domain)?.environment.DATABASE_URL]).toEqual([domain, expect.stringMatching(new RegExp(`/portal_${domain}$`))]);
    expect([domain, gateway.environment[`${domain.toUpperCase()}_URLS`]]).toEqual([domain, expect.stringContaining(`http://${domain}:3000`)]);
  }
  // Every gateway sits behind the balancer, and the balancer sends to nothing else.
  const gateways = compose
    .filter((c) => c.command?.includes('gateway/src/main.ts'))
    .map((c) => c.name)
    .sort();
  expect(gateways.length).toBeGreaterThanOrEqual(2);
  const lbConfig = readFileSync(join(__dirname, '..', byName.get('lb')!.volumes[0]!.source), 'utf8');
  const balanced = [...lbConfig.matchAll(/^\s*server (\S+) (\S+):8080\b/gm)];
  expect(balanced.map((m) => m[2]).sort()).toEqual(gateways);
  // With no gateway up, the balancer answers the portal's own message in both languages (not a copy that drifts).
  for (const lang of ['vi', 'en'] as const) expect(lbConfig).toContain(JSON.stringify({ success: false, message: t(lang, 'service_unavailable'), errors: [] }));
  // No service database the registry does not know.
  const databases = compose.map((c) => /\/portal_(\w+)$/.exec(c.environment.DATABASE_URL ?? '')?.[1]).filter(Boolean);
  expect([...new Set(databases)].sort()).toEqual(DOMAIN_REGISTRY.map((e) => e.domain).sort());
  // The test databases and `npm start` make one database per registry entry.
  expect([...STACK_DATABASES]).toEqual(DOMAIN_REGISTRY.map((e) => e.domain));
  // The demo job writes through the base's services and every domain with a demo part (scripts/seed-demo.ts): it has
  // their databases, and starts after them.
  const seed = byName.get('seed-demo')!;
  for (const { domain } of DOMAIN_REGISTRY.filter((e) => e.domain === 'system' || e.domain === 'hr' || e.demo)) {
    expect([domain, seed.environment[`${domain.toUpperCase()}_DATABASE_URL`]]).toEqual([domain, expect.stringMatching(new RegExp(`/portal_${domain}$`))]);
    expect([domain, Object.keys(seed.dependsOn ?? {})]).toEqual([domain, expect.arrayContaining([domain])]);
  }
});

test('what a move records (workflow.records) is readonly fields of the resource, for a status some move reaches', () => {
  const wf = bookCar.workflow!;
  expect(() => defineResource({ ...bookCar, name: 'badRecords1', workflow: { ...wf, records: { DONE: ['purpose'] } } })).toThrow(/must be a readonly field/);
  expect(() => defineResource({ ...bookCar, name: 'badRecords2', workflow: { ...wf, records: { DONE: ['nope'] } } })).toThrow(/must be a readonly field/);
  expect(() => defineResource({ ...bookCar, name: 'badRecords3', workflow: { ...wf, records: { WAITING: ['odometer_start'] } } })).toThrow(/no move reaches/);
  expect(() => defineResource({ ...bookCar, name: 'badRecords4', workflow: { ...wf, records: { DONE: ['department_id'] } } })).toThrow(/not copied/);
  // A verb (workflow.verbs) names a move's status: one no move reaches is refused.
  expect(() => defineResource({ ...bookCar, name: 'badVerb', workflow: { ...wf, verbs: { NOPE: { vi: 'Không', en: 'No' } } } })).toThrow(/names no move/);
  expect(defineResource({ ...bookCar, name: 'goodVerb', workflow: { ...wf, verbs: { DONE: { vi: 'Hoàn tất', en: 'Done' } } } }).workflow?.verbs?.DONE?.en).toBe(
    'Done',
  );
});

test("the spec's own paths (workflow.alias, word.alias, filterAlias) are declared routes and checked declarations", () => {
  const match = routeTable();
  expect(match('POST', '/api/v1/book-car-status')?.access).toEqual({ feature: 'book_car', action: 'edit' });
  expect(match('POST', '/api/v1/ticket-change-status')?.access).toEqual({ feature: 'ticket', action: 'view' });
  expect(match('GET', '/api/v1/ticket-export-word/3f1c2a4e-0000-4000-8000-000000000000')?.access).toEqual({ feature: 'ticket', action: 'view' });
  // A status named through another resource: one of the same service, whose enum holds the workflow's statuses.
  for (const r of allResources) {
    const via = r.workflow?.alias?.via;
    if (!via) continue;
    const target = resourceByName.get(via.resource);
    expect([r.name, target?.domain]).toEqual([r.name, r.domain]);
    expect(target!.fields[via.field]!.values!.every((v) => Object.keys(r.workflow!.moves).includes(String(v)))).toBe(true);
  }
  const wf = bookCar.workflow!;
  expect(() =>
    defineResource({ ...bookCar, name: 'badAlias1', workflow: { ...wf, alias: { path: 'book-car-status', id: 'bookCarId', status: 'statusId' } } }),
  ).toThrow(/workflow.alias/);
  expect(() => defineResource({ ...bookCar, name: 'badAlias2', workflow: { ...wf, alias: { path: '/book-car-status', id: 'x', status: 'x' } } })).toThrow(
    /workflow.alias/,
  );
  expect(() => defineResource({ ...bookCar, name: 'badAlias3', workflow: { ...wf, alias: { path: '/book-car-status', id: 'id', status: 'note' } } })).toThrow(
    /workflow.alias/,
  );
  expect(() => defineResource({ ...ticket, name: 'badWord', word: { alias: 'ticket export' } })).toThrow(/word.alias/);
  const unit = room.fields.unit_id!;
  for (const [n, bad] of [
    [1, { ...unit, filter: false }],
    [2, { ...unit, filterAlias: 'f_unit' }],
    [3, { ...unit, filterAlias: 'page' }],
    [4, { ...unit, filterAlias: 'unit id' }],
  ] as const) {
    expect(() => defineResource({ ...room, name: `badFilter${n}`, fields: { ...room.fields, unit_id: bad } })).toThrow(/filterAlias/);
  }
  expect(() =>
    defineResource({ ...room, name: 'badFilter5', fields: { ...room.fields, area_id: { ...room.fields.area_id!, filterAlias: 'unit_id' } } }),
  ).toThrow(/another field/);
});

test('every option of every enum field has its words in Vietnamese and English: a screen never shows a raw code ("VIEW_RELATED_DEPARTMENT")', () => {
  const missing = allResources.flatMap((r) =>
    Object.entries(r.fields).flatMap(([name, f]) =>
      f.type === 'enum' ? (f.values ?? []).filter((v) => !f.valueLabels?.[v]?.vi || !f.valueLabels?.[v]?.en).map((v) => `${r.name}.${name}: ${v}`) : [],
    ),
  );
  expect(missing).toEqual([]);
});
