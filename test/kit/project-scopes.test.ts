/**
 * A caller's project scope resolved (service-kit projects/directory.ts `ProjectScopes`) over the real register and team
 * tables in a real PostgreSQL: the projects a scope covers (the roles' own, the departments', the teams'); one
 * resolution per scope at a time — a hundred requests arriving together ask once, not a hundred scans of the register —
 * and a change of projects or teams starting a new resolution for whoever comes after it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { project, projectTeam } from '@portal/contracts';
import { LocalBus, ProjectScopes, contextCodec, createPool, declaredStatements, migrate } from '@portal/service-kit';
import { dropDatabase, ensureDatabase, withDatabase } from '../../scripts/lib/postgres';
import { callerContext } from '../support/signed';

let pool: Pool;
let dbName: string;
/** The statements that read the register, counted as the pool runs them. */
let scans = 0;
const dept = randomUUID();
const other = randomUUID();
const staff = randomUUID();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL!;
  dbName = `t_scopes_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(admin, dbName);
  pool = createPool(withDatabase(admin, dbName), 5);
  await migrate(pool, join(__dirname, '..', 'no-service-migrations'));
  for (const s of declaredStatements([project, projectTeam])) await pool.query(s.sql);
  for (const [name, d] of [
    ['own', other],
    ['dept', dept],
    ['team', other],
    ['none', other],
  ] as const) {
    ids[name] = (await pool.query<{ id: string }>(`INSERT INTO project (name, department_id) VALUES ($1, $2) RETURNING id`, [name, d])).rows[0]!.id;
  }
  await pool.query(`INSERT INTO project_team (project_id, staff_id, position_id) VALUES ($1, $2, $3)`, [ids.team, staff, randomUUID()]);
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  pool.query = ((...a: unknown[]) => {
    if (typeof a[0] === 'string' && a[0].includes('FROM project p')) scans++;
    return query(...a);
  }) as typeof pool.query;
});
afterAll(async () => {
  await pool?.end();
  await dropDatabase(process.env.TEST_DATABASE_URL!, dbName);
});

const ctxOf = () =>
  callerContext({
    userId: randomUUID(),
    staffId: staff,
    projectScope: { type: 'VIEW_RELATED_DEPARTMENT', projectIds: [ids.own!], departmentIds: [dept], team: true },
  });

test('the projects a scope covers, resolved once for a hundred requests at once; a change of projects resolves again', async () => {
  const bus = new LocalBus();
  const scopes = new ProjectScopes({
    domain: 'business',
    pool,
    resources: [project, projectTeam],
    codec: contextCodec(randomBytes(32).toString('hex')),
    ownerUrl: () => null,
  });
  await scopes.subscribe(bus);
  scans = 0;
  const answers = await Promise.all(Array.from({ length: 100 }, () => scopes.resolve(ctxOf())));
  expect(scans).toBe(1);
  for (const a of answers) expect([...a.projectScope.projectIds!].sort()).toEqual([ids.own, ids.dept, ids.team].sort());
  expect((await scopes.resolve(ctxOf())).projectScope.specificIds).toEqual([ids.own!.toLowerCase()]);
  expect(scans).toBe(1);
  // A project moved into the department: the register's event drops what was resolved; the next request sees it.
  await pool.query(`UPDATE project SET department_id = $1 WHERE id = $2`, [dept, ids.none]);
  await bus.publish({ id: randomUUID(), subject: 'portal.business.project.updated', data: { id: ids.none }, occurredAt: new Date().toISOString() });
  const after = await Promise.all(Array.from({ length: 20 }, () => scopes.resolve(ctxOf())));
  expect(scans).toBe(2);
  for (const a of after) expect(a.projectScope.projectIds).toContain(ids.none);
});
