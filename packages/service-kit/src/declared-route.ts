import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { RouteDecl } from '@portal/contracts';

type Handler<G extends RouteGenericInterface> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>;
/** A route's options: its `config` (e.g. `flushEvents`, app.ts). */
type Options = { config?: Record<string, unknown> };

/**
 * Serves a route declared in contracts (`hrApi.staffStats`, `systemApi.signIn`, …) at `/api/v1` + its path, with its
 * method: the path is written once, in the declaration the gateway routes and checks by (access.ts checks it again here).
 * `options` (optional, before the handler as in Fastify): the route's `config`.
 */
export function serveRoute<G extends RouteGenericInterface = RouteGenericInterface>(app: FastifyInstance, decl: RouteDecl, handler: Handler<G>): void;
export function serveRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  decl: RouteDecl,
  options: Options,
  handler: Handler<G>,
): void;
export function serveRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  decl: RouteDecl,
  a: Handler<G> | Options,
  b?: Handler<G>,
): void {
  const [options, handler] = typeof a === 'function' ? [{}, a] : [a, b!];
  app.route<G>({ ...options, method: decl.method, url: apiPath(decl), handler });
}

/** The URL a declared route is served at. */
export const apiPath = (decl: Pick<RouteDecl, 'path'>): string => `/api/v1${decl.path}`;
