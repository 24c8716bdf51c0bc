import type { FastifyInstance } from 'fastify';
import { CONTEXT_HEADER, isSignedIn, Params, scopeCondition, serveInternal, unauthenticated, type ServiceKit } from '@portal/service-kit';
import { can, contact, hrInternal, staff, type CallerContext } from '@portal/contracts';

/**
 * What the approver directory (system service, services/system/src/approval) asks HR: the organization tree
 * with each unit's head, and the active staff of a department or holding a position; and what another service
 * writing to staff asks (a meeting invitation: services/admin/src/booking/invitation.ts): their names and company
 * emails. Declared in contracts (`hrInternal`); service tokens only.
 */
export function directoryRoutes(app: FastifyInstance, kit: ServiceKit) {
  serveInternal(app, hrInternal.org, async () => {
    const { rows } = await kit.pool.query<{ id: string; parent_id: string | null; manager_id: string | null }>(
      `SELECT id, parent_id, manager_id FROM organization WHERE state = 'ACTIVE'`,
    );
    return rows;
  });
  serveInternal(app, hrInternal.staffWhere, async ({ query: q }) => {
    if (!q.department_id && !q.position_id) return [];
    const { rows } = await kit.pool.query<{ id: string }>(
      `SELECT id FROM staff WHERE state = 'ACTIVE' AND ($1::uuid IS NULL OR department_id = $1) AND ($2::uuid IS NULL OR position_id = $2) LIMIT 5000`,
      [q.department_id ?? null, q.position_id ?? null],
    );
    return rows.map((r) => r.id);
  });
  serveInternal(app, hrInternal.contacts, async ({ body }) => {
    const ids = [...new Set(body.staff_ids.map((x) => x.toLowerCase()))];
    if (!ids.length) return [];
    const { rows } = await kit.pool.query<{ id: string; full_name: string; company_email: string | null }>(
      `SELECT id, full_name, company_email FROM staff WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows;
  });
  // Which of these staff the caller (their signed context, passed on by the asking service) may pick in a staff
  // picker: what the UI's picker offers (ui-kit RefSelect) — the staff list in their scope with `staff` view, the
  // company directory (`contact`: in their scope, not those who quit) with `contact` view, and themselves. A meeting's
  // attendees are checked against it (services/admin/src/booking/attendees.ts).
  serveInternal(app, hrInternal.pickable, async ({ body }, req) => {
    let ctx: CallerContext;
    try {
      const c = kit.codec.verify(String(req.headers[CONTEXT_HEADER] ?? ''));
      if (!isSignedIn(c)) throw new Error('anonymous');
      ctx = c;
    } catch {
      throw unauthenticated();
    }
    const ids = [...new Set(body.staff_ids.map((x) => x.toLowerCase()))];
    const found = new Set(ctx.staffId && ids.includes(ctx.staffId.toLowerCase()) ? [ctx.staffId.toLowerCase()] : []);
    for (const def of [staff, contact]) {
      if (!ids.length || !can(ctx, 'view', def.feature)) continue;
      const p = new Params();
      const where = [`t.state = 'ACTIVE'`, `t.id = ANY(${p.add(ids)}::uuid[])`, scopeCondition(def, ctx, p)].filter(Boolean).join(' AND ');
      for (const r of (await kit.pool.query<{ id: string }>(`SELECT t.id FROM staff t WHERE ${where}`, p.values)).rows) found.add(r.id.toLowerCase());
    }
    return [...found];
  });
}
