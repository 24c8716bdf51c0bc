import { z } from 'zod';
import {
  REVIEW_DEFS,
  REVIEW_POINT_SUMMARY,
  quotationEvaluationBody,
  reviewPoint,
  reviewPointRoutes,
  type CallerContext,
  type ReviewPointSummary,
} from '@portal/contracts';
import {
  AppError,
  badRequest,
  defineReport,
  hooksFor,
  ok,
  parseOrThrow,
  reportRoutes,
  requireCaller,
  serveRoute,
  withTx,
  type FieldError,
  type HooksOf,
  type ReportRun,
  type ServiceKit,
  type Tx,
} from '@portal/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const sub = REVIEW_DEFS.subcontractor;
/** Points are given while the review is open: collecting quotations or being compared. */
const OPEN = ['QUOTING', 'EVALUATING'];

/** A quotation's average of its evaluators' totals (two decimals) and how many scored it, from its points. */
async function recount(tx: Tx, quotationId: string): Promise<void> {
  await tx.query(
    `WITH e AS (SELECT evaluator_id, sum(point) AS total FROM review_point WHERE quotation_id = $1 AND state = 'ACTIVE' GROUP BY evaluator_id)
     UPDATE ${sub.quotation.table} SET avg_point = (SELECT round(avg(total), 2) FROM e), evaluators = (SELECT count(*) FROM e) WHERE id = $1`,
    [quotationId],
  );
}

/**
 * The rules of a point (contracts implementation/review-points.ts; at most its item's points is the kit's `maxFrom`):
 * only while the quotation's review is open (its review locked, so a point and the award wait for each other); the
 * quotation's average kept after each write.
 */
export function reviewPointHooks(): HooksOf<typeof reviewPoint> {
  const check = async (tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null) => {
    const quotationId = input.quotation_id ?? existing?.quotation_id;
    const { rows } = await tx.query<{ review_status: string }>(
      `SELECT r.review_status FROM ${sub.quotation.table} q JOIN ${sub.review.table} r ON r.id = q.review_id WHERE q.id = $1 FOR UPDATE OF r`,
      [quotationId],
    );
    const row = rows[0];
    if (row && !OPEN.includes(row.review_status)) throw new AppError(422, 'review_points_closed');
  };
  return hooksFor(reviewPoint, {
    beforeCreate: (input, _ctx, tx) => check(tx, input, null),
    beforeUpdate: (input, existing, _ctx, tx) => check(tx, input, existing),
    beforeDelete: (existing, _ctx, tx) => check(tx, {}, existing),
    async afterWrite(_verb, row, _ctx, tx) {
      await recount(tx, String(row.quotation_id));
    },
  });
}

/** The caller's points on a quotation they may read (404 otherwise). */
async function mine(kit: ServiceKit, tx: Tx, quotationId: string, ctx: CallerContext) {
  await kit.repos.get(sub.quotation.name)!.get(quotationId, ctx, tx);
  const { rows } = await tx.query<{ id: string; item_id: string }>(
    `SELECT id, item_id FROM review_point WHERE quotation_id = $1 AND evaluator_id = $2 AND state = 'ACTIVE' ORDER BY id`,
    [quotationId, ctx.userId],
  );
  return rows;
}

/**
 * The subcontractor quotation evaluation (spec §7 "POST, PUT, DELETE on the quotation id"): the caller's points on the
 * quotation, every item once — POST the first time (409 if they already scored it), PUT in place of the earlier ones,
 * DELETE to withdraw them. Each point is written through the kit (its rules, activity and events); all or nothing, the
 * errors under `points.N`.
 */
