import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { kitInternal, PROJECT_DIRECTORY, resourceByName, type CallerContext, type Domain, type InternalParsed, type ResourceDef } from '@portal/contracts';
import type { ContextCodec } from '../context';
import { InFlight } from '../in-flight';
import { callInternal, serveInternal } from '../internal-call';
import type { EventBus } from '../events/bus';

/**
 * The project directory (ARCHITECTURE §9, "Projects"). The service owning projects (PROJECT_DIRECTORY.domain) declares
 * the project register and the project teams (`ResourceDef.projects`) and answers here, from its own tables:
 * - `POST /internal/projects/in-scope` — the projects a project scope covers: the roles' specific projects, the projects
 *   of the scope's departments, and with `team` those whose team the staff member is on;
 * - `POST /internal/projects/team` — the staff members holding a position in a project's team (POSITION_OF_PROJECT).
 *
 * Every service with project-scoped resources resolves its callers' scopes through it (`ProjectScopes`), and the
 * approver directory asks it for a project's team.
 */
type InScope = InternalParsed<typeof kitInternal.projectsInScope>['body'];

interface Tables {
  register: ResourceDef;
  team: ResourceDef | undefined;
}

function tablesOf(resources: ResourceDef[]): Tables | null {
  const register = resources.find((r) => r.projects?.kind === 'register');
  return register ? { register, team: resources.find((r) => r.projects?.kind === 'team') } : null;
}

/** The projects a scope covers, read from the owner's tables (any state: an archived project's records stay in scope). */
async function inScope(pool: Pool, t: Tables, q: InScope): Promise<string[]> {
  const reg = t.register.projects as { kind: 'register'; department: string };
  const team = t.team?.projects as { kind: 'team'; project: string; staff: string } | undefined;
  const onTeam =
    team && q.staffId ? ` OR EXISTS (SELECT 1 FROM ${t.team!.table} m WHERE m.${team.project} = p.id AND m.${team.staff} = $3 AND m.state = 'ACTIVE')` : '';
  const { rows } = await pool.query<{ id: string }>(
    `SELECT p.id FROM ${t.register.table} p WHERE p.id = ANY($1::uuid[]) OR p.${reg.department} = ANY($2::uuid[])${onTeam}`,
    onTeam ? [q.projectIds, q.departmentIds, q.staffId] : [q.projectIds, q.departmentIds],
  );
  return rows.map((r) => r.id);
}

/** The owner's /internal/projects routes (nothing when this service declares no project register). */
export function registerProjectDirectory(app: FastifyInstance, pool: Pool, resources: ResourceDef[]) {
  const t = tablesOf(resources);
  if (!t) return;
  serveInternal(app, kitInternal.projectsInScope, async ({ body }) => inScope(pool, t, body));
  serveInternal(app, kitInternal.projectTeam, async ({ body: q }) => {
    const team = t.team?.projects as { kind: 'team'; project: string; staff: string; position: string } | undefined;
    if (!team) return [];
    const { rows } = await pool.query<{ staff_id: string }>(
      `SELECT DISTINCT m.${team.staff} AS staff_id FROM ${t.team!.table} m
        WHERE m.${team.project} = $1 AND m.${team.position} = $2 AND m.state = 'ACTIVE' AND m.${team.staff} IS NOT NULL`,
      [q.project_id, q.position_id],
    );
    return rows.map((r) => r.staff_id);
  });
}

/** The staff members holding `positionId` in project `projectId`'s team, asked of the owning service (throws 503 when it cannot tell). */
export function projectTeamHolding(ownerUrl: () => string | null, codec: ContextCodec, service: string) {
  return (projectId: string, positionId: string) =>
    callInternal({ baseUrl: ownerUrl(), codec, service }, kitInternal.projectTeam, { body: { project_id: projectId, position_id: positionId } });
}

