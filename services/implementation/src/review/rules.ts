import { APPROVAL_LOCKING, REVIEW_DEFS, type CallerContext, type ResourceDef, type ReviewKind } from '@portal/contracts';
import { AppError, type ResourceHooks, type Row, type ServiceKit, type Tx } from '@portal/service-kit';

type Hooks = ResourceHooks<Row, Record<string, unknown>>;

/**
 * Deactivates the ACTIVE records of `child` whose `field` is `id`, each through its repository as its workflow (its
 * sums follow, its activity entry and event are written): what a review's delete, a quotation's or a product's takes
 * with it (spec §7 "a delete with typeDelete 'all'": the review goes with its products and quotations).
 */
async function deleteChildren(kit: ServiceKit, tx: Tx, child: ResourceDef, field: string, id: string, ctx: CallerContext, description: string) {
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM ${child.table} WHERE ${field} = $1 AND state = 'ACTIVE' ORDER BY id`, [id]);
  for (const r of rows) await kit.repos.get(child.name)!.deactivateIn(tx, r.id, ctx, { workflow: true, description });
}

/**
 * The rules of a kind's cost reviews (contracts implementation/review.ts):
 * - a review goes for approval only once awarded (its amount is the award's);
 * - closing the quotations needs something to compare (a product and a quotation);
 * - an award in approval or approved is not reopened, nor is a review cancelled while its approval runs;
 * - reopened, its award is cleared (the review's figures and each product's);
 * - a review deleted takes its products and quotations (and their prices) with it; a quotation or a product deleted,
 *   its prices;
 * - a price is written only while the review collects quotations (its product is of the same review: the kit's `within`).
 */
export function reviewHooks(kind: ReviewKind, kit: () => ServiceKit): Record<string, Hooks> {
  const d = REVIEW_DEFS[kind];
  /** The activity entry of a record deleted with `parent` (its label). */
  const gone = (parent: ResourceDef) => `Xóa cùng ${parent.label.vi.toLowerCase()} / Deleted with its ${parent.label.en.toLowerCase()}`;
  return {
    [d.review.name]: {
      beforeApproval(action, record) {
        if ((action === 'submit' || action === 'resubmit') && record.review_status !== 'AWARDED') throw new AppError(422, 'review_not_awarded');
      },
      async beforeStatus(move, record, _ctx, tx) {
        if (move.from === 'QUOTING' && move.to === 'EVALUATING') {
          const { rows } = await tx.query<{ products: number; quotations: number }>(
            `SELECT (SELECT count(*) FROM ${d.product.table} WHERE review_id = $1 AND state = 'ACTIVE')::int AS products,
                    (SELECT count(*) FROM ${d.quotation.table} WHERE review_id = $1 AND state = 'ACTIVE')::int AS quotations`,
            [record.id],
          );
          if (!rows[0]!.products || !rows[0]!.quotations) throw new AppError(422, 'review_nothing_to_compare');
        }
        if ((move.from === 'AWARDED' || move.to === 'CANCELLED') && APPROVAL_LOCKING.includes(String(record.approval_status) as never)) {
          throw new AppError(422, 'review_in_approval');
        }
        if (move.from === 'AWARDED') return { is_vote: false, contractor_id: null, summary_approval_cost: 0 };
      },
      async afterStatus(move, record, _ctx, tx) {
        if (move.from !== 'AWARDED') return;
        await tx.query(
          `UPDATE ${d.product.table} SET awarded_quotation_id = NULL, awarded_amount = NULL, award_reason = NULL, updated_date = now() WHERE review_id = $1`,
          [record.id],
        );
      },
      async beforeDelete(existing, ctx, tx) {
        const id = String(existing.id);
        // A workflow's delete runs no hooks: the prices go first, by the review they carry.
        await deleteChildren(kit(), tx, d.line, 'review_id', id, ctx, gone(d.review));
        await deleteChildren(kit(), tx, d.quotation, 'review_id', id, ctx, gone(d.review));
        await deleteChildren(kit(), tx, d.product, 'review_id', id, ctx, gone(d.review));
      },
    },
    [d.quotation.name]: {
      async beforeDelete(existing, ctx, tx) {
        await deleteChildren(kit(), tx, d.line, 'quotation_id', String(existing.id), ctx, gone(d.quotation));
      },
    },
    [d.product.name]: {
      async beforeDelete(existing, ctx, tx) {
        await deleteChildren(kit(), tx, d.line, 'product_id', String(existing.id), ctx, gone(d.product));
      },
    },
    [d.line.name]: {
      beforeCreate: (input, _ctx, tx) => priceRules(tx, input, null),
      beforeUpdate: (input, existing, _ctx, tx) => priceRules(tx, input, existing),
      beforeDelete: (existing, _ctx, tx) => priceRules(tx, {}, existing),
    },
  };

  async function priceRules(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null) {
    const quotationId = input.quotation_id ?? existing?.quotation_id;
    // Locks the review (a price and the closing of its quotations wait for each other), then reads both.
    const { rows } = await tx.query<{ review_status: string }>(
      `SELECT r.review_status FROM ${d.quotation.table} q JOIN ${d.review.table} r ON r.id = q.review_id WHERE q.id = $1 FOR UPDATE OF r`,
      [quotationId],
    );
    const row = rows[0];
    // An unknown quotation: the kit's check of the reference answers (400 on quotation_id).
    if (!row) return;
    if (row.review_status !== 'QUOTING') throw new AppError(422, 'review_closed');
  }
}
