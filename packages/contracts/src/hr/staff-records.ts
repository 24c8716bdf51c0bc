import { defineResource } from '../kit/resource';
import { f, type FieldOf, type FieldDef } from '../kit/field';
import { L } from '../common/labels';
import {
  CONTRACT_DOCUMENT_TYPE,
  CONTRACT_DOCUMENT_TYPE_LABELS,
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TYPE,
  CONTRACT_TYPE_LABELS,
  FAMILY_RELATION,
  FAMILY_RELATION_LABELS,
  RECOGNITION_TYPE,
  RECOGNITION_TYPE_LABELS,
  STAFF_STATUS,
  STAFF_STATUS_LABELS,
  TRANSFER_KIND,
  TRANSFER_KIND_LABELS,
} from '../common/options';

/**
 * The records a staff member's detail tabs hold (spec §3, §4, §7): labor contracts, salaries, education and
 * certificates, recognitions, family relationships, professional experience, status changes and transfer history.
 * Each belongs to one staff member (`staff_id`, filter `f_staff_id`) and is visible exactly when that staff member is
 * (scope `via: 'staff_id'`), so a transfer carries the records into the new department's scope. All are the `staff`
 * feature: whoever may manage staff manages their records.
 */
const ofStaff = () => ({ staff_id: f.ref('staff', L.staff, { required: true, list: true, filter: true }) });
const common = { domain: 'hr', feature: 'staff', scope: { via: 'staff_id' }, parent: 'staff_id', about: { kind: 'staff', field: 'staff_id' } } as const;

/** Labor contracts (spec §3 "Contract"; types Indefinite 1, Definite 2, Probation 3, Quit 4; status Effective 1, Expired 2). */
export const laborContract = defineResource({
  ...common,
  name: 'laborContract',
  path: '/labor-contract',
  table: 'labor_contract',
  label: { vi: 'Hợp đồng lao động', en: 'Labor contract' },
  titleField: 'name',
  defaultOrder: 'start_date desc',
  importKey: 'code',
  fields: {
    ...ofStaff(),
    code: f.code({ vi: 'Số hợp đồng', en: 'Contract number' }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true }),
    document_type: f.enum(
      CONTRACT_DOCUMENT_TYPE,
      { vi: 'Loại văn bản', en: 'Document type' },
      { list: true, filter: true, valueLabels: CONTRACT_DOCUMENT_TYPE_LABELS },
    ),
    type: f.enum(CONTRACT_TYPE, { vi: 'Loại hợp đồng', en: 'Contract type' }, { required: true, list: true, filter: true, valueLabels: CONTRACT_TYPE_LABELS }),
    status: f.enum(CONTRACT_STATUS, { vi: 'Trạng thái', en: 'Status' }, { required: true, list: true, filter: true, valueLabels: CONTRACT_STATUS_LABELS }),
    start_date: f.date({ vi: 'Ngày bắt đầu', en: 'Start date' }, { required: true, list: true, sort: true, before: 'end_date' }),
    end_date: f.date({ vi: 'Ngày kết thúc', en: 'End date' }, { list: true, sort: true }),
    effective_date: f.date({ vi: 'Ngày hiệu lực', en: 'Effective date' }),
    base_salary: f.money({ vi: 'Lương cơ bản', en: 'Base salary' }, { min: 0, list: true, guard: 'pay' }),
    income: f.money({ vi: 'Thu nhập', en: 'Income' }, { min: 0, guard: 'pay' }),
    allowance: f.money({ vi: 'Phụ cấp', en: 'Allowance' }, { min: 0, guard: 'pay' }),
    insurance_salary: f.money({ vi: 'Lương đóng bảo hiểm', en: 'Insurance salary' }, { min: 0, guard: 'pay' }),
    dependents: f.int({ vi: 'Số người phụ thuộc', en: 'Number of dependents' }, { min: 0, max: 20 }),
    note: f.longText(L.note),
  },
});

/** The salary table: each change of pay, from its effective date. */
export const salaryStaff = defineResource({
  ...common,
  name: 'salaryStaff',
  path: '/salaryStaff',
  table: 'salary_staff',
  label: { vi: 'Bảng lương', en: 'Salary' },
  titleField: 'decision_code',
  defaultOrder: 'effective_date desc',
  importKey: ['staff_id', 'effective_date'],
  fields: {
    ...ofStaff(),
    decision_code: f.text({ vi: 'Số quyết định', en: 'Decision number' }, { max: 50, list: true, search: true }),
    effective_date: f.date({ vi: 'Ngày hiệu lực', en: 'Effective date' }, { required: true, list: true, sort: true }),
    base_salary: f.money({ vi: 'Lương cơ bản', en: 'Base salary' }, { required: true, min: 0, list: true, guard: 'pay' }),
    allowance: f.money({ vi: 'Phụ cấp', en: 'Allowance' }, { min: 0, list: true, guard: 'pay' }),
    insurance_salary: f.money({ vi: 'Lương đóng bảo hiểm', en: 'Insurance salary' }, { min: 0, list: true, guard: 'pay' }),
    income: f.money({ vi: 'Tổng thu nhập', en: 'Total income' }, { min: 0, list: true, guard: 'pay' }),
    note: f.longText(L.note, { search: true }),
  },
});

