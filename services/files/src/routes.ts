import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import archiver from 'archiver';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName, type CallerContext, type MediaDto, filesApi } from '@portal/contracts';
import {
  AppError,
  CONTEXT_HEADER,
  contentDisposition,
  badRequest,
  drainRequest,
  notFound,
  forbidden,
  ok,
  recordActivity,
  requestLang,
  requireCaller,
  t,
  withTx,
  type ServiceKit,
  type Tx,
  serveRoute,
  apiPath,
} from '@portal/service-kit';
import type { FilesConfig } from './config';
import type { FileStorage } from './storage';
import { stageUpload, type Staged } from './upload';
import { tooLarge } from './inspect/detect';
import { canAttach, canDelete, canRead, featureOf, isUuid, parseActivityContext, parseContext, readAccess, type MediaContext } from './rules';
import type { RecordLookup } from '@portal/service-kit';
import { uniqueNames, zipName } from './names';

export interface MediaRow {
  id: string;
  state: string;
  name: string;
  size: number;
  mime: string;
  extension: string;
  md5_hash: string;
  is_public: boolean;
  context: string | null;
  context_id: string | null;
  owner_id: string;
  created_date: Date;
  modified_date: Date;
}

const FILE_FIELDS = new Set(['file', 'file[]']);
/** Types that are compressed already: stored as they are inside a zip download. */
const COMPRESSED = /^(image\/(png|jpeg|gif)|video\/mp4|application\/(zip|gzip|vnd\.rar|vnd\.openxmlformats-officedocument\..*))$/;

export function toDto(r: MediaRow): MediaDto {
  return {
    id: r.id,
    name: r.name,
    size: Number(r.size),
    mime: r.mime,
    extension: r.extension,
    md5_hash: r.md5_hash,
    is_public: r.is_public,
    context: r.context ? (r.context_id ? `${r.context}:${r.context_id}` : r.context) : null,
    owner: r.owner_id,
    url: `${apiPath(filesApi.list)}/${r.id}`,
    created_date: r.created_date.toISOString(),
    modified_date: r.modified_date.toISOString(),
  };
}

const bool = (v: unknown, dflt: boolean, path: string): boolean => {
  if (v === undefined || v === '') return dflt;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest([{ path, key: 'invalid' }]);
};

/** @fastify/multipart errors as the portal's messages. */
function multipartError(err: unknown, cfg: FilesConfig): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError(413, 'files_too_many', { n: cfg.maxFiles }, [{ path: 'file', key: 'files_too_many', params: { n: cfg.maxFiles } }]);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(cfg.maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, 'multipart_required');
  if (code.startsWith('FST_') || /multipart|boundary|Unexpected end of form|Part terminated/i.test(String((err as Error).message)))
    return badRequest([{ path: 'file', key: 'invalid' }]);
  return err;
}

/** The caller's signed context as the request carried it (installAccess has verified it): passed on to ask about a record. */
export const contextToken = (req: FastifyRequest): string => String(req.headers[CONTEXT_HEADER] ?? '');

type History = Awaited<ReturnType<RecordLookup['history']>>;

