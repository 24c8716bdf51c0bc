import { LabelOf, type DetailTab } from '@portal/ui-kit';
import { HandoverLines } from './HandoverLines';
import { H } from './texts';

/** A handover's page: its assets, answered there — opened on them for its receiver while the handover waits for them (from its notification, a scanned label, the list). */
export const handoverTabs: DetailTab[] = [
  {
    key: 'lines',
    label: <LabelOf l={H.lines} />,
    children: (row) => <HandoverLines handover={row} />,
    opens: (row, staffId) => row.status === 'HAND_OVER' && Boolean(staffId) && row.receiver_id === staffId,
  },
];
