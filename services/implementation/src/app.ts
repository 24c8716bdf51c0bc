import './messages';
import { implementationResources } from '@portal/contracts';
import { createServiceApp, type DomainAppDeps, type ServiceKit } from '@portal/service-kit';
import { implementWonProjects } from './project/won';
import { projectHooks } from './project/rules';
import { paymentHooks } from './payment/rules';
import { supplyHooks } from './supply/rules';
import { implementationReports } from './report';
import { reviewHooks } from './review/rules';
import { reviewRoutes } from './review';
import { reviewPointHooks, reviewPointRoutesServed } from './review/points';

export const IMPLEMENTATION_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The implementation service (spec §1 "Project implementation"): the projects carried out — each one of the business
 * domain's register, arriving when won — their constructions, work packages and checklists; the money spent on them; the cost reviews.
 */
export async function createImplementationApp(deps: DomainAppDeps) {
  let kit: ServiceKit | null = null;
  const k = () => kit!;
  return createServiceApp(
    {
      domain: 'implementation',
      resources: implementationResources,
      hooks: {
        implementationProject: projectHooks(),
        paymentOrder: paymentHooks(),
        supply: supplyHooks(),
        ...reviewHooks('supplier', k),
        ...reviewHooks('subcontractor', k),
        reviewPoint: reviewPointHooks(),
      },
      pool: deps.pool,
      bus: deps.bus,
      internalKey: deps.internalKey,
      directoryUrl: deps.directoryUrl,
      serviceUrl: deps.serviceUrl,
      now: deps.now,
    },
    async (app, created) => {
      kit = created;
      implementationReports(app, created);
      reviewRoutes(app, created);
      reviewPointRoutesServed(app, created);
      await implementWonProjects(created);
    },
  );
}
