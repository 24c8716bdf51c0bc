import type { FastifyInstance } from 'fastify';
import {
  candidate,
  candidateInterview,
  CONTRACT_TYPES_REPORT,
  HEAD_COUNT_REPORT,
  laborContract,
  LEAVE_REPORT,
  recruitment,
  RECRUITMENT_EVENTS_REPORT,
  RECRUITMENT_FUNNEL_REPORT,
  staff,
  staffLeave,
} from '@portal/contracts';
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
    defineReport({ report: HEAD_COUNT_REPORT, counts: [staff], query: headCountParams, run: headCount }),
    defineReport({ report: CONTRACT_TYPES_REPORT, counts: [staff, laborContract], query: contractParams, run: contractTypes }),
    defineReport({ report: LEAVE_REPORT, counts: [staffLeave], query: leaveParams, run: leaveTaken }),
    defineReport({ report: RECRUITMENT_FUNNEL_REPORT, counts: [recruitment, candidate], query: funnelParams, run: recruitmentFunnel }),
    // The administration's report page's recruitment events: the interviews are here.
    defineReport({ report: RECRUITMENT_EVENTS_REPORT, counts: [candidateInterview], query: reportPeriod, run: recruitmentEvents }),
  ]);
}
