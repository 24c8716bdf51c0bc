import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOMAIN_LABELS, type Domain } from '@portal/contracts';
import { AppError, CONTEXT_HEADER } from '@portal/service-kit';
import type { GatewayConfig } from './config';

/**
 * # Payload encoding (spec §7 and §9)
 *
 * The spec lists a handshake and encoded variants of the write and auth calls, and says: "Data encoding is
 * off … When enabled, encoding uses AES and replaces the plus, slash and equals signs in its output."
 * This module is that feature. It lives in the gateway only; services never see an encoded payload.
 *
 * ## Switch
 * Off by default. `PAYLOAD_ENCODING=1` switches it on. While off, every endpoint below answers
 * 404 `encoding_disabled`. Settings: `PAYLOAD_ENCODING_SECRET` (master secret, at least 32 characters;
 * defaults to the internal key, used under its own HKDF label), `PAYLOAD_ENCODING_KEY_TTL_SECONDS`
 * (lifetime of a key given without a session, 600).
 *
 * ## Cipher and text form
 * AES-256-GCM, a fresh random 96-bit IV per message, 128-bit tag. A message is `iv ‖ ciphertext ‖ tag`
 * written in base64 with `+` → `-`, `/` → `_` and the `=` padding removed (base64url, RFC 4648 §5): that
 * is the spec's "replaces the plus, slash and equals signs", and the result is safe in JSON, URLs and
 * headers. The additional authenticated data is `portal-payload/v1 <endpoint> <req|res> <kid>`, so a
 * ciphertext cannot be replayed on another endpoint, under another key, or reflected as a response.
 *
 * ## Keys: POST /api/v1/handshake
 * The gateway stays stateless: a key is HKDF-SHA256(master secret, salt "portal/payload-encoding/v1",
 * info = kid), recomputed on every request from its key id (`kid`).
 * - With a valid `Authorization: Bearer <access token>` of a live session: `kid = "s.<session id>"`. The key
 *   lives as long as the session; signing out or revocation makes the session's calls fail with 401.
 * - Without a token: `kid = "a.<random>.<expiry epoch seconds>"`, good for `PAYLOAD_ENCODING_KEY_TTL_SECONDS`,
 *   for the sign-in and refresh calls only. The expiry is part of the HKDF input, so it cannot be extended.
 * - An Authorization header that is invalid, expired or of an ended session gets 401 (no key).
 * Answer: `{ success, data: { kid, key (base64url of 32 bytes), alg: "A256GCM", encoding: "base64url",
 * expiresAt (ISO time, null for a session key) } }`, never cached (`Cache-Control: no-store`).
 *
 * ## Envelope
 * Request body (JSON): `{ "kid": "...", "data": "<message>" }`. A successful (2xx) answer keeps the inner
 * status and is `{ success: true, kid, contentType, data: "<message>" }` whose plaintext is the inner
 * response body byte for byte (normally the usual `{ success, data }` JSON). An unsuccessful inner answer
 * (4xx/5xx) is passed through exactly as the unencrypted API gives it (same status, same translated
 * `{ success: false, message, errors }`, in the clear: it holds no data), so a 403 is the same 403.
 * Envelope problems are 400 with a vi/en message: `body_object` (not a JSON envelope), `encoding_invalid`
 * (malformed, tampered or under the wrong key), `encoding_key_invalid` (unknown kid form, or a session key
 * of another session), `encoding_key_expired`, `encoding_path_invalid`; 413 `too_large` above 4 MB.
 *
 * ## Endpoints (under /api, as the spec names them)
 * | endpoint                 | plaintext                         | sent on as                        | key     |
 * |--------------------------|-----------------------------------|-----------------------------------|---------|
 * | POST /api/post_values    | `{ path, body? }`                 | POST /api/v1{path}, body          | session |
 * | POST /api/put_values     | `{ path, body? }`                 | PUT /api/v1{path}, body           | session |
 * | POST /api/delete_values  | `{ path, body? }`                 | DELETE /api/v1{path}, body        | session |
 * | POST /api/authst_data    | `{ email or username, password }` | POST /api/v1/auth/sign-in         | any     |
 * | POST /api/re_authst_data | `{ refreshToken }`                | POST /api/v1/auth/refresh         | any     |
 * | POST /api/authnd_data    | `{ code }` (Google one-time code) | POST /api/v1/auth/google/exchange | any     |
 * | POST /api/re_authnd_data | `{ refreshToken }`                | POST /api/v1/auth/refresh         | any     |
 *
 * The names only appear in the spec; we read "st"/"nd" as first/second: the first-party (password) sign-in
 * and the second way in (Google); each `re_` call renews what its pair issued, which is the same refresh.
 * `path` is relative to /api/v1 (a leading `/api/v1` is accepted too), may carry a query string, and may not
 * contain `.`/`..` segments, encoded slashes or dots, or name the handshake.
 *
 * The decrypted call is admitted by the very function that admits unencrypted /api/v1 calls (app.ts
 * `admit`: declared route table, access token and live session, feature × action) with the caller's
 * Authorization header, Accept-Language, User-Agent and IP, then sent to the owning service with the signed
 * context, where the service's own access check and data scoping apply. Rate limits count the outer call against
 * the general budget, and `admit` counts the inner route against the stricter auth budget when it is declared
 * `limit: 'auth'` (sign-in, refresh, password reset and change), exactly as for the plain call. Self-dispatch through
 * `app.inject` was the first idea; it is avoided because light-my-request loads the ESM-only `cookie`
 * package, which the Jest runtime cannot require, and it would have counted each call twice.
 *
 * ## What it is not
 * The key travels over the same TLS connection as the data, so this is no cryptographic boundary: whoever
 * can read the handshake's answer can read everything under that key, and TLS remains the protection in
 * transit. What it gives: bodies that are not in plain sight wherever request or response bodies are
 * recorded without the handshake (proxy or APM body logs, crash reports, network captures started later),
 * each body bound to its endpoint, direction and session, and tampering detected. It does not stop the
 * replay of a whole request within a session (the gateway keeps no state); the services' own rules apply.
 */

