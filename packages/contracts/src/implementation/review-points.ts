import { z } from 'zod';
import { UUID_RE } from '../common/ids';
import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import { REVIEW_DEFS, REVIEW_KINDS } from './review';

/**
 * How subcontractors' quotations are judged beyond their price (spec §7 "review points (with summary), review groups
 * and items"; §3 "Review points carry avg_point and point"): the company's criteria — groups (capacity, method,
 * schedule, safety…) and their items, each with the most points it gives, all items together at most 100 points — and
 * each evaluator's points for a quotation on each item (the subcontractor quotation evaluation, spec "POST, PUT,
 * DELETE on the quotation id"). A quotation's `avg_point` is the average of its evaluators' totals, out of 100.
 */
export const reviewGroup = defineResource({
  name: 'reviewGroup',
  plain: true,
  domain: 'implementation',
  path: '/review-group',
  table: 'review_group',
  feature: 'subcontractor',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Nhóm tiêu chí đánh giá báo giá', en: 'Quotation review group' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  fields: {
    name: f.text(L.name, { required: true, unique: true, max: 255, list: true, search: true, sort: true }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

/** A criterion with the most points it gives; every item of every group together gives at most 100 (spec §5). */
export const reviewItem = defineResource({
  name: 'reviewItem',
  plain: true,
  domain: 'implementation',
  path: '/review-item',
  table: 'review_item',
  feature: 'subcontractor',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Tiêu chí đánh giá báo giá', en: 'Quotation review item' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  parent: 'group_id',
  unique: [['group_id', 'name']],
  fields: {
    group_id: f.ref('reviewGroup', { vi: 'Nhóm tiêu chí', en: 'Group' }, { required: true, list: true, filter: true }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    point: f.number({ vi: 'Điểm tối đa', en: 'Most points' }, { required: true, min: 0, max: 100, list: true, total: { max: 100 } }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

const sub = REVIEW_DEFS.subcontractor;

/**
 * One evaluator's points for a subcontractor's quotation on one item (at most the item's), with a comment; the evaluator
 * is whoever writes them. Written while the review is open (collecting quotations or being compared), read as the
 * quotation is.
 */
export const reviewPoint = defineResource({
  name: 'reviewPoint',
  domain: 'implementation',
  path: '/review-point',
  table: 'review_point',
  feature: 'subcontractor',
  icon: 'audit',
  label: { vi: 'Điểm đánh giá báo giá', en: 'Quotation review point' },
  titleField: 'item_id',
  defaultOrder: 'created_date asc',
  parent: 'quotation_id',
  scope: { via: 'quotation_id' },
  unique: [['quotation_id', 'evaluator_id', 'item_id']],
  fields: {
    quotation_id: f.ref(sub.quotation.name, { vi: 'Báo giá', en: 'Quotation' }, { required: true, list: true, filter: true }),
    review_id: f.ref(sub.review.name, sub.review.label, { readonly: true, filter: true, copyFrom: { ref: 'quotation_id', field: 'review_id', follow: {} } }),
    evaluator_id: f.ref('user', { vi: 'Người chấm', en: 'Evaluator' }, { readonly: true, default: 'caller', list: true, filter: true }),
    item_id: f.ref('reviewItem', { vi: 'Tiêu chí', en: 'Item' }, { required: true, list: true, filter: true }),
    point: f.number({ vi: 'Điểm', en: 'Point' }, { required: true, min: 0, max: 100, list: true, maxFrom: { ref: 'item_id', field: 'point' } }),
    comment: f.text({ vi: 'Nhận xét', en: 'Comment' }, { max: 500, list: true }),
  },
});

/** `<subcontractor review path>/quotation/:id/evaluation`: the caller's points for that quotation, all items at once. */
export const quotationEvaluationPath = `${REVIEW_KINDS.subcontractor.path}/quotation/:id/evaluation`;
const uuid = () => z.string({ error: 'select_required' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase();
export const quotationEvaluationBody = z.object(
  {
    points: z
      .array(
        z.object(
          {
            item_id: uuid(),
            point: z.number({ error: 'must_number' }).min(0, { error: 'min_number|{"n":0}' }).max(100, { error: 'max_number|{"n":100}' }),
            comment: z.string({ error: 'invalid' }).trim().max(500, { error: 'max_length|{"n":500}' }).nullish(),
          },
          { error: 'invalid' },
        ),
        { error: 'invalid' },
      )
      .min(1, { error: 'required' })
      .max(200, { error: 'invalid' }),
  },
  { error: 'body_object' },
);
export type QuotationEvaluationBody = z.infer<typeof quotationEvaluationBody>;

export const REVIEW_POINT_SUMMARY_PATH = '/review-point/summary';

export interface ReviewPointSummary {
  quotations: number;
  evaluators: number;
  by_quotation: { code: string; contractor: string | null; evaluators: number; avg_point: number | null }[];
  by_item: { group: string; item: string; most: number; avg_point: number | null }[];
}

/** The summary of one review's points (`?f_review_id`): each quotation's evaluators and average, each item's average. */
export const REVIEW_POINT_SUMMARY = declareReport<ReviewPointSummary>()({
  path: REVIEW_POINT_SUMMARY_PATH,
  title: { vi: 'Tổng hợp điểm đánh giá báo giá', en: 'Quotation review points' },
  figures: [
    { key: 'quotations', label: { vi: 'Số báo giá', en: 'Quotations' }, kind: 'count' },
    { key: 'evaluators', label: { vi: 'Số người chấm', en: 'Evaluators' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'by_quotation',
      title: { vi: 'Theo báo giá', en: 'By quotation' },
      columns: [
        { key: 'code', label: { vi: 'Báo giá', en: 'Quotation' }, kind: 'text' },
        { key: 'contractor', label: REVIEW_KINDS.subcontractor.party, kind: 'text', blank: { vi: '(Không xem được)', en: '(Not visible)' } },
        { key: 'evaluators', label: { vi: 'Số người chấm', en: 'Evaluators' }, kind: 'count' },
        { key: 'avg_point', label: { vi: 'Điểm trung bình', en: 'Average point' }, kind: 'number' },
      ],
      chart: { type: 'columns', x: 'contractor', y: 'avg_point' },
    },
    {
      key: 'by_item',
      title: { vi: 'Theo tiêu chí', en: 'By item' },
      columns: [
        { key: 'group', label: { vi: 'Nhóm', en: 'Group' }, kind: 'text' },
        { key: 'item', label: { vi: 'Tiêu chí', en: 'Item' }, kind: 'text' },
        { key: 'most', label: { vi: 'Điểm tối đa', en: 'Most points' }, kind: 'number' },
        { key: 'avg_point', label: { vi: 'Điểm trung bình', en: 'Average point' }, kind: 'number' },
      ],
      chart: null,
    },
  ],
});

const evaluate = (method: 'POST' | 'PUT' | 'DELETE', summary: string): RouteDecl => ({
  method,
  path: quotationEvaluationPath,
  domain: 'implementation',
  access: { feature: 'subcontractor', action: 'edit' },
  summary,
});

export const reviewPointRoutes: RouteDecl[] = [
  evaluate('POST', "The caller's points for a subcontractor's quotation: { points: [{ item_id, point, comment }] }"),
  evaluate('PUT', "The caller's points for the quotation again, in place of the earlier ones"),
  evaluate('DELETE', "The caller's points for the quotation withdrawn"),
  ...reportRouteDecls({ path: REVIEW_POINT_SUMMARY_PATH }, "One review's points: ?f_review_id", 'implementation', { feature: 'subcontractor', action: 'view' }),
];
