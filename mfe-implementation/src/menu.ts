import {
  additionalWork,
  categoryChecklist,
  construction,
  implementationCategory,
  implementationProject,
  menuOf,
  paymentConfirmation,
  paymentOrder,
  subcontractorBudget,
} from '@portal/contracts';

/**
 * The Project implementation screens in sidebar order: the projects carried out, their work packages and constructions,
 * then the money — subcontractor budgets, their additional work and payment orders. A project's constructions, work
 * packages and budgets, a package's checklist, a budget's additional work and payments and a payment's confirmations
 * are also tabs of their pages.
 */
const work = [implementationProject, implementationCategory, construction, subcontractorBudget, additionalWork, paymentOrder] as const;

export const screens = [...work, categoryChecklist, paymentConfirmation] as const;

export const menu = menuOf(work, []);
