import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { FEATURE_KEYS, isUuid, approverPickerRoute } from '@portal/contracts';
import { AppError, badRequest, ok, pagedList, requireCaller, type ResourceHooks, type Tx, serveRoute } from '@portal/service-kit';

/**
 * Delegations are a declared resource (contracts system/delegation.ts: every signed-in user their own, an admin anyone's;
 * the kit's routes, owner scope, activity and events). What the declaration cannot say lives here: nobody is their own
 * deputy, both are active accounts, and an approver has one deputy at a time (the engine must know for whom a deputy
 * acts), checked under a per-approver lock so two concurrent requests cannot both pass.
 */
export function delegationHooks(): ResourceHooks {
  const check = async (row: Record<string, unknown>, id: string | null, tx: Tx) => {
    const approver = String(row.approver_id ?? '').toLowerCase();
    const deputy = String(row.deputy_id ?? '').toLowerCase();
    if (approver && approver === deputy) throw badRequest([{ path: 'deputy_id', key: 'delegation_self' }]);
    const { rows: users } = await tx.query<{ id: string }>(`SELECT id FROM app_user WHERE id = ANY($1::uuid[]) AND state = 'ACTIVE'`, [[approver, deputy]]);
    if (!users.some((u) => u.id === deputy)) throw badRequest([{ path: 'deputy_id', key: 'invalid' }]);
    if (!users.some((u) => u.id === approver)) throw badRequest([{ path: 'approver_id', key: 'invalid' }]);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`delegation:${approver}`]);
    const clash = await tx.query(
      `SELECT 1 FROM delegation WHERE state = 'ACTIVE' AND approver_id = $1 AND from_date <= $3 AND to_date >= $2 AND ($4::uuid IS NULL OR id <> $4)`,
      [approver, row.from_date, row.to_date, id],
    );
    if (clash.rowCount) throw new AppError(409, 'delegation_overlap');
  };
  return {
    beforeCreate: (input, _ctx, tx) => check(input, null, tx),
    beforeUpdate: (input, existing, _ctx, tx) => check({ ...existing, ...input }, String(existing.id), tx),
  };
}

/** The approver and deputy picker, open to every signed-in user (names only: picking an approver must not need the account-management permission). */
export function approverPickerRoutes(app: FastifyInstance, pool: Pool) {
  /**
   * The approver and deputy picker: only people the caller may pick — active accounts that may approve (`feature`: that
   * feature's approve right; without it, any approve right; administrators), never the caller — by name, and only their
   * names (no username or email: a picker is no directory of accounts). `ids`: the names of given accounts, to show
   * approvers already chosen.
   */
  serveRoute(app, approverPickerRoute, async (req) => {
    const ctx = requireCaller(req);
    const q = req.query as { q?: string; ids?: string; feature?: string };
    const ids = (typeof q.ids === 'string' ? q.ids : '').split(',').filter(isUuid).slice(0, 100);
    if (ids.length) {
      const { rows } = await pool.query<{ id: string; full_name: string }>(`SELECT id, full_name FROM app_user WHERE id = ANY($1::uuid[]) ORDER BY full_name`, [
        ids,
      ]);
      return ok({ items: rows, totalRows: rows.length, page: 1, limit: ids.length });
    }
    const feature = typeof q.feature === 'string' && (FEATURE_KEYS as string[]).includes(q.feature) ? q.feature : null;
    const text =
      typeof q.q === 'string'
        ? q.q
            .replace(/[\u0000-\u001f]/g, '')
            .trim()
            .slice(0, 100)
        : '';
    const grants = JSON.stringify([feature ? { feature, actions: ['approve'] } : { actions: ['approve'] }]);
    return ok(
      await pagedList<{ id: string; full_name: string }>(
        pool,
        `WITH approving AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM role WHERE state = 'ACTIVE' AND permissions @> $2::jsonb)
       SELECT u.id, u.full_name FROM app_user u, approving a WHERE u.state = 'ACTIVE' AND u.id <> $1
          AND (u.is_admin OR u.role_ids && a.ids OR EXISTS (SELECT 1 FROM decentralization d WHERE d.state = 'ACTIVE' AND d.staff_id = u.staff_id AND d.role_ids && a.ids))
          AND ($3 = '' OR portal_fold(u.full_name) LIKE '%' || portal_fold($3) || '%')
        ORDER BY u.full_name, u.id`,
        [ctx.userId, grants, text.replace(/[\\%_]/g, (c) => `\\${c}`)],
        req.query as Record<string, unknown>,
      ),
    );
  });
}
