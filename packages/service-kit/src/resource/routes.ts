import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UUID_RE, type CallerContext, type FieldDef, type ResourceDef } from '@portal/contracts';
import { withTx } from '../db';
import { AppError, badRequest, ok, requestLang, type FieldError } from '../errors';
import { t } from '../i18n';
import { recordActivity } from '../activity';
import { requireCaller } from '../access';
import { parseListQuery } from './query';
import { ResourceRepository, type Row } from './repository';
import { parseOrThrow, resourceSchemas, toFieldErrors } from './validation';
import { cellsToInput, exportXlsx, importTemplate, readSheet } from './xlsx';

const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const IMPORT_MAX_ROWS = 20_000;

/** `fileName=name.xlsx` (spec §7): a safe download name, always .xlsx. */
function downloadName(raw: unknown, fallback: string): string {
  const base = typeof raw === 'string' ? raw.replace(/\.xlsx$/i, '') : fallback;
  const safe = base.normalize('NFC').replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, 100) || fallback;
  return `${safe}.xlsx`;
}

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The routes of one declared resource (ARCHITECTURE §2): list, detail, create, update, delete (INACTIVE),
 * export, import template and import.
 */
export function registerResource(app: FastifyInstance, repo: ResourceRepository, sameService: Map<string, ResourceDef>) {
  const r = repo.def;
  const path = `/api/v1${r.path}`;
  const schemas = resourceSchemas(r);
  const caller = (req: FastifyRequest) => requireCaller(req);

  app.get(path, async (req) => ok(await repo.list(parseListQuery(r, req.query as Record<string, unknown>), caller(req))));

  app.get(`${path}/export`, async (req, reply) => {
    const ctx = caller(req);
    const q = req.query as Record<string, unknown>;
    const lq = parseListQuery(r, { ...q, page: '1', limit: '1' });
    const name = downloadName(q.fileName, r.name);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', contentDisposition(name));
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(exportXlsx(repo.pool, r, lq, ctx, sameService));
  });

  app.get(`${path}/import-template`, async (req, reply) => {
    caller(req);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', contentDisposition(`${r.name}-template.xlsx`));
    return reply.send(await importTemplate(r));
  });

  app.post(`${path}/import`, async (req) => {
    const ctx = caller(req);
    const lang = requestLang(req);
    if (!req.isMultipart()) throw new AppError(415, 'xlsx_only');
    const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest([{ path: 'file', key: 'required' }]);
    if (!/\.xlsx$/i.test(file.filename)) throw new AppError(415, 'xlsx_only');
    const buffer = await file.toBuffer();
    const sheet = await readSheet(buffer, r, lang);
    if (sheet.rows.length > IMPORT_MAX_ROWS) throw badRequest([{ path: 'file', key: 'too_many', params: { n: IMPORT_MAX_ROWS } }]);
    return ok(await importRows(repo, sheet.rows, ctx, lang, schemas, sameService));
  });

  app.get(`${path}/:id`, async (req) => ok(await repo.get((req.params as { id: string }).id, caller(req))));

  app.post(path, async (req) => {
    const input = parseOrThrow(schemas.create, req.body, (e) => badRequest(e));
    return ok(await repo.create(input, caller(req)));
  });

  app.put(`${path}/:id`, async (req) => {
    const input = parseOrThrow(schemas.update, req.body, (e) => badRequest(e));
    return ok(await repo.update((req.params as { id: string }).id, input, caller(req)));
  });

  app.delete(`${path}/:id`, async (req) => {
    const row = await repo.deactivate((req.params as { id: string }).id, caller(req));
    return ok({ id: row.id, state: row.state, message: t(requestLang(req), 'delete_success') });
  });
}

