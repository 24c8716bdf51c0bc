import { assetInsurance, repairAsset, type Label } from '@portal/contracts';
import { ChildList, useLang, type DetailTab } from '@portal/ui-kit';
import { DepreciationTab } from './DepreciationTab';
import { T } from './texts';

function LabelOf({ l }: { l: Label }) {
  const { label } = useLang();
  return <>{label(l)}</>;
}

/** An asset's page: its depreciation, then its repairs and its insurance policies (the resources whose parent it is). */
export const assetTabs: DetailTab[] = [
  { key: 'depreciation', label: <LabelOf l={T.depreciation} />, children: (row) => <DepreciationTab id={row.id} /> },
  ...[repairAsset, assetInsurance].map((c) => ({
    key: c.name,
    label: <LabelOf l={c.label} />,
    children: (row: { id: string }) => <ChildList def={c} parentId={row.id} />,
  })),
];
