import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { settingRef } from './settings';

/** A study's verdict (spec §4 "Feasibility filter: 1 feasible, 0 waiting review, undefined all"), given by the factor review. */
export const FEASIBILITY_ABILITY = ['WAITING', 'FEASIBLE', 'NOT_FEASIBLE'] as const;
export const FEASIBILITY_ABILITY_LABELS = opt({
  WAITING: { vi: 'Chờ đánh giá', en: 'Waiting for review' },
  FEASIBLE: { vi: 'Khả thi', en: 'Feasible' },
  NOT_FEASIBLE: { vi: 'Không khả thi', en: 'Not feasible' },
});

/** How the investor picks its contractor (Vietnam's Law on Bidding): the study's `kind`. */
export const FEASIBILITY_KIND = ['OPEN_TENDER', 'LIMITED_TENDER', 'DIRECT_APPOINTMENT', 'NEGOTIATION'] as const;
export const FEASIBILITY_KIND_LABELS = opt({
  OPEN_TENDER: { vi: 'Đấu thầu rộng rãi', en: 'Open tender' },
  LIMITED_TENDER: { vi: 'Đấu thầu hạn chế', en: 'Limited tender' },
  DIRECT_APPOINTMENT: { vi: 'Chỉ định thầu', en: 'Direct appointment' },
  NEGOTIATION: { vi: 'Đàm phán trực tiếp', en: 'Direct negotiation' },
});

/** Which of the two plans the study puts forward (`primary_plan`): the design as drawn, or the value-engineered one. */
export const FEASIBILITY_PLAN = ['MAIN', 'VE'] as const;
export const FEASIBILITY_PLAN_LABELS = opt({
  MAIN: { vi: 'Phương án chính', en: 'Main plan' },
  VE: { vi: 'Phương án VE', en: 'VE plan' },
});

export const FEASIBILITY_PRIORITY = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const FEASIBILITY_PRIORITY_LABELS = opt({
  HIGH: { vi: 'Cao', en: 'High' },
  MEDIUM: { vi: 'Trung bình', en: 'Medium' },
  LOW: { vi: 'Thấp', en: 'Low' },
});

/**
 * A feasibility study of a project of the pipeline (spec §3 "Possible project", §7 `/business-feasibility`): what the
 * project is (area, phase, source, investment and development type, size: acreage, rooms, towers, floors, tunnels,
 * licence), what it is worth to a building-services contractor (the investment value and the MEP share of it: the MEP
 * value is `investment_value × mep_rate_value %`, computed, so the two never disagree — which is why an import row needs
 * both, spec §5 "MEP percent required, investment value required, or both"), who is around it (investor, consultants
 * among the company's partners, the constructors competing or already there), the conditions, and the two plans (the
 * main one and the value-engineered one, `primary_plan` saying which the company puts forward).
 *
 * - **The factor review** (`PUT /business-feasibility/:id/factor { ability, review_note }`, spec "factor PUT only"): the
 *   business management — never the study's author — judges it feasible or not (why not is recorded); a study judged
 *   can be reopened for review once it changes. `is_ability` is the spec's filter over the verdict (`f_is_ability=1`
 *   feasible, `0` waiting for review, absent all; a study judged not feasible is in neither).
 * - **Code**: typed by the author, checked as they type (`GET /business-feasibility/check-code`), unique.
 * - Read and written as its project is (`scope.via`); a project page shows its studies.
 */
