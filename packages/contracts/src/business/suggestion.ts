import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { PROJECT_RATING, PROJECT_RATING_LABELS } from './project';

/** Spec §4 "Suggestion: SUGGESTING, APPROVED, REJECTED". */
export const SUGGESTION_STATUS = ['SUGGESTING', 'APPROVED', 'REJECTED'] as const;
export const SUGGESTION_STATUS_LABELS = opt({
  SUGGESTING: { vi: 'Đang đề xuất', en: 'Suggested' },
  APPROVED: { vi: 'Đã duyệt', en: 'Approved' },
  REJECTED: { vi: 'Từ chối', en: 'Rejected' },
});

/**
 * A suggestion to pursue a project (spec §7 `/project-business` "suggest POST, suggest PUT to resubmit, PUT suggest
 * path plus /change-status"; §4 "Business project suggestion: create, resubmit, change-status"; `businessProjectId`):
 * a business officer proposes that the company go after a project of the pipeline, at a rating (mark_1 high potential,
 * mark_2 plan B, mark_3 plan C), and says why; the business management approves or rejects it.
 *
 * - **Moves**: SUGGESTING → APPROVED or REJECTED (`PUT /project-business/suggest/:id/change-status { status, note }`), by
 *   whoever holds the approve right on projects within the project's scope — never its own suggester. A rejection says
 *   why (`decision_note`).
 * - **Resubmit**: its suggester edits a rejected suggestion (`PUT /project-business/suggest/:id`): it is SUGGESTING
 *   again, the last decision's note cleared (services/business suggestion rules).
 * - **Approved**: the project takes the suggested rating, and a lead is tracked from then on (LEAD → TRACKING).
 * - Read and written as its project is (`scope.via`): a VIEW_SPECIFIC_PROJECT caller sees only their projects'.
 */
export const projectSuggestion = defineResource({
  name: 'projectSuggestion',
  domain: 'business',
  path: '/project-business/suggest',
  table: 'project_suggestion',
  feature: 'project',
  icon: 'audit',
  label: { vi: 'Đề xuất dự án', en: 'Project suggestion' },
  titleField: 'code',
  // Spec §9 "status asc then created_date desc": those waiting first (SUGGESTING sorts last by name, so descending).
  defaultOrder: 'status desc, created_date desc',
  parent: 'business_project_id',
  scope: { via: 'business_project_id' },
  workflow: {
    field: 'status',
    moves: { SUGGESTING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
    action: 'approve',
    records: { REJECTED: ['decision_note'] },
    alias: { path: '/project-business/suggest/:id/change-status', method: 'PUT', status: 'status' },
    verbs: { APPROVED: { vi: 'Duyệt đề xuất', en: 'Approve' }, REJECTED: { vi: 'Từ chối', en: 'Reject' } },
  },
  actors: {
    suggester: { creator: true, label: { vi: 'người đề xuất', en: 'its suggester' } },
    approver: {
      right: { action: 'approve', feature: 'project' },
      except: ['suggester'],
      label: { vi: 'người duyệt đề xuất (không phải người đề xuất)', en: 'an approver other than its suggester' },
    },
  },
  acts: {
    edit: { by: ['suggester'], in: ['SUGGESTING', 'REJECTED'] },
    delete: { by: ['suggester'], in: ['SUGGESTING', 'REJECTED'] },
    moves: { '*': { by: ['approver'] } },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'DX{yy}-{n:4}' } }),
    business_project_id: f.ref(
      PROJECT_DIRECTORY.register,
      { vi: 'Dự án', en: 'Project' },
      { required: true, list: true, filter: true, filterAlias: 'businessProjectId' },
    ),
    rating: f.enum(
      PROJECT_RATING,
      { vi: 'Đánh giá đề xuất', en: 'Suggested rating' },
      { required: true, list: true, filter: true, valueLabels: PROJECT_RATING_LABELS },
    ),
    reason: f.longText({ vi: 'Lý do đề xuất', en: 'Why pursue it' }, { required: true, list: true }),
    status: f.enum(
      SUGGESTION_STATUS,
      { vi: 'Trạng thái', en: 'Status' },
      {
        readonly: true,
        default: 'SUGGESTING',
        list: true,
        filter: true,
        sort: true,
        valueLabels: SUGGESTION_STATUS_LABELS,
        valueColors: { SUGGESTING: 'gold', APPROVED: 'green', REJECTED: 'red' },
      },
    ),
    decision_note: f.text({ vi: 'Ý kiến phê duyệt', en: 'Decision note' }, { readonly: true, max: 1000, list: true }),
  },
});
