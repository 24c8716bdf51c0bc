import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { createVerifier } from 'fast-jwt';
import { DOMAIN_LABELS, admits, type CallerContext, type Domain } from '@portal/contracts';
import {
  AppError,
  DRAINING_HEADER,
  HEALTH_ROUTE,
  contextCodec,
  errorBody,
  installErrorHandling,
  langOf,
  childLoggerFactory,
  logOptions,
  rememberingVerifier,
  t,
  tooManyRequests,
  type EventBus,
  type PortalContext,
} from '@portal/service-kit';
import { trustedHops, type GatewayConfig } from './config';
import { AuthzCache } from './authz-cache';
import { routeTable } from './routing';
import { openApiDocument } from './openapi';
import { registerWeb } from '@portal/web-server';
import { Upstreams, networkFailure } from './upstreams';
import { registerPayloadEncoding } from './encoding';
import { registerLive } from './live';
import { SignedContexts } from './signed-contexts';
import { inProcessHandoff, serviceHeaders } from './in-process';

/** How long the gateway keeps an idle connection to a service (below the services' 72 s: see the agent below). */
const UPSTREAM_IDLE_MS = 30_000;

/**
 * The gateway (ARCHITECTURE §4): verifies the access token, loads the caller's permissions and scope
 * (cached, invalidated by events), checks the route's feature × action, and forwards the request to the
 * owning service with a short-lived context signed with the internal key — over HTTP, or in the all-in-one process by
 * handing it to the service's own handler (`local`, in-process.ts). Bodies stream through untouched.
 */