export function reviewPointRoutesServed(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repos.get(reviewPoint.name)!;
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const decl = (method: string) => reviewPointRoutes.find((r) => r.method === method && r.path.endsWith('/evaluation'))!;
  const write = async (req: FastifyRequest, replace: boolean) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(quotationEvaluationBody, req.body, badRequest);
    const id = idOf(req);
    const twice = body.points.findIndex((p, i) => body.points.findIndex((x) => x.item_id === p.item_id) !== i);
    if (twice >= 0) throw badRequest([{ path: `points.${twice}.item_id`, key: 'value_exists', params: { field: reviewPoint.fields.item_id!.label } }]);
    await withTx(kit.pool, async (tx) => {
      const earlier = await mine(kit, tx, id, ctx);
      if (earlier.length && !replace) throw new AppError(409, 'review_points_exist');
      for (const e of earlier) await repo.deactivateIn(tx, e.id, ctx);
      const errors: FieldError[] = [];
      for (const [i, p] of body.points.entries()) {
        try {
          await repo.createIn(tx, { quotation_id: id, item_id: p.item_id, point: p.point, comment: p.comment ?? null }, ctx);
        } catch (e) {
          // A row's bad input is named under its index; any other refusal (closed review, scope) is the whole call's.
          if (!(e instanceof AppError) || e.status !== 400) throw e;
          errors.push(...(e.fieldErrors.length ? e.fieldErrors.map((x) => ({ ...x, path: `points.${i}.${x.path}` })) : [{ path: `points.${i}`, key: e.key }]));
        }
      }
      if (errors.length) throw badRequest(errors);
    });
    repo.onCommit();
    return ok(await kit.repos.get(sub.quotation.name)!.get(id, ctx));
  };
  serveRoute(app, decl('POST'), (req) => write(req, false));
  serveRoute(app, decl('PUT'), (req) => write(req, true));
  serveRoute(app, decl('DELETE'), async (req) => {
    const ctx = requireCaller(req);
    const id = idOf(req);
    await withTx(kit.pool, async (tx) => {
      for (const e of await mine(kit, tx, id, ctx)) await repo.deactivateIn(tx, e.id, ctx);
    });
    repo.onCommit();
    return ok(await kit.repos.get(sub.quotation.name)!.get(id, ctx));
  });
  reportRoutes(app, kit, [defineReport({ report: REVIEW_POINT_SUMMARY, counts: [sub.review, reviewPoint], query: summaryQuery, run: summary })]);
}

/** `?f_review_id` (required: the summary is of one review). */
function summaryQuery(raw: unknown): { reviewId: string } {
  const q = parseOrThrow(z.object({ f_review_id: z.uuid({ error: 'select_required' }) }).loose(), raw ?? {}, badRequest);
  return { reviewId: q.f_review_id.toLowerCase() };
}

/** One review's points, in SQL over the kit's snapshot; the review read in the caller's scope first (404 otherwise). */
async function summary(run: ReportRun<{ reviewId: string }>): Promise<ReviewPointSummary> {
  const { db, q, ctx, kit } = run;
  await kit.repos.get(sub.review.name)!.get(q.reviewId, ctx, db as unknown as Tx);
  const { rows: quotations } = await db.query<{ code: string; contractor_id: string; evaluators: number; avg_point: number | null }>(
    `SELECT code, contractor_id, evaluators, avg_point FROM ${sub.quotation.table} WHERE review_id = $1 AND state = 'ACTIVE' ORDER BY avg_point DESC NULLS LAST, code`,
    [q.reviewId],
  );
  const { rows: items } = await db.query<{ group: string; item: string; most: number; avg_point: number | null }>(
    `SELECT g.name AS "group", i.name AS item, i.point AS most,
            (SELECT round(avg(p.point), 2) FROM review_point p WHERE p.item_id = i.id AND p.review_id = $1 AND p.state = 'ACTIVE') AS avg_point
       FROM review_item i JOIN review_group g ON g.id = i.group_id AND g.state = 'ACTIVE' WHERE i.state = 'ACTIVE' ORDER BY g.ordering NULLS LAST, g.name, i.ordering NULLS LAST, i.name`,
    [q.reviewId],
  );
  const { rows: who } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT evaluator_id)::int AS n FROM review_point WHERE review_id = $1 AND state = 'ACTIVE'`,
    [q.reviewId],
  );
  const names = await kit.titles.of(
    'contractor',
    quotations.map((x) => x.contractor_id),
    { ctx },
  );
  return {
    quotations: quotations.length,
    evaluators: who[0]!.n,
    by_quotation: quotations.map((x) => ({ code: x.code, contractor: names.get(x.contractor_id) ?? null, evaluators: x.evaluators, avg_point: x.avg_point })),
    by_item: items,
  };
}
