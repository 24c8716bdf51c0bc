import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BULK_MAX, UUID_RE, type CallerContext } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError, asAppError, badRequest, ok, type FieldError } from '../errors';
import { requireCaller } from '../access';
import { parseOrThrow, resourceSchemas, toFieldErrors } from './validation';
import { moveStatus } from './workflow';
import type { ResourceRepository, Row } from './repository';

/** The errors of one row of a bulk action under the row's path (`items.3.email`; an error without a field: the row). */
function rowErrors(err: AppError, prefix: string): FieldError[] {
  if (!err.fieldErrors.length) return [{ path: prefix, key: err.key, params: err.params, message: err.text }];
  return err.fieldErrors.map((e) => ({ ...e, path: e.path ? `${prefix}.${e.path}` : prefix }));
}

/**
 * Runs `write` for every row in one transaction, each under a savepoint so that a refused row is reported and the next
 * ones are still tried; any error rolls everything back (400 "There are N errors; nothing was changed" — "…created"
 * for a bulk create — every row's errors listed).
 */
export async function allOrNothing<T, R = Row>(
  repo: ResourceRepository,
  rows: T[],
  prefix: string,
  write: (tx: Tx, row: T, i: number) => Promise<R>,
  refused: 'bulk_invalid' | 'bulk_refused' = 'bulk_refused',
): Promise<R[]> {
  const errors: FieldError[] = [];
  const tx = await repo.pool.connect();
  try {
    await tx.query('BEGIN');
    const done: R[] = [];
    for (const [i, row] of rows.entries()) {
      await tx.query('SAVEPOINT bulk_row');
      try {
        done.push(await write(tx, row, i));
        await tx.query('RELEASE SAVEPOINT bulk_row');
      } catch (e) {
        const err = asAppError(e);
        if (!err) throw e;
        await tx.query('ROLLBACK TO SAVEPOINT bulk_row');
        errors.push(...rowErrors(err, `${prefix}.${i}`));
      }
    }
    if (errors.length) throw new AppError(400, refused, { n: errors.length }, errors);
    await tx.query('COMMIT');
    repo.onCommit();
    return done;
  } catch (err) {
    await tx.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    tx.release();
  }
}

/** The `ids` of a bulk action: 1 to BULK_MAX record ids. */
export const bulkIds = z
  .array(z.string({ error: 'invalid' }).regex(UUID_RE, { error: 'invalid' }).toLowerCase(), { error: 'select_required' })
  .min(1, { error: 'select_required' })
  .max(BULK_MAX, { error: `too_many|{"n":${BULK_MAX}}` });

/** The declared bulk actions of a resource (ResourceDef.bulk; contracts kit/routes.ts declares their routes). */
export function registerBulk(app: FastifyInstance, repo: ResourceRepository) {
  const r = repo.def;
  const base = `/api/v1${r.path}`;
  const schemas = resourceSchemas(r);

  if (r.bulk?.create) {
    const body = z
      .object(
        {
          items: z
            .array(z.record(z.string(), z.unknown(), { error: 'body_object' }), { error: 'invalid' })
            .min(1, { error: 'required' })
            .max(BULK_MAX, { error: `too_many|{"n":${BULK_MAX}}` }),
        },
        { error: 'body_object' },
      )
      .loose();
    // Every item is checked before anything is written (all the errors at once), then written through the repository
    // (hooks, uniqueness against the table and within the batch, scope), each item with the fields the body shares.
    app.post(`${base}/bulk-create`, async (req) => {
      const ctx = requireCaller(req);
      const { items, ...shared } = parseOrThrow(body, req.body, badRequest);
      const errors: FieldError[] = [];
      const inputs = items.map((item, i) => {
        const res = schemas.create.safeParse({ ...item, ...shared });
        if (!res.success) errors.push(...toFieldErrors(res.error).map((e) => ({ ...e, path: `items.${i}.${e.path}` })));
        return res.success ? res.data : null;
      });
      if (errors.length) throw new AppError(400, 'bulk_invalid', { n: errors.length }, errors);
      const created = await allOrNothing(repo, inputs, 'items', (tx, input) => repo.createIn(tx, input!, ctx), 'bulk_invalid');
      return ok({ created: created.length, items: created });
    });
  }

  if (r.bulk?.delete) {
    app.post(`${base}/bulk-delete`, async (req) => {
      const ctx = requireCaller(req);
      const body = parseOrThrow(z.object({ ids: bulkIds }, { error: 'body_object' }), req.body, badRequest);
      const rows = await allOrNothing(repo, unique(body.ids), 'ids', (tx, id) => repo.deactivateIn(tx, id, ctx));
      return ok({ deleted: rows.length, ids: rows.map((x) => x.id) });
    });
  }

  if (r.bulk?.status && r.workflow) {
    const values = (r.fields[r.workflow.field]!.values ?? []).map(String) as [string, ...string[]];
    const body = z.object(
      {
        ids: bulkIds,
        status: z.enum(values, { error: 'select_required' }),
        note: z.string({ error: 'invalid' }).trim().max(1000, { error: 'max_length|{"n":1000}' }).nullish(),
      },
      { error: 'body_object' },
    );
    app.post(`${base}/bulk-status`, async (req) => {
      const ctx = requireCaller(req);
      const b = parseOrThrow(body, req.body, badRequest);
      const rows = await allOrNothing(repo, unique(b.ids), 'ids', (tx, id) => moveOne(repo, tx, id, b.status, ctx, b.note ?? null));
      return ok({ moved: rows.length, items: rows });
    });
  }
}

/** One record's move inside a bulk move: read in scope, what its moves lock first, then the record, then the move. */
async function moveOne(repo: ResourceRepository, tx: Tx, id: string, to: string, ctx: CallerContext, note: string | null): Promise<Row> {
  const peek = await repo.get(id, ctx, tx);
  await repo.hooks.lockBeforeStatus?.(peek, tx);
  return moveStatus(repo, tx, await repo.get(id, ctx, tx, true), to, ctx, { note, body: { status: to, note } });
}

/** Ids once each, in their first order (a repeated id would be refused as already done). */
export const unique = (list: string[]) => [...new Set(list.map((x) => x.toLowerCase()))];
