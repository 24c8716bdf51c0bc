import { can, featureFor, kitInternal, resourceByName, UUID_RE, type CallerContext, type Domain, type ResourceDef } from '@portal/contracts';
import { AppError } from './errors';
import { CONTEXT_HEADER, type ContextCodec } from './context';
import { fetchAny } from './internal-fetch';
import { callInternal, refusedWith, type InternalTarget } from './internal-call';
import { isProjectScoped } from './projects/directory';

/** Whether the records of a resource are limited by a data scope (staff, owner, limited visibility), their own or that of the record they belong to. */
export function isScoped(r: ResourceDef | undefined, depth = 0): boolean {
  if (!r?.scope || depth > 5) return false;
  if (r.scope.staffDepartment || r.scope.owner || r.scope.limited) return true;
  const via = r.scope.via ? r.fields[r.scope.via]?.ref : undefined;
  return via ? isScoped(resourceByName.get(via), depth + 1) : false;
}

/** Whether the caller's data scopes limit the records of a resource: by department, by project, or through its parent's. */
export function limitsCaller(r: ResourceDef | undefined, ctx: CallerContext, depth = 0): boolean {
  if (!r?.scope || ctx.isAdmin || depth > 5) return false;
  if (r.scope.staffDepartment && ctx.staffScope.departmentIds !== null) return true;
  if (r.scope.project && ctx.projectScope.projectIds !== null) return true;
  if (r.scope.owner || r.scope.limited) return true;
  const via = r.scope.via ? r.fields[r.scope.via]?.ref : undefined;
  return via ? limitsCaller(resourceByName.get(via), ctx, depth + 1) : false;
}

/**
 * What a service asks the service owning a record it does not hold: the files service about the record a file is
 * attached to, the system service about the record an activity entry names. The data scope of a record (ARCHITECTURE
 * §4: downloads and the activity log are scoped like every read) is the owner's to answer. The owning service
 * unreachable is a 503: nothing is served or logged on a guess.
 */
export interface RecordLookup {
  /**
   * Whether the caller may see record `id`: the record's own detail route, called with the caller's own signed context
   * (`contextToken`, as the request to the files service carried it) — exactly the permission and data-scope rules of the
   * caller's GET of that record (200 yes; 404 or 403 no). Callers whose scopes do not limit the resource (an admin,
   * VIEW_ALL of the scopes it declares) and resources without a scope rule are not asked about.
   */
  visible(ctx: CallerContext, contextToken: string, resource: string, id: string): Promise<boolean>;
  /**
   * How an activity entry about record `id` is scoped: the department it carries (null: none, or a resource without a
   * scope rule) and, for a record whose history is its owners' (a row of its owners, a limited row), their accounts —
   * such an entry is written without a feature, so only they and its author read it.
   */
  history(resource: string, id: string): Promise<RecordHistory>;
  /**
   * Whether the caller may change record `id` of a declared resource (to attach a file to it or delete one, to write an
   * activity entry about it): add or edit on its feature, and what an edit of the record needs — its own rules, asked of
   * the service owning it (`GET /internal/records/:resource/:id/editable` of the kit, with the caller's signed context):
   * the record in their scope, their own or one they manage, not closed. `id` null: the rights alone.
   */
  editable(ctx: CallerContext, contextToken: string, resource: string, id: string | null): Promise<boolean>;
}

/**
 * How activity entries about a record are scoped (ResourceRepository.historyScope): its department, the accounts whose
 * history it is, and for a record limited by project, its project (`project.id` null: none).
 */
export interface RecordHistory {
  departmentId: string | null;
  ownerIds: string[] | null;
  project?: { id: string | null };
}

/** `serviceUrl`: the base URL of a domain's service, or several (comma-separated instances, tried in turn: fetchAny). */
export function recordLookup(serviceUrl: (d: Domain) => string | null, codec: ContextCodec, service = 'files'): RecordLookup {
  const target = (r: ResourceDef): InternalTarget => ({ baseUrl: serviceUrl(r.domain), codec, service });
  const lookup: RecordLookup = {
    async editable(ctx, contextToken, resource, id) {
      const r = resourceByName.get(resource);
      if (!r || !(can(ctx, 'add', featureFor(r, 'add')) || can(ctx, 'edit', featureFor(r, 'edit')))) return false;
      if (id === null) return true;
      try {
        await callInternal(target(r), kitInternal.recordEditable, { params: { resource, id }, context: contextToken });
        return true;
      } catch (err) {
        // The refusal an edit would answer (out of scope, not theirs, closed, missing): no.
        if (refusedWith(err, 400, 403, 404, 422)) return false;
        throw err;
      }
    },
    async visible(ctx, contextToken, resource, id) {
      const r = resourceByName.get(resource);
      if (!r || !limitsCaller(r, ctx)) return true;
      // The public read of the record as the caller (their signed context): what the gateway would answer them.
      const base = serviceUrl(r.domain);
      if (!base) throw new AppError(503, 'service_unavailable');
      let res: Response;
      try {
        res = await fetchAny(base, `/api/v1${r.path}/${encodeURIComponent(id)}`, { headers: { [CONTEXT_HEADER]: contextToken }, timeoutMs: 5000 });
      } catch {
        throw new AppError(503, 'service_unavailable');
      }
      await res.body?.cancel();
      if (res.status === 200) return true;
      if (res.status === 404 || res.status === 403) return false;
      throw new AppError(503, 'service_unavailable');
    },
    async history(resource, id) {
      const r = resourceByName.get(resource);
      const none = { departmentId: null, ownerIds: null };
      if (!r || !(isScoped(r) || isProjectScoped(r)) || !UUID_RE.test(id)) return none;
      try {
        const data = await callInternal(target(r), kitInternal.recordHistory, { params: { resource, id } });
        return { departmentId: data.department_id, ownerIds: data.owner_ids ?? null, ...(data.project ? { project: { id: data.project.id ?? null } } : {}) };
      } catch (err) {
        if (refusedWith(err, 404)) return none;
        throw err;
      }
    },
  };
  return lookup;
}
