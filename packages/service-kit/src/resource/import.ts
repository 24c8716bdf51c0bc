import type { FastifyInstance } from 'fastify';
import { importKeyFields, TEXT_TYPES, UUID_RE, type CallerContext, type FieldDef, type Lang, type ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError, asAppError, badRequest, ok, requestLang, type FieldError } from '../errors';
import { t } from '../i18n';
import { recordActivity } from '../activity';
import { requireCaller } from '../access';
import { Params, scopeCondition } from './query';
import type { ResourceRepository } from './repository';
import { lookupIds, type Titles } from './titles';
import { normalizedValue, toFieldErrors, type ResourceSchemas } from './validation';
import { cellsToInput, markErrors, readSheet, type ParsedSheet } from './xlsx';
import { NDJSON, streamImport, type ImportAnswer, type ImportProgress } from './import-progress';
import type { XlsxLimits } from './xlsx-jobs';
import { contentDisposition, downloadName, XLSX_TYPE } from './download';

const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/**
 * `POST <path>/import` of one resource (spec §7): an xlsx of rows created or, matched by the import key, updated —
 * all or nothing.
 */
export function registerImport(
  app: FastifyInstance,
  repo: ResourceRepository,
  sameService: Map<string, ResourceDef>,
  schemas: ResourceSchemas,
  limits: XlsxLimits,
  opts: { flushEvents?: () => Promise<void> },
) {
  const r = repo.def;
  const path = `/api/v1${r.path}`;
  const caller = requireCaller;
  /**
   * Import, or with `?dry_run=1` the check of an import: the same rows through the same code path in a transaction
   * that is rolled back. A good file answers the counts a real import would make; a bad one answers the workbook back
   * with the errors marked (header `x-import-errors`: how many). A real import with errors writes nothing (400).
   * With `progress=1` the answer streams the progress of the rows first (import-progress.ts).
   */
  app.post(`${path}/import`, async (req, reply) => {
    const ctx = caller(req);
    const lang = requestLang(req);
    const query = req.query as Record<string, unknown>;
    const dryRun = isTrue(query.dry_run);
    if (!req.isMultipart()) throw new AppError(415, 'xlsx_only');
    const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest([{ path: 'file', key: 'required' }]);
    if (!/\.xlsx$/i.test(file.filename)) throw new AppError(415, 'xlsx_only');
    const buffer = await file.toBuffer();
    const run = async (onProgress?: ImportProgress): Promise<ImportAnswer> => {
      // Bounded before it is parsed and parsed off this thread (xlsx-jobs.ts): size, rows, time, memory.
      const sheet = await readSheet(buffer, r, lang, limits);
      if (sheet.rows.length > IMPORT_MAX_ROWS) throw badRequest([{ path: 'file', key: 'too_many', params: { n: IMPORT_MAX_ROWS } }]);
      onProgress?.(0, sheet.rows.length);
      const result = await importRows(repo, sheet, ctx, schemas, sameService, dryRun, onProgress);
      if (!result.errors.length) {
        // A real import's events are handed to the bus before its answer, as for any write (app.ts).
        if (!dryRun) await opts.flushEvents?.();
        return { status: 200, json: ok(dryRun ? { dry_run: true, ...result.report } : result.report) };
      }
      if (!dryRun) {
        throw new AppError(
          400,
          'import_invalid',
          { n: result.errors.length },
          result.errors.map((e) => ({
            path: `row ${e.row}: ${e.field ? (r.fields[e.field]?.label[lang] ?? e.field) : ''}`,
            key: e.key,
            params: e.params,
            message: e.message,
          })),
        );
      }
      const marked = await markErrors(
        sheet,
        result.errors.map((e) => ({
          row: e.row,
          field: sheet.columns.some((c) => c.field === e.field) ? e.field : null,
          message: messageOf(e, lang, sheet, r),
        })),
        limits,
      );
      return {
        status: 200,
        file: {
          name: downloadName(`${file.filename.replace(/\.xlsx$/i, '')}-errors`, `${r.name}-errors`),
          buffer: marked,
          errors: result.errors.length,
          errorRows: new Set(result.errors.map((e) => e.row)).size,
          total: result.report.total,
        },
      };
    };
    // `progress=1`: the progress of the rows streams first, then the same answer as a last line (import-progress.ts).
    if (isTrue(query.progress)) {
      reply.header('content-type', NDJSON);
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(streamImport(lang, run, (err) => req.log.error({ err }, 'import failed')));
    }
    const answer = await run();
    if (!('file' in answer)) return reply.status(answer.status).send(answer.json);
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', contentDisposition(answer.file.name));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-import-errors', String(answer.file.errors));
    reply.header('x-import-error-rows', String(answer.file.errorRows));
    reply.header('x-import-total', String(answer.file.total));
    return reply.send(answer.file.buffer);
  });
}

