import { useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams, type RouteObject } from 'react-router';
import { featureFor, pagePath, UUID_RE, type Action, type Feature, type Label, type MenuEntry, type ResourceDef } from '@portal/contracts';
import { useCan } from '../auth/ability';
import { NotAuthorized } from '../layout/States';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { ResourceForm, type FormExtra } from './ResourceForm';
import type { Row } from '../api/hooks';
import { ResourceDetail, type DetailTab } from './ResourceDetail';
import { ResourceCalendar, type CalendarLoader } from '../calendar/ResourceCalendar';
import { StatusButton } from './StatusButton';
import { ChildList, childrenOf } from './ChildList';
import { useLang } from '../i18n';

/** Renders the page only for users whose ability allows it; others get the Not authorized page. */
export function RequireAbility({ I, a, children }: { I: Action; a: Feature; children: ReactNode }) {
  return useCan(I, a) ? children : <NotAuthorized />;
}

type DetailOpts = { tabs?: DetailTab[]; actions?: (row: Row) => ReactNode; summary?: (row: Row) => ReactNode };
/** A label in the user's language, as a node (a tab's label made before the language is known). */
export function LabelOf({ l }: { l: Label }) {
  const { label } = useLang();
  return <>{label(l)}</>;
}
/** Without tabs of its own, a record's page has one per resource whose `parent` it is (a ticket's checklist, a group's items). */
export const childTabs = (def: ResourceDef): DetailTab[] =>
  childrenOf(def).map((c) => ({ key: c.name, label: <LabelOf l={c.label} />, children: (row: Row) => <ChildList def={c} parentId={row.id} /> }));
function DetailPage({ def, basePath, opts }: { def: ResourceDef; basePath: string; opts: DetailOpts }) {
  const { id } = useParams();
  const tabs = useMemo(() => opts.tabs ?? childTabs(def), [def, opts.tabs]);
  return <ResourceDetail def={def} id={id!} basePath={basePath} tabs={tabs} actions={opts.actions} summary={opts.summary} />;
}
/**
 * A new record; its dates and references may come in the address (`?from_date=…`: a day clicked on the calendar;
 * `?room_id=<id>`: the room it is for; `?from=calendar`: opened from a calendar). Anything else in the address is ignored.
 */
function NewPage({ def, extra, basePath }: { def: ResourceDef; extra?: FormExtra; basePath: string }) {
  const [params] = useSearchParams();
  const initial = useMemo(() => {
    const given = Object.entries(def.fields)
      .filter(([n, f]) => !f.readonly && params.get(n) && (f.type === 'date' || f.type === 'datetime' || (f.type === 'ref' && UUID_RE.test(params.get(n)!))))
      .map(([n]) => [n, params.get(n)]);
    return given.length ? Object.fromEntries(given) : undefined;
  }, [def, params]);
  // Once created, the record's own page (a file to attach, a checklist to tick), not the list — unless the form was
  // opened from a calendar (`?from=calendar`), which it goes back to, on the week and view it was on.
  const fromCalendar = params.get('from') === 'calendar';
  return <ResourceForm def={def} extra={extra} initial={initial} recordPath={fromCalendar ? undefined : (id) => `${basePath}/${id}`} />;
}
function EditPage({ def, extra, basePath }: { def: ResourceDef; extra?: FormExtra; basePath: string }) {
  const { id } = useParams();
  // Saved and sent for approval from here: the record's page, where its approval is followed.
  return <ResourceForm def={def} id={id} extra={extra} recordPath={(rid) => `${basePath}/${rid}`} />;
}

/** What a resource's pages show beyond the declaration. */
export interface PageOptions extends DetailOpts {
  /** Shown beside the form's fields (a leave request's balance preview). */
  formExtra?: FormExtra;
  /** The list page: the kit's list (default), a page of the domain's own, or `false` for none. */
  list?: ReactNode | false;
  /**
   * The calendar page (`<path>/calendar`) of a resource declaring `calendar`, with the library's loader
   * (`() => import('@portal/ui-kit/src/calendar/fullcalendar')`) and the resources drawn behind its days; the list links to it.
   */
  calendar?: { library: CalendarLoader; background?: ResourceDef[]; title?: Label };
  /** The kit's list page: what may be done with the rows ticked in it (ResourceListProps.selectionActions). */
  selectionActions?: ResourceListProps['selectionActions'];
  /** The kit's list page: what it offers beside its own buttons (ResourceListProps.listActions). */
  listActions?: ResourceListProps['listActions'];
}

/**
 * The pages of a declared resource, at its page path (`pagePath`: `/<domain><API path>`, so a notification's link to a
 * record opens it): list, new, detail (with tabs) and edit, each behind the ability it needs. Routes are relative to
 * the domain's base path (`/<domain>`), as a remote's routes are.
 */
export function resourcePages(def: ResourceDef, opts: PageOptions = {}): RouteObject[] {
  const g = (I: Action, el: ReactNode) => (
    <RequireAbility I={I} a={featureFor(def, I)}>
      {el}
    </RequireAbility>
  );
  const segment = def.path.replace(/^\//, '');
  const basePath = pagePath(def);
  if (opts.calendar && !def.calendar) throw new Error(`${def.name}: a calendar page needs the declaration's calendar`);
  // A declared workflow's moves are on the record's page unless the domain gives its own actions.
  if (def.workflow && !opts.actions) opts = { ...opts, actions: (row) => <StatusButton def={def} row={row} /> };
  const list =
    opts.list === undefined ? (
      <ResourceList
        def={def}
        basePath={basePath}
        calendarPath={opts.calendar ? `${basePath}/calendar` : undefined}
        selectionActions={opts.selectionActions}
        listActions={opts.listActions}
      />
    ) : (
      opts.list
    );
  return [
    ...(list === false ? [] : [{ path: segment, element: g('view', list) }]),
    ...(opts.calendar ? [{ path: `${segment}/calendar`, element: g('view', <ResourceCalendar def={def} basePath={basePath} {...opts.calendar} />) }] : []),
    ...(def.projection ? [] : [{ path: `${segment}/new`, element: g('add', <NewPage def={def} extra={opts.formExtra} basePath={basePath} />) }]),
    { path: `${segment}/:id`, element: g('view', <DetailPage def={def} basePath={basePath} opts={opts} />) },
    ...(def.projection ? [] : [{ path: `${segment}/:id/edit`, element: g('edit', <EditPage def={def} extra={opts.formExtra} basePath={basePath} />) }]),
  ];
}

/**
 * A remote's routes from its sidebar list (the one `menuOf` reads): its own pages first, then the kit's pages of every
 * declared resource in the list that its own pages do not already serve. An ordinary entity is one line in the list.
 */
export function domainRoutes(items: readonly (ResourceDef | MenuEntry)[], own: RouteObject[]): RouteObject[] {
  const served = new Set(own.map((r) => r.path));
  const plain = items.filter((x): x is ResourceDef => 'fields' in x && !served.has(`${x.path.replace(/^\//, '')}/:id`));
  return [...own, ...plain.flatMap((def) => resourcePages(def))];
}
