import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admits, type CallerContext, type RouteDecl } from '@portal/contracts';
import { AppError, forbidden, unauthenticated } from './errors';
import { CONTEXT_HEADER, INTERNAL_HEADER, isSignedIn, type ContextCodec } from './context';
import { langOf } from './i18n';

export function requireCaller(req: FastifyRequest): CallerContext {
  if (!isSignedIn(req.portal)) throw unauthenticated();
  return req.portal;
}

/**
 * Every /api/v1 request must carry a context signed by the gateway; /internal requests a service token.
 * The route's declared access is checked again here (defence in depth, ARCHITECTURE §4): a service never
 * trusts that the gateway was the only way in.
 */
export function installAccess(app: FastifyInstance, codec: ContextCodec, routes: RouteDecl[]) {
  const access = new Map(routes.map((r) => [`${r.method} /api/v1${r.path}`, r.access]));
  // A route served here but declared nowhere would answer nobody (the gateway routes by the declarations) and be
  // checked by nothing: the service refuses to start with one.
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/v1/')) return;
    for (const method of [r.method].flat())
      if (method !== 'HEAD' && !access.has(`${method} ${r.url}`)) throw new Error(`${method} ${r.url} is not declared in contracts for this service`);
  });
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url ?? '';
    if (url.startsWith('/internal/')) {
      const token = req.headers[INTERNAL_HEADER];
      try {
        if (typeof token !== 'string') throw new Error('missing');
        codec.verifyInternal(token);
      } catch {
        throw new AppError(401, 'unauthenticated');
      }
      return;
    }
    if (!url.startsWith('/api/v1/')) return;
    const token = req.headers[CONTEXT_HEADER];
    if (typeof token !== 'string') throw unauthenticated();
    try {
      req.portal = codec.verify(token);
    } catch {
      req.portal = undefined;
      throw unauthenticated();
    }
    req.portal.lang = req.portal.lang ?? langOf(req.headers['accept-language']);
    const rule = access.get(`${req.method} ${url}`);
    if (!rule) throw forbidden();
    const verdict = admits(isSignedIn(req.portal) ? req.portal : null, rule);
    if (verdict === 'unauthenticated') throw unauthenticated();
    if (verdict === 'forbidden') throw forbidden();
  });
}
