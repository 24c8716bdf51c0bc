import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

/**
 * Tickets (spec §3 "type (request or work), priority, approvers, followers, requester, deadline, performer, checklist,
 * progress, total_checklist"; §7 `/ticket` with -export-word and -change-status; ticket setting items, request groups
 * and request items). services/admin/src/ticket holds the rules.
 */

/**
 * The stages every ticket status belongs to — the machine the kit's workflow keeps. A company names its own statuses
 * (the ticket setting items: "Received", "Waiting for parts", "Done") and says which stage each is; a ticket moves by
 * setting status id (`POST /ticket-change-status { id, setting_status_id }`), the stages deciding which moves exist.
 */
export const TICKET_STAGE = ['OPEN', 'IN_PROGRESS', 'CLOSED', 'CANCELLED'] as const;
export type TicketStage = (typeof TICKET_STAGE)[number];
export const TICKET_STAGE_LABELS = opt({
  OPEN: { vi: 'Mới', en: 'Open' },
  IN_PROGRESS: { vi: 'Đang xử lý', en: 'In progress' },
  CLOSED: { vi: 'Đã đóng', en: 'Closed' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
});
/** The stages still to be worked on: a ticket in one of them past its deadline is overdue. */
export const TICKET_OPEN_STAGES: readonly TicketStage[] = ['OPEN', 'IN_PROGRESS'];
export const TICKET_TYPE = ['REQUEST', 'WORK'] as const;
export const TICKET_TYPE_LABELS = opt({ REQUEST: { vi: 'Yêu cầu', en: 'Request' }, WORK: { vi: 'Công việc', en: 'Work' } });
export const PRIORITY = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const PRIORITY_LABELS = opt({ HIGH: { vi: 'Cao', en: 'High' }, MEDIUM: { vi: 'Trung bình', en: 'Medium' }, LOW: { vi: 'Thấp', en: 'Low' } });

/** Ticket setting items: the company's ticket statuses, each in a stage (spec "status change by a setting status id"). */
export const ticketStatus = defineResource({
  name: 'ticketStatus',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'admin',
  path: '/ticket-setting-item',
  table: 'ticket_status',
  feature: 'ticket',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Trạng thái phiếu', en: 'Ticket status' },
  titleField: 'name',
  defaultOrder: 'sort_order asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code, { max: 30 }),
    name: f.text(L.name, { required: true, max: 100, list: true, search: true }),
    stage: f.enum(TICKET_STAGE, { vi: 'Giai đoạn', en: 'Stage' }, { required: true, list: true, filter: true, valueLabels: TICKET_STAGE_LABELS }),
    sort_order: f.int({ vi: 'Thứ tự', en: 'Order' }, { required: true, default: 0, min: 0, max: 999, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

/** Request groups (ticket settings): who handles what — IT, facilities, procurement… */
export const ticketGroup = defineResource({
  name: 'ticketGroup',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'admin',
  path: '/ticket-request-group',
  table: 'ticket_group',
  feature: 'ticket',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Nhóm yêu cầu', en: 'Request group' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code(L.code, { max: 30 }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    department_id: f.ref('organization', { vi: 'Đơn vị xử lý', en: 'Handling unit' }, { list: true, filter: true }),
    description: f.longText(L.description),
  },
});

/**
 * Request items (ticket settings): what can be asked within a group, with whom it goes to, how long it may take and its
 * checklist — one line per item, a line starting with `*` is required — copied onto every ticket raised for it.
 */
export const ticketItem = defineResource({
  name: 'ticketItem',
  domain: 'admin',
  path: '/ticket-request-item',
  table: 'ticket_item',
  feature: 'ticket',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Hạng mục yêu cầu', en: 'Request item' },
  titleField: 'name',
  defaultOrder: 'name asc',
  parent: 'group_id',
  fields: {
    group_id: f.ref('ticketGroup', { vi: 'Nhóm yêu cầu', en: 'Request group' }, { required: true, list: true, filter: true }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    performer_id: f.ref('staff', { vi: 'Người xử lý mặc định', en: 'Default performer' }, { list: true }),
    due_hours: f.int({ vi: 'Thời hạn xử lý (giờ)', en: 'Time to resolve (hours)' }, { min: 1, max: 8760, list: true }),
    checklist_template: f.longText(
      { vi: 'Danh mục kiểm tra (mỗi dòng một mục, * là bắt buộc)', en: 'Checklist (one item per line, * for required)' },
      { max: 4000 },
    ),
  },
});

/**
 * A ticket: a request to a group (a laptop, a repair, a purchase) or a piece of work handed to a performer.
 *
 * - **Approval**: the approvers named on the ticket approve in the order named, one level each; the first refusal ends
 *   it (ResourceDef.approval.approversField). A ticket naming approvers is not worked on before it is approved; nobody
 *   approves their own.
 * - **Status**: by setting status id (the stages decide the moves: OPEN → IN_PROGRESS → CLOSED, reopened back to
 *   IN_PROGRESS, cancelled while not closed). It is not closed while a required checklist item is open.
 * - **Checklist**: `/ticket-checklist` items; `total_checklist` and `progress` (percent done) follow them.
 * - **Who**: the requester's department scopes it; its performer, approvers and followers see it too (ScopeRule.shared),
 *   and the requester, performer and followers are told of every change (ResourceDef.followers).
 * - **Deadline**: a day before it its people are reminded; past it and still open, it is flagged and they are told once.
 */
export const ticket = defineResource({
  name: 'ticket',
  domain: 'admin',
  path: '/ticket',
  table: 'ticket',
  feature: 'ticket',
  icon: 'solution',
  label: { vi: 'Phiếu yêu cầu', en: 'Ticket' },
  titleField: 'title',
  findable: true,
  defaultOrder: 'created_date desc',
  scope: { staffDepartment: 'department_id', ownStaff: 'requester_id', shared: ['performer_id', 'approver_ids', 'follower_ids'] },
  about: { kind: 'staff', field: 'requester_id' },
  approval: { documentType: 'ticket', approversField: 'approver_ids' },
  workflow: {
    field: 'stage',
    // The performer moves it (the service checks who): a move within a stage changes the named status only.
    action: 'view',
    moves: {
      OPEN: ['OPEN', 'IN_PROGRESS', 'CANCELLED'],
      IN_PROGRESS: ['IN_PROGRESS', 'OPEN', 'CLOSED', 'CANCELLED'],
      CLOSED: ['CLOSED', 'IN_PROGRESS'],
      CANCELLED: [],
    },
    // The spec's "Ticket status: id, setting_status_id": the move is to the stage of the ticket status named.
    alias: { path: '/ticket-change-status', id: 'id', status: 'setting_status_id', via: { resource: 'ticketStatus', field: 'stage' } },
  },
  followers: ['requester_id', 'performer_id', 'follower_ids'],
  // Its people are reminded a day before the deadline and told once when it passes (kit/deadline.ts).
  deadline: {
    field: 'deadline',
    flag: 'overdue',
    remindBefore: [24],
    notify: ['requester_id', 'performer_id', 'follower_ids'],
    open: { field: 'stage', values: TICKET_OPEN_STAGES },
  },
  // Who does what (kit/actors.ts): the requester raises, edits and cancels it and sends it for approval; the performer
  // works and moves it; a ticket manager — the approve right within their scope: a head for their department's, the
  // office for all — does all of it and alone names the performer and the approvers (a requester does not pick who
  // approves, nor drop them). It starts and closes only approved, where approval applies (its named approvers, or a
  // flow configured for tickets).
  actors: {
    requester: { staff: 'requester_id', label: { vi: 'người yêu cầu', en: 'the requester' } },
    performer: { staff: 'performer_id', label: { vi: 'người thực hiện', en: 'the performer' } },
    manager: { manager: true, label: { vi: 'người quản lý phiếu', en: 'a ticket manager' } },
  },
  acts: {
    edit: { by: ['requester', 'performer', 'manager'], in: TICKET_OPEN_STAGES },
    // Each of these also decides who reads the ticket (scope.shared): its requester adds followers, nobody else widens it.
    fields: [
      { fields: ['requester_id', 'performer_id', 'approver_ids'], by: ['manager'], share: true },
      { fields: ['follower_ids'], by: ['requester', 'manager'], share: true },
    ],
    delete: { by: ['requester', 'manager'], in: ['OPEN'] },
    moves: { CANCELLED: { by: ['requester', 'performer', 'manager'] }, '*': { by: ['performer', 'manager'] } },
    submit: { by: ['requester', 'manager'] },
    approved: ['IN_PROGRESS', 'CLOSED'],
  },
  // The spec's /ticket-export-word.
  word: { alias: '/ticket-export-word' },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, list: true, search: true, sort: true, max: 20, generate: { pattern: 'PYC{yy}-{n:4}' } }),
    title: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, min: 4, max: 255, list: true, search: true }),
    type: f.enum(
      TICKET_TYPE,
      { vi: 'Loại phiếu', en: 'Type' },
      { required: true, default: 'REQUEST', list: true, filter: true, valueLabels: TICKET_TYPE_LABELS },
    ),
    group_id: f.ref('ticketGroup', { vi: 'Nhóm yêu cầu', en: 'Request group' }, { list: true, filter: true }),
    item_id: f.ref('ticketItem', { vi: 'Hạng mục yêu cầu', en: 'Request item' }, { filter: true }),
    priority: f.enum(
      PRIORITY,
      { vi: 'Mức độ ưu tiên', en: 'Priority' },
      { required: true, default: 'MEDIUM', list: true, filter: true, valueLabels: PRIORITY_LABELS },
    ),
    requester_id: f.ref('staff', { vi: 'Người yêu cầu', en: 'Requester' }, { required: true, default: 'caller', list: true, filter: true }),
    department_id: f.ref('organization', L.department, { readonly: true, filter: true, copyFrom: { ref: 'requester_id', field: 'department_id' } }),
    performer_id: f.ref('staff', { vi: 'Người thực hiện', en: 'Performer' }, { list: true, filter: true }),
    approver_ids: f.refs('staff', { vi: 'Người phê duyệt (theo thứ tự)', en: 'Approvers (in order)' }, { max: 10 }),
    follower_ids: f.refs('staff', { vi: 'Người theo dõi', en: 'Followers' }, { max: 30 }),
    deadline: f.datetime({ vi: 'Hạn xử lý', en: 'Deadline' }, { list: true, sort: true }),
    status_id: f.ref('ticketStatus', { vi: 'Trạng thái', en: 'Status' }, { readonly: true, list: true, filter: true }),
    stage: f.enum(TICKET_STAGE, { vi: 'Giai đoạn', en: 'Stage' }, { readonly: true, default: 'OPEN', filter: true, valueLabels: TICKET_STAGE_LABELS }),
    progress: f.int({ vi: 'Tiến độ (%)', en: 'Progress (%)' }, { readonly: true, default: 0, list: true }),
    total_checklist: f.int({ vi: 'Số mục kiểm tra', en: 'Checklist items' }, { readonly: true, default: 0 }),
    overdue: f.bool({ vi: 'Quá hạn', en: 'Overdue' }, { readonly: true, default: false, list: true, filter: true }),
    closed_date: f.datetime({ vi: 'Ngày đóng', en: 'Closed on' }, { readonly: true }),
    description: f.longText(L.description, { max: 10_000 }),
  },
});

