import type { ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';
import type { Action, Feature, ResourceDef } from '@portal/contracts';
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

/**
 * The four pages of a declared resource under `segment` (relative to the remote's base path):
 * list, new, detail (with tabs) and edit — each behind the ability it needs.
 */
export function resourcePages(def: ResourceDef, segment: string, basePath: string, opts: DetailOpts & { formExtra?: FormExtra } = {}): RouteObject[] {
  const g = (I: Action, el: ReactNode) => <RequireAbility I={I} a={def.feature}>{el}</RequireAbility>;
  return [
    { path: segment, element: g('view', <ResourceList def={def} basePath={basePath} />) },
    { path: `${segment}/new`, element: g('add', <ResourceForm def={def} extra={opts.formExtra} />) },
    { path: `${segment}/:id`, element: g('view', <DetailPage def={def} basePath={basePath} opts={opts} />) },
    { path: `${segment}/:id/edit`, element: g('edit', <EditPage def={def} extra={opts.formExtra} />) },
  ];
}
