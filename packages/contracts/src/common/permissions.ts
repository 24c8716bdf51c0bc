import type { Label } from '../kit/field';

/** Permission actions (spec §6). HTTP: GET view, POST add, PUT edit, DELETE delete; approve endpoints approve. */
export const ACTIONS = ['view', 'add', 'edit', 'delete', 'approve'] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_LABELS: Record<Action, Label> = {
  view: { vi: 'Xem', en: 'View' },
  add: { vi: 'Thêm', en: 'Add' },
  edit: { vi: 'Sửa', en: 'Edit' },
  delete: { vi: 'Xóa', en: 'Delete' },
  approve: { vi: 'Duyệt', en: 'Approve' },
};

/** Permission module keys (spec §6). */
export const MODULES = ['administration', 'staff', 'business', 'partner', 'asset', 'implementation', 'portal', 'project', 'system'] as const;
export type PermissionModule = (typeof MODULES)[number];
export const MODULE_LABELS: Record<PermissionModule, Label> = {
  administration: { vi: 'Hành chính', en: 'Administration' },
  staff: { vi: 'Nhân sự', en: 'Human resources' },
  business: { vi: 'Kinh doanh', en: 'Business' },
  partner: { vi: 'Đối tác & nhà thầu', en: 'Partners & contractors' },
  asset: { vi: 'Tài sản', en: 'Assets' },
  implementation: { vi: 'Triển khai dự án', en: 'Project implementation' },
  portal: { vi: 'Cổng thông tin', en: 'Portal' },
  project: { vi: 'Dự án', en: 'Projects' },
  system: { vi: 'Hệ thống', en: 'System' },
};

/** The domains: their registry is packages/contracts/src/domains.ts (DOMAINS, DOMAIN_LABELS). */
export type { Domain } from '../domains';

/** Features permissions are set on, per role (spec §6), with the module each belongs to. */
export const FEATURES = {
  staff: { module: 'staff', label: { vi: 'Nhân sự', en: 'Staff' } },
  recruitment: { module: 'staff', label: { vi: 'Tuyển dụng', en: 'Recruitment' } },
  leave: { module: 'staff', label: { vi: 'Nghỉ phép', en: 'Leave' } },
  leave_days: { module: 'staff', label: { vi: 'Ngày phép', en: 'Leave days' } },
  organization: { module: 'staff', label: { vi: 'Tổ chức', en: 'Organization' } },
  organizational_chart: { module: 'staff', label: { vi: 'Sơ đồ tổ chức', en: 'Organizational chart' } },
  report: { module: 'portal', label: { vi: 'Báo cáo', en: 'Report' } },
  setting: { module: 'system', label: { vi: 'Cài đặt', en: 'Setting' } },
  account: { module: 'system', label: { vi: 'Tài khoản', en: 'Account' } },
  permission: { module: 'system', label: { vi: 'Phân quyền', en: 'Permission' } },
  ticket: { module: 'administration', label: { vi: 'Phiếu yêu cầu', en: 'Ticket' } },
  book_car: { module: 'administration', label: { vi: 'Đặt xe', en: 'Book car' } },
  work_schedule: { module: 'administration', label: { vi: 'Lịch công tác', en: 'Work schedule' } },
  document: { module: 'administration', label: { vi: 'Văn bản', en: 'Document' } },
  notification: { module: 'portal', label: { vi: 'Thông báo', en: 'Notification' } },
  documentation: { module: 'portal', label: { vi: 'Tài liệu', en: 'Documentation' } },
  book_meeting_room: { module: 'administration', label: { vi: 'Đặt phòng họp', en: 'Book meeting room' } },
  project: { module: 'business', label: { vi: 'Dự án', en: 'Project' } },
  category: { module: 'implementation', label: { vi: 'Hạng mục', en: 'Category' } },
  price_approval: { module: 'implementation', label: { vi: 'Duyệt giá', en: 'Price approval' } },
  subcontractor: { module: 'partner', label: { vi: 'Nhà thầu phụ', en: 'Subcontractor' } },
  maintenance: { module: 'partner', label: { vi: 'Bảo hành', en: 'Maintenance' } },
  payment: { module: 'implementation', label: { vi: 'Thanh toán', en: 'Payment' } },
  asset: { module: 'asset', label: { vi: 'Tài sản', en: 'Asset' } },
  contact: { module: 'portal', label: { vi: 'Danh bạ', en: 'Contact' } },
} as const satisfies Record<string, { module: PermissionModule; label: Label }>;
export type Feature = keyof typeof FEATURES;
export const FEATURE_KEYS = Object.keys(FEATURES) as Feature[];

/** Staff data scopes (spec §6). */
export const STAFF_SCOPES = ['VIEW_ALL', 'VIEW_RELATED_DEPARTMENT', 'VIEW_SPECIFIC_DEPARTMENT'] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];
/** Project data scopes (spec §6). */
export const PROJECT_SCOPES = ['VIEW_ALL', 'VIEW_RELATED_DEPARTMENT', 'VIEW_PROJECT_POSITION', 'VIEW_SPECIFIC_PROJECT'] as const;
export type ProjectScope = (typeof PROJECT_SCOPES)[number];
/**
 * Who owns projects and their teams (ARCHITECTURE §9, "Projects"): the business domain — a project is born there as a
 * business project and, once won, is carried out under the same id by implementation, whose records point at it. The
 * resources named here declare `projects` (kit/resource.ts) and their service answers the project directory.
 */
export const PROJECT_DIRECTORY = { domain: 'business', register: 'project', team: 'projectTeam' } as const;

/** A CASL rule as the client receives it (`ability` of sign-in and me). */
export interface AbilityRule {
  action: Action | 'manage';
  subject: Feature | 'all';
}

/**
 * The caller as services see it: verified by the gateway, signed with the internal key.
 * `staffScope.departmentIds` is already expanded to whole subtrees; `null` means VIEW_ALL.
 */
export interface CallerContext {
  userId: string;
  sessionId: string;
  staffId: string | null;
  /** The department of the caller's own staff record (null without one): whom organization units are about. */
  departmentId: string | null;
  /** The roles the caller holds, directly and through the decentralization of their staff record (ACTIVE ones). */
  roleIds: string[];
  name: string;
  /** The position title of the caller's staff record (a signature block's "title"), if any. */
  title?: string | null;
  lang: 'vi' | 'en';
  isAdmin: boolean;
  ability: AbilityRule[];
  staffScope: { type: StaffScope; departmentIds: string[] | null };
  /**
   * `projectIds`: null means VIEW_ALL; otherwise, once the gateway has resolved it (gateway/src/authz-cache.ts), every
   * project the caller may see — the roles' specific projects, the projects of `departmentIds` (expanded to subtrees),
   * and with `team` the projects whose team the caller's staff record is on. Services apply `projectIds` only — except
   * the project register itself, whose scope is read from the row as it is (`specificIds`: the roles' own projects,
   * kept by the service that resolved `projectIds`; service-kit query.ts).
   */
  projectScope: { type: ProjectScope; projectIds: string[] | null; departmentIds: string[] | null; team?: boolean; specificIds?: string[] };
  ip: string;
  userAgent: string;
}

export function can(ctx: Pick<CallerContext, 'ability' | 'isAdmin'>, action: Action, subject: Feature): boolean {
  if (ctx.isAdmin) return true;
  return ctx.ability.some((r) => (r.action === action || r.action === 'manage') && (r.subject === subject || r.subject === 'all'));
}
