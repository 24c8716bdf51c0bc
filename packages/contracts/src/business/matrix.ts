import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import type { Label } from '../kit/field';

/**
 * The positioning matrix's two axes: how attractive the project is to the company (size, margin, the investor's ability
 * to pay, a reference to win) — the rows A (most) to D — and how strong the company's position is in it (the relationship
 * with the investor and the consultants, fit with its capabilities, the competition) — the columns 1 (strongest) to 4.
 * Each axis is scored out of 100 by its criteria.
 */
export const MATRIX_AXIS = ['ATTRACTIVENESS', 'POSITION'] as const;
export const MATRIX_AXIS_LABELS = opt({
  ATTRACTIVENESS: { vi: 'Độ hấp dẫn của dự án', en: 'Project attractiveness' },
  POSITION: { vi: 'Vị thế của công ty', en: 'Company position' },
});

/** Spec §3 "Matrix cell codes: A1 to A4, B1 to B4, C1 to C4, D1 to D4". */
export const MATRIX_ROWS = ['A', 'B', 'C', 'D'] as const;
export const MATRIX_COLUMNS = ['1', '2', '3', '4'] as const;
export const MATRIX_CELLS = MATRIX_ROWS.flatMap((r) => MATRIX_COLUMNS.map((c) => `${r}${c}`));

/** An axis's score to its row or column: at least the first bound the first, the second the second…, under the last the last. */
const MATRIX_BOUNDS = [75, 50, 25] as const;
const band = (col: string, marks: readonly string[]) =>
  `CASE ${MATRIX_BOUNDS.map((b, i) => `WHEN ${col} >= ${b} THEN '${marks[i]}'`).join(' ')} ELSE '${marks[MATRIX_BOUNDS.length]}' END`;
/** The cell of a scored matrix (none before its first score): row by attractiveness, column by position. */
export const MATRIX_CELL_SQL = `CASE WHEN scored = 0 THEN NULL ELSE ${band('attractiveness', MATRIX_ROWS)} || ${band('position', MATRIX_COLUMNS)} END`;
/** The same bands in code (demo, tests, the screen's legend). */
export const matrixCellOf = (attractiveness: number, position: number): string => {
  const b = (v: number, marks: readonly string[]) => marks[[...MATRIX_BOUNDS, -Infinity].findIndex((bound) => v >= bound)]!;
  return `${b(attractiveness, MATRIX_ROWS)}${b(position, MATRIX_COLUMNS)}`;
};

const advice = (vi: string, en: string): Label => ({ vi, en });
/**
 * Spec §3 "Each has an advice text for account strategy": what the company does with a project in each cell — from
 * A1 (attractive and strong: win it) to D4 (neither: leave it).
 */
export const MATRIX_ADVICE: Readonly<Record<string, Label>> = {
  A1: advice(
    'Khách hàng chiến lược: dồn lực để thắng, lãnh đạo trực tiếp theo dõi.',
    'Key account: put everything into winning it; the management follows it.',
  ),
  A2: advice('Củng cố quan hệ với chủ đầu tư và tư vấn để lên vị thế dẫn đầu.', 'Strengthen the ties with the investor and consultants to lead.'),
  A3: advice('Đầu tư xây dựng quan hệ, tìm đối tác liên danh bù năng lực.', 'Invest in the relationship; find a joint-venture partner for what is missing.'),
  A4: advice(
    'Hấp dẫn nhưng yếu thế: chỉ theo nếu có lợi thế mới (liên danh, công nghệ).',
    'Attractive but weak: pursue only with a new edge (a partner, a technology).',
  ),
  B1: advice('Giữ vững vị thế, chào giá cạnh tranh, tối ưu chi phí.', 'Hold the position; bid competitively, at optimised cost.'),
  B2: advice('Theo đuổi có chọn lọc, tập trung vào điểm mạnh kỹ thuật.', 'Pursue selectively, leading with technical strengths.'),
  B3: advice('Theo dõi, cải thiện quan hệ trước khi quyết định tham gia.', 'Follow it; improve the relationship before deciding to bid.'),
  B4: advice('Cân nhắc kỹ: chỉ tham gia khi chi phí hồ sơ thấp.', 'Think twice: bid only if the tender costs little.'),
  C1: advice(
    'Khai thác quan hệ sẵn có với nỗ lực vừa phải, đảm bảo biên lợi nhuận.',
    'Use the existing relationship with moderate effort, keeping the margin.',
  ),
  C2: advice('Tham gia khi nguồn lực rảnh, không ưu tiên.', 'Bid when resources are free; not a priority.'),
  C3: advice('Duy trì liên lạc, không đầu tư thêm.', 'Keep in touch; invest nothing more.'),
  C4: advice('Hạn chế tham gia.', 'Avoid bidding.'),
  D1: advice(
    'Chỉ nhận nếu chủ đầu tư mời và giá tốt; giữ quan hệ cho dự án sau.',
    'Take it only if invited at a good price; keep the relationship for the next.',
  ),
  D2: advice('Không ưu tiên; giữ quan hệ.', 'Not a priority; keep the relationship.'),
  D3: advice('Không theo đuổi.', 'Do not pursue.'),
  D4: advice('Loại khỏi danh sách theo dõi.', 'Drop it from the pipeline.'),
};

