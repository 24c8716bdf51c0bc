import { can, type Action, type CallerContext, type Domain, type Feature } from '../common/permissions';
import { featureFor, wordAlias, type ResourceDef } from './resource';
import { bookingSettingPath } from './booking';
import { seriesPaths } from './series';
import { findableOf, searchPath, SEARCH_MIN_LENGTH, SEARCH_PER_RESOURCE } from './search';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. The gateway denies any path that has no declaration.
 * - public: no token (sign-in, refresh, password reset, health);
 * - signed-in: any signed-in user (me, own bookmarks); the service still scopes the data to the caller;
 * - admin: a system administrator only (setting other users' passwords, the development mailbox);
 * - a feature × action pair (spec §6).
 */
export type Access = 'public' | 'signed-in' | 'admin' | { feature: Feature; action: Action };

export interface RouteDecl {
  method: HttpMethod;
  /** Path under /api/v1 in find-my-way syntax (':id'). */
  path: string;
  domain: Domain;
  access: Access;
  summary: string;
  /**
   * `auth`: the route checks a password or a token (sign-in, refresh, password reset, change password): the gateway
   * limits it per address with the stricter AUTH_RATE_LIMIT_PER_MINUTE, counted on the matched route whatever the
   * encoding of its path or the way in (payload-encoded calls included).
   */
  limit?: 'auth';
}

/**
 * Whether a caller (null: not signed in) may call a route of this access: the one reading of `Access`, used by the
 * gateway and again by each service (defence in depth).
 */
export function admits(ctx: Pick<CallerContext, 'ability' | 'isAdmin'> | null, access: Access): 'ok' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'ok';
  if (!ctx) return 'unauthenticated';
  if (access === 'signed-in') return 'ok';
  if (access === 'admin') return ctx.isAdmin ? 'ok' : 'forbidden';
  return can(ctx, access.action, access.feature) ? 'ok' : 'forbidden';
}