/** Education and certificates (spec §3 "Certificate: training school, type, rank, start and end date, file"; files are the record's attachments). */
export const education = defineResource({
  ...common,
  name: 'education',
  path: '/education',
  table: 'education',
  label: { vi: 'Bằng cấp, chứng chỉ', en: 'Education and certificates' },
  titleField: 'training_school',
  defaultOrder: 'start_date desc',
  importKey: ['staff_id', 'training_school', 'type'],
  fields: {
    ...ofStaff(),
    training_school: f.text({ vi: 'Trường / nơi đào tạo', en: 'Training school' }, { required: true, max: 255, list: true, search: true }),
    type: f.text({ vi: 'Loại bằng / chứng chỉ', en: 'Type' }, { required: true, max: 255, list: true, search: true }),
    major: f.text({ vi: 'Chuyên ngành', en: 'Major' }, { max: 255, list: true }),
    rank: f.text({ vi: 'Xếp loại', en: 'Rank' }, { max: 100, list: true }),
    start_date: f.date({ vi: 'Từ ngày', en: 'Start date' }, { list: true, sort: true, before: 'end_date' }),
    end_date: f.date({ vi: 'Đến ngày', en: 'End date' }, { list: true, sort: true }),
    note: f.longText(L.note),
  },
});

/** Rewards and discipline (spec §3 "Recognition"; required: recipient, form and money of reward, §5). */
export const recognition = defineResource({
  ...common,
  name: 'recognition',
  path: '/recognition',
  table: 'recognition',
  label: { vi: 'Khen thưởng, kỷ luật', en: 'Reward and discipline' },
  titleField: 'title',
  defaultOrder: 'issue_date desc',
  importKey: ['staff_id', 'decision_code'],
  fields: {
    ...ofStaff(),
    type: f.enum(
      RECOGNITION_TYPE,
      { vi: 'Loại', en: 'Type' },
      { required: true, list: true, filter: true, valueLabels: RECOGNITION_TYPE_LABELS, guard: 'pay' },
    ),
    decision_code: f.text({ vi: 'Số quyết định', en: 'Decision code' }, { required: true, max: 50, list: true, search: true }),
    issue_date: f.date({ vi: 'Ngày ban hành', en: 'Issue date' }, { required: true, list: true, sort: true }),
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, max: 255, list: true, search: true }),
    form: f.text({ vi: 'Hình thức', en: 'Form' }, { required: true, max: 255, list: true }),
    money: f.money({ vi: 'Số tiền', en: 'Money' }, { required: true, min: 0, list: true, guard: 'pay' }),
    recipient: f.text({ vi: 'Người nhận', en: 'Recipient' }, { required: true, max: 255 }),
    note: f.longText(L.note),
  },
});

/** Family relationships (spec §3; relation codes 1–7, dependent flag; list filter f_dependent_person). */
export const familyRelationship = defineResource({
  ...common,
  name: 'familyRelationship',
  path: '/familyRelationship',
  table: 'family_relationship',
  label: { vi: 'Quan hệ gia đình', en: 'Family relationship' },
  titleField: 'full_name',
  defaultOrder: 'created_date desc',
  importKey: ['staff_id', 'full_name'],
  fields: {
    ...ofStaff(),
    full_name: f.text({ vi: 'Họ và tên', en: 'Full name' }, { required: true, max: 255, list: true, search: true }),
    relationship: f.enum(
      FAMILY_RELATION,
      { vi: 'Quan hệ', en: 'Relationship' },
      { required: true, list: true, filter: true, valueLabels: FAMILY_RELATION_LABELS },
    ),
    dependent_person: f.bool({ vi: 'Người phụ thuộc', en: 'Dependent' }, { list: true, filter: true, guard: 'pay' }),
    birthday: f.date({ vi: 'Ngày sinh', en: 'Birthday' }, { required: true, list: true }),
    nationality: f.text({ vi: 'Quốc tịch', en: 'Nationality' }, { required: true, max: 100 }),
    phone: f.phone({ vi: 'Số điện thoại', en: 'Phone' }),
    occupation: f.text({ vi: 'Nghề nghiệp', en: 'Occupation' }, { max: 255 }),
    address: f.text({ vi: 'Địa chỉ', en: 'Address' }),
  },
});

/**
 * Professional experience (spec §3: project, department, role, dates, description). The project is written as text:
 * experience includes projects outside the company; `f_project_id` waits for the projects of the business domain.
 */