export const feasibility = defineResource({
  name: 'businessFeasibility',
  domain: 'business',
  path: '/business-feasibility',
  table: 'business_feasibility',
  feature: 'project',
  icon: 'solution',
  label: { vi: 'Dự án khả thi', en: 'Feasibility study' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  importKey: 'code',
  codeCheck: true,
  parent: 'project_id',
  scope: { via: 'project_id' },
  bulk: { delete: true },
  workflow: {
    field: 'ability',
    moves: { WAITING: ['FEASIBLE', 'NOT_FEASIBLE'], FEASIBLE: ['WAITING'], NOT_FEASIBLE: ['WAITING'] },
    action: 'approve',
    records: { NOT_FEASIBLE: ['review_note'] },
    alias: { path: '/business-feasibility/:id/factor', method: 'PUT', status: 'ability' },
    verbs: {
      FEASIBLE: { vi: 'Đánh giá khả thi', en: 'Judge feasible' },
      NOT_FEASIBLE: { vi: 'Đánh giá không khả thi', en: 'Judge not feasible' },
      WAITING: { vi: 'Đánh giá lại', en: 'Review again' },
    },
  },
  actors: {
    author: { creator: true, label: { vi: 'người lập nghiên cứu', en: 'its author' } },
    seller: { right: { action: 'edit', feature: 'project' }, label: { vi: 'người phụ trách kinh doanh', en: 'a business officer' } },
    reviewer: {
      right: { action: 'approve', feature: 'project' },
      except: ['author'],
      label: { vi: 'lãnh đạo kinh doanh (không phải người lập)', en: 'the business management (not its author)' },
    },
  },
  acts: {
    edit: { by: ['author', 'seller'], in: ['WAITING', 'NOT_FEASIBLE'] },
    delete: { by: ['author', 'reviewer'], in: ['WAITING', 'NOT_FEASIBLE'] },
    moves: { '*': { by: ['reviewer'] } },
  },
  fields: {
    code: f.code(L.code, { max: 30 }),
    name: f.text({ vi: 'Tên dự án khả thi', en: 'Study name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, list: true, filter: true }),
    // Spec §7 "Possible project filters: … project_category.id".
    category_id: settingRef('CATEGORY', { list: true, filterAlias: 'project_category.id' }),
    kind: f.enum(FEASIBILITY_KIND, { vi: 'Hình thức lựa chọn nhà thầu', en: 'Contractor selection' }, { filter: true, valueLabels: FEASIBILITY_KIND_LABELS }),
    area_id: settingRef('AREA'),
    phase_id: settingRef('PHASE'),
    source_id: settingRef('SOURCE'),
    investment_type_id: settingRef('INVESTMENT_TYPE'),
    development_type_id: settingRef('DEVELOPMENT_TYPE'),
    priority: f.enum(
      FEASIBILITY_PRIORITY,
      { vi: 'Mức ưu tiên', en: 'Priority' },
      { list: true, filter: true, sort: true, valueLabels: FEASIBILITY_PRIORITY_LABELS, valueColors: { HIGH: 'red', MEDIUM: 'gold', LOW: 'default' } },
    ),
    winning_possibility: f.int({ vi: 'Khả năng trúng thầu (%)', en: 'Winning possibility (%)' }, { min: 0, max: 100, list: true, sort: true }),
    investment_value: f.money({ vi: 'Tổng mức đầu tư', en: 'Investment value' }, { required: true, min: 0, list: true, sort: true }),
    mep_rate_value: f.number({ vi: 'Tỷ lệ MEP (%)', en: 'MEP percent' }, { required: true, min: 0, max: 100, list: true }),
    mep_value: f.money(
      { vi: 'Giá trị MEP', en: 'MEP value' },
      {
        readonly: true,
        list: true,
        sort: true,
        computed: { sql: 'round(investment_value * mep_rate_value / 100)::bigint', from: ['investment_value', 'mep_rate_value'] },
      },
    ),
    investor: f.text({ vi: 'Chủ đầu tư', en: 'Investor' }, { max: 255, list: true, search: true }),
    consultant_ids: f.refs('contractor', { vi: 'Đơn vị tư vấn', en: 'Consultants' }, { where: { kind: 'CONSULTANT' } }),
    constructors: f.longText({ vi: 'Nhà thầu thi công', en: 'Constructors' }),
    floor_acreage: f.number({ vi: 'Diện tích sàn (m²)', en: 'Floor acreage (m²)' }, { min: 0 }),
    project_acreage: f.number({ vi: 'Diện tích dự án (m²)', en: 'Project acreage (m²)' }, { min: 0 }),
    rooms: f.int({ vi: 'Số phòng', en: 'Rooms' }, { min: 0 }),
    towers: f.int({ vi: 'Số tòa', en: 'Towers' }, { min: 0, max: 1000 }),
    floors: f.int({ vi: 'Số tầng', en: 'Floors' }, { min: 0, max: 500 }),
    tunnels: f.int({ vi: 'Số tầng hầm', en: 'Basement levels' }, { min: 0, max: 50 }),
    licensed: f.bool({ vi: 'Đã có giấy phép xây dựng', en: 'Building permit granted' }, { filter: true }),
    conditions: f.longText({ vi: 'Điều kiện', en: 'Conditions' }),
    main_plan: f.longText({ vi: 'Phương án chính', en: 'Main plan' }),
    ve_plan: f.longText({ vi: 'Phương án VE', en: 'VE plan' }),
    primary_plan: f.enum(FEASIBILITY_PLAN, { vi: 'Phương án đề xuất', en: 'Plan put forward' }, { default: 'MAIN', valueLabels: FEASIBILITY_PLAN_LABELS }),
    ability: f.enum(
      FEASIBILITY_ABILITY,
      { vi: 'Đánh giá khả thi', en: 'Feasibility' },
      {
        readonly: true,
        default: 'WAITING',
        list: true,
        filter: true,
        sort: true,
        valueLabels: FEASIBILITY_ABILITY_LABELS,
        valueColors: { WAITING: 'gold', FEASIBLE: 'green', NOT_FEASIBLE: 'red' },
      },
    ),
    is_ability: f.bool(
      { vi: 'Khả thi', en: 'Feasible' },
      {
        readonly: true,
        filter: true,
        noExport: true,
        computed: { sql: "CASE ability WHEN 'FEASIBLE' THEN true WHEN 'WAITING' THEN false END", from: ['ability'] },
      },
    ),
    review_note: f.text({ vi: 'Ý kiến đánh giá', en: 'Review note' }, { readonly: true, max: 1000 }),
  },
});
