import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { settingRef } from './settings';

/**
 * Where a project stands in the pipeline (the stages a construction firm's business department works a project through;
 * Odoo and Frappe CRM keep a stage per opportunity the same way): a lead found, followed (tracked: contacts, feasibility,
 * positioning), bid for, negotiated, then won or lost; paused while the investor waits.
 */
export const PROJECT_STAGE = ['LEAD', 'TRACKING', 'BIDDING', 'NEGOTIATING', 'WON', 'LOST', 'PAUSED'] as const;
export type ProjectStage = (typeof PROJECT_STAGE)[number];
export const PROJECT_STAGE_LABELS = opt({
  LEAD: { vi: 'Tiềm năng', en: 'Lead' },
  TRACKING: { vi: 'Đang theo dõi', en: 'Tracking' },
  BIDDING: { vi: 'Đang đấu thầu', en: 'Bidding' },
  NEGOTIATING: { vi: 'Đang đàm phán', en: 'Negotiating' },
  WON: { vi: 'Trúng thầu', en: 'Won' },
  LOST: { vi: 'Trượt thầu', en: 'Lost' },
  PAUSED: { vi: 'Tạm dừng', en: 'Paused' },
});
export const PROJECT_STAGE_COLORS: Record<ProjectStage, string> = {
  LEAD: 'cyan',
  TRACKING: 'blue',
  BIDDING: 'gold',
  NEGOTIATING: 'orange',
  WON: 'green',
  LOST: 'red',
  PAUSED: 'default',
};

/** Spec §3 "Business project ratings: mark_1 (high potential), mark_2 (plan B), mark_3 (plan C)". */
export const PROJECT_RATING = ['mark_1', 'mark_2', 'mark_3'] as const;
export const PROJECT_RATING_LABELS = opt({
  mark_1: { vi: 'Tiềm năng cao', en: 'High potential' },
  mark_2: { vi: 'Phương án B', en: 'Plan B' },
  mark_3: { vi: 'Phương án C', en: 'Plan C' },
});

/**
 * Spec §3 / §9 revenue size bands (billion VND): under 5, over 5, over 10, over 50, over 100 — a project's band is
 * computed from its expected value (`REVENUE_BAND_SQL`), so the two never disagree; a project without a value has none.
 */
export const REVENUE_BAND = ['UNDER_5', 'OVER_5', 'OVER_10', 'OVER_50', 'OVER_100'] as const;
export type RevenueBand = (typeof REVENUE_BAND)[number];
export const REVENUE_BAND_LABELS = opt({
  UNDER_5: { vi: 'Dưới 5 tỷ', en: 'Under 5 billion' },
  OVER_5: { vi: 'Trên 5 tỷ', en: 'Over 5 billion' },
  OVER_10: { vi: 'Trên 10 tỷ', en: 'Over 10 billion' },
  OVER_50: { vi: 'Trên 50 tỷ', en: 'Over 50 billion' },
  OVER_100: { vi: 'Trên 100 tỷ', en: 'Over 100 billion' },
});
const BILLION = 1_000_000_000;
const REVENUE_BAND_SQL = `CASE WHEN expected_value IS NULL THEN NULL WHEN expected_value > ${100 * BILLION} THEN 'OVER_100' WHEN expected_value > ${50 * BILLION} THEN 'OVER_50' WHEN expected_value > ${10 * BILLION} THEN 'OVER_10' WHEN expected_value > ${5 * BILLION} THEN 'OVER_5' ELSE 'UNDER_5' END`;

/** The stages a project's pipeline value still counts in (its forecast): not yet won, lost or paused. */
export const PROJECT_OPEN_STAGES: readonly ProjectStage[] = ['LEAD', 'TRACKING', 'BIDDING', 'NEGOTIATING'];

