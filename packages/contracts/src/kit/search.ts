import type { Action, Domain, Feature } from '../common/permissions';
import { featureFor, type ResourceDef } from './resource';

/**
 * The navbar search (ResourceDef.findable): each service answers `GET /<domain>/search?q=` with the first few records of
 * each of its findable resources the caller may read, found by the resource's own list query (right, data scope, the
 * accent-blind `q`); the shell asks every domain at once and groups what comes back by resource.
 */
export const searchPath = (domain: Domain): string => `/${domain}/search`;

/** Records answered per resource (the rest is on the list, opened with the same `q`). */
export const SEARCH_PER_RESOURCE = 5;
/** Shorter text finds nothing (one letter would match most of every list). */
export const SEARCH_MIN_LENGTH = 2;

/** One record found: its id, title, code (a generated or `code` field) and, when another field matched, that value. */
export interface SearchHit {
  id: string;
  title: string;
  code: string | null;
  match: string | null;
}

/** The records of one resource found for `q`: the first SEARCH_PER_RESOURCE and how many the list has. */
export interface SearchGroup {
  resource: string;
  totalRows: number;
  items: SearchHit[];
}

export interface SearchResult {
  groups: SearchGroup[];
}

/** The findable resources of a set (the portal's, a service's), in their order. */
export const findableOf = (resources: readonly ResourceDef[]): ResourceDef[] => resources.filter((r) => r.findable);

/**
 * Whether a caller with these rights is answered a findable resource: the list's own right (view on its feature; any
 * signed-in user for an `own` resource), and for `{ insteadOf }` none on the resource it stands in for.
 */
export function searchedFor(r: ResourceDef, can: (action: Action, feature: Feature) => boolean, byName: (name: string) => ResourceDef | undefined): boolean {
  if (!r.findable) return false;
  if (r.access !== 'own' && !can('view', featureFor(r, 'view'))) return false;
  const instead = typeof r.findable === 'object' ? byName(r.findable.insteadOf) : undefined;
  return !(instead && (instead.access === 'own' || can('view', featureFor(instead, 'view'))));
}

/** The field shown beside a found record's title: a generated code, else a field named `code` (null: none). */
export function codeField(r: ResourceDef): string | null {
  const generated = Object.entries(r.fields).find(([, f]) => f.generate)?.[0];
  return generated ?? (r.fields.code && r.titleField !== 'code' ? 'code' : null);
}

/**
 * Text as the search compares it: without diacritics (Vietnamese tones and marks, đ → d) and in lower case, as the
 * kit's SQL `portal_fold` folds both the column and `q` (service-kit migrations/0012_search_fold.sql).
 */
export const foldText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
