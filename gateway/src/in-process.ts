import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Domain } from '@portal/contracts';
import { CONTEXT_HEADER, INTERNAL_HEADER } from '@portal/service-kit';

/** The one cookie a service ever sees: the OIDC state cookie, on the callback (services/system/src/auth/oidc.ts). */
export const OIDC_CALLBACK = '/api/v1/auth/google/callback';
const OIDC_STATE_COOKIE = 'portal_oidc';

/**
 * What a service is given of an admitted call's headers, whichever way the call reaches it: the signed context in place
 * of the caller's token and cookies (the OIDC callback keeps its state cookie alone), never an internal call's header a
 * client sent.
 */
export function serviceHeaders(headers: IncomingHttpHeaders, path: string, token: string): IncomingHttpHeaders {
  const h: IncomingHttpHeaders = { ...headers, [CONTEXT_HEADER]: token };
  delete h.authorization;
  delete h.cookie;
  const oidcState = path === OIDC_CALLBACK ? stateCookie(headers.cookie) : null;
  if (oidcState) h.cookie = oidcState;
  delete h[INTERNAL_HEADER];
  return h;
}

/** `portal_oidc=<state>` out of a Cookie header, or null. */
function stateCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === OIDC_STATE_COOKIE && rest.length) return `${OIDC_STATE_COOKIE}=${rest.join('=')}`;
  }
  return null;
}

/**
 * # The all-in-one mode's hand-over (ARCHITECTURE §6)
 *
 * Where the gateway and the services share one process (`npm start`, scripts/lib/stack.ts), an admitted call is handed
 * to its service's own request handler (`fastify.routing`) with the request and the client's connection as they are —
 * the same path, query and body stream, the headers `serviceHeaders` gives — and the service answers the client itself.
 * Everything the gateway decides is decided before (route, token, access rule, rate limits, the signed context), and the
 * service checks the signed context as it does over HTTP, so the service cannot tell the two ways apart; what is saved
 * is the second trip of every answer over loopback (the service writing it to the gateway, the gateway parsing and
 * writing it again): the largest item of a list's profile (bench/README.md, "List throughput").
 *
 * A service that is not listening (closed, as a test stops one) is not handed anything: the call takes the HTTP way and
 * fails there as it would across processes (503). So does a path the URL parser would read otherwise (dot segments,
 * backslashes), which the proxy's own checks refuse. The distributed mode has no local services: always HTTP.
 */
export function inProcessHandoff(services: Partial<Record<Domain, FastifyInstance>>) {
  return (domain: Domain, req: FastifyRequest, reply: FastifyReply, path: string, token: string): boolean => {
    const service = services[domain];
    if (!service?.server.listening || !plainPath(path)) return false;
    const raw = req.raw;
    raw.headers = serviceHeaders(raw.headers, path, token);
    // What the gateway's own hooks put on the answer (CORS, rate limits) goes out with the service's.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    service.routing(raw, reply.raw);
    return true;
  };
}

/** Letters, digits, `/`, `-`, `_` and single dots inside a name: plain without parsing (the declared paths are). */
const SIMPLE_PATH = /^(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)+\/?$/;

function plainPath(path: string): boolean {
  if (SIMPLE_PATH.test(path)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.includes('/..') || decoded.includes('../') || decoded.includes('\\')) return false;
  return new URL(path, 'http://portal.local').pathname === path;
}
