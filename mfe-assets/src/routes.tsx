import { Navigate } from 'react-router';
import { asset, assetHandover } from '@portal/contracts';
import { domainRoutes, resourcePages, StatusButton, type RemoteModule } from '@portal/ui-kit';
import { menu, screens } from './menu';
import { assetTabs } from './asset/tabs';
import { handoverTabs } from './handover/tabs';
import { ReturnButton } from './handover/ReturnButton';

/**
 * Assets (routes relative to /assets; each resource's pages at its page path, `/assets<API path>`): the register, whose
 * page shows the asset's depreciation schedule and book value beside its repairs and insurance; handovers, whose page
 * is where the receiver answers each asset (on a phone too); repairs, insurance, and the settings.
 */
const assets: RemoteModule = {
  routes: [
    { index: true, element: <Navigate to="asset" replace /> },
    ...domainRoutes(screens, [
      ...resourcePages(asset, { tabs: assetTabs }),
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
