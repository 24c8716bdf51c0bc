import type { RouteDecl } from '../kit/routes';
import type { ListResult } from '../kit/list';

/**
 * The files service (spec §7 "Files", ARCHITECTURE §1): uploads, downloads and deletes of media.
 * All three are open to any signed-in user at the gateway; the service applies the per-file rules
 * (who owns the file, whether it is public, and the permission feature of the record it is attached to).
 */
export const filesApi = {
  upload: {
    method: 'POST',
    path: '/files',
    domain: 'files',
    access: 'signed-in',
    summary: 'Upload one or more files (multipart field file; query is_public, context, activity_context)',
  },
  list: {
    method: 'GET',
    path: '/files',
    domain: 'files',
    access: 'signed-in',
    summary: 'Files attached to a record: context=<resource>:<id> (required), page, limit; only those the caller may download',
  },
  // `*` is the ids joined by `_`. A wildcard, not `:ids`: the routers cap a `:param` at 100 characters (two ids).
  download: {
    method: 'GET',
    path: '/files/*',
    domain: 'files',
    access: 'signed-in',
    summary: 'Download /files/{ids}: one file, or several (ids joined by _) as one zip',
  },
  remove: { method: 'DELETE', path: '/files/:id', domain: 'files', access: 'signed-in', summary: 'Delete a file (soft delete); body activity_context' },
} satisfies Record<string, RouteDecl>;

export const filesRoutes: RouteDecl[] = Object.values(filesApi);

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

/** The list of `GET /files?context=<resource>:<id>`: the record's active files the caller may download, newest first. */
export type MediaList = ListResult<MediaDto>;

/** Spec §5/§9: the largest upload, 300 MB (the service's default of FILES_MAX_BYTES; the upload screens check it first). */
export const FILE_MAX_BYTES = 314_572_800;
/** Spec §5/§9: images are JPG, GIF or PNG of at most 2 MB (the service's default of FILES_IMAGE_MAX_BYTES). */
export const IMAGE_MAX_BYTES = 2_097_152;
/** The only image types accepted (spec §5). */
export const IMAGE_MIMES = ['image/jpeg', 'image/gif', 'image/png'] as const;
/** Name extensions of the accepted images, for pickers and the client's check before sending. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jfif', 'gif', 'png', 'apng'] as const;
/** Files per upload request (the service's default of FILES_MAX_COUNT). */
export const FILES_PER_UPLOAD = 20;