const SALT = 'portal/payload-encoding/v1';
const ENVELOPE_LIMIT = 4 * 1024 * 1024;
const IV = 12;
const TAG = 16;

type Endpoint = 'post_values' | 'put_values' | 'delete_values' | 'authst_data' | 're_authst_data' | 'authnd_data' | 're_authnd_data';
type Target = { method: 'POST' | 'PUT' | 'DELETE'; session: true } | { method: 'POST'; session: false; path: string };

const ENDPOINTS: Record<Endpoint, Target> = {
  post_values: { method: 'POST', session: true },
  put_values: { method: 'PUT', session: true },
  delete_values: { method: 'DELETE', session: true },
  authst_data: { method: 'POST', session: false, path: '/auth/sign-in' },
  re_authst_data: { method: 'POST', session: false, path: '/auth/refresh' },
  authnd_data: { method: 'POST', session: false, path: '/auth/google/exchange' },
  re_authnd_data: { method: 'POST', session: false, path: '/auth/refresh' },
};

type Kid = { kind: 'session'; sid: string } | { kind: 'anonymous'; expires: number };

export interface PayloadEncodingDeps {
  config: GatewayConfig['payloadEncoding'];
  internalKey: string;
  /**
   * The caller's live session id from the Authorization header: null without the header, 'invalid' for a
   * bad or expired token or an ended session.
   */
  sessionOf: (req: FastifyRequest) => Promise<string | null | 'invalid'>;
  /** The gateway's admission of an /api/v1 call (route table, token, feature × action); throws AppError. */
  admit: (
    req: FastifyRequest,
    method: string,
    path: string,
    headers: FastifyRequest['headers'],
  ) => Promise<{ route: { domain: Domain }; target: string; token: string }>;
}

