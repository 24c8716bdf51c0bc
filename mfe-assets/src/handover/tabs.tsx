import type { Label } from '@portal/contracts';
import { useLang, type DetailTab } from '@portal/ui-kit';
import { HandoverLines } from './HandoverLines';
import { H } from './texts';

function LabelOf({ l }: { l: Label }) {
  const { label } = useLang();
  return <>{label(l)}</>;
}

/** A handover's page: its assets, answered there. */
export const handoverTabs: DetailTab[] = [{ key: 'lines', label: <LabelOf l={H.lines} />, children: (row) => <HandoverLines handover={row} /> }];