/** Whether a resource's rows are limited by project: its own project column, or its parent's (`via`). */
export function isProjectScoped(r: ResourceDef | undefined, depth = 0): boolean {
  if (!r?.scope || depth > 5) return false;
  if (r.scope.project) return true;
  const via = r.scope.via ? r.fields[r.scope.via]?.ref : undefined;
  return via ? isProjectScoped(resourceByName.get(via), depth + 1) : false;
}

/**
 * A caller's project scope as the services apply it (query.ts `projectCondition`): the gateway sends what the roles
 * grant — specific projects, departments (expanded to subtrees), whether the caller's teams count — and a service with
 * project-scoped resources turns it into the projects it covers before the route runs. The context cannot carry the
 * resolved list itself: a department's hundreds of projects would not fit a request header.
 *
 * Resolved answers are cached by what they depend on (the same departments and staff member give the same projects,
 * so a department's staff share one entry) and dropped by any change to projects or teams (the owner's events on
 * the bus); a TTL bounds staleness if an event is missed. The owner reads its own tables; any other service asks it,
 * and an owner that cannot be reached is a 503, never a guess.
 */
export class ProjectScopes {
  private cache = new Map<string, { ids: string[]; expires: number }>();
  /** Resolutions under way, by key: the requests arriving meanwhile wait for the same answer instead of asking again. */
  private inflight = new InFlight<string[]>();
  private epoch = 0;
  private readonly tables: Tables | null;

  constructor(private opts: { domain: Domain; pool: Pool; resources: ResourceDef[]; codec: ContextCodec; ownerUrl: () => string | null; ttlMs?: number }) {
    this.tables = tablesOf(opts.resources);
  }

  /** Whether any of the service's resources is limited by project (else contexts pass through untouched). */
  get needed(): boolean {
    return this.opts.resources.some((r) => isProjectScoped(r));
  }

  async subscribe(bus: EventBus) {
    const clear = async () => {
      this.epoch++;
      this.cache.clear();
      // A request arriving after the change starts a resolution of its own, never joins one begun before it.
      this.inflight.clear();
    };
    await bus.subscribeAll(`portal.${PROJECT_DIRECTORY.domain}.${PROJECT_DIRECTORY.register}.>`, clear);
    await bus.subscribeAll(`portal.${PROJECT_DIRECTORY.domain}.${PROJECT_DIRECTORY.team}.>`, clear);
  }

  /** The context with `projectScope.projectIds` resolved (unchanged for admins and VIEW_ALL). */
  async resolve(ctx: CallerContext): Promise<CallerContext> {
    const s = ctx.projectScope;
    if (ctx.isAdmin || !s || s.projectIds === null) return ctx;
    const q: InScope = {
      projectIds: [...new Set(s.projectIds.map((x) => x.toLowerCase()))].sort(),
      departmentIds: [...new Set((s.departmentIds ?? []).map((x) => x.toLowerCase()))].sort(),
      staffId: s.team && ctx.staffId ? ctx.staffId.toLowerCase() : null,
    };
    if (!q.projectIds.length && !q.departmentIds.length && !q.staffId) return ctx;
    const key = createHash('sha1').update(JSON.stringify(q)).digest('base64');
    const hit = this.cache.get(key);
    let ids = hit && hit.expires > Date.now() ? hit.ids : null;
    if (!ids) {
      // One resolution per key at a time: when an entry expires under load, the hundreds of requests of that moment
      // would otherwise each ask the owner (a scan of the register) at once.
      ids = await this.inflight.once(key, () => this.load(key, q));
    }
    return { ...ctx, projectScope: { ...s, projectIds: ids, specificIds: q.projectIds } };
  }

  private async load(key: string, q: InScope): Promise<string[]> {
    const epoch = this.epoch;
    const ids = this.tables
      ? await inScope(this.opts.pool, this.tables, q)
      : await callInternal({ baseUrl: this.opts.ownerUrl(), codec: this.opts.codec, service: this.opts.domain }, kitInternal.projectsInScope, { body: q });
    if (epoch === this.epoch) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, { ids, expires: Date.now() + (this.opts.ttlMs ?? 60_000) });
    }
    return ids;
  }
}
