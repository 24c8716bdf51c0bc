import type { Domain } from '../common/permissions';
import { f, type Label } from './field';
import type { RouteDecl } from './routes';

/**
 * Approval settings shared by every domain (spec §4 "Approver scope", §6 "Approval range … cost limits").
 * The engine is the service kit's (service-kit/src/approval); these are the shapes its settings take.
 */

/** Spec §4 approval statuses, as the engine stores them (service-kit/src/approval/engine.ts has the transitions). */
export const APPROVAL_STATUS_VALUES = [
  'DRAFT',
  'PENDING',
  'SUBMITTED_APPROVAL',
  'APPROVING',
  'SUBMIT_SUPERIORS',
  'RESUBMIT',
  'APPROVED',
  'REFUSE',
  'CANCELLED',
] as const;
export type ApprovalStatusValue = (typeof APPROVAL_STATUS_VALUES)[number];
/** The statuses of a request still moving: someone must act. */
export const APPROVAL_IN_PROGRESS: readonly ApprovalStatusValue[] = ['PENDING', 'SUBMITTED_APPROVAL', 'RESUBMIT', 'APPROVING', 'SUBMIT_SUPERIORS'];
/** A record whose request is in one of these is neither edited nor deleted (cancel the approval first). */
export const APPROVAL_LOCKING: readonly ApprovalStatusValue[] = [...APPROVAL_IN_PROGRESS, 'APPROVED'];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatusValue, Label> = {
  DRAFT: { vi: 'Nháp', en: 'Draft' },
  PENDING: { vi: 'Chờ phê duyệt', en: 'Pending' },
  SUBMITTED_APPROVAL: { vi: 'Đã gửi phê duyệt', en: 'Submitted' },
  APPROVING: { vi: 'Đang phê duyệt', en: 'Approving' },
  SUBMIT_SUPERIORS: { vi: 'Chuyển cấp trên', en: 'Sent to superiors' },
  RESUBMIT: { vi: 'Gửi lại', en: 'Resubmitted' },
  APPROVED: { vi: 'Đã phê duyệt', en: 'Approved' },
  REFUSE: { vi: 'Từ chối', en: 'Refused' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
};

/** The readonly field a resource declaring `approval` names as its `statusField`: the engine keeps it, lists show and filter it. */
export const approvalStatusField = () =>
  f.enum(
    APPROVAL_STATUS_VALUES,
    { vi: 'Trạng thái phê duyệt', en: 'Approval status' },
    { readonly: true, list: true, filter: true, valueLabels: APPROVAL_STATUS_LABELS },
  );

/**
 * Who approves a level:
 * - USERS: the named users (none named: the submitter picks them at submit, with the approver picker);
 * - ROLE: every user holding the role, company-wide ("whole system");
 * - ROLE_OF_DEPARTMENT: users holding the role whose staff belongs to the record's department ("relevant departments");
 * - POSITION_OF_PROJECT: users whose staff holds the position in the team of the record's project (its `scope.project`
 *   column; the project directory, PROJECT_DIRECTORY) — a record without a project has nobody at that level;
 * - DEPARTMENT_TREE: the head of the record's department, `up` steps up the organization tree ("organization chart
 *   tree"); a unit without a head, or whose head is the submitter, passes to the next one up.
 */
export const APPROVER_SCOPES = ['USERS', 'ROLE', 'ROLE_OF_DEPARTMENT', 'POSITION_OF_PROJECT', 'DEPARTMENT_TREE'] as const;
export type ApproverScope = (typeof APPROVER_SCOPES)[number];
export const APPROVER_SCOPE_LABELS: Record<ApproverScope, Label> = {
  USERS: { vi: 'Người được chỉ định', en: 'Named users' },
  ROLE: { vi: 'Theo vai trò (toàn hệ thống)', en: 'Role (whole system)' },
  ROLE_OF_DEPARTMENT: { vi: 'Vai trò trong phòng ban liên quan', en: 'Role of the department' },
  POSITION_OF_PROJECT: { vi: 'Chức vụ trong dự án', en: 'Position of the project' },
  DEPARTMENT_TREE: { vi: 'Theo cây sơ đồ tổ chức', en: 'Organization chart tree' },
};

/** One level of a flow as configured. */
export interface ApprovalLevelRule {
  level: number;
  scope: ApproverScope;
  /** USERS */
  approver_ids?: string[];
  /** ROLE, ROLE_OF_DEPARTMENT */
  role_id?: string | null;
  /** POSITION_OF_PROJECT */
  position_id?: string | null;
  /** DEPARTMENT_TREE: 0 = the record's department head, 1 = its parent's, … */
  up?: number;
  /**
   * What the level is, as a printed form heads its signature block ("Trưởng phòng Quản lý hợp đồng"); without it the
   * block reads "Approver N". Kept with each request's levels, so a form printed later says what the level was then.
   */
  title?: Label | null;
}

/** Which amounts a flow applies to, against its document type's cost limit (spec §6: "up to or above a maximum approval cost"). */
export const COST_BANDS = ['ALL', 'UP_TO_LIMIT', 'ABOVE_LIMIT'] as const;
export type CostBand = (typeof COST_BANDS)[number];
export const COST_BAND_LABELS: Record<CostBand, Label> = {
  ALL: { vi: 'Mọi giá trị', en: 'Any amount' },
  UP_TO_LIMIT: { vi: 'Đến hạn mức phê duyệt', en: 'Up to the approval cost limit' },
  ABOVE_LIMIT: { vi: 'Trên hạn mức phê duyệt', en: 'Above the approval cost limit' },
};

/** Spec §3: approval cost limits exist for supplier, subcontractor and additional work. */
export const COST_LIMIT_KINDS = ['SUPPLIER', 'SUBCONTRACTOR', 'ADDITIONAL'] as const;
export type CostLimitKind = (typeof COST_LIMIT_KINDS)[number];
export const COST_LIMIT_LABELS: Record<CostLimitKind, Label> = {
  SUPPLIER: { vi: 'Nhà cung cấp', en: 'Supplier' },
  SUBCONTRACTOR: { vi: 'Nhà thầu phụ', en: 'Subcontractor' },
  ADDITIONAL: { vi: 'Phát sinh', en: 'Additional work' },
};

/** Activity-log contexts of the approval settings (they are not declared resources): their names in the log. */
export const APPROVAL_ACTIVITY_CONTEXTS: Record<string, Label> = {
  approval_flow: { vi: 'Quy trình phê duyệt', en: 'Approval flow' },
  approval_cost_limit: { vi: 'Hạn mức phê duyệt', en: 'Approval cost limit' },
  delegation: { vi: 'Ủy quyền phê duyệt', en: 'Approval delegation' },
};

export interface ApprovalFlowDto {
  id: string;
  document_type: string;
  name: string;
  cost_band: CostBand;
  levels: ApprovalLevelRule[];
  state: 'ACTIVE' | 'INACTIVE';
  created_date: string;
  updated_date: string;
}

export interface ApprovalCostLimitDto {
  id: string;
  kind: CostLimitKind;
  max_cost: number;
  updated_date: string;
}

/** Delegations live in the system service (one place for every domain): an approver's deputy for a period. */
export interface DelegationDto {
  id: string;
  approver_id: string;
  deputy_id: string;
  from_date: string;
  to_date: string;
  note: string | null;
  created_date: string;
}

/** The settings routes of a domain whose resources declare `approval`; guarded by the `setting` feature. */
export function approvalSettingsRoutes(domain: Domain): RouteDecl[] {
  const view = { feature: 'setting', action: 'view' } as const;
  const edit = { feature: 'setting', action: 'edit' } as const;
  const p = `/${domain}/approval-flow`;
  return [
    { method: 'GET', path: p, domain, access: view, summary: `Approval flows of the ${domain} domain (f_document_type, f_state)` },
    {
      method: 'POST',
      path: p,
      domain,
      access: { feature: 'setting', action: 'add' },
      summary: 'Create an approval flow: { document_type, name, cost_band, levels }',
    },
    { method: 'PUT', path: `${p}/:id`, domain, access: edit, summary: 'Update an approval flow (running requests keep the levels they started with)' },
    { method: 'DELETE', path: `${p}/:id`, domain, access: { feature: 'setting', action: 'delete' }, summary: 'Deactivate an approval flow' },
    { method: 'GET', path: `/${domain}/approval-cost-limit`, domain, access: view, summary: 'Approval cost limits (supplier, subcontractor, additional work)' },
    { method: 'GET', path: `/${domain}/approval-cost-limit/:id`, domain, access: view, summary: 'One approval cost limit' },
    { method: 'PUT', path: `/${domain}/approval-cost-limit/:id`, domain, access: edit, summary: 'Set an approval cost limit: { max_cost }' },
  ];
}

/** The approver picker (system service); delegations themselves are a declared resource (contracts system/delegation.ts). */
export const approverPickerRoute: RouteDecl = {
  method: 'GET',
  path: '/approval-approvers',
  domain: 'system',
  access: 'signed-in',
  summary: 'Active users an approver may be picked from (q, limit 50): id, full_name, email',
};
export const delegationRoutes: RouteDecl[] = [approverPickerRoute];
