import { asset } from '@portal/contracts';
import { childTabs, LabelOf, type DetailTab } from '@portal/ui-kit';
import { DepreciationTab } from './DepreciationTab';
import { T } from './texts';

/** An asset's page: its depreciation, then the kit's tab of each resource whose parent it is (its repairs, its insurance). */
export const assetTabs: DetailTab[] = [
  { key: 'depreciation', label: <LabelOf l={T.depreciation} />, children: (row) => <DepreciationTab id={row.id} /> },
  ...childTabs(asset),
];
