import { REVIEW_DEFS, REVIEW_POINT_SUMMARY, type ReviewKind } from '@portal/contracts';
import { childTabs, DeclaredReportCard, resourcePages, useChartLibrary } from '@portal/ui-kit';
import { EvaluationForm } from './EvaluationForm';
import { ComparisonBoard } from './ComparisonBoard';
import { useReviewTexts } from './texts';

function Label({ k }: { k: 'compare' | 'score' | 'points' }) {
  return <>{useReviewTexts()(k)}</>;
}

const loadCharts = () => import('@portal/ui-kit/src/report/charts');
/** A subcontractor review's points: each quotation's evaluators and average, each item's average (contracts review-points.ts). */
function PointsSummary({ reviewId }: { reviewId: string }) {
  const charts = useChartLibrary(loadCharts);
  return <DeclaredReportCard report={REVIEW_POINT_SUMMARY} queryKey="review-points" charts={charts} query={{ f_review_id: reviewId }} />;
}

/**
 * A cost review's pages: the kit's, with its items and quotations as tabs (a quotation's prices are tabs of its own
 * page) and the comparison screen, where it is awarded; a subcontractor review's also its points' summary, and its
 * quotations' pages the caller's own scoring.
 */
export const reviewPages = (kind: ReviewKind) => {
  const { review: def, quotation } = REVIEW_DEFS[kind];
  const scored = kind === 'subcontractor';
  return [
    ...resourcePages(def, {
      tabs: [
        ...childTabs(def),
        { key: 'compare', label: <Label k="compare" />, children: (row) => <ComparisonBoard kind={kind} def={def} row={row} /> },
        ...(scored ? [{ key: 'points', label: <Label k="points" />, children: (row: { id: string }) => <PointsSummary reviewId={row.id} /> }] : []),
      ],
    }),
    // A subcontractor's quotation: the caller's own scoring beside its prices and every evaluator's points.
    ...(scored
      ? resourcePages(quotation, {
          tabs: [...childTabs(quotation), { key: 'score', label: <Label k="score" />, children: (row) => <EvaluationForm quotation={row} /> }],
        })
      : []),
  ];
};
