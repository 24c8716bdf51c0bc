import { can, featureFor, isUuid, resourceByName, type CallerContext, type Feature } from '@portal/contracts';
import { badRequest } from '@portal/service-kit';

/**
 * Who may do what with a file (the gateway only checks that the caller is signed in):
 * - upload: any signed-in user; attaching to a record (context "staff:<id>") also needs add or edit on
 *   that record's feature (staff for a staff record), since it changes what the record shows, and the record one the
 *   caller may change as it stands (its own rules, asked of its service: records.editable);
 * - read a public file: any signed-in user;
 * - read a private file: its owner (uploader), an admin, or whoever may view the feature of the record it
 *   is attached to and may see that record (its data scope, asked of the service that owns it: scope.ts);
 *   anyone else gets 404, as if the file did not exist; the same holds for attaching a file to a record;
 * - delete: its owner, an admin, or whoever may edit the attached record's feature (and may read the file); a file
 *   attached to a record is part of it: apart from an admin, only while the caller may change that record (the route
 *   asks records.editable). A caller who may read the file but not delete it gets 403.
 */

export { isUuid };

export interface MediaRule {
  is_public: boolean;
  owner_id: string;
  context: string | null;
  context_id?: string | null;
}

export interface MediaContext {
  resource: string;
  id: string | null;
  feature: Feature;
}

/** `context` of an upload: a declared resource, optionally with a record id ("staff", "staff:<uuid>"). */
export function parseContext(raw: unknown): MediaContext | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const invalid = () => badRequest([{ path: 'context', key: 'file_context_invalid' }], 'file_context_invalid');
  if (typeof raw !== 'string' || raw.length > 150) throw invalid();
  const [name = '', id, ...rest] = raw.trim().split(':');
  const resource = resourceByName.get(name);
  if (!resource || rest.length || (id !== undefined && !isUuid(id))) throw invalid();
  return { resource: name, id: id ? id.toLowerCase() : null, feature: resource.feature };
}

/**
 * `activity_context` (where the activity-log entry goes, "context" or "context:id"). A declared resource's record is
 * named only if the caller may change it (checked by the route: records.editable); any other context is a free-form
 * label, logged without a feature and without a record (only its author sees it).
 */
export function parseActivityContext(raw: unknown): { context: string; id: string | null; feature: Feature | null } | null {
  if (typeof raw !== 'string') return null;
  const clean = raw
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 150);
  if (!clean) return null;
  const [context = '', id] = clean.split(':');
  if (!context) return null;
  const feature = resourceByName.get(context)?.feature ?? null;
  return { context: context.slice(0, 100), id: feature && id && isUuid(id) ? id.toLowerCase() : null, feature };
}

export const featureOf = (m: Pick<MediaRule, 'context'>): Feature | null => (m.context ? (resourceByName.get(m.context)?.feature ?? null) : null);

/** Attaching a file is writing the record: the rights its writes need (a room's are the settings': ResourceDef.writeFeature). */
export function canAttach(ctx: CallerContext, c: MediaContext): boolean {
  const r = resourceByName.get(c.resource);
  return r ? can(ctx, 'add', featureFor(r, 'add')) || can(ctx, 'edit', featureFor(r, 'edit')) : can(ctx, 'add', c.feature) || can(ctx, 'edit', c.feature);
}

/**
 * Why the caller may read a file: 'open' (public, their own, an admin), 'feature' (they may view the feature of the
 * record it is attached to: then only if that record is in their scope, which the caller of this checks), or null.
 */
export function readAccess(ctx: CallerContext, m: MediaRule): 'open' | 'feature' | null {
  if (m.is_public || m.owner_id === ctx.userId || ctx.isAdmin) return 'open';
  const f = featureOf(m);
  return f !== null && can(ctx, 'view', f) ? 'feature' : null;
}

export function canRead(ctx: CallerContext, m: MediaRule): boolean {
  return readAccess(ctx, m) !== null;
}

export function canDelete(ctx: CallerContext, m: MediaRule): boolean {
  if (m.owner_id === ctx.userId || ctx.isAdmin) return true;
  const r = m.context ? resourceByName.get(m.context) : undefined;
  return r !== undefined && can(ctx, 'edit', featureFor(r, 'edit'));
}
