/** Settings of the system service (see the README's configuration table). */
export interface SystemConfig {
  /** Signs access tokens; shared with the gateway, which verifies them. */
  authSecret: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** Spec §9: devices per user. */
  maxDevices: number;
  /** Spec §9: login attempts limit. */
  lockAttempts: number;
  lockMinutes: number;
  resetTtlMinutes: number;
  /** Where users open the portal; used in emailed links and OIDC redirects. */
  publicUrl: string;
  /** Where mail goes (SMTP_URL); null: no mail is sent (it waits in the queue). */
  mail: { smtpUrl: string; from: string; retryBaseMs?: number } | null;
  /**
   * DEV_MAILBOX=1: the development mailbox of `npm start` (scripts/lib/dev-mailbox.ts) receives the mail and
   * administrators read it at GET /api/v1/dev-mailbox. Off by default: a mailbox that shows reset links must never be
   * on where others can reach the portal.
   */
  devMailbox: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Base URL of the HR service, for the signed-in user's staff record. */
  hrUrl: () => string;
}

export function systemConfigFromEnv(env: NodeJS.ProcessEnv, hrUrl: () => string): SystemConfig {
  const num = (k: string, d: number) => (env[k] && Number.isFinite(Number(env[k])) ? Number(env[k]) : d);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`;
  return {
    authSecret: required(env, 'AUTH_SECRET'),
    accessTtlSeconds: num('ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTtlDays: num('REFRESH_TOKEN_TTL_DAYS', 30),
    maxDevices: num('MAX_DEVICES', 10),
    lockAttempts: num('LOGIN_ATTEMPTS_LIMIT', 3),
    lockMinutes: num('LOCK_MINUTES', 15),
    resetTtlMinutes: num('RESET_TOKEN_TTL_MINUTES', 60),
    publicUrl,
    mail: env.SMTP_URL
      ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Portal <no-reply@portal.local>', retryBaseMs: num('MAIL_RETRY_BASE_MS', 30_000) }
      : null,
    devMailbox: env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true',
    oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '' } : null,
    hrUrl,
  };
}

function required(env: NodeJS.ProcessEnv, key: string): string {
  const v = env[key];
  if (!v || v.length < 32) throw new Error(`${key} must be set to at least 32 characters`);
  return v;
}