/** The spec's text form of AES output: base64 with + → -, / → _ and no = padding. */
export const toText = (b: Buffer) => b.toString('base64url');

/** Encrypts one message (exported for clients written in TypeScript and for the tests). */
export function sealMessage(key: Buffer, aad: string, plaintext: Buffer): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return toText(Buffer.concat([iv, ct, cipher.getAuthTag()]));
}

/** Decrypts one message; null when it is malformed, altered or under another key. */
export function openMessage(key: Buffer, aad: string, text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const raw = Buffer.from(text, 'base64url');
  if (raw.length < IV + TAG) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(raw.subarray(raw.length - TAG));
    return Buffer.concat([decipher.update(raw.subarray(IV, raw.length - TAG)), decipher.final()]);
  } catch {
    return null;
  }
}

/** Additional authenticated data of a message. */
export const aadOf = (endpoint: string, direction: 'req' | 'res', kid: string) => `portal-payload/v1 ${endpoint} ${direction} ${kid}`;

export function registerPayloadEncoding(app: FastifyInstance, deps: PayloadEncodingDeps) {
  const { config } = deps;
  const master = config.secret ?? deps.internalKey;
  if (config.enabled && master.length < 32) throw new Error('PAYLOAD_ENCODING_SECRET (or INTERNAL_KEY) must be at least 32 characters');
  const keyOf = (kid: string) => Buffer.from(hkdfSync('sha256', master, SALT, kid, 32));
  const enabled = () => {
    if (!config.enabled) throw new AppError(404, 'encoding_disabled');
  };

  app.post('/api/v1/handshake', async (req, reply) => {
    enabled();
    const session = await deps.sessionOf(req);
    if (session === 'invalid') throw new AppError(401, 'unauthenticated');
    let kid: string;
    let expiresAt: string | null = null;
    if (session) {
      kid = `s.${session}`;
    } else {
      const expires = Math.floor(Date.now() / 1000) + config.anonymousKeyTtlSeconds;
      kid = `a.${toText(randomBytes(16))}.${expires}`;
      expiresAt = new Date(expires * 1000).toISOString();
    }
    reply.header('cache-control', 'no-store');
    return { success: true, data: { kid, key: toText(keyOf(kid)), alg: 'A256GCM', encoding: 'base64url', expiresAt } };
  });

  for (const [endpoint, target] of Object.entries(ENDPOINTS) as [Endpoint, Target][]) {
    app.post(`/api/${endpoint}`, async (req, reply) => {
      enabled();
      const envelope = await readEnvelope(req);
      const kid = parseKid(envelope.kid);
      if (kid.kind === 'anonymous' && kid.expires < Date.now() / 1000) throw new AppError(400, 'encoding_key_expired');
      if (target.session) {
        const session = await deps.sessionOf(req);
        if (!session || session === 'invalid') throw new AppError(401, 'unauthenticated');
        if (kid.kind !== 'session' || kid.sid !== session) throw new AppError(400, 'encoding_key_invalid');
      }
      const key = keyOf(envelope.kid);
      const plain = openMessage(key, aadOf(endpoint, 'req', envelope.kid), envelope.data);
      if (!plain) throw new AppError(400, 'encoding_invalid');
      let inner: unknown;
      try {
        inner = JSON.parse(plain.toString('utf8'));
      } catch {
        throw new AppError(400, 'encoding_invalid');
      }
      let path: string;
      let body: unknown;
      if (target.session) {
        if (!isObject(inner)) throw new AppError(400, 'encoding_invalid');
        path = innerPath(inner.path);
        body = inner.body;
      } else {
        path = target.path;
        body = inner;
      }
      const res = await forward(req, deps.admit, target.method, path, target.session, body);
      if (res.status < 200 || res.status >= 300) {
        if (res.retryAfter) reply.header('retry-after', res.retryAfter);
        return reply.status(res.status).header('content-type', res.contentType).send(res.body);
      }
      reply.header('cache-control', 'no-store');
      return reply
        .status(res.status)
        .send({ success: true, kid: envelope.kid, contentType: res.contentType, data: sealMessage(key, aadOf(endpoint, 'res', envelope.kid), res.body) });
    });
  }
}