/** Colours of the cells on the matrix screen: pursue (green), select (blue), watch (gold), leave (default). */
export const MATRIX_CELL_COLORS: Readonly<Record<string, string>> = Object.fromEntries(
  MATRIX_CELLS.map((c) => {
    const weight = MATRIX_ROWS.indexOf(c[0] as 'A') + MATRIX_COLUMNS.indexOf(c[1] as '1');
    return [c, weight <= 1 ? 'green' : weight <= 3 ? 'blue' : weight <= 4 ? 'gold' : 'default'];
  }),
);

/** Positioning matrix groups (spec §7 "positioning-matrix groups"): headings of the criteria, on one axis each. */
export const matrixGroup = defineResource({
  name: 'matrixGroup',
  plain: true,
  domain: 'business',
  path: '/positioning-matrix-group',
  table: 'matrix_group',
  feature: 'project',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Nhóm tiêu chí ma trận', en: 'Matrix criteria group' },
  titleField: 'name',
  defaultOrder: 'axis asc, ordering asc',
  importKey: 'name',
  unique: [['axis', 'name']],
  fields: {
    axis: f.enum(MATRIX_AXIS, { vi: 'Trục', en: 'Axis' }, { required: true, list: true, filter: true, sort: true, valueLabels: MATRIX_AXIS_LABELS }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
  },
});

/**
 * Positioning matrix items (spec §7 "positioning-matrix … items"): the criteria a project is scored on, each worth up to
 * `max_point`; an axis's criteria add up to at most 100 points (the kit's capped total, per axis — the axis copied from
 * the group and following it).
 */
export const matrixItem = defineResource({
  name: 'matrixItem',
  plain: true,
  domain: 'business',
  path: '/positioning-matrix-item',
  table: 'matrix_item',
  feature: 'project',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Tiêu chí ma trận', en: 'Matrix criterion' },
  titleField: 'name',
  defaultOrder: 'axis asc, ordering asc',
  parent: 'group_id',
  fields: {
    group_id: f.ref('matrixGroup', { vi: 'Nhóm tiêu chí', en: 'Criteria group' }, { required: true, list: true, filter: true }),
    axis: f.enum(
      MATRIX_AXIS,
      { vi: 'Trục', en: 'Axis' },
      { readonly: true, list: true, filter: true, sort: true, valueLabels: MATRIX_AXIS_LABELS, copyFrom: { ref: 'group_id', field: 'axis', follow: {} } },
    ),
    name: f.text({ vi: 'Tiêu chí', en: 'Criterion' }, { required: true, max: 255, list: true, search: true }),
    max_point: f.int({ vi: 'Điểm tối đa', en: 'Maximum points' }, { required: true, min: 1, max: 100, list: true, total: { max: 100, per: 'axis' } }),
    guide: f.longText({ vi: 'Hướng dẫn chấm', en: 'How to score' }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
  },
});

/**
 * A project's positioning (spec §7 `/business-matrix`; "Matrix: project_id, origin_data, updated_data, name"): one per
 * project, scored criterion by criterion (its scores, below). Each axis's score is the sum of its criteria's points (the
 * kit's `FieldDef.sum`), the cell (A1–D4) computed from the two, and its account-strategy advice shown with it. Every
 * change of cell is written on the project (`matrix_cell`), an entry of its history: who, when, from and to.
 */
export const businessMatrix = defineResource({
  name: 'businessMatrix',
  domain: 'business',
  path: '/business-matrix',
  table: 'business_matrix',
  feature: 'project',
  icon: 'chart',
  label: { vi: 'Ma trận định vị', en: 'Positioning matrix' },
  titleField: 'name',
  defaultOrder: 'updated_date desc',
  parent: 'project_id',
  scope: { via: 'project_id' },
  fields: {
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, unique: true, list: true, filter: true }),
    name: f.text({ vi: 'Tên đánh giá', en: 'Assessment' }, { max: 255, list: true, search: true }),
    attractiveness: f.int(MATRIX_AXIS_LABELS.ATTRACTIVENESS, {
      readonly: true,
      default: 0,
      list: true,
      sort: true,
      sum: { of: 'businessMatrixScore', field: 'point', where: { axis: ['ATTRACTIVENESS'] } },
    }),
    position: f.int(MATRIX_AXIS_LABELS.POSITION, {
      readonly: true,
      default: 0,
      list: true,
      sort: true,
      sum: { of: 'businessMatrixScore', field: 'point', where: { axis: ['POSITION'] } },
    }),
    scored: f.int({ vi: 'Số tiêu chí đã chấm', en: 'Criteria scored' }, { readonly: true, default: 0, list: true, sum: { of: 'businessMatrixScore' } }),
    cell: f.text(
      { vi: 'Ô ma trận', en: 'Matrix cell' },
      { readonly: true, list: true, filter: true, sort: true, computed: { sql: MATRIX_CELL_SQL, from: ['attractiveness', 'position', 'scored'] } },
    ),
    note: f.longText(L.note),
  },
});

