import FindMyWay from 'find-my-way';
import { allRoutes, type RouteDecl } from '@portal/contracts';

/**
 * The gateway's route table: every path it will forward, from the declarations. A path that is not
 * declared is a 404 here and never reaches a service (deny by default).
 */
export function routeTable(routes: RouteDecl[] = allRoutes) {
  const router = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true });
  for (const r of routes) router.on(r.method, `/api/v1${r.path}`, () => undefined, r);
  return (method: string, path: string): RouteDecl | null => {
    const found = router.find(method as 'GET', path);
    return (found?.store as RouteDecl | undefined) ?? null;
  };
}
