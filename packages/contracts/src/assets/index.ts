import type { RouteDecl } from '../kit/routes';
import type { ScheduleMonth } from './depreciation';
import { assetReportRoutes } from './reports';

export * from './resources';
export * from './depreciation';
export * from './reports';

/** The asset routes beyond the generated ones. */
export const assetsApi = {
  depreciation: {
    method: 'GET',
    path: '/asset/:id/depreciation',
    domain: 'assets',
    access: { feature: 'asset', action: 'view' },
    summary: "An asset's depreciation schedule month by month (whole đồng, adding up to its cost) and its book value on ?date (default today)",
  },
  requireFields: {
    method: 'GET',
    path: '/asset-handover/require-fields',
    domain: 'assets',
    access: { feature: 'asset', action: 'view' },
    summary: 'The fields a handover must have before it is sent, for its type and a single or bulk handover: ?type=TO_USER|RETURN&bulk=0|1',
  },
  returnOf: {
    method: 'POST',
    path: '/asset-handover/:id/return',
    domain: 'assets',
    access: { feature: 'asset', action: 'add' },
    summary:
      'The return of a completed handover to a user (the spec\'s "return"): a RETURN draft from its receiver back to its giver, with the assets they still hold',
  },
  summaryEmail: {
    method: 'POST',
    path: '/asset/summary-email',
    domain: 'assets',
    access: { feature: 'asset', action: 'approve' },
    summary:
      "The register's summary of a managing department mailed to its head and to the caller (the spec's summary-email): its assets by status, their price, inspections due and overdue, policies ending, repairs out. Body {department_id}; the asset office of that department",
  },
} satisfies Record<string, RouteDecl>;

/** POST /asset/summary-email: who it went to and what it said. */
export interface SummaryEmailAnswer {
  department_id: string;
  department_name: string | null;
  to: string[];
  total: number;
}

export const assetsRoutes: RouteDecl[] = [assetsApi.depreciation, assetsApi.requireFields, assetsApi.returnOf, assetsApi.summaryEmail, ...assetReportRoutes];

/** GET /asset/:id/depreciation */
export interface DepreciationAnswer {
  /** The day asked about (`YYYY-MM-DD`). */
  date: string;
  /** The book value at the end of that day. */
  book_value: number;
  /** The price plus the capitalised repairs. */
  cost: number;
  /** The last day of the schedule, or null when the asset does not depreciate. */
  end: string | null;
  schedule: ScheduleMonth[];
  /** A liquidated asset: its proceeds against its book value on the liquidation date (`gain` negative for a loss). */
  liquidation?: { date: string; price: number; book_value: number; gain: number };
}
