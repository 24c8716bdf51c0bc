import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

export const DOCUMENT_DIRECTION = ['IN', 'OUT'] as const;
export const DOCUMENT_DIRECTION_LABELS = opt({ IN: { vi: 'Văn bản đến', en: 'Incoming' }, OUT: { vi: 'Văn bản đi', en: 'Outgoing' } });
export const DOCUMENT_SCOPE = ['INTERNAL', 'EXTERNAL'] as const;
export const DOCUMENT_SCOPE_LABELS = opt({ INTERNAL: { vi: 'Nội bộ', en: 'Internal' }, EXTERNAL: { vi: 'Bên ngoài', en: 'External' } });
export const DOCUMENT_RELEASE = ['PENDING', 'PUBLISH'] as const;
export const DOCUMENT_RELEASE_LABELS = opt({ PENDING: { vi: 'Chờ ban hành', en: 'Pending' }, PUBLISH: { vi: 'Đã ban hành', en: 'Published' } });
/** Spec §3 "Visibility: Public 1, Limit 0". */
export const VISIBILITY = [1, 0] as const;
export const VISIBILITY_LABELS = opt({ 1: { vi: 'Công khai', en: 'Public' }, 0: { vi: 'Giới hạn', en: 'Limited' } });

/** The kinds of documents (spec §7 `/document-type`): decision, official letter, notice… — each keeps its own register books. */
export const documentType = defineResource({
  name: 'documentType',
  // A plain reference list: its writes decide no one's access, pay, rights or workflow (the abuse properties sample it lightly).
  plain: true,
  domain: 'admin',
  path: '/document-type',
  table: 'document_type',
  feature: 'document',
  writeFeature: 'setting',
  icon: 'file',
  label: { vi: 'Loại văn bản', en: 'Document type' },
  titleField: 'name',
  defaultOrder: 'name asc',
  importKey: 'code',
  fields: {
    code: f.code({ vi: 'Ký hiệu', en: 'Abbreviation' }, { max: 20 }),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    description: f.longText(L.description),
  },
});

/**
 * The document register (spec §7 `/document`): incoming and outgoing documents.
 *
 * - **Register number**: each direction and type is a register book numbered from 1 each year, without gaps — taken in
 *   the registration's transaction (FieldDef.generate.per), so a refused registration gives its number back and 100 at
 *   once get 100 consecutive numbers. Direction and type are fixed once numbered. `symbol` is the document's own number
 *   and sign as printed ("125/QĐ-CTY", or the sender's for an incoming one).
 * - **Visibility**: Public (1) documents follow the department scope of the handling unit; Limited (0) ones are read —
 *   on every path, their files included — only by the staff and units named, their creator and administrators
 *   (ScopeRule.limited).
 * - **Replies**: an outgoing document answers (`reply_to_id`) an incoming one the writer can see; the incoming one's
 *   `due_date` is when its answer is due (on an outgoing one: the recipient's), `answered_by_id` the reply
 *   (services/admin/src/document).
 * - **Release**: PENDING → PUBLISH (the declared workflow). The list carries `today_count`: documents registered today.
 */
