import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import {
  APPROVER_SCOPES,
  COST_BANDS,
  UUID_RE,
  COST_LIMIT_KINDS,
  zMoney,
  type ApprovalFlowDto,
  type ApprovalCostLimitDto,
  type Domain,
  type ResourceDef,
} from '@portal/contracts';
import type { Row } from '../resource/repository';
import { requireCaller } from '../access';
import { withTx, type Tx } from '../db';
import { badRequest, notFound, ok } from '../errors';
import { parseOrThrow } from '../resource/validation';
import { pagedList } from '../resource/query';
import { t } from '../i18n';
import { recordActivity, changedFields } from '../activity';

/**
 * The approval settings of one domain (contracts `approvalSettingsRoutes`): flows per document type and cost
 * band, and the approval cost limits (GET, GET/PUT {id}). Every change lands in the activity log.
 */
const UUID = z.string().regex(UUID_RE).toLowerCase();
const level = z
  .object({
    level: z.number().int().min(1).max(20),
    scope: z.enum(APPROVER_SCOPES),
    approver_ids: z.array(UUID).max(100).optional(),
    role_id: UUID.nullish(),
    position_id: UUID.nullish(),
    up: z.number().int().min(0).max(20).optional(),
    title: z
      .object({ vi: z.string().trim().min(1).max(120), en: z.string().trim().min(1).max(120) })
      .strict()
      .nullish(),
  })
  .strict()
  .superRefine((l, c) => {
    if ((l.scope === 'ROLE' || l.scope === 'ROLE_OF_DEPARTMENT') && !l.role_id) c.addIssue({ code: 'custom', path: ['role_id'], message: 'select_required' });
    if (l.scope === 'POSITION_OF_PROJECT' && !l.position_id) c.addIssue({ code: 'custom', path: ['position_id'], message: 'select_required' });
  });
const flowBody = z
  .object({
    document_type: z.string().min(1).max(100),
    name: z.string().trim().min(1).max(255),
    cost_band: z.enum(COST_BANDS).default('ALL'),
    levels: z.array(level).min(1).max(20),
  })
  .strict();

const parse = <T>(schema: z.ZodType<T>, raw: unknown): T => parseOrThrow(schema, raw ?? {}, (errors) => badRequest(errors));

const FLOW_COLUMNS = 'id, document_type, name, cost_band, levels, state, created_date, updated_date';

