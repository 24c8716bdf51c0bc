import { Navigate } from 'react-router';
import { asset, assetHandover, featureFor } from '@portal/contracts';
import { domainRoutes, RequireAbility, resourcePages, StatusButton, type RemoteModule } from '@portal/ui-kit';
import { menu, screens } from './menu';
import { assetTabs } from './asset/tabs';
import { handoverTabs } from './handover/tabs';
import { ReturnButton } from './handover/ReturnButton';
import { reportPages } from './reports';
import { SummaryEmailButton } from './asset/SummaryEmailButton';
import { LabelsButton } from './labels/LabelsButton';
import { LabelsPage } from './labels/LabelsPage';
import { ScanPage } from './labels/ScanPage';
import { LABELS_SEGMENT, SCAN_SEGMENT } from './labels/qr';

/**
 * Assets (routes relative to /assets; each resource's pages at its page path, `/assets<API path>`): the register, whose
 * page shows the asset's depreciation schedule and book value beside its repairs and insurance; handovers, whose page
 * is where the receiver answers each asset (on a phone too); repairs, insurance, inspections, the reports (`reports`),
 * and the settings. Assets ticked in the
 * register print as QR labels (`asset-labels?ids=…`, A4 sheets), whose code opens `scan/<asset code>` on a phone: the
 * handover waiting for its reader's answer, else the asset's page.
 */
const assets: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="asset" replace /> },
    ...domainRoutes(screens, [
      ...resourcePages(asset, { tabs: assetTabs, selectionActions: (rows) => <LabelsButton rows={rows} />, listActions: <SummaryEmailButton /> }),
      {
        path: LABELS_SEGMENT,
        element: (
          <RequireAbility I="view" a={featureFor(asset, 'view')}>
            <LabelsPage />
          </RequireAbility>
        ),
      },
      {
        path: `${SCAN_SEGMENT}/:code`,
        element: (
          <RequireAbility I="view" a={featureFor(asset, 'view')}>
            <ScanPage />
          </RequireAbility>
        ),
      },
      ...reportPages,
      ...resourcePages(assetHandover, {
        tabs: handoverTabs,
        actions: (row) => (
          <>
            <StatusButton def={assetHandover} row={row} />
            <ReturnButton row={row} />
          </>
        ),
      }),
    ]),
  ],
  menu,
};
export default assets;
