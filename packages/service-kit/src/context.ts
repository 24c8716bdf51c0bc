import { createSigner, createVerifier } from 'fast-jwt';
import type { CallerContext } from '@portal/contracts';

/**
 * The caller context travels from the gateway to services as a short-lived JWT signed with the
 * internal key (header `x-portal-context`). Services accept nothing else as identity.
 * Internal service-to-service calls (`/internal/*`) carry `x-portal-internal`, signed with the same key.
 */
export const CONTEXT_HEADER = 'x-portal-context';
export const INTERNAL_HEADER = 'x-portal-internal';

export type AnonymousContext = Pick<CallerContext, 'lang' | 'ip' | 'userAgent'> & { userId: null };
export type PortalContext = CallerContext | AnonymousContext;

export function isSignedIn(ctx: PortalContext | undefined): ctx is CallerContext {
  return Boolean(ctx?.userId);
}

/**
 * A JWT verifier that remembers the tokens it accepted (by the token's own text) until they expire, at most `max` of
 * them: a token seen again — a session's next call (the gateway reuses a signed context, gateway signed-contexts.ts; a
 * browser its access token) — is not checked again. fast-jwt's own cache would hash every token to find it (SHA-256 of
 * the whole token, on every call): the largest part of verifying one it has already seen.
 */
export function rememberingVerifier<T extends { exp?: number }>(verify: (token: string) => T, max: number): (token: string) => T {
  const accepted = new Map<string, { payload: T; until: number }>();
  return (token) => {
    const now = Date.now();
    const hit = accepted.get(token);
    if (hit && hit.until > now) return hit.payload;
    if (hit) accepted.delete(token);
    const payload = verify(token);
    if (typeof payload.exp === 'number') {
      if (accepted.size >= max) accepted.delete(accepted.keys().next().value!);
      accepted.set(token, { payload, until: payload.exp * 1000 });
    }
    return payload;
  };
}

export function contextCodec(internalKey: string) {
  if (!internalKey || internalKey.length < 32) throw new Error('INTERNAL_KEY must be at least 32 characters');
  const sign = createSigner({ key: internalKey, algorithm: 'HS256', expiresIn: 60_000, iss: 'portal-gateway' });
  const verify = rememberingVerifier(
    createVerifier({ key: internalKey, algorithms: ['HS256'], allowedIss: 'portal-gateway' }) as (t: string) => { exp?: number; ctx: PortalContext },
    1000,
  );
  const signInternal = createSigner({ key: internalKey, algorithm: 'HS256', expiresIn: 60_000, iss: 'portal-internal' });
  const verifyInternal = createVerifier({ key: internalKey, algorithms: ['HS256'], allowedIss: 'portal-internal' });
  return {
    sign: (ctx: PortalContext): string => sign({ ctx }),
    // A copy: the verifier answers a token it has seen (the gateway reuses a session's, gateway signed-contexts.ts) from its
    // cache, and a request's context must not be the next request's.
    verify: (token: string): PortalContext => ({ ...(verify(token) as { ctx: PortalContext }).ctx }),
    /** A token for one service calling another's /internal routes. */
    internalToken: (caller: string): string => signInternal({ svc: caller }),
    verifyInternal: (token: string): string => (verifyInternal(token) as { svc: string }).svc,
  };
}
export type ContextCodec = ReturnType<typeof contextCodec>;

declare module 'fastify' {
  interface FastifyRequest {
    portal?: PortalContext;
  }
}

/**
 * Who a service's own scheduled work writes as (a sweep, a daily job): the activity entry and the event say "System",
 * not a user; it reads every record. `what` names the job in the activity log's user agent.
 */
export const systemCaller = (what: string): CallerContext => ({
  userId: '00000000-0000-0000-0000-000000000000',
  sessionId: '00000000-0000-0000-0000-000000000000',
  staffId: null,
  departmentId: null,
  roleIds: [],
  name: 'Hệ thống / System',
  lang: 'vi',
  isAdmin: true,
  ability: [],
  staffScope: { type: 'VIEW_ALL', departmentIds: null },
  projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
  ip: '',
  userAgent: what,
});

/**
 * The caller reading every record, as themselves: for the writes a workflow makes because of the caller's act on
 * records beyond their own scope (the receiver of a handover accepting it moves an asset another department manages).
 * The activity entries still name the caller; only the service's own code may use it, never a route's reads.
 */
export const reachingAll = (ctx: CallerContext): CallerContext => ({
  ...ctx,
  staffScope: { type: 'VIEW_ALL', departmentIds: null },
  projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
});
