import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { IMPLEMENTATION_LABEL, IMPLEMENTATION_MOVES, IMPLEMENTATION_STATUS, IMPLEMENTATION_STATUS_COLORS, IMPLEMENTATION_STATUS_LABELS } from './project';

/**
 * The project every implementation record carries beside its implementation (`project_id`, copied from it and
 * following it): what the project scope and the POSITION_OF_PROJECT approvers read, on the record itself.
 */
export const projectOfImplementation = () =>
  f.ref(
    PROJECT_DIRECTORY.register,
    { vi: 'Dự án (kinh doanh)', en: 'Project (pipeline)' },
    { readonly: true, copyFrom: { ref: 'implementation_id', field: 'project_id', follow: {} } },
  );

/** The implementation project a record belongs to (spec filter `f_implementation_id`). */
export const implementationRef = (opts: { list?: boolean } = {}) =>
  f.ref('implementationProject', IMPLEMENTATION_LABEL, { required: true, filter: true, list: opts.list ?? true });

/**
 * A construction (spec §7 "constructions"): a building, block or piece of infrastructure of the project — tower A, the
 * basement, the substation — the work packages are carried out on. Read and written as its project is.
 */
export const construction = defineResource({
  name: 'construction',
  domain: 'implementation',
  path: '/construction',
  table: 'construction',
  feature: 'category',
  icon: 'bank',
  label: { vi: 'Công trình', en: 'Construction' },
  titleField: 'name',
  defaultOrder: 'code asc',
  parent: 'implementation_id',
  scope: { project: 'project_id' },
  unique: [['implementation_id', 'code']],
  fields: {
    code: f.text(L.code, { required: true, max: 30, list: true, search: true, sort: true }),
    name: f.text({ vi: 'Tên công trình', en: 'Construction' }, { required: true, max: 255, list: true, search: true, sort: true }),
    implementation_id: implementationRef(),
    project_id: projectOfImplementation(),
    floors: f.int({ vi: 'Số tầng', en: 'Floors' }, { min: 0, max: 200, list: true }),
    floor_area: f.number({ vi: 'Diện tích sàn (m²)', en: 'Floor area (m²)' }, { min: 0, list: true }),
    description: f.longText(L.description),
  },
});

/**
 * A category — a work package of the project (spec §7 "categories", filters `f_implementation_id`, `f_category_id`):
 * the structure, the MEP, the façade… on one of its constructions; its budget in whole đồng, its dates, its manager and
 * its status (the project's moves); its progress is its checklist's (the kit's checklist: done items over all, the
 * required ones holding its acceptance). Read and written as its project is.
 */
export const implementationCategory = defineResource({
  name: 'implementationCategory',
  domain: 'implementation',
  path: '/implementation-category',
  table: 'implementation_category',
  feature: 'category',
  icon: 'cluster',
  label: { vi: 'Hạng mục', en: 'Work package' },
  titleField: 'name',
  findable: true,
  defaultOrder: 'code asc',
  parent: 'implementation_id',
  scope: { project: 'project_id' },
  unique: [['implementation_id', 'code']],
  bulk: { delete: true },
  workflow: {
    field: 'status',
    moves: IMPLEMENTATION_MOVES,
    verbs: {
      WAITING: { vi: 'Chờ thi công', en: 'Wait' },
      IN_PROGRESS: { vi: 'Thi công', en: 'Start work' },
      PROCESSING: { vi: 'Nghiệm thu', en: 'Start acceptance' },
      STOPPED: { vi: 'Tạm dừng', en: 'Stop' },
      COMPLETED: { vi: 'Hoàn thành', en: 'Complete' },
    },
  },
  fields: {
    code: f.text(L.code, { required: true, max: 30, list: true, search: true, sort: true }),
    name: f.text({ vi: 'Tên hạng mục', en: 'Work package' }, { required: true, max: 255, list: true, search: true, sort: true }),
    implementation_id: implementationRef(),
    project_id: projectOfImplementation(),
    construction_id: f.ref('construction', { vi: 'Công trình', en: 'Construction' }, { list: true, filter: true }),
    manager_id: f.ref('staff', { vi: 'Người phụ trách', en: 'Person in charge' }, { list: true, filter: true }),
    budget: f.money({ vi: 'Ngân sách', en: 'Budget' }, { min: 0, list: true, sort: true }),
    start_date: f.date({ vi: 'Ngày bắt đầu', en: 'Starts on' }, { before: 'end_date', list: true, sort: true }),
    end_date: f.date({ vi: 'Ngày kết thúc', en: 'Ends on' }, { list: true, sort: true }),
    status: f.enum(
      IMPLEMENTATION_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'NEW',
        list: true,
        filter: true,
        sort: true,
        valueLabels: IMPLEMENTATION_STATUS_LABELS,
        valueColors: IMPLEMENTATION_STATUS_COLORS,
      },
    ),
    total_checklist: f.int({ vi: 'Số đầu việc', en: 'Checklist items' }, { readonly: true, default: 0 }),
    progress: f.int({ vi: 'Tiến độ (%)', en: 'Progress (%)' }, { readonly: true, default: 0, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

/**
 * A work package's checklist (spec §7 "category checklists (bulk POST)"): what must be done and checked on it — the
 * formwork inspected, the concrete tested, the as-built drawings handed over — each with its owner and due day; the
 * required ones hold the package's completion (the kit's checklist `blocks`), and the package's progress is theirs.
 */
export const categoryChecklist = defineResource({
  name: 'categoryChecklist',
  domain: 'implementation',
  path: '/category-checklist',
  table: 'category_checklist',
  feature: 'category',
  icon: 'schedule',
  label: { vi: 'Đầu việc hạng mục', en: 'Work package checklist item' },
  titleField: 'name',
  defaultOrder: 'sort_order asc',
  parent: 'category_id',
  scope: { via: 'category_id' },
  bulk: { create: true, delete: true },
  checklist: { done: 'done', required: 'required', total: 'total_checklist', progress: 'progress', blocks: ['COMPLETED'], order: 'sort_order' },
  deadline: { field: 'due_date', flag: 'overdue', remindBefore: [24], notify: ['owner_id'], open: { field: 'done', values: ['false'] } },
  fields: {
    category_id: f.ref('implementationCategory', { vi: 'Hạng mục', en: 'Work package' }, { required: true, list: true, filter: true }),
    name: f.text({ vi: 'Đầu việc', en: 'Task' }, { required: true, max: 255, list: true, search: true }),
    owner_id: f.ref('staff', { vi: 'Người thực hiện', en: 'Owner' }, { list: true, filter: true }),
    due_date: f.date({ vi: 'Hạn hoàn thành', en: 'Due on' }, { list: true, sort: true }),
    required: f.bool({ vi: 'Bắt buộc trước khi hoàn thành', en: 'Required before completion' }, { default: true, list: true }),
    done: f.bool({ vi: 'Hoàn thành', en: 'Done' }, { default: false, list: true, filter: true }),
    overdue: f.bool({ vi: 'Quá hạn', en: 'Overdue' }, { readonly: true, default: false, list: true, filter: true }),
    sort_order: f.int(L.ordering, { min: 0, max: 100000, sort: true }),
    note: f.text(L.note, { max: 1000 }),
  },
});
