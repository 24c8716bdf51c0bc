import {
  businessSettingItem,
  contractor,
  contractorEvaluation,
  contractorEvaluationGroup,
  contractorEvaluationItem,
  contractorEvaluationLine,
  contractorSettingItem,
  menuOf,
  project,
  projectSuggestion,
  projectTeam,
} from '@portal/contracts';

/**
 * The Business screens in sidebar order: the pipeline (the project register), the suggestions waiting for a decision,
 * the contractors and their evaluations; then the settings (the business and contractor option lists, the evaluation
 * groups and criteria, kept with the `setting` right). A project's team and suggestions, a contractor's evaluations and
 * an evaluation's scored items are also tabs of their pages.
 */
const work = [project, projectSuggestion, contractor, contractorEvaluation] as const;
const settings = [businessSettingItem, contractorSettingItem, contractorEvaluationGroup, contractorEvaluationItem] as const;

export const screens = [...work, projectTeam, contractorEvaluationLine, ...settings] as const;

export const menu = menuOf(work, settings);
