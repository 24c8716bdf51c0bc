import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFICATION_CREATED_SUBJECT, NOTIFICATION_SETTLED_SUBJECT, type NotificationCreatedEvent, type NotificationSettledEvent } from '@portal/contracts';
import { AppError, errorBody, isSignedIn, langOf, type ContextCodec, type EventBus } from '@portal/service-kit';

export const STREAM_PATH = '/api/v1/notifications/stream';
export const HEARTBEAT_MS = 25_000;

/** The gateway's admission of one /api/v1 call (app.ts): throws AppError, returns the signed context. */
type Admit = (req: FastifyRequest, method: string, path: string, headers: FastifyRequest['headers']) => Promise<{ token: string }>;

interface Client {
  sessionId: string;
  write: (chunk: string) => void;
  end: () => void;
}

/** Seconds-since-epoch expiry of a JWT the gateway has already verified; null if it has none. */
function expiryOf(authorization: string | undefined): number | null {
  const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  try {
    const exp = (JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Live push of notifications (ARCHITECTURE §5) as server-sent events, answered by the gateway itself:
 * `GET /api/v1/notifications/stream` is admitted like every other route (declared signed-in: no token → 401),
 * then stays open. One `subscribeAll` per gateway instance receives every `notification.created`; each is
 * written only to the streams of its user, as `event: notification` with `{ notification, unread_count }`; likewise each
 * `notification.settled` as `event: settled` with `{ context }`.
 * A comment line every 25 s keeps proxies from closing the stream. The stream ends when the access token
 * expires (the client reconnects with a fresh one), when its session ends — sign-out, a revocation, a password change
 * elsewhere, the account deactivated: the system service's `session.revoked` event, at once — and when the gateway closes.
 */
export async function registerLive(app: FastifyInstance, deps: { bus: EventBus; codec: ContextCodec; admit: Admit }) {
  const byUser = new Map<string, Set<Client>>();

  // The frame is made only for a user with a stream open here.
  const push = (userId: unknown, frame: () => string) => {
    const clients = byUser.get(String(userId ?? '').toLowerCase());
    if (!clients) return;
    const text = frame();
    for (const c of clients) c.write(text);
  };
  await deps.bus.subscribeAll(NOTIFICATION_CREATED_SUBJECT, async (event) => {
    const data = event.data as NotificationCreatedEvent;
    push(
      data?.user_id,
      () => `id: ${event.id}\nevent: notification\ndata: ${JSON.stringify({ notification: data.notification, unread_count: data.unread_count })}\n\n`,
    );
  });
  // Requests answered (here or elsewhere) leave "Waiting for me" on every open page of their recipients.
  await deps.bus.subscribeAll(NOTIFICATION_SETTLED_SUBJECT, async (event) => {
    const data = event.data as NotificationSettledEvent;
    push(data?.user_id, () => `id: ${event.id}\nevent: settled\ndata: ${JSON.stringify({ context: data.context ?? null })}\n\n`);
  });

  // A session that ends takes its streams with it at once (its access token would otherwise keep them open until it expires).
  await deps.bus.subscribeAll('portal.system.session.revoked', async (event) => {
    const sid = String((event.data as { id?: unknown })?.id ?? '').toLowerCase();
    for (const clients of byUser.values()) for (const c of [...clients]) if (c.sessionId === sid) c.end();
  });

  app.addHook('preClose', async () => {
    for (const clients of byUser.values()) for (const c of [...clients]) c.end();
  });

  app.get(STREAM_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    let userId: string;
    let sessionId: string;
    try {
      const { token } = await deps.admit(req, 'GET', STREAM_PATH, req.headers);
      const ctx = deps.codec.verify(token);
      if (!isSignedIn(ctx)) throw new AppError(401, 'unauthenticated');
      userId = ctx.userId.toLowerCase();
      sessionId = ctx.sessionId.toLowerCase();
    } catch (err) {
      if (err instanceof AppError) return reply.status(err.status).send(errorBody(langOf(req.headers['accept-language']), err));
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    // Headers already set by the gateway's hooks (security headers, CORS) go out with the stream.
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = Array.isArray(v) ? v.map(String) : String(v);
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\nretry: 5000\n\n');

    let ended = false;
    const clients = byUser.get(userId) ?? new Set<Client>();
    byUser.set(userId, clients);
    const client: Client = {
      sessionId,
      write: (chunk) => {
        if (!ended) res.write(chunk);
      },
      end: () => cleanup(true),
    };
    clients.add(client);
    const heartbeat = setInterval(() => client.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const exp = expiryOf(req.headers.authorization);
    const expiry = exp ? setTimeout(() => cleanup(true), Math.max(0, exp * 1000 - Date.now())) : null;
    expiry?.unref();
    function cleanup(endResponse: boolean) {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (expiry) clearTimeout(expiry);
      clients.delete(client);
      if (!clients.size && byUser.get(userId) === clients) byUser.delete(userId);
      if (endResponse && !res.writableEnded) res.end();
    }
    res.on('close', () => cleanup(false));
    res.on('error', () => cleanup(false));
  });

  return { connections: () => [...byUser.values()].reduce((n, s) => n + s.size, 0) };
}