/**
 * The project register (spec §7 `/project-business`; PROJECT_DIRECTORY's register): every project the company pursues,
 * from its first lead to its handover — **one id for its whole life** (README "Decisions"): the pipeline is this table,
 * and a won project is implemented under the same id, its team, project-scope grants and POSITION_OF_PROJECT approvers
 * carried over because they were never copied.
 *
 * - **Scope** (spec §6): a project is its own project (`scope.project: 'id'`): a VIEW_SPECIFIC_PROJECT caller reads and
 *   writes only their projects; VIEW_RELATED_DEPARTMENT those of their departments (`department_id`, the business unit
 *   that runs it); VIEW_PROJECT_POSITION those whose team they are on.
 * - **Stage** is the declared workflow below. Won and lost record when and why; the probability is the seller's own
 *   estimate and survives every move except the last ones — won is 100 %, lost 0 %, locked (EspoCRM and Odoo users'
 *   complaint: a stage change overwrote their estimate). A won project publishes `portal.business.project.won`.
 * - **Value**: the expected contract value in whole đồng; its revenue band and weighted value (value × probability)
 *   are computed columns.
 * - The matrix cell (A1–D4) is kept by the positioning matrix from the project's scored criteria.
 */
export const project = defineResource({
  name: PROJECT_DIRECTORY.register,
  domain: 'business',
  path: '/project-business',
  table: 'project',
  feature: 'project',
  icon: 'project',
  label: { vi: 'Dự án kinh doanh', en: 'Business project' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  importKey: 'code',
  projects: { kind: 'register', department: 'department_id' },
  scope: { project: 'id' },
  bulk: { create: true, delete: true },
  workflow: {
    field: 'stage',
    moves: {
      LEAD: ['TRACKING', 'LOST', 'PAUSED'],
      TRACKING: ['BIDDING', 'NEGOTIATING', 'LOST', 'PAUSED'],
      BIDDING: ['NEGOTIATING', 'WON', 'LOST', 'PAUSED'],
      NEGOTIATING: ['WON', 'LOST', 'PAUSED'],
      PAUSED: ['LEAD', 'TRACKING', 'LOST'],
      WON: [],
      LOST: ['LEAD'],
    },
    records: { WON: ['won_date'], LOST: ['lost_reason'] },
    // Made by the declared actors below: the business officers (edit right) and the management (approve right, who
    // may hold no edit right: the director).
    action: 'view',
    verbs: {
      WON: { vi: 'Trúng thầu', en: 'Mark won' },
      LOST: { vi: 'Trượt thầu', en: 'Mark lost' },
    },
  },
  actors: {
    seller: { right: { action: 'edit', feature: 'project' }, label: { vi: 'người phụ trách kinh doanh', en: 'a business officer' } },
    head: { manager: true, department: 'department_id', label: { vi: 'lãnh đạo kinh doanh', en: 'the business management' } },
  },
  acts: {
    // A won project is the implementation's; its pipeline record is history (its value and dates are the contract's).
    edit: { by: ['seller', 'head'], in: ['LEAD', 'TRACKING', 'BIDDING', 'NEGOTIATING', 'PAUSED', 'LOST'] },
    delete: { by: ['head'], in: ['LEAD', 'TRACKING', 'PAUSED', 'LOST'] },
    // Won and lost are the management's call (a won project becomes a construction site); the seller moves the rest.
    moves: { WON: { by: ['head'] }, LOST: { by: ['head'] }, '*': { by: ['seller', 'head'] } },
  },
  fields: {
    // Generated when left blank (DA26-0001…); an imported project keeps the code it has, and an import row naming one updates it.
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'DA{yy}-{n:4}' } }),
    name: f.text({ vi: 'Tên dự án', en: 'Project name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    investor: f.text({ vi: 'Chủ đầu tư', en: 'Investor' }, { max: 255, list: true, search: true }),
    category_id: settingRef('CATEGORY', { list: true }),
    area_id: settingRef('AREA'),
    location: f.text({ vi: 'Địa điểm', en: 'Location' }, { max: 500 }),
    department_id: f.ref('organization', { vi: 'Phòng phụ trách', en: 'Department in charge' }, { required: true, list: true, filter: true }),
    manager_id: f.ref('staff', { vi: 'Người phụ trách', en: 'Person in charge' }, { list: true, filter: true }),
    rating: f.enum(
      PROJECT_RATING,
      { vi: 'Đánh giá', en: 'Rating' },
      { list: true, filter: true, valueLabels: PROJECT_RATING_LABELS, valueColors: { mark_1: 'green', mark_2: 'blue', mark_3: 'default' } },
    ),
    stage: f.enum(
      PROJECT_STAGE,
      { vi: 'Giai đoạn', en: 'Stage' },
      { readonly: true, default: 'LEAD', list: true, filter: true, sort: true, valueLabels: PROJECT_STAGE_LABELS, valueColors: PROJECT_STAGE_COLORS },
    ),
    expected_value: f.money({ vi: 'Giá trị dự kiến', en: 'Expected value' }, { min: 0, list: true, sort: true }),
    revenue_band: f.enum(
      REVENUE_BAND,
      { vi: 'Quy mô doanh thu', en: 'Revenue size' },
      { readonly: true, filter: true, valueLabels: REVENUE_BAND_LABELS, computed: { sql: REVENUE_BAND_SQL, from: ['expected_value'] } },
    ),
    probability: f.int({ vi: 'Khả năng trúng (%)', en: 'Win probability (%)' }, { min: 0, max: 100, default: 10, list: true, sort: true }),
    weighted_value: f.money(
      { vi: 'Giá trị quy đổi theo khả năng', en: 'Weighted value' },
      { readonly: true, sort: true, computed: { sql: 'round(expected_value * probability / 100.0)::bigint', from: ['expected_value', 'probability'] } },
    ),
    expected_close: f.date({ vi: 'Dự kiến ký hợp đồng', en: 'Expected signing' }, { list: true, sort: true }),
    won_date: f.date({ vi: 'Ngày trúng thầu', en: 'Won on' }, { readonly: true, past: true }),
    lost_reason: f.text({ vi: 'Lý do trượt', en: 'Why it was lost' }, { readonly: true, max: 1000 }),
    matrix_cell: f.text({ vi: 'Ô ma trận', en: 'Matrix cell' }, { readonly: true, max: 2, list: true, filter: true }),
    description: f.longText(L.description),
  },
});