export function registerApprovalSettings(app: FastifyInstance, pool: Pool, domain: Domain, documentTypes: string[]) {
  const base = `/api/v1/${domain}`;
  const idOf = (params: unknown) => {
    const id = (params as { id: string }).id;
    if (!UUID.safeParse(id).success) throw notFound();
    return id;
  };
  const checkLevels = (body: z.infer<typeof flowBody>) => {
    if (!documentTypes.includes(body.document_type)) throw badRequest([{ path: 'document_type', key: 'invalid' }]);
    const numbers = body.levels.map((l) => l.level).sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) throw badRequest([{ path: 'levels', key: 'flow_levels_invalid' }]);
  };

  app.get(`${base}/approval-flow`, async (req) => {
    requireCaller(req);
    const q = req.query as Record<string, string | undefined>;
    // f_state as in every list: ACTIVE by default, INACTIVE, or ALL.
    const wanted = (q.f_state ?? '').toUpperCase();
    const state = wanted === 'INACTIVE' ? 'INACTIVE' : wanted === 'ALL' ? null : 'ACTIVE';
    const list = await pagedList<ApprovalFlowDto>(
      pool,
      `SELECT ${FLOW_COLUMNS} FROM approval_flow WHERE ($1::text IS NULL OR document_type = $1) AND ($2::text IS NULL OR state = $2)
        ORDER BY document_type, cost_band, updated_date DESC, id`,
      [q.f_document_type || null, state],
      q,
    );
    return ok({ ...list, document_types: documentTypes });
  });

  app.post(`${base}/approval-flow`, async (req) => {
    const ctx = requireCaller(req);
    const body = parse(flowBody, req.body);
    checkLevels(body);
    const row = await withTx(pool, async (tx) => {
      const { rows } = await tx.query<ApprovalFlowDto>(
        `INSERT INTO approval_flow (document_type, name, cost_band, levels, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${FLOW_COLUMNS}`,
        [body.document_type, body.name, body.cost_band, JSON.stringify(body.levels), ctx.userId],
      );
      await recordActivity(tx, ctx, { domain, resource: 'approval_flow', recordId: rows[0]!.id, action: 'create', feature: 'setting', updatedData: body });
      return rows[0]!;
    });
    return ok(row);
  });

  app.put(`${base}/approval-flow/:id`, async (req) => {
    const ctx = requireCaller(req);
    const id = idOf(req.params);
    const body = parse(flowBody.extend({ state: z.enum(['ACTIVE', 'INACTIVE']).optional() }), req.body);
    checkLevels(body);
    const row = await withTx(pool, async (tx) => {
      const before = (await tx.query<ApprovalFlowDto>(`SELECT ${FLOW_COLUMNS} FROM approval_flow WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!before) throw notFound();
      const { rows } = await tx.query<ApprovalFlowDto>(
        `UPDATE approval_flow SET document_type = $2, name = $3, cost_band = $4, levels = $5, state = coalesce($6, state), updated_by = $7, updated_date = now()
          WHERE id = $1 RETURNING ${FLOW_COLUMNS}`,
        [id, body.document_type, body.name, body.cost_band, JSON.stringify(body.levels), body.state ?? null, ctx.userId],
      );
      const diff = changedFields(before as never, rows[0] as never);
      await recordActivity(tx, ctx, {
        domain,
        resource: 'approval_flow',
        recordId: id,
        action: 'update',
        feature: 'setting',
        originData: diff.origin,
        updatedData: diff.updated,
      });
      return rows[0]!;
    });
    return ok(row);
  });

  app.delete(`${base}/approval-flow/:id`, async (req) => {
    const ctx = requireCaller(req);
    const id = idOf(req.params);
    await withTx(pool, async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE approval_flow SET state = 'INACTIVE', updated_by = $2, updated_date = now() WHERE id = $1 AND state = 'ACTIVE'`,
        [id, ctx.userId],
      );
      if (rowCount) await recordActivity(tx, ctx, { domain, resource: 'approval_flow', recordId: id, action: 'delete', feature: 'setting' });
      else if (!(await tx.query('SELECT 1 FROM approval_flow WHERE id = $1', [id])).rowCount) throw notFound();
    });
    return ok({ id });
  });

  const LIMIT_COLUMNS = 'id, kind, max_cost, updated_date';
  app.get(`${base}/approval-cost-limit`, async (req) => {
    requireCaller(req);
    return ok(
      await pagedList<ApprovalCostLimitDto>(
        pool,
        `SELECT ${LIMIT_COLUMNS} FROM approval_cost_limit ORDER BY array_position($1::text[], kind), id`,
        [COST_LIMIT_KINDS],
        req.query as Record<string, unknown>,
      ),
    );
  });
  app.get(`${base}/approval-cost-limit/:id`, async (req) => {
    requireCaller(req);
    const { rows } = await pool.query<ApprovalCostLimitDto>(`SELECT ${LIMIT_COLUMNS} FROM approval_cost_limit WHERE id = $1`, [idOf(req.params)]);
    if (!rows[0]) throw notFound();
    return ok(rows[0]);
  });
  app.put(`${base}/approval-cost-limit/:id`, async (req) => {
    const ctx = requireCaller(req);
    const id = idOf(req.params);
    const body = parse(z.object({ max_cost: zMoney() }).strict(), req.body);
    const row = await withTx(pool, async (tx) => {
      const before = (await tx.query<ApprovalCostLimitDto>(`SELECT ${LIMIT_COLUMNS} FROM approval_cost_limit WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!before) throw notFound();
      const { rows } = await tx.query<ApprovalCostLimitDto>(
        `UPDATE approval_cost_limit SET max_cost = $2, updated_by = $3, updated_date = now() WHERE id = $1 RETURNING ${LIMIT_COLUMNS}`,
        [id, body.max_cost, ctx.userId],
      );
      await recordActivity(tx, ctx, {
        domain,
        resource: 'approval_cost_limit',
        recordId: id,
        action: 'update',
        feature: 'setting',
        originData: { max_cost: before.max_cost },
        updatedData: { max_cost: body.max_cost },
      });
      return rows[0]!;
    });
    return { success: true, data: row, message: t(ctx.lang, 'cost_limit_updated') };
  });
}

/**
 * Has the record the approval its next step needs: approved, or never sent where the company has no active approval flow
 * for its document type (approval is asked for only where a flow is set up). Resources declaring `approval` with a
 * `statusField`.
 */
export async function approvalSatisfied(tx: Tx, def: ResourceDef, record: Row): Promise<boolean> {
  const status = (record[def.approval!.statusField ?? 'approval_status'] as string | null) ?? 'DRAFT';
  if (status === 'APPROVED') return true;
  if (status !== 'DRAFT') return false;
  // Approvers named on the record (a ticket's) are its approval: until they approve, it waits.
  const named = def.approval!.approversField ? record[def.approval!.approversField] : null;
  if (Array.isArray(named) && named.length) return false;
  const { rows } = await tx.query(`SELECT 1 FROM approval_flow WHERE document_type = $1 AND state = 'ACTIVE' LIMIT 1`, [def.approval!.documentType]);
  return rows.length === 0;
}
