import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { NotAuthorized, NotFound, useSession } from '@portal/ui-kit';
import { LoginPage, GoogleCallbackPage } from '../auth/LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from '../auth/PasswordPages';
import { ChangePasswordPage } from '../auth/ChangePasswordPage';
import { MainLayout } from '../layout/MainLayout';
import { DashboardPage } from '../dashboard/DashboardPage';
import { systemRoutes } from '../system/routes';
import { notificationRoutes } from '../notifications/routes';
import { RemoteArea } from '../remotes/RemoteArea';
import type { RemoteInfo } from '../remotes/manifest';

function RequireAuth() {
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

/** Page routes: the signed-out pages, then the signed-in frame with the shell's screens and one area per remote. */
export function createRouter(remotes: RemoteInfo[]) {
  const routes: RouteObject[] = [
    { path: '/login', element: <LoginPage /> },
    { path: '/login/callback', element: <GoogleCallbackPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    { path: '/set-new-password', element: <ResetPasswordPage /> },
    {
      element: <RequireAuth />,
      children: [{
        element: <MainLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'change-password', element: <ChangePasswordPage /> },
          { path: 'not-authorized', element: <NotAuthorized /> },
          { path: 'system', children: systemRoutes },
          ...notificationRoutes,
          ...remotes.map((r) => ({ path: `${r.basePath.replace(/^\//, '')}/*`, element: <RemoteArea key={r.name} info={r} /> })),
          // The spec's client-side calendar paths, opening the declared calendars' pages (loaded when visited).
          { path: 'apps/*', lazy: async () => ({ Component: (await import('./SpecPaths')).SpecPath }) },
          { path: '*', element: <NotFound /> },
        ],
      }],
    },
  ];
  return createBrowserRouter(routes);
}
