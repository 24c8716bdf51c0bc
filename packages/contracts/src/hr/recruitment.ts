import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { GENDER, GENDER_LABELS, opt } from '../common/options';

/** Recruitment request status (changed with POST /recruitment/{id}/status once approved). */
export const RECRUITMENT_STATUS = ['NEW', 'IN_PROGRESS', 'PAUSED', 'DONE', 'CANCELLED'] as const;
export const RECRUITMENT_STATUS_LABELS = opt({
  NEW: { vi: 'Mới', en: 'New' },
  IN_PROGRESS: { vi: 'Đang tuyển', en: 'Recruiting' },
  PAUSED: { vi: 'Tạm dừng', en: 'Paused' },
  DONE: { vi: 'Hoàn thành', en: 'Done' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
});

/** Candidate status (spec §4). */
export const CANDIDATE_STATUS = [
  'PENDING',
  'INTERVIEWING',
  'SUCCESS',
  'APPROVED',
  'HIRED',
  'COMPANY_CANCELLED',
  'CANDIDATE_CANCELLED',
  'PAUSED',
  'EXPIRED',
  'CANCELLED',
] as const;
export const CANDIDATE_STATUS_LABELS = opt({
  PENDING: { vi: 'Chờ xử lý', en: 'Pending' },
  INTERVIEWING: { vi: 'Đang phỏng vấn', en: 'Interviewing' },
  SUCCESS: { vi: 'Đạt phỏng vấn', en: 'Passed' },
  APPROVED: { vi: 'Đã duyệt tuyển', en: 'Approved' },
  HIRED: { vi: 'Đã nhận việc', en: 'Hired' },
  COMPANY_CANCELLED: { vi: 'Công ty từ chối', en: 'Rejected by the company' },
  CANDIDATE_CANCELLED: { vi: 'Ứng viên từ chối', en: 'Declined by the candidate' },
  PAUSED: { vi: 'Tạm dừng', en: 'Paused' },
  EXPIRED: { vi: 'Hết hạn', en: 'Expired' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
});

/** Interview kind (spec §4 "HR and hiring-manager interview") and result. */
export const INTERVIEW_KIND = ['HR', 'MANAGER'] as const;
export const INTERVIEW_KIND_LABELS = opt({
  HR: { vi: 'Phỏng vấn nhân sự', en: 'HR interview' },
  MANAGER: { vi: 'Phỏng vấn quản lý', en: 'Hiring-manager interview' },
});
export const INTERVIEW_RESULT = ['PENDING', 'PASSED', 'FAILED'] as const;
export const INTERVIEW_RESULT_LABELS = opt({
  PENDING: { vi: 'Chờ kết quả', en: 'Pending' },
  PASSED: { vi: 'Đạt', en: 'Passed' },
  FAILED: { vi: 'Không đạt', en: 'Failed' },
});

/**
 * The recruitment workflow, shared by the HR service (which enforces it) and the screens (which offer only the
 * allowed moves). The service's header (services/hr/src/recruitment/index.ts) explains the rules.
 */
export type RecruitmentStatus = (typeof RECRUITMENT_STATUS)[number];
export type CandidateStatus = (typeof CANDIDATE_STATUS)[number];

/** POST /recruitment/:id/status: which status may follow which (once the request is approved). */
export const RECRUITMENT_TRANSITIONS: Record<RecruitmentStatus, readonly RecruitmentStatus[]> = {
  NEW: ['IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['PAUSED', 'DONE', 'CANCELLED'],
  PAUSED: ['IN_PROGRESS', 'DONE', 'CANCELLED'],
  DONE: [],
  CANCELLED: [],
};

/**
 * POST /candidate/:id/status: the moves a user makes. The others are the workflow's own: APPROVED when the candidate's
 * approval is approved (back to SUCCESS if that approval is cancelled), INTERVIEWING when the first interview of a
 * PENDING candidate is scheduled, CANCELLED when the recruitment request is cancelled.
 */
export const CANDIDATE_TRANSITIONS: Record<CandidateStatus, readonly CandidateStatus[]> = {
  PENDING: ['INTERVIEWING', 'COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'PAUSED', 'EXPIRED'],
  INTERVIEWING: ['SUCCESS', 'COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'PAUSED', 'EXPIRED'],
  SUCCESS: ['INTERVIEWING', 'COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'PAUSED', 'EXPIRED'],
  APPROVED: ['HIRED', 'COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'EXPIRED'],
  PAUSED: ['PENDING', 'INTERVIEWING', 'SUCCESS', 'COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'EXPIRED'],
  HIRED: [],
  COMPANY_CANCELLED: [],
  CANDIDATE_CANCELLED: [],
  EXPIRED: [],
  CANCELLED: [],
};

/**
 * Recruitment requests (spec §7 /recruitment with approve, cancel, change-status): a department asks for people; the
 * request goes through the approval engine (document type `recruitment`), then its status follows the hiring.
 */
export const recruitment = defineResource({
  name: 'recruitment',
  domain: 'hr',
  path: '/recruitment',
  table: 'recruitment',
  feature: 'recruitment',
  icon: 'solution',
  label: { vi: 'Yêu cầu tuyển dụng', en: 'Recruitment request' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  importKey: 'code',
  scope: { staffDepartment: 'department_id' },
  approval: { documentType: 'recruitment' },
  workflow: { field: 'status', moves: RECRUITMENT_TRANSITIONS },
  fields: {
    code: f.code(L.code),
    name: f.text({ vi: 'Tiêu đề', en: 'Title' }, { required: true, max: 255, list: true, search: true, sort: true }),
    department_id: f.ref('organization', L.department, { required: true, list: true, filter: true }),
    position_id: f.ref('position', L.position, { required: true, list: true, filter: true }),
    quantity: f.int({ vi: 'Số lượng cần tuyển', en: 'Head count' }, { required: true, min: 1, max: 1000, list: true }),
    deadline: f.date({ vi: 'Hạn tuyển', en: 'Deadline' }, { list: true, sort: true }),
    salary_from: f.money({ vi: 'Lương từ', en: 'Salary from' }, { min: 0 }),
    salary_to: f.money({ vi: 'Lương đến', en: 'Salary to' }, { min: 0 }),
    reason: f.longText({ vi: 'Lý do tuyển dụng', en: 'Reason' }, { required: true, max: 2000 }),
    requirements: f.longText({ vi: 'Yêu cầu công việc', en: 'Requirements' }),
    status: f.enum(
      RECRUITMENT_STATUS,
      { vi: 'Tình trạng', en: 'Status' },
      { readonly: true, list: true, filter: true, valueLabels: RECRUITMENT_STATUS_LABELS, default: 'NEW' },
    ),
    hired_count: f.int({ vi: 'Đã tuyển', en: 'Hired' }, { readonly: true, list: true, default: 0 }),
  },
});

/**
 * Candidates (spec §4 statuses; §7 /candidate with status, bulk-create, approve, cancel, export-word, create-series and
 * old candidates). A candidate applies to a recruitment request and takes its department (for the data scope). The
 * offer goes through the approval engine (document type `candidate`); hiring creates the staff record.
 */
export const candidate = defineResource({
  name: 'candidate',
  domain: 'hr',
  path: '/candidate',
  table: 'candidate',
  feature: 'recruitment',
  icon: 'contacts',
  label: { vi: 'Ứng viên', en: 'Candidate' },
  titleField: 'full_name',
  findable: true,
  defaultOrder: 'created_date desc',
  importKey: 'email',
  word: true,
  scope: { staffDepartment: 'department_id' },
  approval: { documentType: 'candidate' },
  workflow: { field: 'status', moves: CANDIDATE_TRANSITIONS },
  // Bulk create from the request's page (rows typed or pasted from Excel); bulk delete and status moves from the list.
  bulk: { create: true, delete: true, status: true },
  fields: {
    code: f.text(L.code, { readonly: true, list: true, search: true, max: 50, generate: { pattern: 'UV{n:6}' } }),
    full_name: f.text({ vi: 'Họ và tên', en: 'Full name' }, { required: true, max: 255, list: true, search: true, sort: true }),
    email: f.email({ vi: 'Email', en: 'Email' }, { required: true, unique: true, list: true, search: true }),
    phone: f.phone({ vi: 'Số điện thoại', en: 'Phone' }, { list: true, search: true }),
    birthday: f.date({ vi: 'Ngày sinh', en: 'Birthday' }),
    gender: f.enum(GENDER, { vi: 'Giới tính', en: 'Gender' }, { filter: true, valueLabels: GENDER_LABELS }),
    recruitment_id: f.ref('recruitment', { vi: 'Yêu cầu tuyển dụng', en: 'Recruitment request' }, { required: true, list: true, filter: true }),
    department_id: f.ref('organization', L.department, {
      readonly: true,
      list: true,
      filter: true,
      copyFrom: { ref: 'recruitment_id', field: 'department_id' },
    }),
    position_id: f.ref('position', L.position, { readonly: true, filter: true, copyFrom: { ref: 'recruitment_id', field: 'position_id' } }),
    source: f.text({ vi: 'Nguồn ứng viên', en: 'Source' }, { max: 255, filter: true }),
    experience_years: f.number({ vi: 'Số năm kinh nghiệm', en: 'Years of experience' }, { min: 0, max: 60 }),
    expected_salary: f.money({ vi: 'Mức lương mong muốn', en: 'Expected salary' }, { min: 0 }),
    status: f.enum(
      CANDIDATE_STATUS,
      { vi: 'Tình trạng', en: 'Status' },
      { readonly: true, list: true, filter: true, sort: true, valueLabels: CANDIDATE_STATUS_LABELS, default: 'PENDING' },
    ),
    staff_id: f.ref('staff', { vi: 'Hồ sơ nhân viên', en: 'Staff record' }, { readonly: true }),
    note: f.longText(L.note),
  },
});

/** Interviews of a candidate (spec §4 INTERVIEWING: the HR and the hiring-manager interview). */
export const candidateInterview = defineResource({
  name: 'candidateInterview',
  domain: 'hr',
  path: '/candidate-interview',
  table: 'candidate_interview',
  feature: 'recruitment',
  label: { vi: 'Lịch phỏng vấn', en: 'Interview' },
  titleField: 'location',
  defaultOrder: 'scheduled_at asc',
  importKey: ['candidate_id', 'kind', 'scheduled_at'],
  scope: { via: 'candidate_id' },
  parent: 'candidate_id',
  fields: {
    candidate_id: f.ref('candidate', { vi: 'Ứng viên', en: 'Candidate' }, { required: true, list: true, filter: true }),
    kind: f.enum(INTERVIEW_KIND, { vi: 'Vòng phỏng vấn', en: 'Round' }, { required: true, list: true, filter: true, valueLabels: INTERVIEW_KIND_LABELS }),
    scheduled_at: f.datetime({ vi: 'Thời gian', en: 'Time' }, { required: true, list: true, sort: true }),
    location: f.text({ vi: 'Địa điểm', en: 'Location' }, { max: 255, list: true }),
    interviewer_id: f.ref('staff', { vi: 'Người phỏng vấn', en: 'Interviewer' }, { list: true, filter: true }),
    result: f.enum(INTERVIEW_RESULT, { vi: 'Kết quả', en: 'Result' }, { list: true, filter: true, valueLabels: INTERVIEW_RESULT_LABELS }),
    score: f.number({ vi: 'Điểm (0–100)', en: 'Score (0–100)' }, { min: 0, max: 100, list: true }),
    feedback: f.longText({ vi: 'Nhận xét', en: 'Feedback' }),
  },
});
