import type { FastifyInstance } from 'fastify';
import { ADMIN_REPORT_PATHS, candidate, candidateInterview, HR_REPORT_PATHS, laborContract, recruitment, staff, staffLeave } from '@portal/contracts';
import { defineReport, reportPeriod, reportRoutes, type ServiceKit } from '@portal/service-kit';
import { contractParams, funnelParams, headCountParams, leaveParams } from './params';
import { headCount } from './head-count';
import { contractTypes } from './contracts';
import { leaveTaken } from './leave';
import { recruitmentFunnel } from './funnel';
import { recruitmentEvents } from './interviews';

/**
 * HR reports (contracts hr/report-routes.ts; feature `report`, checked by the gateway): each reads its figures within
 * the caller's data scope of the records it counts, and takes the view right on them (service-kit report.ts).
 */
export function hrReportRoutes(app: FastifyInstance, kit: ServiceKit) {
  reportRoutes(app, kit, [
    defineReport({ path: HR_REPORT_PATHS.headCount, counts: [staff], query: headCountParams, run: headCount }),
    defineReport({ path: HR_REPORT_PATHS.contractTypes, counts: [staff, laborContract], query: contractParams, run: contractTypes }),
    defineReport({ path: HR_REPORT_PATHS.leave, counts: [staffLeave], query: leaveParams, run: leaveTaken }),
    defineReport({ path: HR_REPORT_PATHS.recruitmentFunnel, counts: [recruitment, candidate], query: funnelParams, run: recruitmentFunnel }),
    // The administration's report page's recruitment events: the interviews are here.
    defineReport({ path: ADMIN_REPORT_PATHS.recruitment, counts: [candidateInterview], query: reportPeriod, run: recruitmentEvents }),
  ]);
}