/**
 * What the implementation domain consumes when a project is won (README "Decisions": one id from lead to handover): the
 * project as the register holds it and its team, published by the business service in the move's transaction (the
 * outbox), once per win.
 */
export const PROJECT_WON_SUBJECT = 'portal.business.project.won';
export interface ProjectWonEvent {
  id: string;
  code: string;
  name: string;
  department_id: string;
  manager_id: string | null;
  expected_value: number | null;
  won_date: string | null;
  team: { staff_id: string; position_id: string }[];
}

/**
 * The project teams (PROJECT_DIRECTORY's team): who holds which position in a project. Being on a team is what a
 * VIEW_PROJECT_POSITION scope grants and what POSITION_OF_PROJECT approvers are drawn from, so a team row is about its
 * member (`about`): nobody puts themselves on a team, moves their own row to another project or changes their own
 * position in one — a colleague with the right does (the kit guards a team's project, member and position as access
 * fields: service-kit resource/guard.ts). Read and written as its project is.
 */
export const projectTeam = defineResource({
  name: PROJECT_DIRECTORY.team,
  domain: 'business',
  path: '/project-team',
  table: 'project_team',
  feature: 'project',
  icon: 'team',
  label: { vi: 'Thành viên dự án', en: 'Project team member' },
  titleField: 'staff_id',
  defaultOrder: 'created_date asc',
  parent: 'project_id',
  scope: { via: 'project_id' },
  about: { kind: 'staff', field: 'staff_id' },
  projects: { kind: 'team', project: 'project_id', staff: 'staff_id', position: 'position_id' },
  unique: [['project_id', 'staff_id', 'position_id']],
  fields: {
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, list: true, filter: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff member' }, { required: true, list: true, filter: true, guard: 'access' }),
    position_id: f.ref('position', { vi: 'Chức vụ trong dự án', en: 'Position in the project' }, { required: true, list: true, filter: true, guard: 'access' }),
    note: f.longText(L.note),
  },
});
