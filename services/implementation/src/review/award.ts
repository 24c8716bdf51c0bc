import {
  MONEY_MAX,
  REVIEW_DEFS,
  REVIEW_STATUS_LABELS,
  type ComparedProduct,
  type ComparedQuotation,
  type ReviewAwardBody,
  type ReviewComparison,
  type ReviewKind,
  type ReviewStatus,
} from '@portal/contracts';
import type { CallerContext } from '@portal/contracts';
import { AppError, badRequest, inSnapshot, ownMove, withTx, type FieldError, type ServiceKit, type Tx } from '@portal/service-kit';
import type { PoolClient } from 'pg';

type Db = Tx | PoolClient;
interface Price {
  quotation_id: string;
  product_id: string;
  unit_price: number | string;
  amount: number | string;
  normalized: number | string;
}

/**
 * Every price of a review's quotations, normalised in SQL: the amount with its VAT, plus its share of the quotation's
 * delivery cost (spread over the quotation's lines by amount), in whole đồng. Payment terms and delivery time are not
 * priced: the comparison shows them beside, for the buyer to weigh (and to give as a reason).
 */
async function pricesOf(db: Db, kind: ReviewKind, reviewId: string): Promise<Price[]> {
  const d = REVIEW_DEFS[kind];
  const { rows } = await db.query<Price>(
    `SELECT l.quotation_id, l.product_id, l.unit_price, l.amount,
            round(l.amount * (100 + q.vat_rate) / 100.0 + CASE WHEN q.subtotal > 0 THEN q.delivery_cost * l.amount / q.subtotal::numeric ELSE 0 END)::bigint AS normalized
       FROM ${d.line.table} l
       JOIN ${d.quotation.table} q ON q.id = l.quotation_id AND q.state = 'ACTIVE'
       JOIN ${d.product.table} p ON p.id = l.product_id AND p.state = 'ACTIVE'
      WHERE q.review_id = $1 AND l.state = 'ACTIVE'
      ORDER BY p.sort_order NULLS LAST, p.created_date, p.name, q.created_date`,
    [reviewId],
  );
  return rows;
}

const big = (v: number | string | null | undefined) => BigInt(String(v ?? 0));
const lowestOf = (cells: Price[]): string[] => {
  if (!cells.length) return [];
  // BigInt: Math.min would round a sum past 2^53.
  let min = big(cells[0]!.normalized);
  for (const c of cells) if (big(c.normalized) < min) min = big(c.normalized);
  return cells.filter((c) => big(c.normalized) === min).map((c) => c.quotation_id);
};

/**
 * The comparison of a review the caller may read (404 otherwise): its quotations with their terms and totals, and each
 * product against each quotation — the screen's suppliers × items table (`GET <path>/vote-supplied/:id`).
 */
export async function comparison(kit: ServiceKit, kind: ReviewKind, id: string, ctx: CallerContext, db?: Db): Promise<ReviewComparison> {
  const d = REVIEW_DEFS[kind];
  const review = await kit.repos.get(d.review.name)!.get(id, ctx, db as Tx | undefined);
  const run = async (q: Db) => {
    // One client: its queries one after another.
    const quotations = await q.query<Omit<ComparedQuotation, 'contractor_title'>>(
      `SELECT q.id, q.code, q.contractor_id, q.vat_rate::text, q.delivery_cost, q.payment_terms_days, q.delivery_days, q.valid_until, q.subtotal, q.total,
                coalesce((SELECT sum(p.awarded_amount) FROM ${d.product.table} p WHERE p.awarded_quotation_id = q.id AND p.state = 'ACTIVE'), 0)::bigint AS awarded
           FROM ${d.quotation.table} q WHERE q.review_id = $1 AND q.state = 'ACTIVE' ORDER BY q.total, q.code`,
      [id],
    );
    const products = await q.query<Omit<ComparedProduct, 'prices' | 'lowest'>>(
      `SELECT id, name, unit, quantity::text, specification, awarded_quotation_id, awarded_amount, award_reason
           FROM ${d.product.table} WHERE review_id = $1 AND state = 'ACTIVE' ORDER BY sort_order NULLS LAST, created_date, name`,
      [id],
    );
    const prices = await pricesOf(q, kind, id);
    return { quotations: quotations.rows, products: products.rows, prices };
  };
  // One snapshot when not inside the caller's transaction: the three reads see the same review.
  const read = db ? await run(db) : await inSnapshot(kit.pool, run);
  const names = await kit.titles.of(
    'contractor',
    read.quotations.map((x) => x.contractor_id),
    { ctx },
  );
  return {
    review: {
      id: String(review.id),
      code: String(review.code),
      name: String(review.name),
      review_status: review.review_status as ReviewStatus,
      is_vote: Boolean(review.is_vote),
      summary_approval_cost: review.summary_approval_cost as number,
    },
    quotations: read.quotations.map((x) => ({ ...x, contractor_title: names.get(x.contractor_id) ?? null })),
    products: read.products.map((p) => {
      const cells = read.prices.filter((c) => c.product_id === p.id);
      return {
        ...p,
        prices: cells.map(({ quotation_id, unit_price, amount, normalized }) => ({ quotation_id, unit_price, amount, normalized })),
        lowest: lowestOf(cells),
      };
    }),
  };
}