/** A criterion's points in a project's positioning: at most the criterion's maximum; one score per criterion. */
export const businessMatrixScore = defineResource({
  name: 'businessMatrixScore',
  domain: 'business',
  path: '/business-matrix/score',
  table: 'business_matrix_score',
  feature: 'project',
  icon: 'chart',
  label: { vi: 'Điểm tiêu chí', en: 'Criterion score' },
  titleField: 'item_id',
  defaultOrder: 'created_date asc',
  parent: 'matrix_id',
  scope: { via: 'matrix_id' },
  unique: [['matrix_id', 'item_id']],
  fields: {
    matrix_id: f.ref('businessMatrix', { vi: 'Ma trận định vị', en: 'Positioning matrix' }, { required: true, list: true, filter: true }),
    item_id: f.ref('matrixItem', { vi: 'Tiêu chí', en: 'Criterion' }, { required: true, list: true, filter: true }),
    axis: f.enum(
      MATRIX_AXIS,
      { vi: 'Trục', en: 'Axis' },
      { readonly: true, list: true, valueLabels: MATRIX_AXIS_LABELS, copyFrom: { ref: 'item_id', field: 'axis', follow: {} } },
    ),
    point: f.int({ vi: 'Điểm', en: 'Points' }, { required: true, min: 0, max: 100, list: true, maxFrom: { ref: 'item_id', field: 'max_point' } }),
    note: f.text(L.note, { max: 1000 }),
  },
});

/** The matrix plan's actions (spec §7 "matrix plan"): what is done to move a project to a better cell, by whom, by when. */
export const MATRIX_PLAN_STATUS = ['TODO', 'DOING', 'DONE'] as const;
export const businessMatrixPlan = defineResource({
  name: 'businessMatrixPlan',
  domain: 'business',
  path: '/business-matrix/plan',
  table: 'business_matrix_plan',
  feature: 'project',
  icon: 'schedule',
  label: { vi: 'Kế hoạch tiếp cận', en: 'Matrix plan action' },
  titleField: 'action',
  defaultOrder: 'due_date asc',
  parent: 'matrix_id',
  scope: { via: 'matrix_id' },
  fields: {
    matrix_id: f.ref('businessMatrix', { vi: 'Ma trận định vị', en: 'Positioning matrix' }, { required: true, list: true, filter: true }),
    action: f.text({ vi: 'Hành động', en: 'Action' }, { required: true, max: 500, list: true, search: true }),
    target_cell: f.enum(
      MATRIX_CELLS,
      { vi: 'Ô mục tiêu', en: 'Target cell' },
      { list: true, valueLabels: Object.fromEntries(MATRIX_CELLS.map((c) => [c, { vi: `Ô ${c}`, en: `Cell ${c}` }])) },
    ),
    owner_id: f.ref('staff', { vi: 'Người thực hiện', en: 'Owner' }, { required: true, list: true, filter: true }),
    due_date: f.date({ vi: 'Hạn', en: 'Due on' }, { required: true, list: true, sort: true }),
    status: f.enum(
      MATRIX_PLAN_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        default: 'TODO',
        list: true,
        filter: true,
        valueLabels: opt({ TODO: { vi: 'Chưa làm', en: 'To do' }, DOING: { vi: 'Đang làm', en: 'Doing' }, DONE: { vi: 'Hoàn thành', en: 'Done' } }),
        valueColors: { TODO: 'default', DOING: 'blue', DONE: 'green' },
      },
    ),
  },
});
