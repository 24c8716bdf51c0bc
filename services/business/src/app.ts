import './messages';
import { businessResources } from '@portal/contracts';
import { createServiceApp, type DomainAppDeps, type ServiceKit } from '@portal/service-kit';
import { projectHooks } from './project/rules';
import { suggestionHooks } from './suggestion/rules';
import { feasibilityHooks } from './feasibility/rules';
import { matrixHooks } from './matrix/rules';
import { businessReports } from './reports';
import { planHooks } from './plan/rules';
import { evaluationHooks, evaluationLineHooks } from './contractor/evaluation';

export const BUSINESS_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The business service (spec §1 "Business"; README "Decisions": business and contractors in one service): the project
 * register and teams — the portal's project directory, which every service with project-scoped records asks — the
 * pipeline's stages, suggestions, feasibility studies, bids, contracts and the positioning matrix, the business
 * settings; the contractors and partners with their evaluations and standing (README "Decisions": contractors live here).
 */
export async function createBusinessApp(deps: DomainAppDeps) {
  let kit: ServiceKit | null = null;
  const k = () => kit!;
  const matrix = matrixHooks(k);
  return createServiceApp(
    {
      domain: 'business',
      resources: businessResources,
      hooks: {
        project: projectHooks(k),
        projectSuggestion: suggestionHooks(k),
        businessFeasibility: feasibilityHooks(),
        matrixGroup: matrix.group,
        businessMatrix: matrix.matrix,
        businessMatrixScore: matrix.score,
        businessPlan: planHooks(k),
        contractorEvaluation: evaluationHooks(),
        contractorEvaluationLine: evaluationLineHooks(),
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
      businessReports(app, created);
    },
  );
}
