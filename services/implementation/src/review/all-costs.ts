import { z } from 'zod';
import { REVIEW_DEFS, moneyTotal, type ReviewAllCostsReport, type ReviewKind, type ReviewStatus } from '@portal/contracts';
import { badRequest, Params, parseOrThrow, scopeCondition, type ReportRun } from '@portal/service-kit';

export interface AllCostsQuery {
  implementationId: string | null;
  categoryId: string | null;
}

/** `?f_implementation_id`, `?f_category_id` (spec "Implementation: f_implementation_id, f_category_id"). */
export function allCostsQuery(raw: unknown): AllCostsQuery {
  const q = parseOrThrow(
    z.object({ f_implementation_id: z.uuid({ error: 'invalid' }).optional(), f_category_id: z.uuid({ error: 'invalid' }).optional() }).loose(),
    raw ?? {},
    badRequest,
  );
  return { implementationId: q.f_implementation_id?.toLowerCase() ?? null, categoryId: q.f_category_id?.toLowerCase() ?? null };
}

/**
 * What was awarded in the caller's projects (contracts implementation/review-routes.ts), in SQL over the kit's
 * snapshot: the awarded reviews (not cancelled), their products' normalised awarded amounts by the party each went to,
 * and by review.
 */
export async function allCosts(run: ReportRun<AllCostsQuery>, kind: ReviewKind): Promise<ReviewAllCostsReport> {
  const { db, q, ctx, kit } = run;
  const d = REVIEW_DEFS[kind];
  const p = new Params();
  const where = [
    `t.state = 'ACTIVE'`,
    `t.is_vote`,
    q.implementationId ? `t.implementation_id = ${p.add(q.implementationId)}` : '',
    q.categoryId ? `t.category_id = ${p.add(q.categoryId)}` : '',
    scopeCondition(d.review, ctx, p, 't'),
  ]
    .filter(Boolean)
    .join(' AND ');
  const { rows: reviews } = await db.query<{ code: string; name: string; status: ReviewStatus; awarded: number | string }>(
    `SELECT t.code, t.name, t.review_status AS status, t.summary_approval_cost AS awarded FROM ${d.review.table} t WHERE ${where}
      ORDER BY t.summary_approval_cost DESC, t.code`,
    p.values,
  );
  const { rows: parties } = await db.query<{ contractor_id: string; reviews: number; lines: number; awarded: number | string }>(
    `SELECT q.contractor_id, count(DISTINCT t.id)::int AS reviews, count(*)::int AS lines, sum(pr.awarded_amount) AS awarded
       FROM ${d.review.table} t
       JOIN ${d.product.table} pr ON pr.review_id = t.id AND pr.state = 'ACTIVE' AND pr.awarded_quotation_id IS NOT NULL
       JOIN ${d.quotation.table} q ON q.id = pr.awarded_quotation_id
      WHERE ${where} GROUP BY q.contractor_id ORDER BY sum(pr.awarded_amount) DESC`,
    p.values,
  );
  const names = await kit.titles.of(
    'contractor',
    parties.map((r) => r.contractor_id),
    { ctx },
  );
  return {
    reviews: reviews.length,
    awarded: moneyTotal(reviews.map((r) => r.awarded)),
    by_party: parties.map((r) => ({ contractor: names.get(r.contractor_id) ?? null, reviews: r.reviews, lines: r.lines, awarded: r.awarded })),
    by_review: reviews,
  };
}
