import { z } from 'zod';
import { UUID_RE } from '../common/ids';
import type { MoneyTotal } from '../common/money';
import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import { REVIEW_KINDS, type ReviewKind, type ReviewStatus } from './review';

/**
 * The cost reviews' own routes (spec §7 "vote-supplied (GET; POST {id}, then supplier quotations reload)", "supplier
 * all-costs GET"), for each kind under its path:
 * - `GET <path>/vote-supplied/:id`: the comparison — every product against every quotation, side by side, each price
 *   normalised (VAT and the delivery cost shared over the quotation's lines by amount; payment terms and delivery time
 *   shown beside), the lowest of each line marked;
 * - `POST <path>/vote-supplied/:id` `{ awards: [{ product_id, quotation_id, reason }] }`: the award, every product to
 *   one quotation that priced it; a line given to a quotation that is not the lowest alone (dearer, or the same as
 *   another) needs its reason. The review becomes AWARDED with the awarded total as its amount for approval;
 * - `GET <path>/all-costs` (and its xlsx): what was awarded in the caller's projects, by party.
 */
export const reviewVotePath = (kind: ReviewKind) => `${REVIEW_KINDS[kind].path}/vote-supplied`;
export const reviewAllCostsPath = (kind: ReviewKind) => `${REVIEW_KINDS[kind].path}/all-costs`;

/** One quotation as the comparison shows it. */
export interface ComparedQuotation {
  id: string;
  code: string;
  contractor_id: string;
  contractor_title: string | null;
  vat_rate: string;
  delivery_cost: MoneyTotal;
  payment_terms_days: number | null;
  delivery_days: number | null;
  valid_until: string | null;
  subtotal: MoneyTotal;
  total: MoneyTotal;
  /** What the lines it was awarded add up to, normalised (0 before the award). */
  awarded: MoneyTotal;
}

/** One product's row: its price from each quotation that priced it. */
export interface ComparedProduct {
  id: string;
  name: string;
  unit: string;
  quantity: string;
  specification: string | null;
  awarded_quotation_id: string | null;
  awarded_amount: MoneyTotal | null;
  award_reason: string | null;
  prices: { quotation_id: string; unit_price: MoneyTotal; amount: MoneyTotal; normalized: MoneyTotal }[];
  /** The quotations at the lowest normalised price (more than one: a tie). */
  lowest: string[];
}

export interface ReviewComparison {
  review: { id: string; code: string; name: string; review_status: ReviewStatus; is_vote: boolean; summary_approval_cost: MoneyTotal };
  quotations: ComparedQuotation[];
  products: ComparedProduct[];
}

export const AWARD_REASON_MAX = 1000;
const uuid = () => z.string({ error: 'select_required' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase();

/** `POST <path>/vote-supplied/:id`. */
export const reviewAwardBody = z.object(
  {
    awards: z
      .array(
        z.object(
          {
            product_id: uuid(),
            quotation_id: uuid(),
            reason: z
              .string({ error: 'invalid' })
              .trim()
              .max(AWARD_REASON_MAX, { error: `max_length|{"n":${AWARD_REASON_MAX}}` })
              .nullish(),
          },
          { error: 'invalid' },
        ),
        { error: 'invalid' },
      )
      .min(1, { error: 'required' })
      .max(2000, { error: 'invalid' }),
  },
  { error: 'body_object' },
);
export type ReviewAwardBody = z.infer<typeof reviewAwardBody>;

export interface ReviewAllCostsReport {
  reviews: number;
  awarded: MoneyTotal;
  by_party: { contractor: string | null; reviews: number; lines: number; awarded: MoneyTotal }[];
  by_review: { code: string; name: string; status: ReviewStatus; awarded: MoneyTotal }[];
}

/** The all-costs report of a kind (its party named as the kind names it). */
export const reviewAllCostsReport = (kind: ReviewKind) => {
  const k = REVIEW_KINDS[kind];
  return declareReport<ReviewAllCostsReport>()({
    path: reviewAllCostsPath(kind),
    title: { vi: `Tổng hợp chi phí đã chọn thầu — ${k.party.vi.toLowerCase()}`, en: `Awarded costs — ${k.party.en.toLowerCase()}s` },
    hint: {
      vi: 'Giá trị đã quy đổi (gồm VAT và chi phí vận chuyển) của các hạng mục đã chọn thầu, trong các dự án bạn được xem.',
      en: 'Normalised amounts (VAT and delivery included) of the lines awarded, in the projects you may see.',
    },
    figures: [
      { key: 'reviews', label: { vi: 'Số gói đã chọn thầu', en: 'Reviews awarded' }, kind: 'count' },
      { key: 'awarded', label: { vi: 'Tổng giá trị chọn thầu', en: 'Awarded total' }, kind: 'money' },
    ],
    breakdowns: [
      {
        key: 'by_party',
        title: { vi: `Theo ${k.party.vi.toLowerCase()}`, en: `By ${k.party.en.toLowerCase()}` },
        columns: [
          { key: 'contractor', label: k.party, kind: 'text', blank: { vi: '(Không xem được)', en: '(Not visible)' } },
          { key: 'reviews', label: { vi: 'Số gói', en: 'Reviews' }, kind: 'count' },
          { key: 'lines', label: { vi: 'Số hạng mục', en: 'Lines' }, kind: 'count' },
          { key: 'awarded', label: { vi: 'Giá trị', en: 'Awarded' }, kind: 'money' },
        ],
        chart: { type: 'columns', x: 'contractor', y: 'awarded' },
      },
      {
        key: 'by_review',
        title: { vi: 'Theo gói', en: 'By review' },
        columns: [
          { key: 'code', label: { vi: 'Mã', en: 'Code' }, kind: 'text' },
          { key: 'name', label: { vi: 'Gói mua sắm', en: 'Package' }, kind: 'text' },
          { key: 'awarded', label: { vi: 'Giá trị', en: 'Awarded' }, kind: 'money' },
        ],
        chart: null,
      },
    ],
  });
};

export const REVIEW_ALL_COSTS: Record<ReviewKind, ReturnType<typeof reviewAllCostsReport>> = {
  supplier: reviewAllCostsReport('supplier'),
  subcontractor: reviewAllCostsReport('subcontractor'),
};

const kindRoutes = (kind: ReviewKind): RouteDecl[] => {
  const k = REVIEW_KINDS[kind];
  const vote = reviewVotePath(kind);
  return [
    {
      method: 'GET',
      path: `${vote}/:id`,
      domain: 'implementation',
      access: { feature: k.feature, action: 'view' },
      summary: `The ${k.label.en}'s comparison: every product against every quotation, normalised`,
    },
    {
      method: 'POST',
      path: `${vote}/:id`,
      domain: 'implementation',
      access: { feature: k.feature, action: 'edit' },
      summary: `The ${k.label.en}'s award: { awards: [{ product_id, quotation_id, reason }] }`,
    },
    ...reportRouteDecls({ path: reviewAllCostsPath(kind) }, `What was awarded in the caller's projects, by ${k.party.en.toLowerCase()}`, 'implementation', {
      feature: k.feature,
      action: 'view',
    }),
  ];
};

export const reviewRoutes: RouteDecl[] = [...kindRoutes('supplier'), ...kindRoutes('subcontractor')];