/**
 * The award (`POST <path>/vote-supplied/:id`): by who may edit the review, while it is being compared; every product
 * exactly once, each to a quotation that priced it; a line given to a quotation that is not the lowest alone needs its
 * reason (dearer, or the same price as another: a tie is never settled silently). Written in one transaction: each
 * product's award, then the review moved to AWARDED with the awarded total (its amount for approval) and the party
 * awarded the most. All or nothing, every error named (`awards.N.field`).
 */
export async function award(kit: ServiceKit, kind: ReviewKind, id: string, body: ReviewAwardBody, ctx: CallerContext): Promise<ReviewComparison> {
  const d = REVIEW_DEFS[kind];
  const repo = kit.repos.get(d.review.name)!;
  await withTx(kit.pool, async (tx) => {
    await repo.get(id, ctx, tx);
    const review = await repo.get(id, ctx, tx, true);
    repo.acts.check('edit', review, ctx);
    if (review.review_status !== 'EVALUATING') throw new AppError(422, 'review_not_evaluating');
    const prices = await pricesOf(tx, kind, id);
    const { rows: products } = await tx.query<{ id: string }>(`SELECT id FROM ${d.product.table} WHERE review_id = $1 AND state = 'ACTIVE'`, [id]);
    const known = new Set(products.map((p) => p.id));
    const errors: FieldError[] = [];
    const chosen = new Map<string, { quotation: string; amount: bigint; reason: string | null }>();
    body.awards.forEach((a, i) => {
      if (!known.has(a.product_id)) return void errors.push({ path: `awards.${i}.product_id`, key: 'invalid' });
      if (chosen.has(a.product_id)) return void errors.push({ path: `awards.${i}.product_id`, key: 'award_twice' });
      const cells = prices.filter((c) => c.product_id === a.product_id);
      const cell = cells.find((c) => c.quotation_id === a.quotation_id);
      if (!cell) return void errors.push({ path: `awards.${i}.quotation_id`, key: 'award_not_priced' });
      const lowest = lowestOf(cells);
      const why = !lowest.includes(a.quotation_id) ? 'award_reason_dearer' : lowest.length > 1 ? 'award_reason_tie' : null;
      if (why && !a.reason) errors.push({ path: `awards.${i}.reason`, key: why });
      chosen.set(a.product_id, { quotation: a.quotation_id, amount: big(cell.normalized), reason: a.reason || null });
    });
    const missing = [...known].filter((p) => !chosen.has(p)).length;
    if (missing) errors.push({ path: 'awards', key: 'award_every_product', params: { n: missing } });
    if (errors.length) throw badRequest(errors);

    let total = 0n;
    const byQuotation = new Map<string, bigint>();
    for (const [product, c] of [...chosen].sort(([a], [b]) => a.localeCompare(b))) {
      await tx.query(
        `UPDATE ${d.product.table} SET awarded_quotation_id = $2, awarded_amount = $3, award_reason = $4, updated_date = now(), updated_by = $5 WHERE id = $1`,
        [product, c.quotation, c.amount.toString(), c.reason, ctx.userId],
      );
      total += c.amount;
      byQuotation.set(c.quotation, (byQuotation.get(c.quotation) ?? 0n) + c.amount);
    }
    if (total > BigInt(MONEY_MAX)) throw new AppError(422, 'money_too_large');
    const [main] = [...byQuotation].sort(([qa, a], [qb, b]) => (a === b ? qa.localeCompare(qb) : a > b ? -1 : 1));
    const { rows: party } = await tx.query<{ contractor_id: string }>(`SELECT contractor_id FROM ${d.quotation.table} WHERE id = $1`, [main![0]]);
    const [from, to, what] = [REVIEW_STATUS_LABELS.EVALUATING, REVIEW_STATUS_LABELS.AWARDED, d.review.workflow!.activity!];
    await ownMove(repo, tx, id, 'AWARDED', ctx, `${what.vi}: ${from.vi} → ${to.vi} / ${what.en}: ${from.en} → ${to.en}`, {
      is_vote: true,
      contractor_id: party[0]!.contractor_id,
      summary_approval_cost: total.toString(),
    });
  });
  repo.onCommit();
  return comparison(kit, kind, id, ctx);
}
