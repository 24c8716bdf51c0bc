import type { RouteDecl } from '../kit/routes';

/**
 * The files service (spec §7 "Files", ARCHITECTURE §1): uploads, downloads and deletes of media.
 * All three are open to any signed-in user at the gateway; the service applies the per-file rules
 * (who owns the file, whether it is public, and the permission feature of the record it is attached to).
 */
export const filesRoutes: RouteDecl[] = [
  { method: 'POST', path: '/files', domain: 'files', access: 'signed-in', summary: 'Upload one or more files (multipart field file; query is_public, context, activity_context)' },
  // `*` is the ids joined by `_`. A wildcard, not `:ids`: the routers cap a `:param` at 100 characters (two ids).
  { method: 'GET', path: '/files/*', domain: 'files', access: 'signed-in', summary: 'Download /files/{ids}: one file, or several (ids joined by _) as one zip' },
  { method: 'DELETE', path: '/files/:id', domain: 'files', access: 'signed-in', summary: 'Delete a file (soft delete); body activity_context' },
];

/** Media metadata as the API returns it (upload response `data.data[]`). */
export interface MediaDto {
  id: string;
  name: string;
  size: number;
  mime: string;
  extension: string;
  md5_hash: string;
  is_public: boolean;
  /** The record the file is attached to, e.g. `staff:<uuid>`, or null. */
  context: string | null;
  /** User id of the uploader. */
  owner: string;
  /** Download path under /api/v1. */
  url: string;
  created_date: string;
  modified_date: string;
}
