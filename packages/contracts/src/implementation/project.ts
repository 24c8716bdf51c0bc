import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';

/** Spec §4 "Implementation status: COMPLETED, IN_PROGRESS, NEW, PROCESSING, STOPPED, WAITING" (a project's and a work package's). */
export const IMPLEMENTATION_STATUS = ['NEW', 'WAITING', 'IN_PROGRESS', 'PROCESSING', 'STOPPED', 'COMPLETED'] as const;
export type ImplementationStatus = (typeof IMPLEMENTATION_STATUS)[number];
export const IMPLEMENTATION_STATUS_LABELS = opt({
  NEW: { vi: 'Mới', en: 'New' },
  WAITING: { vi: 'Chờ khởi công', en: 'Waiting to start' },
  IN_PROGRESS: { vi: 'Đang thi công', en: 'In progress' },
  PROCESSING: { vi: 'Đang nghiệm thu, quyết toán', en: 'Acceptance and settlement' },
  STOPPED: { vi: 'Tạm dừng', en: 'Stopped' },
  COMPLETED: { vi: 'Hoàn thành', en: 'Completed' },
});
export const IMPLEMENTATION_STATUS_COLORS: Record<ImplementationStatus, string> = {
  NEW: 'cyan',
  WAITING: 'gold',
  IN_PROGRESS: 'blue',
  PROCESSING: 'purple',
  STOPPED: 'default',
  COMPLETED: 'green',
};

/**
 * The moves of a project and of a work package alike: started after waiting for the site, carried out, then accepted and
 * settled; stopped and resumed at any point before completion; a settlement reopened while it is not complete.
 */
export const IMPLEMENTATION_MOVES = {
  NEW: ['WAITING', 'IN_PROGRESS', 'STOPPED'],
  WAITING: ['IN_PROGRESS', 'STOPPED'],
  IN_PROGRESS: ['PROCESSING', 'STOPPED'],
  PROCESSING: ['COMPLETED', 'IN_PROGRESS'],
  STOPPED: ['WAITING', 'IN_PROGRESS'],
  COMPLETED: [],
} as const satisfies Record<ImplementationStatus, readonly ImplementationStatus[]>;

/** The implementation's own label of the project it works on (each of its records names it). */
export const IMPLEMENTATION_LABEL = { vi: 'Dự án triển khai', en: 'Implementation project' } as const;

/**
 * An implementation project (spec §7 "Implementation": main, summary, report): the construction the company carries out
 * once it has won it — **under the register's own project** (README "Decisions": one id from lead to handover):
 * `project_id` is the pipeline's project, one implementation each (unique), so its team (the business domain's project
 * team), its project-scope grants and its POSITION_OF_PROJECT approvers are the very ones the pipeline had. A project won
 * in the business domain arrives here by the `portal.business.project.won` event (services/implementation
 * `project/won.ts`), with its code, name, department, manager and value; one from outside the pipeline is created on the
 * screen from a register project.
 *
 * - **Scope** (spec §6): as its project — VIEW_SPECIFIC_PROJECT, the project's department, the project's team.
 * - **Status**: the declared workflow (IMPLEMENTATION_MOVES); completing it records the day.
 * - **Money**: the contract value in whole đồng; what is committed, paid and left to pay are the project's summary
 *   (computed in SQL in one snapshot by the service, never summed in the browser).
 */
export const implementationProject = defineResource({
  name: 'implementationProject',
  domain: 'implementation',
  path: '/implementation',
  table: 'implementation_project',
  feature: 'project',
  icon: 'project',
  label: IMPLEMENTATION_LABEL,
  titleField: 'name',
  findable: true,
  defaultOrder: 'created_date desc',
  importKey: 'code',
  scope: { project: 'project_id' },
  workflow: {
    field: 'status',
    moves: IMPLEMENTATION_MOVES,
    records: { COMPLETED: ['completed_date'] },
    verbs: {
      WAITING: { vi: 'Chờ khởi công', en: 'Wait for the site' },
      IN_PROGRESS: { vi: 'Khởi công', en: 'Start work' },
      PROCESSING: { vi: 'Nghiệm thu, quyết toán', en: 'Start acceptance' },
      STOPPED: { vi: 'Tạm dừng', en: 'Stop' },
      COMPLETED: { vi: 'Hoàn thành', en: 'Complete' },
    },
  },
  actors: {
    pm: { staff: 'manager_id', label: { vi: 'chỉ huy trưởng dự án', en: 'the project manager' } },
    head: { manager: true, department: 'department_id', label: { vi: 'lãnh đạo khối triển khai', en: 'the implementation management' } },
  },
  acts: {
    edit: { by: ['pm', 'head'], in: ['NEW', 'WAITING', 'IN_PROGRESS', 'PROCESSING', 'STOPPED'] },
    delete: { by: ['head'], in: ['NEW', 'WAITING'] },
    moves: { COMPLETED: { by: ['head'] }, '*': { by: ['pm', 'head'] } },
    // The project manager and the department are who runs the project: the management names them.
    fields: [{ fields: ['manager_id', 'department_id'], by: ['head'] }],
  },
  fields: {
    code: f.text(L.code, { unique: true, max: 30, list: true, search: true, sort: true, generate: { pattern: 'TK{yy}-{n:4}' } }),
    name: f.text({ vi: 'Tên dự án', en: 'Project name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án (kinh doanh)', en: 'Project (pipeline)' }, { required: true, unique: true, filter: true }),
    investor: f.text({ vi: 'Chủ đầu tư', en: 'Investor' }, { max: 255, list: true, search: true }),
    location: f.text({ vi: 'Địa điểm thi công', en: 'Site' }, { max: 500 }),
    department_id: f.ref('organization', { vi: 'Đơn vị thực hiện', en: 'Department in charge' }, { required: true, list: true, filter: true }),
    manager_id: f.ref('staff', { vi: 'Chỉ huy trưởng', en: 'Project manager' }, { list: true, filter: true }),
    contract_number: f.text({ vi: 'Số hợp đồng', en: 'Contract number' }, { max: 50, search: true }),
    contract_value: f.money({ vi: 'Giá trị hợp đồng', en: 'Contract value' }, { min: 0, list: true, sort: true }),
    start_date: f.date({ vi: 'Ngày khởi công', en: 'Starts on' }, { before: 'end_date', list: true, sort: true }),
    end_date: f.date({ vi: 'Ngày hoàn thành dự kiến', en: 'Due on' }, { list: true, sort: true }),
    progress: f.int({ vi: 'Tiến độ (%)', en: 'Progress (%)' }, { min: 0, max: 100, default: 0, list: true, sort: true }),
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
    completed_date: f.date({ vi: 'Ngày hoàn thành', en: 'Completed on' }, { readonly: true, past: true }),
    description: f.longText(L.description),
  },
});