/** A ticket's checklist items (the ticket's tab): ticked by whoever works on the ticket; required ones keep it from closing. */
export const ticketChecklist = defineResource({
  name: 'ticketChecklist',
  domain: 'admin',
  path: '/ticket-checklist',
  table: 'ticket_checklist',
  feature: 'ticket',
  label: { vi: 'Danh mục kiểm tra', en: 'Checklist item' },
  titleField: 'name',
  defaultOrder: 'sort_order asc',
  parent: 'ticket_id',
  scope: { via: 'ticket_id' },
  checklist: { done: 'done', required: 'required', total: 'total_checklist', progress: 'progress', blocks: ['CLOSED'], order: 'sort_order' },
  fields: {
    ticket_id: f.ref('ticket', { vi: 'Phiếu yêu cầu', en: 'Ticket' }, { required: true, filter: true }),
    name: f.text({ vi: 'Nội dung', en: 'Item' }, { required: true, max: 255, list: true }),
    required: f.bool({ vi: 'Bắt buộc', en: 'Required' }, { default: false, list: true }),
    done: f.bool({ vi: 'Đã xong', en: 'Done' }, { default: false, list: true, filter: true }),
    sort_order: f.int({ vi: 'Thứ tự', en: 'Order' }, { default: 0, min: 0, max: 999, sort: true }),
    note: f.text(L.note, { max: 500, list: true }),
  },
});
