import { systemApi, type SignInMethods } from '@portal/contracts';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthorizationResponseError,
  ClientError,
  ClientSecretBasic,
  None,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from 'openid-client';
import { z } from 'zod';
import { AppError, badRequest, parseOrThrow, withTx, ok, type ServiceKit, serveRoute, apiPath } from '@portal/service-kit';
import type { SystemConfig } from '../config';
import { systemLog } from '../system-log';
import type { AuthService, UserRow } from './service';
import { deviceOf } from './routes';
import { revokeSession, startSession } from './sessions';
import { opaqueToken, sha256 } from './tokens';

/**
 * Sign-in with Google, or any OpenID Connect issuer (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
 *
 * 1. GET /auth/google discovers the issuer, keeps state → (nonce, PKCE verifier) in oidc_login, sets a
 *    short-lived HttpOnly cookie holding the state (binds the flow to this browser: no login CSRF) and
 *    redirects to the provider (authorization code flow, PKCE S256).
 * 2. GET /auth/google/callback checks the state against that cookie and consumes the oidc_login row, then
 *    lets openid-client redeem the code (PKCE) and verify the ID token (signature, iss, aud, exp, nonce).
 *    The email comes from the ID token, or from the userinfo endpoint when the ID token carries none;
 *    `email_verified: false` is refused. Only an existing ACTIVE account with that email may sign in:
 *    accounts are created by administrators, never by a first Google sign-in.
 *    On success a session starts (method 'google') and the browser is sent to
 *    `${PUBLIC_URL}/login/callback?code=…` with a one-time code valid for 2 minutes; otherwise to
 *    `${PUBLIC_URL}/login?error=oidc_no_account | oidc_email_unverified | oidc_failed`.
 * 3. POST /auth/google/exchange {code} answers like sign-in. The refresh token waits in oidc_code encrypted
 *    with a key derived from the code itself (only its hash is stored), so the table alone yields nothing.
 *    A code presented a second time is refused and, as RFC 6749 §4.1.2 advises, the session it started is
 *    revoked (the code may have leaked), like a reused refresh token.
 *
 * A password lockout (spec §9) does not block Google sign-in: it guards against password guessing, and
 * the provider authenticated the user. Tokens, codes and provider errors' details are never logged.
 */

/** Name of the state cookie; the gateway forwards this one cookie to the callback and nothing else. */
export const OIDC_STATE_COOKIE = 'portal_oidc';
const CALLBACK_PATH = apiPath(systemApi.googleCallback);
const LOGIN_TTL_MINUTES = 10;
const CODE_TTL_MINUTES = 2;

const exchangeBody = z.object(
  {
    code: z.string({ error: 'required' }).min(20, { error: 'oidc_code_invalid' }).max(200, { error: 'oidc_code_invalid' }),
  },
  { error: 'body_object' },
);

