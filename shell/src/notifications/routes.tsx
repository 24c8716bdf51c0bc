import type { RouteObject } from 'react-router';
import { NotificationsPage } from './NotificationsPage';
import { ApprovalsInbox } from './ApprovalsInbox';

/** The shell's notification screens (open to every signed-in user: each sees only their own). */
export const notificationRoutes: RouteObject[] = [
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'approvals', element: <ApprovalsInbox /> },
];
