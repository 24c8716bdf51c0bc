import {
  bid,
  bidChecklist,
  businessMatrix,
  businessMatrixPlan,
  businessMatrixScore,
  businessContract,
  businessPlan,
  businessPlanLine,
  businessLeftRevenue,
  businessSettingItem,
  contractor,
  contractorEvaluation,
  contractorEvaluationGroup,
  contractorEvaluationItem,
  contractorEvaluationLine,
  contractorSettingItem,
  feasibility,
  matrixGroup,
  matrixItem,
  menuOf,
  project,
  projectSuggestion,
  projectTeam,
} from '@portal/contracts';

/** The positioning matrix screen (matrix/MatrixBoard.tsx): every project in its cell, with each cell's advice. */
export const MATRIX_BOARD = {
  key: 'matrix-board',
  label: { vi: 'Ma trận định vị', en: 'Positioning matrix' },
  path: '/matrix-board',
  feature: 'project',
  icon: 'chart',
} as const;

/**
 * The Business screens in sidebar order: the pipeline (the project register), the suggestions waiting for a decision,
 * the matrix screen and the projects' positionings, the feasibility studies, the bids, the contracts, the yearly plans, the reports, the
 * contractors and their evaluations; then the settings (the business option lists, the matrix criteria, the contractor
 * option lists, the evaluation groups and criteria, kept with the `setting` right). A project's team, suggestions, positioning, studies,
 * bids and contracts, a positioning's scores and plan, a bid's checklist,  a contract's revenue by year, a plan's targets, a contractor's
 * evaluations and an evaluation's scored items are also tabs of their pages.
 */
/** The business reports (contracts business/reports.ts): performance, the plan's report and its chart detail, the market. */
export const BUSINESS_REPORTS_ENTRY = {
  key: 'reports',
  label: { vi: 'Báo cáo kinh doanh', en: 'Business reports' },
  path: '/reports',
  feature: 'report',
  icon: 'chart',
} as const;

/** The contractor report (contracts business/reports.ts): the partners' standing, by grade and kind, and the list. */
export const CONTRACTOR_REPORT_ENTRY = {
  key: 'contractor-report',
  label: { vi: 'Báo cáo nhà thầu', en: 'Contractor report' },
  path: '/contractor-report',
  feature: 'subcontractor',
  icon: 'chart',
} as const;

const work = [
  project,
  projectSuggestion,
  MATRIX_BOARD,
  businessMatrix,
  feasibility,
  bid,
  businessContract,
  businessPlan,
  BUSINESS_REPORTS_ENTRY,
  contractor,
  contractorEvaluation,
  CONTRACTOR_REPORT_ENTRY,
] as const;
const settings = [businessSettingItem, matrixGroup, matrixItem, contractorSettingItem, contractorEvaluationGroup, contractorEvaluationItem] as const;

export const screens = [
  ...work,
  projectTeam,
  businessMatrixScore,
  businessMatrixPlan,
  bidChecklist,
  businessLeftRevenue,
  businessPlanLine,
  contractorEvaluationLine,
  ...settings,
] as const;

export const menu = menuOf(work, settings);
