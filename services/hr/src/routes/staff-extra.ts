import type { FastifyInstance } from 'fastify';
import { badRequest, Params, parseOrThrow, requireCaller, scopeCondition, serveInternal, type ServiceKit, serveRoute } from '@portal/service-kit';
import { hrInternal, isEmailBody, staff, type InternalReply, hrApi } from '@portal/contracts';

/** Staff routes beyond the generated five: head counts and the managers picker, both scoped. */
export function staffExtraRoutes(app: FastifyInstance, kit: ServiceKit) {
  serveRoute(app, hrApi.staffStats, async (req) => {
    const ctx = requireCaller(req);
    const p = new Params();
    const scope = scopeCondition(staff, ctx, p);
    const where = `WHERE t.state = 'ACTIVE'${scope ? ` AND ${scope}` : ''}`;
    const [total, byStatus, byDepartment, byGender] = await Promise.all([
      kit.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff t ${where}`, p.values),
      kit.pool.query(`SELECT coalesce(t.status, 'UNKNOWN') AS key, count(*)::int AS total FROM staff t ${where} GROUP BY 1 ORDER BY 2 DESC`, p.values),
      kit.pool.query(
        `SELECT t.department_id AS key, o.name, count(*)::int AS total FROM staff t LEFT JOIN organization o ON o.id = t.department_id ${where} GROUP BY 1, 2 ORDER BY 3 DESC`,
        p.values,
      ),
      kit.pool.query(`SELECT coalesce(t.gender, 'OTHER') AS key, count(*)::int AS total FROM staff t ${where} GROUP BY 1`, p.values),
    ]);
    return { success: true, data: { total: total.rows[0]?.n ?? 0, byStatus: byStatus.rows, byDepartment: byDepartment.rows, byGender: byGender.rows } };
  });

  serveRoute(app, hrApi.staffManagers, async (req) => {
    const ctx = requireCaller(req);
    const p = new Params();
    const scope = scopeCondition(staff, ctx, p);
    const { rows } = await kit.pool.query(
      `SELECT t.id, t.code, t.full_name, t.department_id, t.position_id FROM staff t
       WHERE t.state = 'ACTIVE' AND (EXISTS (SELECT 1 FROM staff s WHERE s.manager_id = t.id AND s.state = 'ACTIVE')
         OR EXISTS (SELECT 1 FROM organization o WHERE o.manager_id = t.id AND o.state = 'ACTIVE'))
       ${scope ? `AND ${scope}` : ''} ORDER BY t.full_name LIMIT 500`,
      p.values,
    );
    return { success: true, data: rows };
  });

  // Spec §7 "is-email PUT": whether a company email is taken by another ACTIVE staff member (the form checks before saving).
  serveRoute(app, hrApi.isEmail, async (req) => {
    requireCaller(req);
    const body = parseOrThrow(isEmailBody, req.body, badRequest);
    const { rows } = await kit.pool.query(
      `SELECT 1 FROM staff WHERE lower(company_email) = lower($1) AND state = 'ACTIVE' AND ($2::uuid IS NULL OR id <> $2) LIMIT 1`,
      [body.email, body.id ?? null],
    );
    return { success: true, data: { exists: rows.length > 0 } };
  });

  serveInternal(app, hrInternal.staff, async ({ params: { id } }) => {
    const { rows } = await kit.pool.query<NonNullable<InternalReply<typeof hrInternal.staff>>>(
      `SELECT s.id, s.code, s.full_name, s.department_id, s.unit_id, s.position_id, p.name AS position_title, s.company_email, s.status
         FROM staff s LEFT JOIN position p ON p.id = s.position_id WHERE s.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  });
}
