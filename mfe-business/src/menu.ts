import {
  bid,
  bidChecklist,
  businessMatrix,
  businessMatrixPlan,
  businessMatrixScore,
  businessContract,
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
 * the matrix screen and the projects' positionings, the feasibility studies, the bids, the contracts, the reports, the
 * contractors and their evaluations; then the settings (the business option lists, the matrix criteria, the contractor
 * option lists, the evaluation groups and criteria, kept with the `setting` right). A project's team, suggestions, positioning, studies,
 * bids and contracts, a positioning's scores and plan, a bid's checklist, a contract's revenue by year, a contractor's
 * evaluations and an evaluation's scored items are also tabs of their pages.
 */
/** The business reports (contracts business/reports.ts): the performance report, the win rate by segment. */
export const BUSINESS_REPORTS_ENTRY = {
  key: 'reports',
  label: { vi: 'Báo cáo kinh doanh', en: 'Business reports' },
  path: '/reports',
  feature: 'report',
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
  BUSINESS_REPORTS_ENTRY,
  contractor,
  contractorEvaluation,
] as const;
const settings = [businessSettingItem, matrixGroup, matrixItem, contractorSettingItem, contractorEvaluationGroup, contractorEvaluationItem] as const;

export const screens = [
  ...work,
  projectTeam,
  businessMatrixScore,
  businessMatrixPlan,
  bidChecklist,
  businessLeftRevenue,
  contractorEvaluationLine,
  ...settings,
] as const;

export const menu = menuOf(work, settings);
