import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { FEATURE_KEYS, isUuid, type DelegationDto } from '@portal/contracts';
import { AppError, badRequest, forbidden, normalizeDate, notFound, ok, pagedList, recordActivity, requireCaller, withTx, type FieldError } from '@portal/service-kit';

const COLUMNS = `id, approver_id, deputy_id, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date, note, created_date`;

/**
 * Delegations (contracts `delegationRoutes`): an approver names a deputy for a period; while it covers today
 * the deputy may act on the approver's steps in every domain and receives their approval requests. A user
 * manages their own; an admin anyone's. Also the approver picker's list of users, open to every signed-in user
 * (names only: picking an approver must not need the account-management permission).
 */
export function delegationRoutes(app: FastifyInstance, pool: Pool) {
  app.get('/api/v1/approval-delegation', async (req) => {
    const ctx = requireCaller(req);
    const q = req.query as { f_approver_id?: string };
    const filter = ctx.isAdmin ? (isUuid(q.f_approver_id) ? q.f_approver_id : null) : null;
    return ok(await pagedList<DelegationDto>(pool,
      `SELECT ${COLUMNS} FROM delegation WHERE state = 'ACTIVE' AND to_date >= current_date - 30
          AND ($1::boolean OR approver_id = $2 OR deputy_id = $2) AND ($3::uuid IS NULL OR approver_id = $3)
        ORDER BY from_date DESC, id`, [ctx.isAdmin, ctx.userId, filter], req.query as Record<string, unknown>));
  });

  app.post('/api/v1/approval-delegation', async (req) => {
    const ctx = requireCaller(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    const approverId = b.approver_id === undefined || b.approver_id === null ? ctx.userId : b.approver_id;
    if (!isUuid(approverId)) errors.push({ path: 'approver_id', key: 'invalid' });
    if (!isUuid(b.deputy_id)) errors.push({ path: 'deputy_id', key: b.deputy_id ? 'invalid' : 'select_required' });
    const from = normalizeDate(b.from_date);
    const to = normalizeDate(b.to_date);
    const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    if (!isDate(from)) errors.push({ path: 'from_date', key: b.from_date ? 'invalid' : 'required' });
    if (!isDate(to)) errors.push({ path: 'to_date', key: b.to_date ? 'invalid' : 'required' });
    if (isDate(from) && isDate(to) && (to as string) < (from as string)) errors.push({ path: 'to_date', key: 'invalid' });
    if (b.note !== undefined && b.note !== null && (typeof b.note !== 'string' || b.note.length > 1000)) errors.push({ path: 'note', key: 'max_length', params: { n: 1000 } });
    if (errors.length) throw badRequest(errors);
    if (String(approverId).toLowerCase() !== ctx.userId.toLowerCase() && !ctx.isAdmin) throw forbidden();
    if (String(approverId).toLowerCase() === String(b.deputy_id).toLowerCase()) throw badRequest([{ path: 'deputy_id', key: 'delegation_self' }]);
    const row = await withTx(pool, async (tx) => {
      const { rows: users } = await tx.query<{ id: string }>(`SELECT id FROM app_user WHERE id = ANY($1::uuid[]) AND state = 'ACTIVE'`, [[approverId, b.deputy_id]]);
      if (users.length < 2) throw badRequest([{ path: users.some((u) => u.id === String(b.deputy_id).toLowerCase()) ? 'approver_id' : 'deputy_id', key: 'invalid' }]);
      // One deputy at a time per approver: the engine must know for whom a deputy acts.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`delegation:${approverId}`]);
      const clash = await tx.query(`SELECT 1 FROM delegation WHERE state = 'ACTIVE' AND approver_id = $1 AND from_date <= $3 AND to_date >= $2`, [approverId, from, to]);
      if (clash.rowCount) throw new AppError(409, 'delegation_overlap');
      const { rows } = await tx.query<DelegationDto>(
        `INSERT INTO delegation (approver_id, deputy_id, from_date, to_date, note, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [approverId, b.deputy_id, from, to, (b.note as string | undefined)?.trim() || null, ctx.userId]);
      await recordActivity(tx, ctx, { domain: 'system', resource: 'delegation', recordId: rows[0]!.id, action: 'create', feature: null, updatedData: rows[0] });
      return rows[0]!;
    });
    return ok(row);
  });

  app.delete('/api/v1/approval-delegation/:id', async (req) => {
    const ctx = requireCaller(req);
    const { id } = req.params as { id: string };
    if (!isUuid(id)) throw notFound();
    await withTx(pool, async (tx) => {
      const { rows } = await tx.query<{ approver_id: string; state: string }>('SELECT approver_id, state FROM delegation WHERE id = $1 FOR UPDATE', [id]);
      const d = rows[0];
      if (!d || (!ctx.isAdmin && d.approver_id.toLowerCase() !== ctx.userId.toLowerCase())) throw notFound();
      if (d.state === 'INACTIVE') return;
      await tx.query(`UPDATE delegation SET state = 'INACTIVE', updated_date = now() WHERE id = $1`, [id]);
      await recordActivity(tx, ctx, { domain: 'system', resource: 'delegation', recordId: id, action: 'delete', feature: null });
    });
    return ok({ id });
  });

  /**
   * The approver and deputy picker: only people the caller may pick — active accounts that may approve (`feature`: that
   * feature's approve right; without it, any approve right; administrators), never the caller — by name, and only their
   * names (no username or email: a picker is no directory of accounts). `ids`: the names of given accounts, to show
   * approvers already chosen.
   */
  app.get('/api/v1/approval-approvers', async (req) => {
    const ctx = requireCaller(req);
    const q = req.query as { q?: string; ids?: string; feature?: string };
    const ids = (typeof q.ids === 'string' ? q.ids : '').split(',').filter(isUuid).slice(0, 100);
    if (ids.length) {
      const { rows } = await pool.query<{ id: string; full_name: string }>(
        `SELECT id, full_name FROM app_user WHERE id = ANY($1::uuid[]) ORDER BY full_name`, [ids]);
      return ok({ items: rows, totalRows: rows.length, page: 1, limit: ids.length });
    }
    const feature = typeof q.feature === 'string' && (FEATURE_KEYS as string[]).includes(q.feature) ? q.feature : null;
    const text = typeof q.q === 'string' ? q.q.replace(/[\u0000-\u001f]/g, '').trim().slice(0, 100) : '';
    const grants = JSON.stringify([feature ? { feature, actions: ['approve'] } : { actions: ['approve'] }]);
    return ok(await pagedList<{ id: string; full_name: string }>(pool,
      `WITH approving AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM role WHERE state = 'ACTIVE' AND permissions @> $2::jsonb)
       SELECT u.id, u.full_name FROM app_user u, approving a WHERE u.state = 'ACTIVE' AND u.id <> $1
          AND (u.is_admin OR u.role_ids && a.ids OR EXISTS (SELECT 1 FROM decentralization d WHERE d.state = 'ACTIVE' AND d.staff_id = u.staff_id AND d.role_ids && a.ids))
          AND ($3 = '' OR u.full_name ILIKE '%' || $3 || '%')
        ORDER BY u.full_name, u.id`, [ctx.userId, grants, text.replace(/[\\%_]/g, (c) => `\\${c}`)], req.query as Record<string, unknown>));
  });
}
