import {
  additionalWork,
  categoryChecklist,
  construction,
  implementationCategory,
  implementationProject,
  memo,
  menuOf,
  REVIEW_DEFS,
  reviewGroup,
  reviewItem,
  reviewPoint,
  paymentConfirmation,
  paymentOrder,
  subcontractorBudget,
  supply,
} from '@portal/contracts';

/** The projects' money (reports/CostSummaryPage.tsx): committed, requested, paid and left to pay, by project and subcontractor. */
export const COST_SUMMARY_ENTRY = {
  key: 'cost-summary',
  label: { vi: 'Tổng hợp chi phí dự án', en: 'Project cost summary' },
  path: '/cost-summary',
  feature: 'payment',
  icon: 'chart',
} as const;

/**
 * The Project implementation screens in sidebar order: the projects carried out, their work packages and constructions,
 * the memos and supply requests, the cost reviews of suppliers and subcontractors, then the money — subcontractor budgets, their additional work, payment orders and the
 * cost summary. A project's constructions, work packages and budgets, a package's checklist, a budget's additional work
 * and payments and a payment's confirmations are also tabs of their pages.
 */
const work = [
  implementationProject,
  implementationCategory,
  construction,
  memo,
  supply,
  REVIEW_DEFS.supplier.review,
  REVIEW_DEFS.subcontractor.review,
  subcontractorBudget,
  additionalWork,
  paymentOrder,
  COST_SUMMARY_ENTRY,
] as const;

/** A review's items, quotations and prices: tabs of its page and of its quotations' (reviews/pages.tsx). */
const reviewParts = Object.values(REVIEW_DEFS).flatMap((d) => [d.product, d.quotation, d.line]);

export const screens = [...work, categoryChecklist, paymentConfirmation, ...reviewParts, reviewPoint, reviewGroup, reviewItem] as const;

export const menu = menuOf(work, [reviewGroup, reviewItem]);
