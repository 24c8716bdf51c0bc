import type { RouteDecl } from '../kit/routes';
import { reportRouteDecls } from '../kit/report';
import type { STAFF_STATUS, CONTRACT_TYPE } from '../common/options';
import type { CANDIDATE_STATUS } from './recruitment';

/**
 * HR reports (feature `report`, action `view`): four figures for the reports page, each read within the caller's
 * staff data scope (a department head sees only the numbers of their departments). Every report takes an optional
 * `organization_id`: a unit or department, meaning it and everything under it. Bad parameters are a 400. Each has its
 * xlsx export beside it (`<path>/export`, kit/report.ts), with the same right.
 */
const report = (path: string, summary: string): RouteDecl[] => reportRouteDecls({ path }, summary, 'hr', { feature: 'report', action: 'view' });

export const HR_REPORT_PATHS = {
  headCount: '/hr-report/head-count',
  contractTypes: '/hr-report/contract-types',
  leave: '/hr-report/leave',
  recruitmentFunnel: '/hr-report/recruitment-funnel',
} as const;

export const hrReportRoutes: RouteDecl[] = [
  report(
    HR_REPORT_PATHS.headCount,
    'Head count by unit, department and status of the staff employed on a date: ?date (YYYY-MM-DD or dd/mm/yyyy, default today)&organization_id',
  ),
  report(HR_REPORT_PATHS.contractTypes, 'Effective labor contracts by type, and those ending in the next 30 and 60 days: ?organization_id'),
  report(HR_REPORT_PATHS.leave, 'Approved leave days (working days) by month and leave type in a year: ?year (default this year)&organization_id'),
  report(
    HR_REPORT_PATHS.recruitmentFunnel,
    'Candidates by funnel stage and status, requested vs hired head count, for a period (candidates applied, requests opened) or one recruitment request: ?from&to (default this year) | ?recruitment_id, &organization_id',
  ),
].flat();

export type StaffStatusKey = (typeof STAFF_STATUS)[number] | 'UNKNOWN';

/** GET /hr-report/head-count */
export interface HeadCountReport {
  /** The day counted (YYYY-MM-DD). */
  date: string;
  total: number;
  byStatus: { status: StaffStatusKey; count: number }[];
  /** The unit of a department is its nearest ancestor (or itself) of type UNIT; `id` null: no unit. */
  byUnit: { id: string | null; name: string | null; count: number }[];
  byDepartment: { id: string | null; name: string | null; unit_id: string | null; count: number }[];
  /** The finest grain: one row per department and status (what the stacked chart draws). */
  rows: {
    unit_id: string | null;
    unit_name: string | null;
    department_id: string | null;
    department_name: string | null;
    status: StaffStatusKey;
    count: number;
  }[];
}

export type ContractTypeKey = (typeof CONTRACT_TYPE)[number];

/** GET /hr-report/contract-types */
export interface ContractTypesReport {
  date: string;
  /** Effective contracts (status Effective, not ended before `date`; annexes not counted). */
  total: number;
  /** Every type 1..4, zero included. */
  byType: { type: ContractTypeKey; count: number }[];
  /** Effective contracts ending in [date, date + 30] and [date, date + 60] (the 60 include the 30). */
  expiring: { within30: number; within60: number };
  /** Still marked Effective although their end date has passed (HR should mark them expired). */
  overdue: number;
  /** The effective contracts ending within 60 days, soonest first (at most 20). */
  expiringSoon: {
    id: string;
    staff_id: string;
    staff_name: string | null;
    department_name: string | null;
    type: ContractTypeKey;
    end_date: string;
    days_left: number;
  }[];
}

/** GET /hr-report/leave */
export interface LeaveReport {
  year: number;
  /** Working days (weekends and holidays not counted) of approved leave falling in the year. */
  totalDays: number;
  /** Approved leave requests with at least one day in the year. */
  requests: number;
  /** 12 entries, January first. */
  byMonth: { month: number; days: number }[];
  byType: { leave_type_id: string | null; name: string | null; days: number }[];
  rows: { month: number; leave_type_id: string | null; name: string | null; days: number }[];
}

export type CandidateStatusKey = (typeof CANDIDATE_STATUS)[number] | 'UNKNOWN';
/** Cumulative stages: each counts the candidates who got at least that far. */
export const FUNNEL_STAGES = ['APPLIED', 'INTERVIEWED', 'PASSED', 'APPROVED', 'HIRED'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** GET /hr-report/recruitment-funnel */
export interface RecruitmentFunnelReport {
  /** The period (null with a recruitment request). */
  from: string | null;
  to: string | null;
  recruitment_id: string | null;
  /** APPLIED every candidate; INTERVIEWED those with an interview or in INTERVIEWING and later; PASSED SUCCESS, APPROVED, HIRED; APPROVED APPROVED, HIRED; HIRED. */
  stages: { stage: FunnelStage; count: number }[];
  /** Every candidate status, zero included (the drop-outs: cancelled, paused, expired). */
  byStatus: { status: CandidateStatusKey; count: number }[];
  /** Head count asked for by the requests (cancelled or refused ones left out) and candidates hired on them. */
  requested: number;
  hired: number;
  /** Per request (at most 20, newest first): asked for vs hired. */
  requests: { id: string; name: string | null; department_name: string | null; quantity: number; hired: number }[];
}
