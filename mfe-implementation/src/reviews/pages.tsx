import { REVIEW_DEFS, type ReviewKind } from '@portal/contracts';
import { childTabs, resourcePages } from '@portal/ui-kit';
import { ComparisonBoard } from './ComparisonBoard';
import { useReviewTexts } from './texts';

function CompareLabel() {
  return <>{useReviewTexts()('compare')}</>;
}

/**
 * A cost review's pages: the kit's, with its items and quotations as tabs (a quotation's prices are tabs of its own
 * page) and the comparison screen as the last tab, where it is awarded.
 */
export const reviewPages = (kind: ReviewKind) => {
  const def = REVIEW_DEFS[kind].review;
  return resourcePages(def, {
    tabs: [...childTabs(def), { key: 'compare', label: <CompareLabel />, children: (row) => <ComparisonBoard kind={kind} def={def} row={row} /> }],
  });
};