const isTrue = (v: unknown) => {
  const x = Array.isArray(v) ? v[v.length - 1] : v;
  return typeof x === 'string' && ['1', 'true', 'yes'].includes(x.trim().toLowerCase());
};

/** A message for a marked workbook: on its cell as is; on the row, prefixed with the column it is about. */
function messageOf(e: ImportError, lang: Lang, sheet: ParsedSheet, r: ResourceDef): string {
  const text = e.message ?? t(lang, e.key, e.params ?? {});
  const onCell = e.field && sheet.columns.some((c) => c.field === e.field);
  const label = e.field ? r.fields[e.field]?.label[lang] : undefined;
  return onCell || !label ? text : `${label}: ${text}`;
}

/**
 * Looks up a referenced record by id, or by its (single) import key or title, case-insensitively: in this service's
 * tables, or asked of the service owning it (resource/titles.ts), once per distinct value; by title only among the
 * records the importer may read (a cell is no way to learn that a title exists).
 */
function refResolver(db: Tx, sameService: Map<string, ResourceDef>, titles: Titles | null, ctx: CallerContext) {
  const cache = new Map<string, string | null>();
  return async (f: FieldDef, value: string): Promise<string | null> => {
    if (UUID_RE.test(value)) return value.toLowerCase();
    if (!f.ref) return null;
    const key = `${f.ref}:${value.trim().toLowerCase()}`;
    if (cache.has(key)) return cache.get(key)!;
    const target = sameService.get(f.ref);
    const found = target ? await lookupIds(db, target, [value], ctx) : Object.fromEntries((await titles?.lookup(f.ref, [value], ctx)) ?? []);
    const id = found[value.trim().toLowerCase()] ?? null;
    cache.set(key, id);
    return id;
  };
}

/**
 * The import key of a row as validation would store it, or null when the resource has none or a key cell is blank
 * or invalid (such a row creates; its validation reports the bad cell). `signature` compares keys within the file.
 */
function keyOf(r: ResourceDef, keys: string[], raw: Record<string, unknown>): { values: unknown[]; signature: string } | null {
  if (!keys.length) return null;
  const values: unknown[] = [];
  for (const k of keys) {
    const v = normalizedValue(r.fields[k]!, raw[k]);
    if (v === null || v === undefined) return null;
    values.push(v);
  }
  const signature = JSON.stringify(values.map((v, i) => (TEXT_TYPES.includes(r.fields[keys[i]!]!.type) ? String(v).toLowerCase() : v)));
  return { values, signature };
}

