import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langOf, t, type MessageKey, type MessageParams } from './i18n';
import type { Lang } from '@portal/contracts';

/** The success envelope of ARCHITECTURE §3. */
export const ok = <T>(data: T) => ({ success: true as const, data });

export interface FieldError {
  path: string;
  key: MessageKey;
  params?: MessageParams;
  message?: string;
}

/** An expected failure: becomes a clean 4xx envelope with a translated message. */
export class AppError extends Error {
  /** Seconds until the caller may try again (a 429): sent as the Retry-After header. */
  retryAfter?: number;
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly fieldErrors: FieldError[] = [],
    /** A message already in the caller's language (overrides key). */
    readonly text?: string,
  ) {
    super(key);
  }
}

export const badRequest = (errors: FieldError[], key: MessageKey = 'bad_request') => new AppError(400, key, {}, errors);
export const notFound = () => new AppError(404, 'not_found');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const tooManyRequests = (retryAfterSeconds: number) =>
  Object.assign(new AppError(429, 'too_many_requests'), { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });

export function requestLang(req: FastifyRequest): Lang {
  return req.portal?.lang ?? langOf(req.headers['accept-language']);
}

export function errorBody(lang: Lang, err: AppError) {
  return {
    success: false as const,
    message: err.text ?? t(lang, err.key, err.params),
    errors: err.fieldErrors.map((e) => ({ path: e.path, message: e.message ?? t(lang, e.key, e.params ?? {}) })),
  };
}

/** Postgres errors that are the caller's fault become 4xx, never a stack trace. */
/** The database unreachable (stopped, restarting, failing over): PostgreSQL's shutdown and connection codes, and the socket's. */
const DB_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);
const DB_GONE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function fromPg(err: { code?: string; constraint?: string; message?: string }): AppError | null {
  // A 503: the caller may try again; the pool drops the broken connections and opens new ones once the server is back.
  if (DB_UNAVAILABLE.has(err.code ?? '') || DB_GONE.test(String(err.message ?? ''))) return new AppError(503, 'service_unavailable');
  if (err.code === '23505') {
    const field = err.constraint?.match(/^uq_[a-z0-9_]+?__(\w+)$/)?.[1] ?? 'code';
    return new AppError(409, field === 'code' ? 'code_exists' : 'value_exists', { field }, [
      { path: field, key: field === 'code' ? 'code_exists' : 'value_exists', params: { field } },
    ]);
  }
  if (err.code === '23503') {
    const field = err.constraint?.match(/^fk_[a-z0-9_]+?__(\w+)$/)?.[1] ?? 'id';
    return badRequest([{ path: field, key: 'invalid' }]);
  }
  // Invalid text representation, numeric overflow, bad date/time, bad characters: the input's fault.
  if (['22P02', '22003', '22007', '22008', '22021', '22P05', '54000'].includes(err.code ?? '')) return badRequest([]);
  return null;
}

/**
 * The multipart parser's own errors for a malformed form (no boundary, a boundary too long, a form cut short): the
 * client's fault, a 400. They are plain Errors without a status (busboy), so they would otherwise be a 500.
 */
const MULTIPART_BROKEN = /^(Multipart: |Boundary required|Unexpected end of (multipart data|form)|Malformed part header|The needle )/;

/**
 * Reads and discards the rest of a request body the server refused before reading it all (a 413, a refused upload):
 * otherwise the socket is closed under a client still sending, and the client — the gateway, relaying a body to a
 * service — gets a reset connection (a 503) or waits, instead of the 4xx. Bounded: a client still sending after 30 s
 * is cut off.
 */
export async function drainRequest(raw: IncomingMessage) {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
  const timer = setTimeout(() => raw.destroy(), 30_000);
  try {
    await Promise.race([once(raw, 'end'), once(raw, 'close')]);
  } catch {
    /* the client went away */
  } finally {
    clearTimeout(timer);
  }
}

/** An expected failure as an AppError (thrown as one, or a PostgreSQL error that is the input's fault); null otherwise. */
export function asAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  return err && typeof err === 'object' ? fromPg(err as { code?: string; constraint?: string }) : null;
}

/** The error envelope for every failure; `notFound: false` leaves the 404 handler to the caller (the gateway's page fallback). */
export function installErrorHandling(app: FastifyInstance, opts: { notFound?: boolean } = {}) {
  app.setErrorHandler(async (error: FastifyError & { code?: string; constraint?: string }, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    let appErr: AppError | null = error instanceof AppError ? error : fromPg(error);
    if (!appErr && error.validation) appErr = badRequest([]);
    if (!appErr && MULTIPART_BROKEN.test(String(error.message))) appErr = badRequest([{ path: 'file', key: 'invalid' }]);
    // The multipart plugin's "not multipart" is a 406; the portal's wrong type is a 415.
    if (!appErr && error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') appErr = new AppError(415, 'wrong_type');
    if (!appErr && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const key: MessageKey =
        error.statusCode === 413
          ? 'too_large'
          : error.statusCode === 415
            ? 'wrong_type'
            : error.statusCode === 429
              ? 'too_many_requests'
              : error.statusCode === 404
                ? 'not_found'
                : 'bad_request';
      appErr = new AppError(error.statusCode, key);
    }
    if (!appErr) {
      req.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ success: false, message: t(lang, 'server_error'), errors: [] });
    }
    if (appErr.status === 413) await drainRequest(req.raw);
    if (appErr.retryAfter) reply.header('retry-after', String(appErr.retryAfter));
    return reply.status(appErr.status).send(errorBody(lang, appErr));
  });
  if (opts.notFound === false) return;
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ success: false, message: t(requestLang(req), 'route_not_found'), errors: [] });
  });
}
