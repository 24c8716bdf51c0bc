import './messages';
import { assetsResources } from '@portal/contracts';
import { createServiceApp, runEvery, type DomainAppDeps, type ServiceKit } from '@portal/service-kit';
import { assetHooks } from './asset/rules';
import { depreciationRoutes, markDepreciated } from './asset/depreciation';
import { repairHooks } from './repair/rules';
import { insuranceHooks } from './asset/insurance';
import { handoverRules } from './handover/rules';
import { handoverRoutes } from './handover/routes';
import { inspectionHooks, policyHooks } from './inspection/rules';
import { dailyInspectionDue } from './inspection/due';
import { assetReports } from './reports';
import { dailyDigest } from './alerts/digest';
import { summaryEmailRoute } from './alerts/summary-email';

export const ASSETS_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The assets service (spec §1 "Assets"): the register with its settings, depreciation, handovers, repairs, insurance
 * and inspections.
 * `dailyEveryMs`: how often the daily work is looked at (ASSET_DAILY_EVERY_MS; ten minutes) — it marks the assets whose
 * depreciation has ended (DISCOUNT) and moves the inspection states with the date (inspection/due.ts), and from 07:00 sends the day's alert digests
 * (alerts/digest.ts), idempotently, so running it more often, twice, or on several instances at once
 * changes each asset once.
 */
export async function createAssetsApp(deps: DomainAppDeps & { dailyEveryMs?: number }) {
  let kit: ServiceKit | null = null;
  const k = () => kit!;
  const handover = handoverRules(k);
  return createServiceApp(
    {
      domain: 'assets',
      resources: assetsResources,
      hooks: {
        asset: assetHooks(k),
        assetHandover: handover.handover,
        assetHandoverLine: handover.line,
        repairAsset: repairHooks(k),
        assetInsurance: insuranceHooks(k),
        assetInspection: inspectionHooks(k),
        ...policyHooks(k),
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
      depreciationRoutes(app, created);
      handoverRoutes(app, created);
      assetReports(app, created);
      summaryEmailRoute(app, created);
      const inspected = { day: '' };
      const digested = { day: '' };
      runEvery(app, deps.dailyEveryMs ?? 10 * 60_000, 'asset daily work', async () => {
        await markDepreciated(created);
        await dailyInspectionDue(created, inspected);
        await dailyDigest(created, digested);
      });
    },
  );
}
