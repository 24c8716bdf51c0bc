import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { ASSET_STATUS, ASSET_STATUS_LABELS } from './asset';

/** Spec §4 "Handover type: TO_USER or RETURN". */
export const HANDOVER_TYPE = ['TO_USER', 'RETURN'] as const;
export type HandoverType = (typeof HANDOVER_TYPE)[number];
export const HANDOVER_TYPE_LABELS = opt({
  TO_USER: { vi: 'Bàn giao cho người dùng', en: 'Hand over to a user' },
  RETURN: { vi: 'Thu hồi / trả lại', en: 'Return' },
});

/**
 * Spec §4 "Asset handover state: NONE, HAND_OVER, CONFIRM, ACCEPTED, DENIED, DENIED_CONFIRM" — one vocabulary for a
 * handover and its lines (the spec shows no split; this is the portal's decision, README "Assets"): a handover is NONE
 * (a draft), HAND_OVER (sent, waiting for its receiver) or CONFIRM (every line answered and closed); each of its lines is
 * NONE while the handover is a draft, HAND_OVER while it waits, then ACCEPTED or DENIED by the receiver, and a denied one
 * DENIED_CONFIRM once the asset office has taken the asset back.
 */
export const HANDOVER_STATE = ['NONE', 'HAND_OVER', 'CONFIRM', 'ACCEPTED', 'DENIED', 'DENIED_CONFIRM'] as const;
export type HandoverState = (typeof HANDOVER_STATE)[number];
export const HANDOVER_STATE_LABELS = opt({
  NONE: { vi: 'Nháp', en: 'Draft' },
  HAND_OVER: { vi: 'Chờ xác nhận', en: 'Waiting for the receiver' },
  CONFIRM: { vi: 'Đã hoàn tất', en: 'Completed' },
  ACCEPTED: { vi: 'Đã nhận', en: 'Accepted' },
  DENIED: { vi: 'Từ chối', en: 'Denied' },
  DENIED_CONFIRM: { vi: 'Đã thu hồi sau từ chối', en: 'Denial confirmed' },
});
export const HANDOVER_STATE_COLORS: Record<HandoverState, string> = {
  NONE: 'default',
  HAND_OVER: 'gold',
  CONFIRM: 'green',
  ACCEPTED: 'green',
  DENIED: 'red',
  DENIED_CONFIRM: 'volcano',
};
/** The statuses a line ends in: a handover whose lines are all in one of them is complete (CONFIRM). */
export const HANDOVER_LINE_FINAL: readonly HandoverState[] = ['ACCEPTED', 'DENIED_CONFIRM'];
/** How many days a receiver has to answer a handover before they are reminded, and then its giver told. */
export const HANDOVER_ANSWER_DAYS = 3;

/**
 * Which fields a handover must have before it is sent, kept separately for each type and for a single or a bulk
 * handover (spec §3 "Handover: required fields are kept separately for TO_USER and RETURN, single and bulk"; the
 * `require-fields` check, `GET /asset-handover/require-fields?type=&bulk=`): a bulk handover (more than one line) to a
 * user also names where the assets go, a return always says why.
 */
export const HANDOVER_REQUIRED: Record<HandoverType, { single: readonly string[]; bulk: readonly string[] }> = {
  TO_USER: { single: ['receiver_id', 'handover_date'], bulk: ['receiver_id', 'handover_date', 'location'] },
  RETURN: { single: ['receiver_id', 'handover_date', 'reason'], bulk: ['receiver_id', 'handover_date', 'reason'] },
};

/**
 * A handover (biên bản bàn giao, spec §7 `/asset-handover`): assets handed by a giver to a receiver — to a user from
 * the asset office (TO_USER), or back from their holder to the office (RETURN) — one asset or many (its lines,
 * `/asset-handover-line`).
 *
 * - **Life**: a draft (NONE) the office prepares and fills with lines; sent (HAND_OVER, the spec's "approve") its assets
 *   are HAND_OVER and its receiver answers each line — on one page, on a phone too; withdrawn (back to NONE, the spec's
 *   "cancel") while no line is answered; complete (CONFIRM) once every line is accepted or its denial confirmed.
 *   Several at once: `bulk-status` (the spec's bulk approve and bulk cancel).
 * - **The assets follow**: accepted to a user, the asset is in use by them (USED, or DISCOUNT when fully depreciated);
 *   returned, it is in storage (STORAGE, STORAGE_DAMAGED if damaged); a denied one stays HAND_OVER until the office
 *   confirms it is back, then takes its status from before.
 * - **Who**: the managing department's scope; its giver and receiver read it too. The office (the approve right on
 *   assets within its scope) prepares it and names who gives and receives; the office or the giver sends and withdraws
 *   it (a holder sends their own return, which the office receives); nobody hands to themselves nor sends a handover
 *   they are to receive; only the receiver answers its lines.
 * - **Answer due**: `answer_due` is HANDOVER_ANSWER_DAYS days after it is sent: a day before, the receiver is reminded;
 *   past it, the receiver and the giver are told (kit deadline).
 * - **Print**: the handover certificate (`GET /asset-handover/:id/pdf`), its lines and the giver's and receiver's
 *   signature blocks.
 */