export function filesRoutes(app: FastifyInstance, kit: ServiceKit, cfg: FilesConfig, storage: FileStorage, stagingDir: string, records: RecordLookup) {
  /** Where a file's activity entry goes: `activity_context` when given, else the file's record, else the file itself. */
  const targetOf = (row: Pick<MediaRow, 'id' | 'context' | 'context_id'>, activity: ReturnType<typeof parseActivityContext>) =>
    activity ?? (row.context ? { context: row.context, id: row.context_id, feature: featureOf(row) } : { context: 'files', id: row.id, feature: null });
  /**
   * How the target record's history is scoped (its department; its owners, for a record whose history is theirs; its
   * project, for a record limited by project), asked
   * before the transaction: the entry is read exactly as the record's own entries are.
   */
  const historyOf = (target: ReturnType<typeof targetOf>): Promise<History> =>
    target.id ? records.history(target.context, target.id) : Promise.resolve({ departmentId: null, ownerIds: null });
  const log = async (
    tx: Tx,
    ctx: CallerContext,
    action: 'create' | 'delete',
    row: MediaRow,
    activity: ReturnType<typeof parseActivityContext>,
    history: History,
  ) => {
    const target = targetOf(row, activity);
    await recordActivity(tx, ctx, {
      domain: 'files',
      resource: target.context,
      recordId: target.id,
      action,
      feature: history.ownerIds ? null : target.feature,
      departmentId: history.departmentId,
      ...(history.ownerIds ? { ownerIds: history.ownerIds } : {}),
      ...(history.project ? { project: history.project } : {}),
      description: `${action === 'create' ? 'upload' : 'delete'} file ${row.name}`,
      originData: action === 'delete' ? toDto(row) : null,
      updatedData: action === 'create' ? toDto(row) : { id: row.id, state: 'INACTIVE' },
    });
  };

  /** An activity entry names a record only if the caller may change it (else anyone could write into anyone's history). */
  const checkActivity = async (ctx: CallerContext, req: FastifyRequest, activity: ReturnType<typeof parseActivityContext>) => {
    if (!activity?.feature) return;
    if (!(await records.editable(ctx, contextToken(req), activity.context, activity.id))) {
      throw badRequest([{ path: 'activity_context', key: 'activity_context_invalid' }], 'activity_context_invalid');
    }
  };

  serveRoute(app, filesApi.upload, async (req) => {
    const ctx = requireCaller(req);
    const staged: Staged[] = [];
    try {
      const q = req.query as Record<string, unknown>;
      const isPublic = bool(q.is_public, false, 'is_public');
      const context: MediaContext | null = parseContext(q.context);
      const activity = parseActivityContext(q.activity_context);
      if (context && !canAttach(ctx, context)) throw forbidden();
      // A record whose visibility can be limited (ScopeRule.limited) keeps its files as private as itself.
      if (isPublic && context && resourceByName.get(context.resource)?.scope?.limited)
        throw badRequest([{ path: 'is_public', key: 'file_public_limited' }], 'file_public_limited');
      // A record out of the caller's scope is as missing as it is on its own routes.
      if (context?.id && !(await records.visible(ctx, contextToken(req), context.resource, context.id))) throw notFound();
      // A file attached is part of the record: only one the caller may change (its own rules, asked of its service).
      if (context?.id && !(await records.editable(ctx, contextToken(req), context.resource, context.id))) throw forbidden('file_record_locked');
      await checkActivity(ctx, req, activity);
      if (!req.isMultipart()) throw new AppError(415, 'multipart_required');
      const parts = req.parts({ limits: { fileSize: cfg.maxBytes + 1, files: cfg.maxFiles, fields: 20, parts: cfg.maxFiles + 20, fieldSize: 64 * 1024 } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (!FILE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        staged.push(await stageUpload(part, cfg, stagingDir));
      }
      if (!staged.length) throw badRequest([{ path: 'file', key: 'file_required' }], 'file_required');
      const rows = await store(ctx, staged, isPublic, context, activity);
      return ok({ data: rows.map(toDto) });
    } catch (err) {
      await Promise.all(staged.map((s) => rm(s.path, { force: true })));
      await drainRequest(req.raw);
      throw multipartError(err, cfg);
    }
  });

  /** Moves the checked files into storage and records them (all or nothing). */
  const store = async (
    ctx: CallerContext,
    staged: Staged[],
    isPublic: boolean,
    context: MediaContext | null,
    activity: ReturnType<typeof parseActivityContext>,
  ) => {
    const stored: string[] = [];
    // Every file of one upload goes to the same record (or each to itself, which has no department).
    const history = await historyOf(targetOf({ id: '', context: context?.resource ?? null, context_id: context?.id ?? null }, activity));
    try {
      for (const s of staged) {
        await storage.putFile(s.id, s.path, s.size, s.kind.mime);
        stored.push(s.id);
      }
      return await withTx(kit.pool, async (tx) => {
        const rows: MediaRow[] = [];
        for (const s of staged) {
          const {
            rows: [row],
          } = await tx.query<MediaRow>(
            `INSERT INTO media (id, name, size, mime, extension, md5_hash, is_public, context, context_id, owner_id, owner_name, storage_driver)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
            [
              s.id,
              s.name,
              s.size,
              s.kind.mime,
              s.kind.ext,
              s.md5,
              isPublic,
              context?.resource ?? null,
              context?.id ?? null,
              ctx.userId,
              ctx.name,
              storage.driver,
            ],
          );
          rows.push(row!);
          await log(tx, ctx, 'create', row!, activity, history);
        }
        return rows;
      });
    } catch (err) {
      await Promise.all(stored.map((id) => storage.remove(id).catch(() => undefined)));
      throw err;
    }
  };

  /** ACTIVE media by id that the caller may read; any missing or hidden id is a 404 for the whole request. */
  const readable = async (req: FastifyRequest, ids: string[]) => {
    const ctx = requireCaller(req);
    if (!ids.length || ids.some((id) => !isUuid(id))) throw notFound();
    const { rows } = await kit.pool.query<MediaRow>(`SELECT * FROM media WHERE id = ANY($1::uuid[]) AND state = 'ACTIVE'`, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const found = ids.map((id) => byId.get(id));
    if (found.some((r) => !r || !canRead(ctx, r))) throw notFound();
    // Read through the feature of the record a file is attached to: only when that record is in the caller's scope.
    const asked = new Map<string, Promise<boolean>>();
    for (const r of found as MediaRow[]) {
      if (readAccess(ctx, r) !== 'feature' || !r.context || !r.context_id) continue;
      const key = `${r.context}:${r.context_id}`;
      if (!asked.has(key)) asked.set(key, records.visible(ctx, contextToken(req), r.context, r.context_id));
    }
    if ((await Promise.all(asked.values())).some((v) => !v)) throw notFound();
    return { ctx, rows: found as MediaRow[] };
  };

  serveRoute(app, filesApi.download, async (req, reply) => {
    const raw = (req.params as { '*': string })['*'];
    const ids = [...new Set(raw.split('_').map((s) => s.trim().toLowerCase()))];
    if (ids.length > cfg.maxZipEntries) throw badRequest([{ path: 'ids', key: 'too_many', params: { n: cfg.maxZipEntries } }]);
    const { rows } = await readable(req, ids);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-security-policy', "default-src 'none'; sandbox");

    if (rows.length === 1) {
      const row = rows[0]!;
      const body = await storage.get(row.id);
      if (!body) {
        req.log.error({ media: row.id }, 'file bytes missing from storage');
        throw notFound();
      }
      reply.header('content-type', row.mime);
      reply.header('content-length', String(row.size));
      reply.header('content-disposition', contentDisposition(row.name));
      reply.header('etag', `"${row.md5_hash}"`);
      return reply.send(body);
    }

    // Several: one zip, streamed as it is built; entries are fetched one after another.
    for (const row of rows) {
      if ((await storage.stat(row.id)) === null) {
        req.log.error({ media: row.id }, 'file bytes missing from storage');
        throw notFound();
      }
    }
    const names = uniqueNames(rows.map((r) => r.name));
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.on('warning', (err) => req.log.warn({ err: err.message }, 'zip warning'));
    archive.on('error', (err) => req.log.error({ err: err.message }, 'zip failed'));
    void (async () => {
      for (const [i, row] of rows.entries()) {
        const body = await storage.get(row.id);
        if (!body) throw new Error(`file ${row.id} vanished while zipping`);
        const added = once(archive, 'entry');
        archive.append(body, { name: names[i]!, date: row.created_date, store: COMPRESSED.test(row.mime) });
        await added;
      }
      await archive.finalize();
    })().catch((err: Error) => {
      req.log.error({ err: err.message }, 'zip aborted');
      archive.destroy(err);
    });
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', contentDisposition(zipName()));
    return reply.send(archive);
  });

  serveRoute(app, filesApi.remove, async (req) => {
    const id = (req.params as { id: string }).id.toLowerCase();
    const {
      ctx,
      rows: [row],
    } = await readable(req, [id]);
    if (!canDelete(ctx, row!)) throw forbidden();
    // An attachment is part of its record: removed only by whoever may change that record as it stands (its uploader
    // included, while they still may); an administrator always may.
    if (
      !ctx.isAdmin &&
      row!.context_id &&
      resourceByName.has(row!.context!) &&
      !(await records.editable(ctx, contextToken(req), row!.context!, row!.context_id))
    )
      throw forbidden('file_record_locked');
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest([], 'body_object');
    const activity = parseActivityContext(body.activity_context);
    await checkActivity(ctx, req, activity);
    const history = await historyOf(targetOf(row!, activity));
    const deleted = await withTx(kit.pool, async (tx) => {
      const {
        rows: [d],
      } = await tx.query<MediaRow>(
        `UPDATE media SET state = 'INACTIVE', deleted_date = now(), deleted_by = $2, modified_date = now() WHERE id = $1 AND state = 'ACTIVE' RETURNING *`,
        [id, ctx.userId],
      );
      if (!d) throw notFound();
      await log(tx, ctx, 'delete', d, activity, history);
      return d;
    });
    return ok({ id: deleted.id, state: deleted.state, message: t(requestLang(req), 'delete_success') });
  });
}

/** The staging folder; leftovers of an interrupted upload older than an hour are removed at start. */
export async function prepareStaging(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const cutoff = Date.now() - 3600_000;
  for (const f of await readdir(dir)) {
    const p = join(dir, f);
    const s = await stat(p).catch(() => null);
    if (s && s.mtimeMs < cutoff) await rm(p, { force: true });
  }
}