export function oidcRoutes(app: FastifyInstance, kit: ServiceKit, auth: AuthService, cfg: SystemConfig) {
  const pool = kit.pool;
  const base = cfg.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${base}${CALLBACK_PATH}`;
  const secureCookie = base.startsWith('https://');

  const settings = () => {
    if (!cfg.oidc) throw new AppError(404, 'oidc_disabled');
    return cfg.oidc;
  };

  /** The discovered provider and this client, kept after the first success; a failed discovery is retried on the next call. */
  let client: Promise<Configuration> | null = null;
  const getClient = (): Promise<Configuration> => {
    if (client) return client;
    const oidc = settings();
    const issuer = new URL(oidc.issuer);
    const pending = discovery(
      issuer,
      oidc.clientId,
      oidc.clientSecret ? { client_secret: oidc.clientSecret } : undefined,
      oidc.clientSecret ? ClientSecretBasic(oidc.clientSecret) : None(),
      {
        // openid-client talks to HTTPS providers only. A plain-http issuer is a provider on the developer's machine or
        // the tests' stand-in (Google's is https): it is trusted as configured, for the discovery and every later call.
        execute: issuer.protocol === 'http:' ? [allowInsecureRequests] : [],
        // Seconds per request to the provider (its default is 30): a user waits on each one, so a provider that
        // does not answer soon is reported as unreachable.
        timeout: 3.5,
      },
    );
    client = pending;
    pending.catch(() => {
      if (client === pending) client = null;
    });
    return pending;
  };

  /** Talks to the provider: a refusal or a failed check is 400 oidc_failed, an unreachable provider 503. */
  async function provider<T>(req: FastifyRequest, step: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The provider answered with an error (in the body, the redirect or a WWW-Authenticate challenge), or
      // openid-client refused its answer (a failed check: signature, iss, aud, nonce, state, an unexpected status).
      if (
        !unreachable(err) &&
        (err instanceof ResponseBodyError ||
          err instanceof AuthorizationResponseError ||
          err instanceof WWWAuthenticateChallengeError ||
          err instanceof ClientError)
      ) {
        // Only the error's kind and code: provider messages can echo codes, nonces or states.
        const error = err instanceof ResponseBodyError || err instanceof AuthorizationResponseError ? err.error : undefined;
        req.log.warn({ step, kind: err.name, code: err.code, error }, 'oidc sign-in refused');
        throw new AppError(400, 'oidc_failed');
      }
      req.log.warn({ step, kind: (err as Error)?.name }, 'oidc provider unreachable');
      throw new AppError(503, 'oidc_unavailable');
    }
  }

  /** The callback URL with the query string the provider's redirect carried. */
  const answeredAt = (url: string) => {
    const answer = new URL(redirectUri);
    const q = url.indexOf('?');
    answer.search = q < 0 ? '' : url.slice(q);
    return answer;
  };

  const stateCookie = (value: string, maxAge: number) =>
    `${OIDC_STATE_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;

  const toLogin = (reply: FastifyReply, error: 'oidc_no_account' | 'oidc_email_unverified' | 'oidc_failed') =>
    reply.header('cache-control', 'no-store').redirect(`${base}/login?error=${error}`, 302);

  // Public: whether the sign-in page offers Google at all (configured = OIDC_ISSUER and OIDC_CLIENT_ID set); says
  // nothing of the provider beyond that.
  serveRoute(app, systemApi.signInMethods, async () => ok<SignInMethods>({ password: true, google: Boolean(cfg.oidc) }));

  serveRoute(app, systemApi.google, async (req, reply) => {
    settings();
    const c = await provider(req, 'discovery', getClient);
    const state = randomState();
    const nonce = randomNonce();
    const verifier = randomPKCECodeVerifier();
    const challenge = await calculatePKCECodeChallenge(verifier);
    await pool.query(`DELETE FROM oidc_login WHERE created_at < now() - make_interval(mins => $1)`, [LOGIN_TTL_MINUTES]);
    await pool.query('INSERT INTO oidc_login (state, nonce, code_verifier) VALUES ($1, $2, $3)', [state, nonce, verifier]);
    const url = await provider(req, 'authorization', async () =>
      buildAuthorizationUrl(c, {
        scope: 'openid email profile',
        redirect_uri: new URL(redirectUri).href,
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    return reply
      .header('set-cookie', stateCookie(state, LOGIN_TTL_MINUTES * 60))
      .header('cache-control', 'no-store')
      .redirect(url.href, 302);
  });

  // Starts a session (which may end the oldest): answer once the revocation event is out.
  serveRoute(app, systemApi.googleCallback, { config: { flushEvents: true } }, async (req, reply) => {
    settings();
    const query = req.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const bound = cookieValue(req.headers.cookie, OIDC_STATE_COOKIE);
    reply.header('set-cookie', stateCookie('', 0));
    if (!state || state.length > 200 || !bound || !sameText(state, bound)) throw new AppError(400, 'oidc_state_invalid');
    const { rows } = await pool.query<{ nonce: string; code_verifier: string; fresh: boolean }>(
      `DELETE FROM oidc_login WHERE state = $1 RETURNING nonce, code_verifier, created_at > now() - make_interval(mins => $2) AS fresh`,
      [state, LOGIN_TTL_MINUTES],
    );
    const login = rows[0];
    if (!login?.fresh) throw new AppError(400, 'oidc_state_invalid');
    const device = deviceOf(req);
    if (typeof query.error === 'string') {
      // The user declined, or the provider refused the request.
      await systemLog(pool, 'warn', 'auth', 'oidc_refused', `provider answered ${query.error.replace(/[^\w.-]/g, '').slice(0, 64)}`, null, device.ip);
      return toLogin(reply, 'oidc_failed');
    }

    const c = await provider(req, 'discovery', getClient);
    const tokens = await provider(req, 'token', () =>
      // The provider's answer as received on the callback URL; the URL without its query is the redirect_uri sent back.
      authorizationCodeGrant(c, answeredAt(req.url), { expectedState: state, expectedNonce: login.nonce, pkceCodeVerifier: login.code_verifier }),
    );
    // An ID token is required (a nonce was expected), so its claims are there.
    const claims = tokens.claims()!;
    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified;
    if (typeof email !== 'string' && tokens.access_token) {
      // Many providers put the email only in userinfo; openid-client checks its `sub` against the ID token.
      const info = await provider(req, 'userinfo', () => fetchUserInfo(c, tokens.access_token, claims.sub));
      email = info.email;
      verified = info.email_verified;
    }
    if (typeof email !== 'string' || !email.includes('@') || email.length > 255) {
      await systemLog(pool, 'warn', 'auth', 'oidc_no_email', 'the provider gave no email', null, device.ip);
      return toLogin(reply, 'oidc_failed');
    }
    if (verified === false || verified === 'false') {
      await systemLog(pool, 'warn', 'auth', 'oidc_email_unverified', `unverified email ${email}`, null, device.ip);
      return toLogin(reply, 'oidc_email_unverified');
    }

    const code = opaqueToken();
    const outcome = await withTx(pool, async (tx) => {
      const { rows: users } = await tx.query<UserRow>(`SELECT * FROM app_user WHERE state = 'ACTIVE' AND lower(email) = lower($1) LIMIT 1`, [email]);
      const user = users[0];
      if (!user) {
        await systemLog(tx, 'warn', 'auth', 'oidc_no_account', `no active account for ${email}`, null, device.ip);
        return null;
      }
      const { sessionId, refreshToken } = await startSession(tx, user.id, device, 'google', cfg);
      await tx.query('UPDATE app_user SET last_sign_in_at = now() WHERE id = $1', [user.id]);
      await tx.query(`DELETE FROM oidc_code WHERE expires_at < now() - interval '1 day'`);
      await tx.query(`INSERT INTO oidc_code (code_hash, session_id, refresh_token, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
        sha256(code),
        sessionId,
        seal(code, refreshToken),
        CODE_TTL_MINUTES,
      ]);
      await systemLog(tx, 'info', 'auth', 'sign_in', `${user.username} signed in with Google`, user.id, device.ip);
      return user;
    });
    kit.relay.kick();
    if (!outcome) return toLogin(reply, 'oidc_no_account');
    return reply.header('cache-control', 'no-store').redirect(`${base}/login/callback?code=${code}`, 302);
  });

  serveRoute(app, systemApi.googleExchange, async (req) => {
    settings();
    const body = parseOrThrow(exchangeBody, req.body, (e) => badRequest(e));
    const hash = sha256(body.code);
    const found = await withTx(pool, async (tx) => {
      const { rows } = await tx.query<{ session_id: string; refresh_token: string; used: boolean; user_id: string; live: boolean }>(
        `SELECT c.session_id, c.refresh_token, c.used_at IS NOT NULL AS used, s.user_id,
                (c.expires_at > now() AND s.revoked_at IS NULL AND s.expires_at > now()) AS live
         FROM oidc_code c JOIN auth_session s ON s.id = c.session_id WHERE c.code_hash = $1 FOR UPDATE OF c`,
        [hash],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.used) {
        await revokeSession(tx, row.session_id, 'oidc_code_reuse');
        await systemLog(
          tx,
          'warn',
          'auth',
          'oidc_code_reused',
          'a Google sign-in code was presented twice; its session was revoked',
          row.user_id,
          deviceOf(req).ip,
        );
        return null;
      }
      await tx.query(`UPDATE oidc_code SET used_at = now(), refresh_token = '' WHERE code_hash = $1`, [hash]);
      return row.live ? row : null;
    });
    kit.relay.kick();
    // Raised after the commit, so that a reuse's revocation stays.
    if (!found) throw new AppError(400, 'oidc_code_invalid', {}, [{ path: 'code', key: 'oidc_code_invalid' }]);
    const user = await auth.userById(found.user_id);
    if (!user) throw new AppError(401, 'account_inactive');
    const profile = await auth.profile(user);
    return ok({
      userData: {
        ...profile.userData,
        accessToken: auth.tokens.access({ sub: user.id, sid: found.session_id }),
        refreshToken: open(body.code, found.refresh_token),
      },
      userStaff: profile.userStaff,
      ability: profile.ability,
    });
  });
}

/** AES-256-GCM under a key derived from the one-time code: iv ‖ ciphertext ‖ tag, base64url. */
function codeKey(code: string) {
  return Buffer.from(hkdfSync('sha256', code, 'portal/oidc-code/v1', 'refresh-token', 32));
}
function seal(code: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', codeKey(code), iv);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url');
}
function open(code: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', codeKey(code), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * No answer from the provider: fetch failed (a TypeError, which openid-client passes on as it is, or wraps in a
 * ClientError when the TypeError comes from another realm, as under jest), or the request timed out.
 */
function unreachable(err: unknown): boolean {
  if (err instanceof ClientError) {
    return err.code === 'OAUTH_TIMEOUT' || err.code === 'OAUTH_ABORT' || (err.code === undefined && unreachable(err.cause));
  }
  // By name: an error from another realm is no instance of this realm's Error.
  const name = (err as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && ['TypeError', 'TimeoutError', 'AbortError'].includes(name);
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || null;
  }
  return null;
}

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
