import './messages';
import { implementationResources } from '@portal/contracts';
import { createServiceApp, type DomainAppDeps } from '@portal/service-kit';
import { implementWonProjects } from './project/won';
import { projectHooks } from './project/rules';
import { paymentHooks } from './payment/rules';
import { supplyHooks } from './supply/rules';
import { implementationReports } from './report';

export const IMPLEMENTATION_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The implementation service (spec §1 "Project implementation"): the projects carried out — each one of the business
 * domain's register, arriving when won — their constructions, work packages and checklists.
 */
export async function createImplementationApp(deps: DomainAppDeps) {
  return createServiceApp(
    {
      domain: 'implementation',
      resources: implementationResources,
      hooks: { implementationProject: projectHooks(), paymentOrder: paymentHooks(), supply: supplyHooks() },
      pool: deps.pool,
      bus: deps.bus,
      internalKey: deps.internalKey,
      directoryUrl: deps.directoryUrl,
      serviceUrl: deps.serviceUrl,
      now: deps.now,
    },
    async (app, created) => {
      implementationReports(app, created);
      await implementWonProjects(created);
    },
  );
}
