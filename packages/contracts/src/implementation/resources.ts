import { implementationProject } from './project';
import { categoryChecklist, construction, implementationCategory } from './category';
import { additionalWork, subcontractorBudget } from './budget';
import { paymentConfirmation, paymentOrder } from './payment';
import { memo, supply } from './supply';
import { REVIEW_RESOURCES } from './review';
import { reviewGroup, reviewItem, reviewPoint } from './review-points';

export * from './project';
export * from './category';
export * from './budget';
export * from './payment';
export * from './supply';
export * from './review';
export * from './review-points';

/**
 * Project implementation (spec §1 "Project implementation"): the projects carried out (each one of the register's,
 * arriving when won), their constructions, work packages and the packages' checklists; what is spent on them —
 * subcontractor budgets, their additional work, payment orders and the payments' confirmations, supply
 * requests and memos; the cost reviews of suppliers and subcontractors with their quotations.
 */
export const implementationResources = [
  implementationProject,
  construction,
  implementationCategory,
  categoryChecklist,
  subcontractorBudget,
  additionalWork,
  paymentOrder,
  paymentConfirmation,
  supply,
  memo,
  ...REVIEW_RESOURCES,
  reviewGroup,
  reviewItem,
  reviewPoint,
];