/** The routes the kit generates for a declared resource (ARCHITECTURE §2). */
export function resourceRoutes(r: ResourceDef): RouteDecl[] {
  const a = (action: Action): Access => (r.access === 'own' ? 'signed-in' : { feature: featureFor(r, action), action });
  const d = r.domain;
  const p = r.path;
  const approval: RouteDecl[] = r.approval
    ? [
        {
          method: 'GET',
          path: `${p}/:id/approval`,
          domain: d,
          access: a('view'),
          summary: `Approval of one ${r.label.en}: request, steps (timeline), current approvers`,
        },
        {
          method: 'POST',
          path: `${p}/:id/submit`,
          domain: d,
          access: a('add'),
          summary: `Submit ${r.label.en} for approval: body { description, approver_ids, origin_data, updated_data }`,
        },
        {
          method: 'POST',
          path: `${p}/save-and-submit`,
          domain: d,
          access: a('add'),
          summary: `Create ${r.label.en} and submit it for approval in one transaction (both or neither): body { record, description, approver_ids }. ?dry_run=1 answers the approval levels it would go to and writes nothing (the same for POST …/:id/submit and …/:id/resubmit)`,
        },
        {
          method: 'PUT',
          path: `${p}/:id/save-and-submit`,
          domain: d,
          access: a('edit'),
          summary: `Update ${r.label.en} and submit it for approval — or resubmit it, when refused or cancelled — in one transaction (both or neither): body { record, description, approver_ids }; sending also needs the add right. ?dry_run=1 answers the approval levels it would go to and writes nothing`,
        },
        { method: 'POST', path: `${p}/:id/resubmit`, domain: d, access: a('add'), summary: `Resubmit a refused or cancelled ${r.label.en}` },
        { method: 'POST', path: `${p}/:id/cancel`, domain: d, access: a('add'), summary: `Cancel the approval of ${r.label.en} (submitter or admin)` },
        { method: 'POST', path: `${p}/:id/approve`, domain: d, access: a('approve'), summary: `Approve ${r.label.en} at the current level` },
        { method: 'POST', path: `${p}/:id/refuse`, domain: d, access: a('approve'), summary: `Refuse ${r.label.en}` },
        {
          method: 'POST',
          path: `${p}/:id/submit-superiors`,
          domain: d,
          access: a('approve'),
          summary: `Approve ${r.label.en} and pass it to named next approvers`,
        },
      ]
    : [];
  if (r.projection) {
    return [
      { method: 'GET', path: p, domain: d, access: a('view'), summary: `List ${r.label.en} (a read-only view of ${r.projection.of})` },
      { method: 'GET', path: `${p}/export`, domain: d, access: a('view'), summary: `Export ${r.label.en} to xlsx` },
      { method: 'GET', path: `${p}/:id`, domain: d, access: a('view'), summary: `Get one ${r.label.en}` },
    ];
  }
  return [
    ...approval,
    { method: 'GET', path: p, domain: d, access: a('view'), summary: `List ${r.label.en}` },
    { method: 'GET', path: `${p}/export`, domain: d, access: a('view'), summary: `Export ${r.label.en} to xlsx` },
    ...(r.mine
      ? [{ method: 'GET', path: `${p}/me`, domain: d, access: 'signed-in', summary: `The caller's own ${r.label.en} record` } satisfies RouteDecl]
      : []),
    { method: 'GET', path: `${p}/import-template`, domain: d, access: a('add'), summary: `Import template for ${r.label.en}` },
    {
      method: 'POST',
      path: `${p}/import`,
      domain: d,
      access: a('add'),
      summary: `Import ${r.label.en} from xlsx (multipart field file). ?dry_run=1 checks without writing: JSON counts when every row is good, else the workbook back with the bad cells marked (header x-import-errors)`,
    },
    ...(r.bulk?.create
      ? [
          {
            method: 'POST',
            path: `${p}/bulk-create`,
            domain: d,
            access: a('add'),
            summary: `Create several ${r.label.en} at once, all or nothing: body { items: [...], ...fields every item shares }; errors items.N.field`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.bulk?.delete
      ? [
          {
            method: 'POST',
            path: `${p}/bulk-delete`,
            domain: d,
            access: a('delete'),
            summary: `Deactivate several ${r.label.en} at once, all or nothing: body { ids }; errors ids.N`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.bulk?.approval && r.approval
      ? (
          [
            ['approve', 'approve', 'Approve'],
            ['refuse', 'approve', 'Refuse'],
            ['cancel', 'add', 'Cancel the approval of'],
          ] as const
        ).map(
          ([act, right, verb]) =>
            ({
              method: 'POST',
              path: `${p}/bulk-${act}`,
              domain: d,
              access: a(right),
              summary: `${verb} several ${r.label.en} at once, each as its own action would, all or nothing: body { ids, description }; errors ids.N`,
            }) satisfies RouteDecl,
        )
      : []),
    ...(r.bulk?.status && r.workflow
      ? [
          {
            method: 'POST',
            path: `${p}/bulk-status`,
            domain: d,
            access: a(r.workflow.action ?? 'edit'),
            summary: `Move several ${r.label.en} to one status, all or nothing: body { ids, status, note }; errors ids.N`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.workflow
      ? [
          {
            method: 'POST',
            path: `${p}/:id/status`,
            domain: d,
            access: a(r.workflow.action ?? 'edit'),
            summary: `Change the status of ${r.label.en}: body { status, note }; a move the workflow does not allow is a 422`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.workflow?.alias
      ? [
          {
            method: r.workflow.alias.method ?? 'POST',
            path: r.workflow.alias.path,
            domain: d,
            access: a(r.workflow.action ?? 'edit'),
            summary: `Change the status of ${r.label.en} (as POST ${p}/:id/status): body { ${[r.workflow.alias.id, r.workflow.alias.status, 'note'].filter(Boolean).join(', ')} }; a move the workflow does not allow is a 422`,
          } satisfies RouteDecl,
          ...(r.workflow.alias.also ?? []).map(
            (more) =>
              ({
                method: r.workflow!.alias!.method ?? 'POST',
                path: more.path,
                domain: d,
                access: a(r.workflow!.action ?? 'edit'),
                summary: `Move ${r.label.en} to ${more.to.join(' or ')} (as POST ${p}/:id/status): body { ${r.workflow!.alias!.status}, note }; a move the workflow does not allow is a 422`,
              }) satisfies RouteDecl,
          ),
        ]
      : []),
    ...(r.calendar
      ? [
          {
            method: 'GET',
            path: `${p}/calendar`,
            domain: d,
            access: a('view'),
            summary: `${r.label.en} as calendar events: ?from&to (dates, inclusive) and the list's f_<field> filters; the ACTIVE records overlapping the range, in the caller's scope`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.calendar?.alias
      ? ([
          { method: 'GET', path: `${r.calendar.alias}/events`, domain: d, access: a('view'), summary: `${r.label.en} calendar events (as ${p}/calendar)` },
          {
            method: 'POST',
            path: `${r.calendar.alias}/add-event`,
            domain: d,
            access: a('add'),
            summary: `Add a ${r.label.en} from the calendar (as POST ${p})`,
          },
          {
            method: 'PUT',
            path: `${r.calendar.alias}/update-event`,
            domain: d,
            access: a('edit'),
            summary: `Move or change a ${r.label.en} from the calendar: body { id, …fields } (as PUT ${p}/:id)`,
          },
        ] satisfies RouteDecl[])
      : []),
    ...(r.print
      ? [
          {
            method: 'GET',
            path: `${p}/:id/pdf`,
            domain: d,
            access: a('view'),
            summary: `One ${r.label.en} as a printable A4 PDF form, with the approval signature blocks`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.word
      ? [
          {
            method: 'GET',
            path: `${p}/:id/word`,
            domain: d,
            access: a('view'),
            summary: `One ${r.label.en} as a Word document (.docx) with its records`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(wordAlias(r)
      ? [
          {
            method: 'GET',
            path: `${wordAlias(r)}/:id`,
            domain: d,
            access: a('view'),
            summary: `One ${r.label.en} as a Word document (as ${p}/:id/word)`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.codeCheck
      ? [
          {
            method: 'GET',
            path: `${p}/check-code`,
            domain: d,
            access: a('view'),
            summary: `Whether a ${r.label.en} other than ?id already holds the code ?code: { exists, message }`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.createCheck
      ? [
          {
            method: 'GET',
            path: `${p}/check-create`,
            domain: d,
            access: a('view'),
            summary: `Whether a ${r.label.en} already holds ${r.unique![0]!.map((k) => `?${r.fields[k]!.filterAlias ?? `f_${k}`}`).join(' and ')}: { exists, message }`,
          } satisfies RouteDecl,
        ]
      : []),
    ...(r.acts
      ? [
          {
            method: 'GET',
            path: `${p}/:id/acts`,
            domain: d,
            access: a('view'),
            summary: `What the caller may do with one ${r.label.en} (its declared actors): { edit, delete, submit, cancel, moves, fields }`,
          } satisfies RouteDecl,
        ]
      : []),
    ...seriesRoutes(r),
    ...(r.booking
      ? ([
          {
            method: 'GET',
            path: bookingSettingPath(p),
            domain: d,
            access: a('view'),
            summary: `The booking limits of ${r.label.en} (kit/booking.ts): { longest, ahead_days, draft_hold_hours }`,
          },
          {
            method: 'PUT',
            path: bookingSettingPath(p),
            domain: d,
            access: { feature: 'setting', action: 'edit' },
            summary: `Set the booking limits of ${r.label.en}`,
          },
        ] satisfies RouteDecl[])
      : []),
    { method: 'GET', path: `${p}/:id`, domain: d, access: a('view'), summary: `Get one ${r.label.en}` },
    { method: 'POST', path: p, domain: d, access: a('add'), summary: `Create ${r.label.en}` },
    { method: 'PUT', path: `${p}/:id`, domain: d, access: a('edit'), summary: `Update ${r.label.en}` },
    { method: 'DELETE', path: `${p}/:id`, domain: d, access: a('delete'), summary: `Deactivate ${r.label.en}` },
  ];
}

/** The routes of a resource declaring `series` (kit/series.ts), under its path; none otherwise. */
export function seriesRoutes(r: ResourceDef): RouteDecl[] {
  const s = r.series;
  if (!s) return [];
  const a = (action: Action): Access => (r.access === 'own' ? 'signed-in' : { feature: featureFor(r, action), action });
  const d = r.domain;
  const paths = seriesPaths(r.path);
  const rest = `every later one still ${s.cancel ? 'open' : 'active'}`;
  return [
    {
      method: 'POST',
      path: paths.preview,
      domain: d,
      access: a('view'),
      summary: `The occurrences of a repeating ${r.label.en}, each free or taken (by which record): body as ${paths.create}`,
    },
    {
      method: 'POST',
      path: paths.create,
      domain: d,
      access: a('add'),
      summary: `Create the free occurrences of a repeating ${r.label.en}: body { …fields, ${s.start}, ${s.end}, repeat, repeat_until } → { ${s.group}, created, items, skipped }`,
    },
    {
      method: 'POST',
      path: paths.cancel,
      domain: d,
      access: a(s.cancel ? (r.workflow?.action ?? 'edit') : 'delete'),
      summary: `Cancel an occurrence of a repeating ${r.label.en} and ${rest}: body { id, note } → { cancelled } (all or none)`,
    },
    {
      method: 'PUT',
      path: paths.update,
      domain: d,
      access: a('edit'),
      summary: `Edit an occurrence of a repeating ${r.label.en} and ${rest}: body { id, …fields }; a new start or end of this one shifts each later one alike → { updated } (all or none)`,
    },
  ];
}

/**
 * The navbar search of each domain with a findable resource (kit/search.ts): one route per service, open to any signed-in
 * caller — the service answers only the resources the caller may list, each in the caller's scope.
 */
export function searchRoutes(resources: readonly ResourceDef[]): RouteDecl[] {
  const domains = [...new Set(findableOf(resources).map((r) => r.domain))];
  return domains.map((d) => ({
    method: 'GET',
    path: searchPath(d),
    domain: d,
    access: 'signed-in',
    summary: `Find records of the ${d} domain for ?q= (at least ${SEARCH_MIN_LENGTH} characters, accents ignored): per findable resource the caller may list, its first ${SEARCH_PER_RESOURCE} records in their scope and how many there are`,
  }));
}
