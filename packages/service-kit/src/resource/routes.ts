import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, featureFor, isUuid, wordAlias, type ResourceDef } from '@portal/contracts';
import { AppError, badRequest, ok, requestLang } from '../errors';
import { t } from '../i18n';
import { requireCaller } from '../access';
import { Params, parseListQuery } from './query';
import { labelInSentence } from './totals';
import type { ResourceRepository, Row } from './repository';
import { parseOrThrow, resourceSchemas } from './validation';
import { exportXlsx, importTemplate } from './xlsx';
import { childResources, recordDocx } from './docx';
import { recordPdf } from './pdf';
import type { ApprovalEngine } from '../approval/engine';
import { xlsxLimitsFromEnv, type XlsxLimits } from './xlsx-jobs';
import { contentDisposition, downloadName, XLSX_TYPE } from './download';
import { IMPORT_MAX_ROWS, registerImport } from './import';
import { registerWorkflow } from './workflow';
import { registerBulk } from './bulk';
import { registerCalendar } from './calendar';
import { registerSeries } from './series';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The routes of one declared resource (ARCHITECTURE §2): list, detail, create, update, delete (INACTIVE),
 * export, import template and import.
 */
export function registerResource(
  app: FastifyInstance,
  repo: ResourceRepository,
  sameService: Map<string, ResourceDef>,
  opts: { flushEvents?: () => Promise<void>; approval?: ApprovalEngine } = {},
) {
  const r = repo.def;
  const path = `/api/v1${r.path}`;
  const schemas = resourceSchemas(r);
  const caller = (req: FastifyRequest) => requireCaller(req);
  const limits: XlsxLimits = { ...xlsxLimitsFromEnv(), maxRows: IMPORT_MAX_ROWS };

  app.get(path, async (req) => ok(await repo.list(parseListQuery(r, req.query as Record<string, unknown>, { lean: true }), caller(req))));

  app.get(`${path}/export`, async (req, reply) => {
    const ctx = caller(req);
    const q = req.query as Record<string, unknown>;
    const lq = parseListQuery(r, { ...q, page: '1', limit: '1' });
    const name = downloadName(q.fileName, r.name);
    const stream = await exportXlsx(repo.pool, r, lq, ctx, sameService, repo.titles);
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', contentDisposition(name));
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(stream);
  });

  if (r.projection) {
    // A read-only view (ResourceDef.projection): list, export and one record, nothing else.
    app.get(`${path}/:id`, async (req) => ok(await repo.get((req.params as { id: string }).id, caller(req))));
    return;
  }

  app.get(`${path}/import-template`, async (req, reply) => {
    caller(req);
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', contentDisposition(`${r.name}-template.xlsx`));
    return reply.send(await importTemplate(r, requestLang(req)));
  });

  registerImport(app, repo, sameService, schemas, limits, opts);

  if (r.workflow) registerWorkflow(app, repo);
  if (r.bulk) registerBulk(app, repo);
  if (r.calendar) registerCalendar(app, repo);
  if (r.series) registerSeries(app, repo);

  if (r.word) {
    const word = async (req: FastifyRequest, reply: FastifyReply) => {
      const { title, buffer } = await recordDocx(repo, (req.params as { id: string }).id, caller(req), requestLang(req), sameService);
      reply.header('content-type', DOCX_TYPE);
      reply.header('content-disposition', contentDisposition(downloadName(title, r.name, 'docx')));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(buffer);
    };
    app.get(`${path}/:id/word`, word);
    // The spec's own path (`word: { alias }`): the same export.
    const alias = wordAlias(r);
    if (alias) app.get(`/api/v1${alias}/:id`, word);
  }

  if (r.print) {
    const lines = typeof r.print === 'object' ? r.print.lines : undefined;
    if (lines && !childResources(r, repo.sameService).some((c) => c.name === lines))
      throw new Error(`${r.name}: print.lines ${lines} must be a resource of the same service whose parent is ${r.name}`);
    app.get(`${path}/:id/pdf`, async (req, reply) => {
      const { title, buffer } = await recordPdf(repo, (req.params as { id: string }).id, caller(req), requestLang(req), opts.approval, repo.sameService);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(downloadName(title, r.name, 'pdf')));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(buffer);
    });
  }

  // The caller's own record (ResourceDef.mine), read in their scope, which holds it; an account without a staff record has none.
  if (r.mine)
    app.get(`${path}/me`, async (req) => {
      const ctx = caller(req);
      if (!ctx.staffId) throw new AppError(404, 'no_own_record');
      return ok(await repo.get(ctx.staffId, ctx));
    });

  // The form's check as a code is typed (ResourceDef.codeCheck): the table's unique index decides over ACTIVE records.
  if (r.codeCheck)
    app.get(`${path}/check-code`, async (req) => {
      caller(req);
      const q = req.query as { code?: unknown; id?: unknown };
      const code = typeof q.code === 'string' ? q.code.trim() : '';
      if (!code) throw badRequest([{ path: 'code', key: 'required' }]);
      if (code.length > (r.fields.code!.max ?? 255)) throw badRequest([{ path: 'code', key: 'max_length', params: { n: r.fields.code!.max ?? 255 } }]);
      const id = typeof q.id === 'string' && isUuid(q.id) ? q.id : null;
      const { rowCount } = await repo.pool.query(
        `SELECT 1 FROM ${r.table} WHERE state = 'ACTIVE' AND lower(code) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
        [code, id],
      );
      const exists = Boolean(rowCount);
      return ok({ exists, message: exists ? t(requestLang(req), 'code_exists') : null });
    });

  // The form's check before a create (ResourceDef.createCheck): the first unique set's values, as the list filters them.
  if (r.createCheck)
    app.get(`${path}/check-create`, async (req) => {
      caller(req);
      const q = req.query as Record<string, unknown>;
      const keys = r.unique![0]!;
      const p = new Params();
      const where = keys.map((k) => {
        const fd = r.fields[k]!;
        const param = fd.filterAlias ?? `f_${k}`;
        const raw = typeof q[param] === 'string' ? (q[param] as string).trim() : '';
        if (!raw) throw badRequest([{ path: param, key: 'required' }]);
        if (fd.type === 'int' && !/^-?\d{1,9}$/.test(raw)) throw badRequest([{ path: param, key: 'must_integer' }]);
        if (fd.type === 'ref' && !isUuid(raw)) throw badRequest([{ path: param, key: 'invalid' }]);
        if (fd.type === 'enum' && !(fd.values ?? []).map(String).includes(raw)) throw badRequest([{ path: param, key: 'invalid' }]);
        return fd.type === 'text' ? `lower(${k}) = lower(${p.add(raw)})` : `${k}::text = ${p.add(fd.type === 'ref' ? raw.toLowerCase() : raw)}`;
      });
      const { rowCount } = await repo.pool.query(`SELECT 1 FROM ${r.table} WHERE state = 'ACTIVE' AND ${where.join(' AND ')} LIMIT 1`, p.values);
      const exists = Boolean(rowCount);
      return ok({ exists, message: exists ? t(requestLang(req), 'record_exists', { resource: { vi: r.label.vi, en: labelInSentence(r.label).en } }) : null });
    });

  if (r.acts) app.get(`${path}/:id/acts`, async (req) => ok(await repo.actsOf((req.params as { id: string }).id, caller(req))));

  app.get(`${path}/:id`, async (req) => ok(await repo.get((req.params as { id: string }).id, caller(req))));

  app.post(path, async (req) => {
    const input = parseOrThrow(schemas.create, req.body, (e) => badRequest(e));
    return ok(await repo.create(input, caller(req)));
  });

  app.put(`${path}/:id`, async (req) => {
    const input = parseOrThrow(schemas.update, req.body, (e) => badRequest(e));
    // Spec §4: clients remove a family relationship, experience or recognition by sending `state: INACTIVE` (with
    // its staff_id): the same as DELETE, with the same rules.
    if ((req.body as { state?: unknown } | null)?.state === 'INACTIVE') {
      const ctx = caller(req);
      if (!can(ctx, 'delete', featureFor(r, 'delete'))) throw new AppError(403, 'forbidden');
      return ok(await repo.deactivate((req.params as { id: string }).id, ctx));
    }
    return ok(await repo.update((req.params as { id: string }).id, input, caller(req)));
  });

  app.delete(`${path}/:id`, async (req) => {
    const row = await repo.deactivate((req.params as { id: string }).id, caller(req));
    return ok({ id: row.id, state: row.state, message: t(requestLang(req), 'delete_success') });
  });
}

export type { Row };