/** Looks up a referenced record of the same service by id, import key or title (case-insensitive). */
function refResolver(repo: ResourceRepository, sameService: Map<string, ResourceDef>) {
  const cache = new Map<string, string | null>();
  return async (f: FieldDef, value: string): Promise<string | null> => {
    const target = f.ref ? sameService.get(f.ref) : undefined;
    if (UUID_RE.test(value)) return value.toLowerCase();
    if (!target) return null;
    const key = `${target.name}:${value.toLowerCase()}`;
    if (cache.has(key)) return cache.get(key)!;
    const cols = [...new Set([target.importKey, target.titleField].filter(Boolean) as string[])];
    const { rows } = await repo.pool.query<{ id: string }>(
      `SELECT id FROM ${target.table} WHERE state = 'ACTIVE' AND (${cols.map((c) => `lower(${c}::text) = lower($1)`).join(' OR ')}) LIMIT 1`, [value]);
    const id = rows[0]?.id ?? null;
    cache.set(key, id);
    return id;
  };
}

export interface ImportReport { total: number; created: number; updated: number }

/**
 * Validates every row first; if any row is bad nothing is imported and every error is reported with its
 * row and column. Rows whose import key matches an ACTIVE record update it, so re-importing the same file
 * does not duplicate.
 */
async function importRows(repo: ResourceRepository, rows: { rowNumber: number; values: Record<string, unknown> }[], ctx: CallerContext, lang: 'vi' | 'en', schemas: ReturnType<typeof resourceSchemas>, sameService: Map<string, ResourceDef>): Promise<ImportReport> {
  const r = repo.def;
  const resolve = refResolver(repo, sameService);
  const key = r.importKey;
  const errors: (FieldError & { row: number; column: string })[] = [];
  const prepared: { rowNumber: number; input: Record<string, unknown>; existingId: string | null }[] = [];
  const seenKeys = new Map<string, number>();
  for (const row of rows) {
    const { input: raw, errors: refErrors } = await cellsToInput(r, row.values, resolve);
    const rowErrors: FieldError[] = [...refErrors];
    const keyValue = key && typeof raw[key] === 'string' ? (raw[key] as string).toLowerCase() : null;
    let existingId: string | null = null;
    if (keyValue) {
      if (seenKeys.has(keyValue)) rowErrors.push({ path: key!, key: 'import_duplicate_key', params: { row: seenKeys.get(keyValue)! } });
      seenKeys.set(keyValue, row.rowNumber);
      const { rows: found } = await repo.pool.query<{ id: string }>(`SELECT id FROM ${r.table} WHERE state = 'ACTIVE' AND lower(${key}::text) = $1 LIMIT 1`, [keyValue]);
      existingId = found[0]?.id ?? null;
    }
    const res = (existingId ? schemas.update : schemas.create).safeParse(raw);
    if (!res.success) rowErrors.push(...toFieldErrors(res.error));
    for (const e of rowErrors) errors.push({ ...e, row: row.rowNumber, column: r.fields[e.path]?.label[lang] ?? e.path });
    if (res.success && !rowErrors.length) prepared.push({ rowNumber: row.rowNumber, input: res.data, existingId });
  }
  if (errors.length) {
    const err = new AppError(400, 'import_invalid', { n: errors.length },
      errors.map((e) => ({ path: `row ${e.row}: ${e.column}`, key: e.key, params: e.params })));
    throw err;
  }
  let created = 0;
  let updated = 0;
  await withTx(repo.pool, async (tx) => {
    for (const p of prepared) {
      try {
        if (p.existingId) { await repo.updateIn(tx, p.existingId, p.input, ctx, 'import'); updated++; }
        else { await repo.createIn(tx, p.input, ctx, 'import'); created++; }
      } catch (e) {
        if (e instanceof AppError) {
          throw new AppError(e.status, e.key, e.params, (e.fieldErrors.length ? e.fieldErrors : [{ path: '', key: e.key }]).map((fe) => ({ ...fe, path: `row ${p.rowNumber}: ${r.fields[fe.path]?.label[lang] ?? fe.path}` })));
        }
        throw e;
      }
    }
    await recordActivity(tx, ctx, { domain: r.domain, resource: r.name, recordId: null, action: 'import', feature: r.feature, description: `import ${rows.length} rows`, updatedData: { created, updated } });
  });
  repo.onCommit();
  return { total: rows.length, created, updated };
}

export type { Row };
