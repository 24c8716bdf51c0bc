import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CANDIDATE_CLOSED, candidate, candidateReapplyBody, interviewSeriesBody, recruitment, recruitmentApi } from '@portal/contracts';
import {
  AppError,
  badRequest,
  ok,
  orderClause,
  Params,
  parseListQuery,
  parseOrThrow,
  requireCaller,
  selectedColumns,
  titleScope,
  whereClause,
  withTx,
  type FieldError,
  type Row,
  type ServiceKit,
  serveRoute,
} from '@portal/service-kit';
import { recruitmentInScope } from './recruitment';
import { isOld } from './candidate';
import { writeWorkflow } from './write';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/**
 * Field errors of a failed row write under the row's path: `items.3.email`; with `rename`, the errors of that field
 * become the row itself (`candidate_ids.2`). An error without fields names the row.
 */
function rowErrors(err: AppError, prefix: string, rename?: string): FieldError[] {
  if (!err.fieldErrors.length) return [{ path: prefix, key: err.key, params: err.params }];
  return err.fieldErrors.map((e) => ({ ...e, path: rename ? (e.path === rename ? prefix : e.path) : `${prefix}.${e.path}` }));
}

export function recruitmentRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = (name: string) => kit.repos.get(name)!;

  // "-create-series" (spec §7): one interview round for several candidates, in consecutive slots of `minutes` from
  // `start_at` in the order given. All or nothing; errors name the candidate (candidate_ids.N).
  serveRoute(app, recruitmentApi.createSeries, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(interviewSeriesBody, req.body, badRequest);
    const ids = body.candidate_ids.map((x) => x.toLowerCase());
    const dup = ids.findIndex((x, i) => ids.indexOf(x) !== i);
    if (dup >= 0) throw badRequest([{ path: `candidate_ids.${dup}`, key: 'value_exists', params: { field: candidate.label } }]);
    const rows = await withTx(kit.pool, async (tx) => {
      if (body.interviewer_id) {
        const { rows: found } = await tx.query(`SELECT 1 FROM staff WHERE id = $1 AND state = 'ACTIVE'`, [body.interviewer_id]);
        if (!found.length) throw badRequest([{ path: 'interviewer_id', key: 'invalid' }]);
      }
      const start = new Date(body.start_at).getTime();
      const errors: FieldError[] = [];
      const created: Row[] = [];
      for (const [i, candidateId] of ids.entries()) {
        try {
          created.push(
            await repo('candidateInterview').createIn(
              tx,
              {
                candidate_id: candidateId,
                kind: body.kind,
                scheduled_at: new Date(start + i * body.minutes * 60_000).toISOString(),
                location: body.location ?? null,
                interviewer_id: body.interviewer_id ?? null,
                result: 'PENDING',
              },
              ctx,
            ),
          );
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          errors.push(...rowErrors(e, `candidate_ids.${i}`, 'candidate_id'));
        }
      }
      if (errors.length) throw new AppError(400, 'bulk_invalid', { n: errors.length }, errors);
      return created;
    });
    repo('candidateInterview').onCommit();
    return ok({ created: rows.length, items: rows });
  });

  // Old candidates: closed without being hired, or still open in a request that is finished, cancelled or removed —
  // profiles HR may reuse. The list contract of every list (q, f_*, order, page, limit, f_state) within the scope.
  serveRoute(app, recruitmentApi.oldCandidates, async (req) => {
    const ctx = requireCaller(req);
    const lq = parseListQuery(candidate, req.query as Record<string, unknown>, { lean: true });
    const p = new Params();
    const where = whereClause(candidate, lq, ctx, p);
    const old = `t.status IS DISTINCT FROM 'HIRED' AND (t.status = ANY(${p.add(CANDIDATE_CLOSED)}::text[]) OR r.id IS NULL OR r.state <> 'ACTIVE' OR r.status IN ('DONE', 'CANCELLED'))`;
    const cond = where ? `${where} AND ${old}` : `WHERE ${old}`;
    const from = 'FROM candidate t LEFT JOIN recruitment r ON r.id = t.recruitment_id';
    const countValues = [...p.values];
    // The request's name only for a reader whose scope covers the request, as every reference's title (query.ts titleScope).
    const seen = titleScope(recruitment, ctx, p, 'r');
    const [items, count] = await Promise.all([
      kit.pool.query<Row>(
        `SELECT ${selectedColumns(candidate, lq.fields, 't')}, ${seen ? `CASE WHEN ${seen} THEN r.name END` : 'r.name'} AS "recruitment_id__title", r.status AS recruitment_status, o.name AS "department_id__title", ps.name AS "position_id__title"
           ${from} LEFT JOIN organization o ON o.id = t.department_id LEFT JOIN position ps ON ps.id = t.position_id
           ${cond} ${orderClause(lq)} LIMIT ${p.add(lq.limit)} OFFSET ${p.add((lq.page - 1) * lq.limit)}`,
        p.values,
      ),
      kit.pool.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${cond}`, countValues),
    ]);
    return ok({ items: items.rows, totalRows: count.rows[0]?.n ?? 0, page: lq.page, limit: lq.limit });
  });

  // Reuse an old candidate's profile for an open request: a new candidate (new code, PENDING) with the same profile;
  // the old record is deactivated (its email is unique among active candidates), and stays readable with its interviews.
  serveRoute(app, recruitmentApi.reapply, async (req) => {
    const ctx = requireCaller(req);
    const body = parseOrThrow(candidateReapplyBody, req.body, badRequest);
    const row = await withTx(kit.pool, async (tx) => {
      const old = await repo('candidate').get(idOf(req), ctx, tx, true);
      if (old.state !== 'ACTIVE') throw new AppError(422, 'inactive_record');
      if (!(await isOld(tx, old))) throw new AppError(422, 'candidate_not_old');
      const rec = await recruitmentInScope(tx, body.recruitment_id, ctx);
      await writeWorkflow(kit, tx, 'candidate', old.id, {}, ctx, {
        verb: 'deleted',
        description: `Dùng lại hồ sơ cho yêu cầu tuyển dụng ${String(rec.code)} / Profile reused for recruitment request ${String(rec.code)}`,
      });
      const profile = ['full_name', 'email', 'phone', 'birthday', 'gender', 'source', 'experience_years', 'expected_salary', 'note'];
      return repo('candidate').createIn(tx, { ...Object.fromEntries(profile.map((k) => [k, old[k] ?? null])), recruitment_id: body.recruitment_id }, ctx);
    });
    repo('candidate').onCommit();
    return ok(await repo('candidate').get(row.id, ctx));
  });
}