export async function createGateway(cfg: GatewayConfig, bus: EventBus, local?: Partial<Record<Domain, FastifyInstance>>) {
  const app = Fastify({
    logger: logOptions('gateway'),
    childLoggerFactory,
    trustProxy: trustedHops(cfg.trustProxy),
    bodyLimit: 320 * 1024 * 1024,
    return503OnClosing: false,
  });
  const codec = contextCodec(cfg.internalKey);
  const signed = new SignedContexts(codec);
  const verifyAccess = rememberingVerifier(
    createVerifier({ key: cfg.authSecret, algorithms: ['HS256'], allowedIss: 'portal' }) as (t: string) => { exp?: number },
    10_000,
  );
  const match = routeTable();
  // The all-in-one mode: calls go straight to the services of this process (in-process.ts).
  const handoff = local ? inProcessHandoff(local) : null;
  const upstreams = new Upstreams({ ...cfg.services, ...(cfg.webUrl ? { web: [cfg.webUrl] } : {}) }, cfg.probeMs, cfg.restartWaitMs);
  upstreams.start();
  app.addHook('onClose', async () => upstreams.stop());
  const unavailable = (d: Domain) => new AppError(503, 'domain_unavailable', { domain: DOMAIN_LABELS[d] });
  const authz = new AuthzCache(codec, (d) => upstreams.ordered(d), cfg.authzTtlSeconds * 1000);
  await authz.subscribe(bus);

  installErrorHandling(app, { notFound: false });
  // Bodies are not parsed here: they stream to the service, which validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  // Security headers on every answer (helmet), its middleware built once: @fastify/helmet built it again for every request.
  const secure = helmet({
    // The page itself carries the policy that names the remotes' origins (@portal/web-server pageCsp); this one covers the rest.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => secure(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // Allowed origins may read the download name and the import check's counts, as the portal itself does.
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || cfg.corsOrigins.includes(origin)),
    credentials: true,
    maxAge: 600,
    exposedHeaders: ['content-disposition', 'x-import-errors', 'x-import-error-rows', 'x-import-total'],
  });
  // Two budgets per address. Every request counts against the general one. The routes declared `limit: 'auth'` (sign-in,
  // refresh, password reset and change) also count against the stricter one — in `admit`, on the route the path matched
  // after decoding, so an encoded path (`sign%2Din`) or a payload-encoded call is the same route and the same count.
  await app.register(rateLimit, {
    max: cfg.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `${req.ip}:all`,
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      success: false,
      message: t(langOf(req.headers['accept-language']), 'too_many_requests'),
      errors: [],
      retryAfter: ctx.after,
    }),
  });
  const authLimit = app.createRateLimit({ max: cfg.authRateLimitPerMinute, timeWindow: 60_000, keyGenerator: (req) => `${req.ip}:auth` });
  // An idle connection to a service is dropped after 30 s, before the service drops it (Fastify's keepAliveTimeout,
  // 72 s): Node's agent keeps one forever unless given a timeout (it reads the service's hint only below its own), and
  // a write sent on a connection the service was closing at that moment is lost without an answer.
  await app.register(replyFrom, {
    retryMethods: ['GET', 'HEAD'],
    maxRetriesOn503: 2,
    http: { requestOptions: { timeout: 120_000 }, agentOptions: { timeout: UPSTREAM_IDLE_MS } },
  });

  app.get('/healthz', HEALTH_ROUTE, async () => ({ success: true, data: { status: 'ok', service: 'gateway' } }));
  app.get('/readyz', HEALTH_ROUTE, async (_req, reply) => {
    const checks = await Promise.all(
      Object.entries(cfg.services).map(async ([domain, urls]) => {
        const results = await Promise.all(
          (urls ?? []).map(async (u) => {
            try {
              return (await fetch(`${u}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;
            } catch {
              return false;
            }
          }),
        );
        return [domain, results.some(Boolean)] as const;
      }),
    );
    const ready = checks.every(([, ok]) => ok);
    return reply.status(ready ? 200 : 503).send({ success: ready, data: Object.fromEntries(checks) });
  });
  const openapi = openApiDocument();
  app.get('/api/v1/openapi.json', async () => openapi);

  const deny = (req: FastifyRequest, reply: FastifyReply, err: AppError) => {
    if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
    return reply.status(err.status).send(errorBody(langOf(req.headers['accept-language']), err));
  };

  /** The live session behind an Authorization header; null without one or when the token is bad, expired or its session ended. */
  const sessionFrom = async (authorization: string | undefined) => {
    const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer) return null;
    let claims: { sub: string; sid: string };
    try {
      claims = verifyAccess(bearer) as { sub: string; sid: string };
    } catch {
      return null; /* an expired or bad token is "not signed in" */
    }
    const session = await authz.get(claims.sid).catch(() => undefined);
    if (session === undefined) throw new AppError(503, 'service_unavailable');
    return session;
  };

  /**
   * Admission of one /api/v1 call: the declared route, the caller, the route's access rule, the owning
   * service and the signed context. Throws AppError. Payload-encoded calls (encoding.ts) go through it too.
   */
  const admit = async (req: FastifyRequest, method: string, path: string, headers: FastifyRequest['headers']) => {
    const route = match(method, path);
    if (!route) throw new AppError(404, 'route_not_found');
    if (route.limit === 'auth') {
      const limit = await authLimit(req);
      if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttl / 1000);
    }
    const lang = langOf(headers['accept-language']);
    const base = { ip: req.ip, userAgent: String(headers['user-agent'] ?? '').slice(0, 500), lang };
    let ctx: PortalContext = { ...base, userId: null };
    const session = await sessionFrom(headers.authorization);
    if (session) ctx = { ...session, ...base } satisfies CallerContext;
    const verdict = admits(ctx.userId ? (ctx as CallerContext) : null, route.access);
    if (verdict === 'unauthenticated') throw new AppError(401, 'unauthenticated');
    if (verdict === 'forbidden') throw new AppError(403, 'forbidden');
    const target = await upstreams.acquire(route.domain);
    if (!target) throw unavailable(route.domain);
    if (req.raw.socket?.destroyed) throw new AppError(503, 'service_unavailable'); // the client gave up while the call waited
    return { route, lang, target, token: signed.token(session, ctx) };
  };

  registerPayloadEncoding(app, {
    config: cfg.payloadEncoding,
    internalKey: cfg.internalKey,
    admit,
    sessionOf: async (req) => (req.headers.authorization ? ((await sessionFrom(req.headers.authorization))?.sessionId ?? 'invalid') : null),
  });

  await registerLive(app, { bus, codec, admit });

  app.all('/api/v1/*', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    let admitted: Awaited<ReturnType<typeof admit>>;
    try {
      admitted = await admit(req, req.method, path, req.headers);
    } catch (err) {
      if (err instanceof AppError) return deny(req, reply, err);
      throw err;
    }
    const { route, lang, token } = admitted;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    // The query travels separately: only the (declared) path is checked for traversal by the proxy.
    const forward = (rep: FastifyReply, target: string, tried: string[]): FastifyReply =>
      rep.from(`${target}${path}`, {
        queryString: () => query,
        retriesCount: req.method === 'GET' ? 1 : 0,
        rewriteRequestHeaders: (_r, headers) => serviceHeaders(headers, path, token),
        rewriteHeaders: (headers) => leavingAware(headers, target),
        onError: (r, { error }) => {
          // An instance that cannot be reached is taken out of the rotation; the call goes to another one when that
          // is safe: a read, or a write whose request never reached the instance (its body still unread).
          const failure = networkFailure(error);
          if (failure) upstreams.markDown(target);
          const safe = failure !== null && (req.method === 'GET' || req.method === 'HEAD' || (failure === 'refused' && !req.raw.readableDidRead));
          if (!safe) return void failed(r as FastifyReply, error);
          void upstreams
            .acquire(route.domain, [...tried, target])
            .then((other) => {
              if (req.raw.socket?.destroyed) return; // the client gave up while the call waited
              if (other) forward(r as FastifyReply, other, [...tried, target]);
              else failed(r as FastifyReply, error);
            })
            .catch((e: Error) => failed(r as FastifyReply, e));
        },
      });
    const failed = (r: FastifyReply, error: Error) => {
      req.log.warn({ err: error.message, domain: route.domain }, 'service unreachable');
      r.status(503).send(errorBody(lang, unavailable(route.domain)));
    };
    if (handoff?.(route.domain, req, reply, path, token)) return reply;
    return forward(reply, admitted.target, []);
  });

  /**
   * An upstream's answer on its way to the client: the hop-by-hop headers of the upstream's connection stay behind (the
   * client's connection is the gateway's own), and one that says its instance is stopping takes it out of the rotation
   * (the flag stays between them).
   */
  function leavingAware<H extends IncomingHttpHeaders>(headers: H, target: string): H {
    const h = { ...headers };
    delete h.connection;
    delete h['keep-alive'];
    if (Upstreams.saysLeaving(headers)) {
      upstreams.markLeaving(target);
      delete h[DRAINING_HEADER];
    }
    return h;
  }

  // /internal is never reachable from outside.
  app.all('/internal/*', async (req, reply) => deny(req, reply, new AppError(404, 'route_not_found')));

  if (cfg.webUrl) registerWebProxy(app, upstreams, leavingAware);
  else await registerWeb(app, cfg.web);

  return { app, authz };
}

/**
 * The distributed mode: the front end is the shell's own container (WEB_URL); the gateway passes every other
 * GET to it, so the browser still sees one origin.
 */
function registerWebProxy(app: FastifyInstance, upstreams: Upstreams, leavingAware: <H extends IncomingHttpHeaders>(h: H, target: string) => H) {
  app.setNotFoundHandler(async (req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, message: t(lang, 'route_not_found'), errors: [] });
    }
    const unavailableText = (r: FastifyReply) => r.status(503).type('text/plain; charset=utf-8').send(t(lang, 'service_unavailable'));
    // A read: sent again to the web container once it is back when it could not be reached (its restart).
    const forward = (rep: FastifyReply, webUrl: string, tried: string[]): FastifyReply =>
      rep.from(`${webUrl}${req.url}`, {
        rewriteRequestHeaders: (_r, headers) => {
          const h = { ...headers };
          delete h.authorization;
          delete h.cookie;
          return h;
        },
        rewriteHeaders: (headers) => leavingAware(headers, webUrl),
        onError: (r, { error }) => {
          if (!networkFailure(error) || tried.length) return void unavailableText(r as FastifyReply);
          upstreams.markDown(webUrl);
          void upstreams
            .acquire('web', [webUrl])
            .then((other) => (req.raw.socket?.destroyed ? undefined : other ? forward(r as FastifyReply, other, [webUrl]) : unavailableText(r as FastifyReply)))
            .catch(() => unavailableText(r as FastifyReply));
        },
      });
    const webUrl = await upstreams.acquire('web');
    if (!webUrl) return unavailableText(reply);
    return forward(reply, webUrl, []);
  });
}
