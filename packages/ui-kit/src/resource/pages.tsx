import type { ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { pagePath, type Action, type Feature, type ResourceDef } from '@portal/contracts';
import { useCan } from '../auth/ability';
import { NotAuthorized } from '../layout/States';
import { ResourceList } from './ResourceList';
import { ResourceForm, type FormExtra } from './ResourceForm';
import type { Row } from '../api/hooks';
import { ResourceDetail, type DetailTab } from './ResourceDetail';

/** Renders the page only for users whose ability allows it; others get the Not authorized page. */
export function RequireAbility({ I, a, children }: { I: Action; a: Feature; children: ReactNode }) {
  return useCan(I, a) ? <>{children}</> : <NotAuthorized />;
}

type DetailOpts = { tabs?: DetailTab[]; actions?: (row: Row) => ReactNode; summary?: (row: Row) => ReactNode };
function DetailPage({ def, basePath, opts }: { def: ResourceDef; basePath: string; opts: DetailOpts }) {
  const { id } = useParams();
  return <ResourceDetail def={def} id={id!} basePath={basePath} tabs={opts.tabs} actions={opts.actions} summary={opts.summary} />;
}
function EditPage({ def, extra }: { def: ResourceDef; extra?: FormExtra }) {
  const { id } = useParams();
  return <ResourceForm def={def} id={id} extra={extra} />;
}

/** What a resource's pages show beyond the declaration. */
export interface PageOptions extends DetailOpts {
  /** Shown beside the form's fields (a leave request's balance preview). */
  formExtra?: FormExtra;
  /** The list page: the kit's list (default), a page of the domain's own, or `false` for none. */
  list?: ReactNode | false;
}

/**
 * The pages of a declared resource, at its page path (`pagePath`: `/<domain><API path>`, so a notification's link to a
 * record opens it): list, new, detail (with tabs) and edit, each behind the ability it needs. Routes are relative to
 * the domain's base path (`/<domain>`), as a remote's routes are.
 */
export function resourcePages(def: ResourceDef, opts: PageOptions = {}): RouteObject[] {
  const g = (I: Action, el: ReactNode) => <RequireAbility I={I} a={def.feature}>{el}</RequireAbility>;
  const segment = def.path.replace(/^\//, '');
  const basePath = pagePath(def);
  const list = opts.list === undefined ? <ResourceList def={def} basePath={basePath} /> : opts.list;
  return [
    ...(list === false ? [] : [{ path: segment, element: g('view', <>{list}</>) }]),
    { path: `${segment}/new`, element: g('add', <ResourceForm def={def} extra={opts.formExtra} />) },
    { path: `${segment}/:id`, element: g('view', <DetailPage def={def} basePath={basePath} opts={opts} />) },
    { path: `${segment}/:id/edit`, element: g('edit', <EditPage def={def} extra={opts.formExtra} />) },
  ];
}
