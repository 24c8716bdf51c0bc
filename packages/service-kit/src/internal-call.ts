import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allInternalRoutes, internalPath, type InternalInput, type InternalParsed, type InternalReply, type InternalRoute } from '@portal/contracts';
import { AppError, badRequest } from './errors';
import { CONTEXT_HEADER, INTERNAL_HEADER, type ContextCodec } from './context';
import { fetchAny } from './internal-fetch';
import { parseOrThrow } from './resource/validation';

/**
 * Serves a declared internal route (contracts `InternalRoute`): its params, query and body parsed by their schemas (a
 * bad one is a 400 naming the field), the handler's result answered as `{ success, data }`. The service token is
 * checked for every `/internal/*` route by access.ts.
 */
export function serveInternal<T extends InternalRoute>(
  app: FastifyInstance,
  route: T,
  handler: (input: InternalParsed<T>, req: FastifyRequest) => Promise<InternalReply<T>>,
) {
  app.route({
    method: route.method,
    url: route.path,
    config: { internal: route },
    handler: async (req) => {
      const input = {
        params: route.params ? parseOrThrow(route.params, req.params, (e) => badRequest(e)) : undefined,
        query: route.query ? parseOrThrow(route.query, blankless(req.query), (e) => badRequest(e)) : undefined,
        body: route.body ? parseOrThrow(route.body, req.body ?? {}, (e) => badRequest(e)) : undefined,
      } as InternalParsed<T>;
      return { success: true, data: await handler(input, req) };
    },
  });
}

/**
 * A service refuses to start with an `/internal/*` route that is not declared in contracts (`allInternalRoutes`) or not
 * served through its declaration (`serveInternal`): so every internal route has its schemas, and no hand-kept list can
 * miss one.
 */
export function requireDeclaredInternalRoutes(app: FastifyInstance) {
  const declared = new Map(allInternalRoutes.map((r) => [`${r.method} ${r.path}`, r]));
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/internal/')) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      const route = declared.get(`${method} ${r.url}`);
      if (!route) throw new Error(`${method} ${r.url} is not declared in contracts (allInternalRoutes)`);
      if ((r.config as { internal?: unknown } | undefined)?.internal !== route) throw new Error(`${method} ${r.url} is not served through serveInternal`);
    }
  });
}

const blankless = (raw: unknown): Record<string, unknown> =>
  Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined));

/**
 * The owner answered, but not with a yes: the status it answered (a refusal of this caller, a record it does not have).
 * To the caller's own client it is a 503 unless the caller decides what that refusal means.
 */
export class InternalRefusal extends AppError {
  constructor(
    readonly route: string,
    readonly answered: number,
  ) {
    super(503, 'service_unavailable');
  }
}

/** Who calls and where: the owner's instances (comma-separated; null: not configured), the caller's token. */
export interface InternalTarget {
  baseUrl: string | null;
  codec: Pick<ContextCodec, 'internalToken'>;
  /** The calling service's name, signed into its token. */
  service: string;
  timeoutMs?: number;
}

/**
 * Calls a declared internal route: the path filled from `params`, `query` as the query string, `body` as JSON, the
 * caller's signed `context` when the route takes it; the answer's `data` parsed by the route's reply schema.
 * An owner that cannot be reached, answers 5xx or answers something not of the declared shape is a 503
 * (`service_unavailable`: nobody acts on a guess); any other non-2xx answer is an `InternalRefusal` carrying its status.
 */
export async function callInternal<T extends InternalRoute>(
  target: InternalTarget,
  route: T,
  input: InternalInput<T> & { context?: string },
): Promise<InternalReply<T>> {
  const unavailable = () => new AppError(503, 'service_unavailable');
  if (!target.baseUrl) throw unavailable();
  if (route.context && !input.context) throw new Error(`${route.path} needs the caller's context`);
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; context?: string };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(i.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
  const qs = query.size ? `?${query}` : '';
  const headers: Record<string, string> = { [INTERNAL_HEADER]: target.codec.internalToken(target.service) };
  if (i.context) headers[CONTEXT_HEADER] = i.context;
  if (i.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetchAny(target.baseUrl, `${internalPath(route.path, i.params)}${qs}`, {
      method: route.method,
      headers,
      body: i.body === undefined ? undefined : JSON.stringify(i.body),
      timeoutMs: target.timeoutMs ?? 5000,
    });
  } catch {
    throw unavailable();
  }
  if (!res.ok) {
    await res.body?.cancel();
    if (res.status >= 500) throw unavailable();
    throw new InternalRefusal(route.path, res.status);
  }
  let data: unknown;
  try {
    data = ((await res.json()) as { data: unknown }).data;
  } catch {
    throw unavailable();
  }
  const parsed = route.reply.safeParse(data);
  if (!parsed.success) throw unavailable();
  return parsed.data as InternalReply<T>;
}

/** Whether an error is the owner refusing with one of these statuses (not being unavailable). */
export const refusedWith = (err: unknown, ...statuses: number[]): boolean => err instanceof InternalRefusal && statuses.includes(err.answered);