export const experienceStaff = defineResource({
  ...common,
  name: 'experienceStaff',
  path: '/experienceStaff',
  table: 'experience_staff',
  label: { vi: 'Kinh nghiệm làm việc', en: 'Professional experience' },
  titleField: 'project',
  defaultOrder: 'from_date desc',
  importKey: ['staff_id', 'project', 'from_date'],
  fields: {
    ...ofStaff(),
    project: f.text({ vi: 'Dự án', en: 'Project' }, { required: true, max: 255, list: true, search: true }),
    department: f.text({ vi: 'Phòng ban', en: 'Department' }, { required: true, max: 255, list: true }),
    role: f.text({ vi: 'Vai trò', en: 'Role' }, { required: true, max: 255, list: true, search: true }),
    from_date: f.date({ vi: 'Từ ngày', en: 'From date' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Đến ngày', en: 'To date' }, { list: true, sort: true }),
    description: f.longText({ vi: 'Mô tả công việc', en: 'Description' }, { required: true, search: true }),
  },
});

/** Where a staff member moves from or to; with `guard`: filing it moves them (a status change), so it decides access. */
const moveFields = <D extends 'from' | 'to'>(dir: D, vi: string, en: string, guard: Pick<FieldDef, 'guard'> = {}) =>
  ({
    [`${dir}_unit_id`]: f.ref('organization', { vi: `Đơn vị ${vi}`, en: `${en} unit` }, { list: dir === 'to', ...guard }),
    [`${dir}_department_id`]: f.ref('organization', { vi: `Phòng ban ${vi}`, en: `${en} department` }, { list: true, filter: true, ...guard }),
    [`${dir}_position_id`]: f.ref('position', { vi: `Chức vụ ${vi}`, en: `${en} position` }, { list: dir === 'to', ...guard }),
  }) as Record<`${D}_unit_id` | `${D}_department_id` | `${D}_position_id`, FieldOf<'ref'>>;

/**
 * Transfer history (spec §7 /staff_transfer_history; kinds transfer and quit). Written by a status change of kind
 * TRANSFER or QUIT (services/hr/src/staff-status.ts) with where the staff member came from and went to; HR may also
 * record earlier history by hand.
 */
export const staffTransferHistory = defineResource({
  ...common,
  name: 'staffTransferHistory',
  path: '/staff_transfer_history',
  table: 'staff_transfer_history',
  label: { vi: 'Lịch sử điều chuyển', en: 'Transfer history' },
  titleField: 'decision_code',
  defaultOrder: 'effective_date desc, created_date desc',
  importKey: ['staff_id', 'kind', 'effective_date'],
  fields: {
    ...ofStaff(),
    kind: f.enum(TRANSFER_KIND, { vi: 'Loại', en: 'Kind' }, { required: true, list: true, filter: true, valueLabels: TRANSFER_KIND_LABELS }),
    effective_date: f.date({ vi: 'Ngày hiệu lực', en: 'Effective date' }, { required: true, list: true, sort: true }),
    decision_code: f.text({ vi: 'Số quyết định', en: 'Decision number' }, { max: 50, list: true, search: true }),
    ...moveFields('from', 'cũ', 'From'),
    ...moveFields('to', 'mới', 'To'),
    reason: f.longText({ vi: 'Lý do', en: 'Reason' }, { search: true }),
  },
});

/**
 * Status changes (spec §7 /staff-status; statuses probation, official, quit, transfer, leave). Filing one changes the
 * staff record in the same transaction: QUIT sets the severance day, TRANSFER moves the staff member to the given
 * unit, department or position, and both write the transfer history (services/hr/src/staff-status.ts). A change is
 * history: its status, date and destination are fixed once filed (file a new change to correct one).
 */
export const staffStatus = defineResource({
  ...common,
  name: 'staffStatus',
  path: '/staff-status',
  table: 'staff_status',
  label: { vi: 'Thay đổi tình trạng', en: 'Status change' },
  titleField: 'decision_code',
  defaultOrder: 'effective_date desc, created_date desc',
  importKey: ['staff_id', 'status', 'effective_date'],
  fields: {
    ...ofStaff(),
    status: f.enum(
      STAFF_STATUS,
      { vi: 'Tình trạng mới', en: 'New status' },
      { required: true, list: true, filter: true, valueLabels: STAFF_STATUS_LABELS, guard: 'pay' },
    ),
    effective_date: f.date({ vi: 'Ngày hiệu lực', en: 'Effective date' }, { required: true, list: true, sort: true }),
    decision_code: f.text({ vi: 'Số quyết định', en: 'Decision number' }, { max: 50, list: true, search: true }),
    ...moveFields('to', 'mới', 'To', { guard: 'access' }),
    from_status: f.enum(STAFF_STATUS, { vi: 'Tình trạng cũ', en: 'Previous status' }, { readonly: true, list: true, valueLabels: STAFF_STATUS_LABELS }),
    reason: f.longText({ vi: 'Lý do', en: 'Reason' }),
  },
});