/** The ACTIVE record within the caller's scope whose import key matches (text case-insensitively), oldest first. */
async function findByKey(tx: Tx, r: ResourceDef, keys: string[], values: unknown[], ctx: CallerContext): Promise<string | null> {
  const p = new Params();
  const conds = keys.map((k, i) =>
    TEXT_TYPES.includes(r.fields[k]!.type) ? `lower(t.${k}::text) = lower(${p.add(String(values[i]))})` : `t.${k} = ${p.add(values[i])}`,
  );
  const scope = scopeCondition(r, ctx, p);
  if (scope) conds.push(scope);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT t.id FROM ${r.table} t WHERE t.state = 'ACTIVE' AND ${conds.join(' AND ')} ORDER BY t.created_date, t.id LIMIT 1`,
    p.values,
  );
  return rows[0]?.id ?? null;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
}
/** An error of one row: on a field (a column when the sheet has it) or, with `field` null, on the whole row. */
export interface ImportError {
  row: number;
  field: string | null;
  key: FieldError['key'];
  params?: FieldError['params'];
  message?: string;
}

/**
 * One code path for the import and its check: in one transaction, each row is converted (labels, dates, references
 * by code or name), matched by its import key against ACTIVE records in the caller's scope (a match updates), validated
 * and written through the repository (so uniqueness, references, scope and the resource's hooks apply), each under a
 * savepoint so that a refused row is reported and the next rows are still checked. Any error, or a dry run, rolls the
 * whole transaction back: a file is imported entirely or not at all.
 */
async function importRows(
  repo: ResourceRepository,
  sheet: ParsedSheet,
  ctx: CallerContext,
  schemas: ResourceSchemas,
  sameService: Map<string, ResourceDef>,
  dryRun: boolean,
  onProgress?: ImportProgress,
): Promise<{ report: ImportReport; errors: ImportError[] }> {
  const r = repo.def;
  const keys = importKeyFields(r);
  const errors: ImportError[] = [];
  const seenKeys = new Map<string, number>();
  const fieldOf = (path: string) => {
    const name = path.split('.')[0] ?? '';
    return r.fields[name] ? name : null;
  };
  let created = 0;
  let updated = 0;
  const tx = await repo.pool.connect();
  try {
    await tx.query('BEGIN');
    const resolve = refResolver(tx, sameService, repo.titles, ctx);
    let done = 0;
    for (const row of sheet.rows) {
      if (done) onProgress?.(done, sheet.rows.length);
      done++;
      const { input: raw, errors: refErrors } = await cellsToInput(r, row.values, resolve);
      const rowErrors: FieldError[] = [...refErrors];
      const key = keyOf(r, keys, raw);
      let existingId: string | null = null;
      if (key) {
        const first = seenKeys.get(key.signature);
        if (first !== undefined) for (const k of keys) rowErrors.push({ path: k, key: 'import_duplicate_key', params: { row: first } });
        else seenKeys.set(key.signature, row.rowNumber);
        existingId = await findByKey(tx, r, keys, key.values, ctx);
      }
      const res = (existingId ? schemas.update : schemas.create).safeParse(raw);
      // A reference that was not found is reported once (not also as a missing value).
      if (!res.success) rowErrors.push(...toFieldErrors(res.error).filter((e) => !refErrors.some((re) => re.path === e.path.split('.')[0])));
      if (!res.success || rowErrors.length) {
        for (const e of rowErrors) errors.push({ row: row.rowNumber, field: fieldOf(e.path), key: e.key, params: e.params, message: e.message });
        continue;
      }
      await tx.query('SAVEPOINT import_row');
      try {
        if (existingId) {
          await repo.updateIn(tx, existingId, res.data, ctx, 'import');
          updated++;
        } else {
          await repo.createIn(tx, res.data, ctx, 'import');
          created++;
        }
        await tx.query('RELEASE SAVEPOINT import_row');
      } catch (e) {
        const appErr = asAppError(e);
        if (!appErr) throw e;
        await tx.query('ROLLBACK TO SAVEPOINT import_row');
        const found = appErr.fieldErrors.length ? appErr.fieldErrors : [{ path: '', key: appErr.key, params: appErr.params, message: appErr.text }];
        for (const fe of found) errors.push({ row: row.rowNumber, field: fieldOf(fe.path), key: fe.key, params: fe.params, message: fe.message });
      }
    }
    onProgress?.(sheet.rows.length, sheet.rows.length);
    const report = { total: sheet.rows.length, created, updated };
    if (errors.length || dryRun) {
      await tx.query('ROLLBACK');
      return { report, errors };
    }
    await recordActivity(tx, ctx, {
      domain: r.domain,
      resource: r.name,
      recordId: null,
      action: 'import',
      feature: r.feature,
      description: `import ${sheet.rows.length} rows`,
      updatedData: { created, updated },
    });
    await tx.query('COMMIT');
    repo.onCommit();
    return { report, errors };
  } catch (err) {
    await tx.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    tx.release();
  }
}