/**
 * Sends the decrypted call to its service exactly as the gateway forwards an unencrypted one: admitted by
 * the same function, with the caller's IP, language and user agent in the signed context.
 */
async function forward(req: FastifyRequest, admit: PayloadEncodingDeps['admit'], method: string, path: string, withCaller: boolean, body: unknown) {
  const q = path.indexOf('?');
  const pathname = `/api/v1${q < 0 ? path : path.slice(0, q)}`;
  const headers: FastifyRequest['headers'] = {
    'accept-language': req.headers['accept-language'],
    'user-agent': req.headers['user-agent'],
    ...(withCaller && req.headers.authorization ? { authorization: req.headers.authorization } : {}),
  };
  const { route, target, token } = await admit(req, method, pathname, headers);
  const out: Record<string, string> = { [CONTEXT_HEADER]: token };
  if (typeof headers['accept-language'] === 'string') out['accept-language'] = headers['accept-language'];
  if (body !== undefined) out['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${target}${pathname}${q < 0 ? '' : path.slice(q)}`, {
      method,
      headers: out,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    });
  } catch (err) {
    req.log.warn({ err: (err as Error).message }, 'service unreachable');
    throw new AppError(503, 'domain_unavailable', { domain: DOMAIN_LABELS[route.domain] });
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    retryAfter: res.headers.get('retry-after'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readEnvelope(req: FastifyRequest): Promise<{ kid: string; data: string }> {
  const stream = req.body as Readable | undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  if (stream && typeof (stream as Readable)[Symbol.asyncIterator] === 'function') {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > ENVELOPE_LIMIT) {
        stream.destroy();
        throw new AppError(413, 'too_large');
      }
      chunks.push(chunk as Buffer);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError(400, 'body_object');
  }
  if (!isObject(parsed) || typeof parsed.kid !== 'string' || typeof parsed.data !== 'string') throw new AppError(400, 'body_object');
  if (parsed.kid.length > 100 || parsed.data.length > ENVELOPE_LIMIT) throw new AppError(400, 'encoding_invalid');
  return { kid: parsed.kid, data: parsed.data };
}

function parseKid(kid: string): Kid {
  const s = /^s\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(kid);
  if (s) return { kind: 'session', sid: s[1]! };
  const a = /^a\.[A-Za-z0-9_-]{22}\.(\d{10})$/.exec(kid);
  if (a) return { kind: 'anonymous', expires: Number(a[1]) };
  throw new AppError(400, 'encoding_key_invalid');
}

/** The inner path, relative to /api/v1: plain segments, an optional query, nothing that escapes /api/v1. */
function innerPath(value: unknown): string {
  const bad = () => new AppError(400, 'encoding_path_invalid');
  if (typeof value !== 'string' || value.length > 2048) throw bad();
  const p = value.startsWith('/api/v1/') ? value.slice('/api/v1'.length) : value;
  const q = p.indexOf('?');
  const pathname = q < 0 ? p : p.slice(0, q);
  const query = q < 0 ? '' : p.slice(q + 1);
  if (!/^(\/[A-Za-z0-9_~:@!$&'()*+,;=-][A-Za-z0-9._~:@!$&'()*+,;=-]*)+\/?$/.test(pathname)) throw bad();
  if (pathname.split('/').some((seg) => seg === '.' || seg === '..')) throw bad();
  if (!/^[A-Za-z0-9._~:@!$&'()*+,;=/?%-]*$/.test(query)) throw bad();
  if (/^\/handshake\/?$/.test(pathname)) throw bad();
  return p;
}
