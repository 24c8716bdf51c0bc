import { IMPLEMENTATION_SUMMARY_REPORT, implementationProject, paymentOrder, subcontractorBudget } from '@portal/contracts';
import { defineReport, reportRoutes, type ServiceKit } from '@portal/service-kit';
import type { FastifyInstance } from 'fastify';
import { summary, summaryQuery } from './summary';

/** The implementation's reports, each read in one snapshot in the caller's project scope. */
export function implementationReports(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [
    defineReport({
      report: IMPLEMENTATION_SUMMARY_REPORT,
      counts: [implementationProject, subcontractorBudget, paymentOrder],
      query: summaryQuery,
      run: summary,
    }),
  ]);
}
