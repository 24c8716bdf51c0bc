import type { RouteObject } from 'react-router';
import { holiday, staffLeave } from '@portal/contracts';
import { RequireAbility, resourcePages, type CalendarLoader } from '@portal/ui-kit';
import { LeaveSettings } from './LeaveSettings';
import { BalancePreview } from './BalancePreview';
import { LeaveBalanceCard } from './LeaveBalanceCard';
import { LEAVE_CALENDAR } from '../menu';

/**
 * Leave pages: requests (their form and page show the balance on the first day, "balance on date" before submitting), the
 * calendar of who is off (the kit's calendar of the requests, the holidays behind the days), and the settings. The path is the resource's own (/staff-leave): approval notifications
 * link to /hr/staff-leave/<id>.
 */
const loadCalendar: CalendarLoader = () => import('@portal/ui-kit/src/calendar/fullcalendar');

export const leavePages: RouteObject[] = [
  ...resourcePages(staffLeave, {
    formExtra: (form) => <BalancePreview form={form} />,
    calendar: { library: loadCalendar, background: [holiday], title: LEAVE_CALENDAR },
    summary: (row) => (
      <LeaveBalanceCard
        staffId={String(row.staff_id)}
        date={String(row.from_date).slice(0, 10)}
        days={row.approval_status === 'DRAFT' ? Number(row.days) : undefined}
      />
    ),
  }),
  {
    path: 'leave-settings',
    element: (
      <RequireAbility I="view" a="leave_days">
        <LeaveSettings />
      </RequireAbility>
    ),
  },
];
