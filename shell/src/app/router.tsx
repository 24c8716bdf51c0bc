import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { NotAuthorized, NotFound, useSession } from '@portal/ui-kit/src/frame';
import { MainLayout } from '../layout/MainLayout';
import { MyInformation } from '../layout/MyInformation';
import { DashboardPage } from '../dashboard/DashboardPage';
import { RemoteArea } from '../remotes/RemoteArea';
import type { RemoteInfo } from '../remotes/manifest';

function RequireAuth() {
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

/**
 * A page loaded the first time it is opened: only the signed-in frame and the dashboard are in the first page's JS
 * (bench/README.md "Front-end budgets").
 */
const onDemand = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ Component: await load() }) });

/** Page routes: the signed-out pages, then the signed-in frame with the shell's screens and one area per remote. */
export function createRouter(remotes: RemoteInfo[]) {
  const routes: RouteObject[] = [
    { path: '/login', ...onDemand(async () => (await import('../auth/LoginPage')).LoginPage) },
    { path: '/login/callback', ...onDemand(async () => (await import('../auth/LoginPage')).GoogleCallbackPage) },
    { path: '/forgot-password', ...onDemand(async () => (await import('../auth/PasswordPages')).ForgotPasswordPage) },
    { path: '/reset-password', ...onDemand(async () => (await import('../auth/PasswordPages')).ResetPasswordPage) },
    { path: '/set-new-password', ...onDemand(async () => (await import('../auth/PasswordPages')).ResetPasswordPage) },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <MainLayout />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: 'change-password', ...onDemand(async () => (await import('../auth/ChangePasswordPage')).ChangePasswordPage) },
            { path: 'not-authorized', element: <NotAuthorized /> },
            // "My information": the user's own staff profile (layout/MyInformation.tsx).
            { path: 'me', element: <MyInformation /> },
            { path: 'system/*', ...onDemand(async () => (await import('../system/SystemArea')).SystemArea) },
            // The shell's notification screens (open to every signed-in user: each sees only their own).
            { path: 'notifications', ...onDemand(async () => (await import('../notifications/NotificationsPage')).NotificationsPage) },
            { path: 'approvals', ...onDemand(async () => (await import('../notifications/ApprovalsInbox')).ApprovalsInbox) },
            ...remotes.map((r) => ({ path: `${r.basePath.replace(/^\//, '')}/*`, element: <RemoteArea key={r.name} info={r} /> })),
            // The spec's client-side calendar paths, opening the declared calendars' pages (loaded when visited).
            { path: 'apps/*', ...onDemand(async () => (await import('./SpecPaths')).SpecPath) },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(routes);
}
