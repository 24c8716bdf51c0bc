import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import type { ContractorGrade } from './contractor';
import { CONTRACTOR_GRADE, CONTRACTOR_GRADE_COLORS, CONTRACTOR_GRADE_LABELS } from './contractor';

/** Spec §3 "Evaluation type: WARRANTY_EVALUATION or PERFORMANCE_EVALUATION". */
export const EVALUATION_TYPE = ['PERFORMANCE_EVALUATION', 'WARRANTY_EVALUATION'] as const;
export const EVALUATION_TYPE_LABELS = opt({
  PERFORMANCE_EVALUATION: { vi: 'Đánh giá năng lực thực hiện', en: 'Performance evaluation' },
  WARRANTY_EVALUATION: { vi: 'Đánh giá bảo hành', en: 'Warranty evaluation' },
});
/** Spec §3 "Warranty type: MAINTENANCE or EXECUTION": what a warranty evaluation judges. */
export const WARRANTY_TYPE = ['EXECUTION', 'MAINTENANCE'] as const;
export const WARRANTY_TYPE_LABELS = opt({
  EXECUTION: { vi: 'Thi công', en: 'Execution' },
  MAINTENANCE: { vi: 'Bảo trì - bảo hành', en: 'Maintenance' },
});
/** Spec §3 "Warranty trigger": what the evaluation was made on. */
export const EVALUATION_TRIGGER = ['CONSTRUCTION_ACCEPTANCE', 'EXTRA_CONTRACTOR_ACCEPTANCE', 'SUDDEN'] as const;
export const EVALUATION_TRIGGER_LABELS = opt({
  CONSTRUCTION_ACCEPTANCE: { vi: 'Nghiệm thu công trình', en: 'Construction acceptance' },
  EXTRA_CONTRACTOR_ACCEPTANCE: { vi: 'Nghiệm thu khối lượng phát sinh', en: 'Extra work acceptance' },
  SUDDEN: { vi: 'Đột xuất', en: 'Unscheduled' },
});

/** The lowest point of each grade above Trung bình (spec §3 "Performance grades: Gioi, Kha, Trung binh"). */
const GRADE_FLOORS = { GIOI: 80, KHA: 65 } as const;
/** The grade of a point out of 100: 80 and over Giỏi, 65 and over Khá, Trung bình below. */
export const gradeOf = (point: number | null): ContractorGrade | null =>
  point === null ? null : point >= GRADE_FLOORS.GIOI ? 'GIOI' : point >= GRADE_FLOORS.KHA ? 'KHA' : 'TRUNG_BINH';
/** The same grade in SQL, of a numeric expression (null stays null). */
export const gradeSql = (point: string): string =>
  `CASE WHEN ${point} IS NULL THEN NULL WHEN ${point} >= ${GRADE_FLOORS.GIOI} THEN 'GIOI' WHEN ${point} >= ${GRADE_FLOORS.KHA} THEN 'KHA' ELSE 'TRUNG_BINH' END`;

/**
 * An evaluation group (spec §7 Contractors "evaluation groups", created with `f_state`): a heading of the criteria of one
 * evaluation type — quality, progress, safety, documents — and its `proportion` of the evaluation's point; the
 * proportions of one type add up to at most 100 % (spec §5 "Total proportion cannot exceed 100%").
 */
