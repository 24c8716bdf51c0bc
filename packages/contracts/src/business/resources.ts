import { businessSettingItem } from './settings';
import { project, projectTeam } from './project';
import { projectSuggestion } from './suggestion';
import { contractor, contractorSettingItem } from './contractor';
import { contractorEvaluation, contractorEvaluationGroup, contractorEvaluationItem, contractorEvaluationLine } from './evaluation';

export * from './settings';
export * from './project';
export * from './suggestion';
export * from './contractor';
export * from './evaluation';

/**
 * Business (spec §1 "Business", "Contractors"): its settings, the project register and teams (the portal's project
 * directory), suggestions; the contractors with their settings, evaluation groups and items, evaluations and their lines.
 */
export const businessResources = [
  businessSettingItem,
  project,
  projectTeam,
  projectSuggestion,
  contractorSettingItem,
  contractor,
  contractorEvaluationGroup,
  contractorEvaluationItem,
  contractorEvaluation,
  contractorEvaluationLine,
];
