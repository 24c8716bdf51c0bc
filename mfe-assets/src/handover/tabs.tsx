import { LabelOf, type DetailTab } from '@portal/ui-kit';
import { HandoverLines } from './HandoverLines';
import { H } from './texts';

/** A handover's page: its assets, answered there. */
export const handoverTabs: DetailTab[] = [{ key: 'lines', label: <LabelOf l={H.lines} />, children: (row) => <HandoverLines handover={row} /> }];