export const assetHandover = defineResource({
  name: 'assetHandover',
  domain: 'assets',
  path: '/asset-handover',
  table: 'asset_handover',
  feature: 'asset',
  icon: 'solution',
  label: { vi: 'Biên bản bàn giao', en: 'Handover' },
  titleField: 'code',
  findable: true,
  defaultOrder: 'created_date desc',
  scope: { staffDepartment: 'department_id', shared: ['giver_id', 'receiver_id'] },
  followers: ['giver_id', 'receiver_id'],
  // Sent and withdrawn by its giver or the office (below): the right to read assets is enough to reach the route.
  workflow: {
    field: 'status',
    moves: { NONE: ['HAND_OVER'], HAND_OVER: ['NONE'], CONFIRM: [] },
    action: 'view',
    verbs: { HAND_OVER: { vi: 'Gửi bàn giao', en: 'Send for handover' }, NONE: { vi: 'Rút lại', en: 'Withdraw' } },
  },
  bulk: { status: true },
  deadline: {
    field: 'answer_due',
    flag: 'overdue',
    remindBefore: [24],
    notify: ['receiver_id', 'giver_id'],
    open: { field: 'status', values: ['HAND_OVER'] },
  },
  // The certificate (biên bản bàn giao): its fields, its assets, and the giver's and receiver's blocks with their times.
  print: {
    lines: 'assetHandoverLine',
    signatures: [
      { role: { vi: 'Bên giao', en: 'Handed over by' }, staff: 'giver_id', at: 'sent_at' },
      { role: { vi: 'Bên nhận', en: 'Received by' }, staff: 'receiver_id', at: 'completed_at' },
    ],
  },
  actors: {
    office: { manager: true, label: { vi: 'bộ phận quản lý tài sản', en: 'the asset office' } },
    giver: { staff: 'giver_id', label: { vi: 'bên giao', en: 'the giver' } },
    receiver: { staff: 'receiver_id', label: { vi: 'người nhận', en: 'the receiver' } },
  },
  acts: {
    edit: { by: ['office'], in: ['NONE'] },
    fields: [{ fields: ['department_id', 'giver_id', 'receiver_id'], by: ['office'], share: true }],
    delete: { by: ['office'], in: ['NONE'] },
    // The giver sends what they hand over (a holder their return), or the office does; never its receiver (the service).
    moves: { '*': { by: ['office', 'giver'] } },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'BBG{yy}-{n:4}' } }),
    type: f.enum(
      HANDOVER_TYPE,
      { vi: 'Loại bàn giao', en: 'Type' },
      { required: true, default: 'TO_USER', list: true, filter: true, valueLabels: HANDOVER_TYPE_LABELS },
    ),
    handover_date: f.date({ vi: 'Ngày bàn giao', en: 'Handover date' }, { default: 'today', list: true, sort: true }),
    department_id: f.ref('organization', { vi: 'Phòng ban quản lý', en: 'Managing department' }, { required: true, list: true, filter: true }),
    giver_id: f.ref('staff', { vi: 'Bên giao', en: 'Handed over by' }, { required: true, default: 'caller', list: true, filter: true }),
    receiver_id: f.ref('staff', { vi: 'Bên nhận', en: 'Received by' }, { list: true, filter: true }),
    location: f.text({ vi: 'Nơi sử dụng', en: 'Where the assets go' }, { max: 255 }),
    reason: f.text({ vi: 'Lý do', en: 'Reason' }, { max: 500 }),
    status: f.enum(
      HANDOVER_STATE,
      { vi: 'Trạng thái', en: 'Status' },
      { readonly: true, default: 'NONE', list: true, filter: true, valueLabels: HANDOVER_STATE_LABELS, valueColors: HANDOVER_STATE_COLORS },
    ),
    total_lines: f.int({ vi: 'Số tài sản', en: 'Assets' }, { readonly: true, default: 0, list: true }),
    accepted_lines: f.int({ vi: 'Đã nhận', en: 'Accepted' }, { readonly: true, default: 0, list: true }),
    denied_lines: f.int({ vi: 'Từ chối', en: 'Denied' }, { readonly: true, default: 0, list: true }),
    sent_at: f.datetime({ vi: 'Thời điểm gửi', en: 'Sent at' }, { readonly: true, sort: true }),
    answer_due: f.datetime({ vi: 'Hạn xác nhận', en: 'Answer due' }, { readonly: true, sort: true }),
    overdue: f.bool({ vi: 'Quá hạn xác nhận', en: 'Answer overdue' }, { readonly: true, default: false, filter: true }),
    completed_at: f.datetime({ vi: 'Thời điểm hoàn tất', en: 'Completed at' }, { readonly: true, sort: true }),
    note: f.longText(L.note),
  },
});

