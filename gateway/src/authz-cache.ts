import { hrInternal, systemInternal, type CallerContext, type Domain } from '@portal/contracts';
import { callInternal, refusedWith, type ContextCodec, type EventBus } from '@portal/service-kit';

type Authz = Omit<CallerContext, 'ip' | 'userAgent'>;
interface Entry {
  authz: Authz | null;
  expires: number;
}

/**
 * Caches each session's authorization (roles → ability, data scopes) and the organization tree used to
 * expand department scopes to whole subtrees. Events invalidate at once (a role change takes effect for the
 * next request); a TTL bounds staleness if an event is missed.
 */
export class AuthzCache {
  private sessions = new Map<string, Entry>();
  private parents: { map: Map<string, string[]>; expires: number } | null = null;
  /** Bumped by every invalidation: a load that was in flight meanwhile may be stale and is not cached. */
  private epoch = 0;

  /** `serviceUrl` gives a domain's instances, comma-separated, those up first (fetchAny fails over). */
  constructor(
    private codec: ContextCodec,
    private serviceUrl: (d: Domain) => string | null,
    private ttlMs: number,
  ) {}

  async subscribe(bus: EventBus) {
    const clearAll = async () => {
      this.epoch++;
      this.sessions.clear();
    };
    // A role or a decentralization changes what every holder may do: every session is read again. A user's or a staff
    // member's own record changes only their own sessions (their account, their department): only those are dropped,
    // so that editing one staff member does not make every signed-in user's next request reload its authorization.
    const clearWhere = (match: (a: Authz, id: string) => boolean) => async (e: { data: unknown }) => {
      const id = String((e.data as { id?: unknown })?.id ?? '').toLowerCase();
      if (!id) return clearAll();
      this.epoch++;
      for (const [sid, entry] of this.sessions) if (!entry.authz || match(entry.authz, id)) this.sessions.delete(sid);
    };
    await bus.subscribeAll('portal.system.role.>', clearAll);
    await bus.subscribeAll(
      'portal.system.user.>',
      clearWhere((a, id) => a.userId.toLowerCase() === id),
    );
    await bus.subscribeAll('portal.system.decentralization.>', clearAll);
    await bus.subscribeAll(
      'portal.hr.staff.>',
      clearWhere((a, id) => (a.staffId ?? '').toLowerCase() === id),
    );
    await bus.subscribeAll('portal.hr.organization.>', async () => {
      this.epoch++;
      this.parents = null;
      this.sessions.clear();
    });
    await bus.subscribeAll('portal.system.session.revoked', async (e) => {
      this.epoch++;
      this.sessions.delete((e.data as { id: string }).id);
    });
  }

  clear() {
    this.epoch++;
    this.sessions.clear();
    this.parents = null;
  }

  /** null: the session is gone (signed out, revoked, user inactive). Throws when the system service is down. */
  async get(sessionId: string): Promise<Authz | null> {
    const hit = this.sessions.get(sessionId);
    if (hit && hit.expires > Date.now()) return hit.authz;
    const epoch = this.epoch;
    const authz = await this.load(sessionId);
    if (epoch !== this.epoch) return authz;
    if (this.sessions.size > 50_000) this.sessions.clear();
    this.sessions.set(sessionId, { authz, expires: Date.now() + this.ttlMs });
    return authz;
  }

  private target(domain: Domain) {
    return { baseUrl: this.serviceUrl(domain), codec: this.codec, service: 'gateway' };
  }

  private async load(sessionId: string): Promise<Authz | null> {
    let data: Authz;
    try {
      data = await callInternal(this.target('system'), systemInternal.authz, { params: { sid: sessionId } });
    } catch (err) {
      // No such live session (signed out, revoked, expired, user inactive); anything else is the system service down.
      if (refusedWith(err, 400, 404)) return null;
      throw err;
    }
    if (data.staffScope.departmentIds) data.staffScope.departmentIds = await this.expand(data.staffScope.departmentIds);
    if (data.projectScope.departmentIds) data.projectScope.departmentIds = await this.expand(data.projectScope.departmentIds);
    return data;
  }

  /** Departments plus all their descendants. */
  private async expand(ids: string[]): Promise<string[]> {
    if (!ids.length) return ids;
    let parents = this.parents && this.parents.expires >= Date.now() ? this.parents.map : null;
    if (!parents) {
      const epoch = this.epoch;
      const data = await callInternal(this.target('hr'), hrInternal.orgParents, {});
      parents = new Map<string, string[]>();
      for (const r of data) if (r.parent_id) parents.set(r.parent_id, [...(parents.get(r.parent_id) ?? []), r.id]);
      if (epoch === this.epoch) this.parents = { map: parents, expires: Date.now() + this.ttlMs };
    }
    const out = new Set(ids);
    const queue = [...ids];
    while (queue.length) {
      for (const child of parents.get(queue.pop()!) ?? [])
        if (!out.has(child)) {
          out.add(child);
          queue.push(child);
        }
    }
    return [...out];
  }
}