export const officialDocument = defineResource({
  name: 'document',
  domain: 'admin',
  path: '/document',
  table: 'document',
  feature: 'document',
  icon: 'file',
  label: { vi: 'Văn bản', en: 'Document' },
  titleField: 'summary',
  findable: true,
  defaultOrder: 'created_date desc',
  scope: {
    staffDepartment: 'department_id',
    ownStaff: 'handler_id',
    limited: { field: 'visibility', open: 1, staff: 'viewer_ids', departments: 'viewer_department_ids' },
  },
  unique: [['direction', 'document_type_id', 'register_no']],
  workflow: { field: 'release', moves: { PENDING: ['PUBLISH'], PUBLISH: [] }, action: 'edit' },
  todayCount: 'created_date',
  // Who does what (kit/actors.ts): whoever registered it, its handler and the register's keeper (the approve right on
  // documents: the clerical office) change and release it; who reads it — its visibility, named readers and units, its
  // handler — is only its registrar's and the keeper's to decide: a named reader never shares it on.
  actors: {
    registrar: { creator: true, label: { vi: 'người vào sổ', en: 'whoever registered it' } },
    handler: { staff: 'handler_id', label: { vi: 'người xử lý', en: 'its handler' } },
    keeper: { right: { action: 'approve', feature: 'document' }, label: { vi: 'người giữ sổ văn bản', en: 'the register keeper' } },
  },
  acts: {
    edit: { by: ['registrar', 'handler', 'keeper'] },
    fields: [{ fields: ['visibility', 'viewer_ids', 'viewer_department_ids', 'handler_id'], by: ['registrar', 'keeper'], share: true }],
    delete: { by: ['registrar', 'keeper'] },
    moves: { PUBLISH: { by: ['registrar', 'handler', 'keeper'] } },
  },
  fields: {
    direction: f.enum(
      DOCUMENT_DIRECTION,
      { vi: 'Loại sổ', en: 'Register' },
      { required: true, list: true, filter: true, valueLabels: DOCUMENT_DIRECTION_LABELS },
    ),
    document_type_id: f.ref('documentType', { vi: 'Loại văn bản', en: 'Document type' }, { required: true, list: true, filter: true }),
    register_no: f.text(
      { vi: 'Số đăng ký', en: 'Register number' },
      { readonly: true, max: 30, list: true, search: true, sort: true, generate: { pattern: '{n:3}/{yyyy}', per: ['direction', 'document_type_id'] } },
    ),
    symbol: f.text({ vi: 'Số, ký hiệu văn bản', en: 'Number and sign' }, { max: 100, list: true, search: true }),
    summary: f.text({ vi: 'Trích yếu', en: 'Summary' }, { required: true, max: 500, list: true, search: true }),
    scope_type: f.enum(
      DOCUMENT_SCOPE,
      { vi: 'Phạm vi', en: 'Scope' },
      { required: true, default: 'EXTERNAL', list: true, filter: true, valueLabels: DOCUMENT_SCOPE_LABELS },
    ),
    issued_date: f.date({ vi: 'Ngày văn bản', en: 'Document date' }, { required: true, default: 'today', list: true, sort: true }),
    received_date: f.date({ vi: 'Ngày đến', en: 'Received on' }, { sort: true }),
    partner: f.text({ vi: 'Nơi gửi / nơi nhận', en: 'From / to' }, { max: 255, list: true, search: true }),
    signer: f.text({ vi: 'Người ký', en: 'Signed by' }, { max: 255 }),
    handler_id: f.ref('staff', { vi: 'Người xử lý', en: 'Handled by' }, { required: true, default: 'caller', list: true, filter: true }),
    department_id: f.ref(
      'organization',
      { vi: 'Đơn vị xử lý', en: 'Handling unit' },
      { readonly: true, filter: true, copyFrom: { ref: 'handler_id', field: 'department_id' } },
    ),
    due_date: f.date({ vi: 'Hạn trả lời', en: 'Answer due' }, { list: true, sort: true }),
    reply_to_id: f.ref('document', { vi: 'Trả lời văn bản', en: 'In reply to' }, { filter: true }),
    answered_by_id: f.ref('document', { vi: 'Đã trả lời bằng', en: 'Answered by' }, { readonly: true, filter: true }),
    release: f.enum(
      DOCUMENT_RELEASE,
      { vi: 'Ban hành', en: 'Release' },
      { readonly: true, default: 'PENDING', list: true, filter: true, valueLabels: DOCUMENT_RELEASE_LABELS },
    ),
    visibility: f.enum(
      VISIBILITY,
      { vi: 'Quyền xem', en: 'Visibility' },
      { required: true, default: 1, list: true, filter: true, valueLabels: VISIBILITY_LABELS },
    ),
    viewer_ids: f.refs('staff', { vi: 'Người được xem', en: 'Who may see it' }),
    viewer_department_ids: f.refs('organization', { vi: 'Đơn vị được xem', en: 'Units that may see it' }),
    note: f.longText(L.note),
  },
});
