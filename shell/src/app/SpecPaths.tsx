import { Navigate, useLocation } from 'react-router';
import { allResources, pagePath } from '@portal/contracts';
import { NotFound } from '@portal/ui-kit';

/**
 * The spec's client-side calendar paths (§2: `/apps/calendar/events`, `/apps/booking_car/events`,
 * `/apps/business-travel/events`, each with `/add-event` and `/update-event`), read from the declarations' `calendar.alias`:
 * `…/events` opens the resource's calendar, `…/add-event` its new form, `…/update-event?id=` the record's edit form —
 * the query string carried along (a day or a location picked).
 */
export function SpecPath() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const def of allResources) {
    const alias = def.calendar?.alias;
    if (!alias || !pathname.startsWith(`${alias}/`)) continue;
    const page = pagePath(def);
    const rest = pathname.slice(alias.length);
    const id = params.get('id');
    params.delete('id');
    const query = params.size ? `?${params.toString()}` : '';
    if (rest === '/events') return <Navigate to={`${page}/calendar${query}`} replace />;
    if (rest === '/add-event') return <Navigate to={`${page}/new${query}`} replace />;
    if (rest === '/update-event') return <Navigate to={id ? `${page}/${encodeURIComponent(id)}/edit` : `${page}/calendar${query}`} replace />;
  }
  return <NotFound />;
}

export default SpecPath;
