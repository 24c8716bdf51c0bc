import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

export const SCHEDULE_KIND = ['WORK', 'MEETING', 'BUSINESS_TRIP'] as const;
export const SCHEDULE_KIND_LABELS = opt({
  WORK: { vi: 'Làm việc', en: 'Work' },
  MEETING: { vi: 'Họp, tiếp khách', en: 'Meeting' },
  BUSINESS_TRIP: { vi: 'Đi công tác', en: 'Business trip' },
});

/**
 * Working schedules (spec §7 `/working-schedule`): the week of the company's leaders and departments —
 * who, what, where, when and with whom — and their business travel, on the business-travel calendar (the kit's calendar,
 * by area, coloured by kind; its week view prints). An entry is its person's: they and whoever keeps schedules (the
 * `approve` right on work_schedule within their scope: a leader's secretary, the administration office) write it; the
 * people travelling with them read it whatever their department (services/admin/src/schedule).
 */
export const workingSchedule = defineResource({
  name: 'workingSchedule',
  domain: 'admin',
  path: '/working-schedule',
  table: 'working_schedule',
  feature: 'work_schedule',
  icon: 'schedule',
  label: { vi: 'Lịch công tác', en: 'Working schedule' },
  titleField: 'content',
  defaultOrder: 'start_time desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'staff_id', shared: ['companion_ids'] },
  // An entry is its person's, or a schedule keeper's (kit/actors.ts): nobody puts one on a colleague's week, nor moves
  // one of theirs onto someone else.
  actors: {
    person: { staff: 'staff_id', label: { vi: 'người chủ trì', en: 'its person' } },
    keeper: { manager: true, label: { vi: 'người quản lý lịch', en: 'a schedule keeper' } },
  },
  acts: {
    edit: { by: ['person', 'keeper'] },
    fields: [{ fields: ['staff_id', 'companion_ids'], by: ['person', 'keeper'], share: true }],
    delete: { by: ['person', 'keeper'] },
  },
  calendar: { start: 'start_time', end: 'end_time', location: 'area_id', color: 'kind', alias: '/apps/business-travel' },
  fields: {
    content: f.text({ vi: 'Nội dung công việc', en: 'What' }, { required: true, min: 4, max: 500, list: true, search: true }),
    kind: f.enum(
      SCHEDULE_KIND,
      { vi: 'Loại lịch', en: 'Kind' },
      { required: true, default: 'WORK', list: true, filter: true, valueLabels: SCHEDULE_KIND_LABELS },
    ),
    staff_id: f.ref('staff', { vi: 'Người chủ trì', en: 'Who' }, { required: true, default: 'caller', list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, list: true, filter: true, copyFrom: { ref: 'staff_id', field: 'department_id' } }),
    start_time: f.datetime({ vi: 'Bắt đầu', en: 'From' }, { required: true, list: true, sort: true, before: 'end_time' }),
    end_time: f.datetime({ vi: 'Kết thúc', en: 'To' }, { required: true, list: true }),
    location: f.text({ vi: 'Địa điểm', en: 'Where' }, { required: true, max: 255, list: true, search: true }),
    area_id: f.ref('administratorArea', { vi: 'Khu vực', en: 'Area' }, { filter: true }),
    companion_ids: f.refs('staff', { vi: 'Thành phần tham gia, đi cùng', en: 'With whom' }, { max: 50 }),
    note: f.longText(L.note),
  },
});
