import type { ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';
import type { Action, Feature, ResourceDef } from '@portal/contracts';
import { useCan } from '../auth/ability';
import { NotAuthorized } from '../layout/States';
import { ResourceList } from './ResourceList';
import { ResourceForm } from './ResourceForm';
import { ResourceDetail, type DetailTab } from './ResourceDetail';

/** Renders the page only for users whose ability allows it; others get the Not authorized page. */
export function RequireAbility({ I, a, children }: { I: Action; a: Feature; children: ReactNode }) {
  return useCan(I, a) ? <>{children}</> : <NotAuthorized />;
}

function DetailPage({ def, basePath, tabs }: { def: ResourceDef; basePath: string; tabs?: DetailTab[] }) {
  const { id } = useParams();
  return <ResourceDetail def={def} id={id!} basePath={basePath} tabs={tabs} />;
}
function EditPage({ def }: { def: ResourceDef }) {
  const { id } = useParams();
  return <ResourceForm def={def} id={id} />;
}

/**
 * The four pages of a declared resource under `segment` (relative to the remote's base path):
 * list, new, detail (with tabs) and edit — each behind the ability it needs.
 */
export function resourcePages(def: ResourceDef, segment: string, basePath: string, opts: { tabs?: DetailTab[] } = {}): RouteObject[] {
  const g = (I: Action, el: ReactNode) => <RequireAbility I={I} a={def.feature}>{el}</RequireAbility>;
  return [
    { path: segment, element: g('view', <ResourceList def={def} basePath={basePath} />) },
    { path: `${segment}/new`, element: g('add', <ResourceForm def={def} />) },
    { path: `${segment}/:id`, element: g('view', <DetailPage def={def} basePath={basePath} tabs={opts.tabs} />) },
    { path: `${segment}/:id/edit`, element: g('edit', <EditPage def={def} />) },
  ];
}