export const contractorEvaluationGroup = defineResource({
  name: 'contractorEvaluationGroup',
  plain: true,
  domain: 'business',
  path: '/contractor-evaluation-group',
  table: 'contractor_evaluation_group',
  feature: 'subcontractor',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Nhóm tiêu chí đánh giá', en: 'Evaluation group' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  unique: [['evaluation_type', 'name']],
  fields: {
    evaluation_type: f.enum(
      EVALUATION_TYPE,
      { vi: 'Loại đánh giá', en: 'Evaluation type' },
      { required: true, list: true, filter: true, valueLabels: EVALUATION_TYPE_LABELS },
    ),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    proportion: f.number(
      { vi: 'Tỷ trọng', en: 'Proportion' },
      { required: true, min: 0, max: 100, list: true, total: { max: 100, per: 'evaluation_type', percent: true } },
    ),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

/**
 * An evaluation item (a criterion) of a group with the most points it gives; the items of one group add up to at most
 * 100 points (spec §5 "Total point cannot exceed 100").
 */
export const contractorEvaluationItem = defineResource({
  name: 'contractorEvaluationItem',
  plain: true,
  domain: 'business',
  path: '/contractor-evaluation-item',
  table: 'contractor_evaluation_item',
  feature: 'subcontractor',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Tiêu chí đánh giá', en: 'Evaluation item' },
  titleField: 'name',
  defaultOrder: 'ordering asc, created_date desc',
  parent: 'group_id',
  unique: [['group_id', 'name']],
  fields: {
    group_id: f.ref('contractorEvaluationGroup', { vi: 'Nhóm tiêu chí', en: 'Group' }, { required: true, list: true, filter: true }),
    evaluation_type: f.enum(
      EVALUATION_TYPE,
      { vi: 'Loại đánh giá', en: 'Evaluation type' },
      { readonly: true, list: true, filter: true, valueLabels: EVALUATION_TYPE_LABELS, copyFrom: { ref: 'group_id', field: 'evaluation_type', follow: {} } },
    ),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    point: f.number({ vi: 'Điểm tối đa', en: 'Point' }, { required: true, min: 0, max: 100, list: true, total: { max: 100, per: 'group_id' } }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

export const EVALUATION_STATUS = ['DRAFT', 'COMPLETED'] as const;
export const EVALUATION_STATUS_LABELS = opt({
  DRAFT: { vi: 'Đang đánh giá', en: 'Draft' },
  COMPLETED: { vi: 'Đã hoàn thành', en: 'Completed' },
});

/**
 * An evaluation of a contractor (spec §7 Contractors "evaluations"): of one type, on a trigger (an acceptance, an
 * incident), about a project if it was on one, by an evaluator, on a day; its lines score the type's items.
 *
 * - **Point**: each group's share (its lines' points over its items' most points) weighted by the group's proportion,
 *   out of 100; its grade (`gradeOf`). Kept by the service as lines are written (services/business evaluation rules).
 * - **Life**: DRAFT while scored → COMPLETED, when it counts in the contractor's standing (`avg_point`, execution and
 *   maintenance marks, grade); reopened (→ DRAFT) by who completed it or the approver, when it stops counting until
 *   completed again. Only a draft's lines change.
 * - Its creator or whoever holds the approve right on partners edits and completes it.
 */
export const contractorEvaluation = defineResource({
  name: 'contractorEvaluation',
  domain: 'business',
  path: '/contractor-evaluation',
  table: 'contractor_evaluation',
  feature: 'subcontractor',
  icon: 'audit',
  label: { vi: 'Đánh giá nhà thầu', en: 'Contractor evaluation' },
  titleField: 'code',
  defaultOrder: 'evaluation_date desc, created_date desc',
  parent: 'contractor_id',
  workflow: {
    field: 'status',
    moves: { DRAFT: ['COMPLETED'], COMPLETED: ['DRAFT'] },
    verbs: { COMPLETED: { vi: 'Hoàn thành đánh giá', en: 'Complete' }, DRAFT: { vi: 'Mở lại', en: 'Reopen' } },
  },
  actors: {
    evaluator: { creator: true, label: { vi: 'người đánh giá', en: 'its evaluator' } },
    approver: {
      right: { action: 'approve', feature: 'subcontractor' },
      label: { vi: 'người duyệt đánh giá nhà thầu', en: 'a contractor evaluation approver' },
    },
  },
  acts: {
    edit: { by: ['evaluator', 'approver'], in: ['DRAFT'] },
    delete: { by: ['evaluator', 'approver'], in: ['DRAFT'] },
    moves: { '*': { by: ['evaluator', 'approver'] } },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'DG{yy}-{n:4}' } }),
    contractor_id: f.ref('contractor', { vi: 'Nhà thầu', en: 'Contractor' }, { required: true, list: true, filter: true }),
    evaluation_type: f.enum(
      EVALUATION_TYPE,
      { vi: 'Loại đánh giá', en: 'Evaluation type' },
      { required: true, list: true, filter: true, valueLabels: EVALUATION_TYPE_LABELS },
    ),
    warranty_type: f.enum(
      WARRANTY_TYPE,
      { vi: 'Hạng mục', en: 'Warranty type' },
      { required: true, default: 'EXECUTION', list: true, filter: true, valueLabels: WARRANTY_TYPE_LABELS },
    ),
    trigger: f.enum(
      EVALUATION_TRIGGER,
      { vi: 'Thời điểm đánh giá', en: 'Trigger' },
      { required: true, list: true, filter: true, valueLabels: EVALUATION_TRIGGER_LABELS },
    ),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { list: true, filter: true }),
    evaluation_date: f.date({ vi: 'Ngày đánh giá', en: 'Evaluated on' }, { required: true, default: 'today', past: true, list: true, sort: true }),
    evaluator_id: f.ref('staff', { vi: 'Người đánh giá', en: 'Evaluator' }, { default: 'caller', list: true, filter: true }),
    point: f.number({ vi: 'Điểm', en: 'Point' }, { readonly: true, list: true, sort: true }),
    grade: f.enum(
      CONTRACTOR_GRADE,
      { vi: 'Xếp loại', en: 'Grade' },
      { readonly: true, list: true, filter: true, valueLabels: CONTRACTOR_GRADE_LABELS, valueColors: CONTRACTOR_GRADE_COLORS },
    ),
    status: f.enum(
      EVALUATION_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      { readonly: true, default: 'DRAFT', list: true, filter: true, valueLabels: EVALUATION_STATUS_LABELS, valueColors: { DRAFT: 'gold', COMPLETED: 'green' } },
    ),
    note: f.longText(L.note),
  },
});

/**
 * A line of an evaluation: the points one item gets (at most the item's), with a comment. Writing it is an edit of its
 * evaluation (`parentEdit`): by the evaluator or the approver, while the evaluation is a draft.
 */
export const contractorEvaluationLine = defineResource({
  name: 'contractorEvaluationLine',
  domain: 'business',
  path: '/contractor-evaluation-line',
  table: 'contractor_evaluation_line',
  feature: 'subcontractor',
  icon: 'audit',
  label: { vi: 'Điểm tiêu chí', en: 'Evaluation line' },
  titleField: 'item_id',
  defaultOrder: 'created_date asc',
  parent: 'evaluation_id',
  parentEdit: true,
  unique: [['evaluation_id', 'item_id']],
  fields: {
    evaluation_id: f.ref('contractorEvaluation', { vi: 'Phiếu đánh giá', en: 'Evaluation' }, { required: true, list: true, filter: true }),
    item_id: f.ref('contractorEvaluationItem', { vi: 'Tiêu chí', en: 'Item' }, { required: true, list: true, filter: true }),
    point: f.number({ vi: 'Điểm', en: 'Point' }, { required: true, min: 0, max: 100, list: true, maxFrom: { ref: 'item_id', field: 'point' } }),
    comment: f.text({ vi: 'Nhận xét', en: 'Comment' }, { max: 1000, list: true }),
  },
});
