import type { RouteObject } from 'react-router';
import { staffLeave } from '@portal/contracts';
import { RequireAbility, resourcePages } from '@portal/ui-kit';
import { LeaveCalendar } from './LeaveCalendar';
import { LeaveSettings } from './LeaveSettings';
import { BalancePreview } from './BalancePreview';
import { LeaveBalanceCard } from './LeaveBalanceCard';

/**
 * Leave pages: requests (their form and page show the balance on the first day, "balance on date" before submitting), the
 * calendar of who is off, and the settings. The path is the resource's own (/staff-leave): approval notifications
 * link to /hr/staff-leave/<id>.
 */
export const leavePages: RouteObject[] = [
  ...resourcePages(staffLeave, {
    formExtra: (form) => <BalancePreview form={form} />,
    summary: (row) => <LeaveBalanceCard staffId={String(row.staff_id)} date={String(row.from_date).slice(0, 10)} days={row.approval_status === 'DRAFT' ? Number(row.days) : undefined} />,
  }),
  { path: 'leave-calendar', element: <RequireAbility I="view" a="leave"><LeaveCalendar /></RequireAbility> },
  { path: 'leave-settings', element: <RequireAbility I="view" a="leave_days"><LeaveSettings /></RequireAbility> },
];
