import type { ContextCodec, PortalContext } from '@portal/service-kit';

/** How long a signed context is handed out again: half its life (60 s, service-kit context.ts), so it never expires on the way. */
const REUSE_MS = 30_000;

/**
 * The signed contexts of live sessions, reused: a session's calls from one address, browser and language carry the same
 * token for up to REUSE_MS, so the gateway does not sign (JSON of the caller's abilities, an HMAC) on every call, and the
 * service's verifier answers it from its cache. Keyed by the session's cached authorization (gateway authz-cache.ts): a
 * change of roles, scope or session drops that object, and the next call signs a new context. Anonymous calls are
 * signed each time.
 */
export class SignedContexts {
  private bySession = new WeakMap<object, { key: string; token: string; until: number }>();

  constructor(private readonly codec: ContextCodec) {}

  token(session: object | null, ctx: PortalContext): string {
    if (!session) return this.codec.sign(ctx);
    const key = `${ctx.ip}\u0000${ctx.userAgent}\u0000${ctx.lang}`;
    const now = Date.now();
    const kept = this.bySession.get(session);
    if (kept && kept.key === key && kept.until > now) return kept.token;
    const token = this.codec.sign(ctx);
    this.bySession.set(session, { key, token, until: now + REUSE_MS });
    return token;
  }
}