/**
 * A line of a handover: one asset, its condition when handed, and the receiver's answer — accepted, or denied with a
 * reason, then the denial confirmed by the office once the asset is back. Added and removed while the handover is a
 * draft (`bulk-create`: many at once); answered one by one or together (`bulk-status`) by the receiver only.
 */
export const assetHandoverLine = defineResource({
  name: 'assetHandoverLine',
  domain: 'assets',
  path: '/asset-handover-line',
  table: 'asset_handover_line',
  feature: 'asset',
  label: { vi: 'Tài sản bàn giao', en: 'Handover line' },
  titleField: 'asset_id',
  defaultOrder: 'created_date asc',
  parent: 'handover_id',
  scope: { via: 'handover_id' },
  // The giver hears each answer (accepted, denied) as it comes.
  followers: ['giver_id'],
  unique: [['handover_id', 'asset_id']],
  bulk: { create: true, status: true },
  workflow: {
    field: 'status',
    // A denial says why: the move's note, kept on the line as `deny_reason` (so that several lines are denied at once too).
    moves: { NONE: [], HAND_OVER: ['ACCEPTED', 'DENIED'], ACCEPTED: [], DENIED: ['DENIED_CONFIRM'], DENIED_CONFIRM: [] },
    // Answered by its receiver, who may only read assets: the declared actors below decide who.
    action: 'view',
  },
  actors: {
    office: { right: { action: 'approve', feature: 'asset' }, label: { vi: 'bộ phận quản lý tài sản', en: 'the asset office' } },
    receiver: { staff: 'receiver_id', label: { vi: 'người nhận', en: 'the receiver' } },
  },
  acts: {
    edit: { by: ['office'], in: ['NONE'] },
    delete: { by: ['office'], in: ['NONE'] },
    moves: { ACCEPTED: { by: ['receiver'] }, DENIED: { by: ['receiver'] }, DENIED_CONFIRM: { by: ['office'] } },
  },
  fields: {
    handover_id: f.ref('assetHandover', { vi: 'Biên bản bàn giao', en: 'Handover' }, { required: true, filter: true }),
    asset_id: f.ref('asset', { vi: 'Tài sản', en: 'Asset' }, { required: true, list: true, filter: true }),
    giver_id: f.ref('staff', { vi: 'Bên giao', en: 'Handed over by' }, { readonly: true, copyFrom: { ref: 'handover_id', field: 'giver_id', follow: {} } }),
    receiver_id: f.ref(
      'staff',
      { vi: 'Bên nhận', en: 'Received by' },
      { readonly: true, list: true, filter: true, copyFrom: { ref: 'handover_id', field: 'receiver_id', follow: {} } },
    ),
    condition: f.text({ vi: 'Tình trạng khi giao', en: 'Condition' }, { max: 255, list: true }),
    status: f.enum(
      HANDOVER_STATE,
      { vi: 'Trạng thái', en: 'Status' },
      { readonly: true, default: 'NONE', list: true, filter: true, valueLabels: HANDOVER_STATE_LABELS, valueColors: HANDOVER_STATE_COLORS },
    ),
    deny_reason: f.text({ vi: 'Lý do từ chối', en: 'Reason for denying' }, { readonly: true, min: 3, max: 500, list: true }),
    answered_at: f.datetime({ vi: 'Thời điểm xác nhận', en: 'Answered at' }, { readonly: true, list: true }),
    asset_status_before: f.enum(ASSET_STATUS, { vi: 'Trạng thái trước khi giao', en: 'Status before' }, { readonly: true, valueLabels: ASSET_STATUS_LABELS }),
  },
});
