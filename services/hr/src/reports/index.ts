import type { FastifyInstance } from 'fastify';
import { ADMIN_REPORT_PATHS, candidateInterview, HR_REPORT_PATHS } from '@portal/contracts';
import { ok, reportPeriod, requireCaller, requireViewOf, type ServiceKit } from '@portal/service-kit';
import { contractParams, funnelParams, headCountParams, leaveParams } from './params';
import { headCount } from './head-count';
import { contractTypes } from './contracts';
import { leaveTaken } from './leave';
import { recruitmentFunnel } from './funnel';
import { recruitmentEvents } from './interviews';

/**
 * HR reports (contracts hr/report-routes.ts; feature `report`, checked by the gateway and again by the kit). Each
 * figure is read within the caller's staff data scope.
 */
export function hrReportRoutes(app: FastifyInstance, kit: ServiceKit) {
  const api = (path: string) => `/api/v1${path}`;
  app.get(api(HR_REPORT_PATHS.headCount), async (req) => ok(await headCount(kit, requireCaller(req), headCountParams(req.query, kit.today()))));
  app.get(api(HR_REPORT_PATHS.contractTypes), async (req) => ok(await contractTypes(kit, requireCaller(req), contractParams(req.query, kit.today()))));
  app.get(api(HR_REPORT_PATHS.leave), async (req) => ok(await leaveTaken(kit, requireCaller(req), leaveParams(req.query, kit.today()))));
  app.get(api(HR_REPORT_PATHS.recruitmentFunnel), async (req) => ok(await recruitmentFunnel(kit, requireCaller(req), funnelParams(req.query, kit.today()))));
  // The administration's report page's recruitment events: the interviews are here.
  app.get(api(ADMIN_REPORT_PATHS.recruitment), async (req) =>
    ok(await recruitmentEvents(kit, requireViewOf(requireCaller(req), candidateInterview), reportPeriod(req.query))),
  );
}
