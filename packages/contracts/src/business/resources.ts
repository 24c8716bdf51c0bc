import { businessSettingItem } from './settings';
import { project, projectTeam } from './project';
import { projectSuggestion } from './suggestion';
import { feasibility } from './feasibility';
import { businessContract, businessLeftRevenue } from './contract';
import { bid, bidChecklist } from './bid';
import { businessMatrix, businessMatrixPlan, businessMatrixScore, matrixGroup, matrixItem } from './matrix';
import { contractor, contractorSettingItem } from './contractor';
import { businessPlan, businessPlanLine } from './plan';
import { contractorEvaluation, contractorEvaluationGroup, contractorEvaluationItem, contractorEvaluationLine } from './evaluation';

export * from './settings';
export * from './project';
export * from './suggestion';
export * from './feasibility';
export * from './contract';
export * from './bid';
export * from './matrix';
export * from './contractor';
export * from './evaluation';
export * from './plan';

/**
 * Business (spec §1 "Business", "Contractors"): its settings, the project register and teams (the portal's project
 * directory), suggestions, feasibility studies, contracts and their revenue by year, bids and their deployment
 * checklists, the positioning matrix (its criteria, each project's scores and plan), the yearly plans and their targets; the contractors with their
 * settings, evaluation groups and items, evaluations and their lines.
 */
export const businessResources = [
  businessSettingItem,
  project,
  projectTeam,
  projectSuggestion,
  feasibility,
  businessContract,
  businessLeftRevenue,
  bid,
  bidChecklist,
  matrixGroup,
  matrixItem,
  businessMatrix,
  businessMatrixScore,
  businessMatrixPlan,
  businessPlan,
  businessPlanLine,
  contractorSettingItem,
  contractor,
  contractorEvaluationGroup,
  contractorEvaluationItem,
  contractorEvaluation,
  contractorEvaluationLine,
];
