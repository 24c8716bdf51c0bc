import { createParser, type EventSourceParser } from 'eventsource-parser';
import { API_BASE, refreshTokens } from './client';
import { useSession } from './session';
import { currentLang } from '../i18n/lang';

/** One server-sent event. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * The text/event-stream format (WHATWG HTML §9.2) read by `eventsource-parser`, which keeps a line ending split across
 * two chunks (a "\r" at the end of one and "\n" at the start of the next) as one. `feed` returns the events a chunk
 * completed; an event's `id` is the last one the stream named (it carries over, as in the browser's EventSource).
 */
export class SseParser {
  private out: StreamEvent[] = [];
  private lastId: string | null = null;
  /** The last `retry:` the server asked for, in ms. */
  retryMs: number | null = null;
  private readonly parser: EventSourceParser = createParser({
    onId: (id) => {
      this.lastId = id;
    },
    onEvent: (e) => {
      this.out.push({ event: e.event || 'message', data: e.data, id: this.lastId });
    },
    onRetry: (ms) => {
      this.retryMs = ms;
    },
  });

  feed(chunk: string): StreamEvent[] {
    this.parser.feed(chunk);
    const done = this.out;
    this.out = [];
    return done;
  }
}

/** Seconds-since-epoch expiry of a JWT (not verified: only to refresh before it runs out); null if unreadable. */
function expiryOf(token: string): number | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const exp = (JSON.parse(atob(part)) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export interface EventStreamOptions {
  onEvent: (e: StreamEvent) => void;
  /** Called each time the stream is (re)opened: data may have changed while it was down. */
  onOpen?: () => void;
  /** First and largest delay between attempts after a failure (doubling, with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A stream that stayed open this long and then ended reconnects at once; a shorter one counts as a failure. */
  stableMs?: number;
}

/**
 * A server-sent event stream read with fetch, so that it can carry `Authorization: Bearer <access token>`
 * (the browser's EventSource cannot send headers). The token is read from the session store at every
 * (re)connection, refreshed first when it is about to expire (the gateway ends a stream when its token
 * expires) or when the gateway answers 401. A stream that was open for a while and then ended (token expiry,
 * a gateway restart) reconnects at once; failures, and streams that end as soon as they open, reconnect after
 * a doubling delay with jitter. Signing out (no token) closes it until a token is there again.
 * Returns the function that closes it for good.
 */
export function openEventStream(path: string, opts: EventStreamOptions): () => void {
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  const stableMs = opts.stableMs ?? 5000;
  let closed = false;
  let running = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (ms: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, ms);
  };
  const backoff = () => {
    failures++;
    const base = Math.min(maxDelay, minDelay * 2 ** (failures - 1));
    schedule(base / 2 + Math.random() * (base / 2));
  };

  async function connect() {
    if (closed || running) return;
    let token = useSession.getState().accessToken;
    if (!token) return; // signed out: the session subscription below reconnects on the next sign-in
    running = true;
    controller = new AbortController();
    let openedAt = 0;
    try {
      const exp = expiryOf(token);
      if (exp !== null && exp * 1000 - Date.now() < 10_000) {
        if (!(await refreshTokens())) throw new Error('session expired');
        token = useSession.getState().accessToken;
        if (!token || closed) return;
      }
      let res = await open(token, controller.signal);
      if (res.status === 401 && (await refreshTokens())) {
        token = useSession.getState().accessToken;
        if (!token || closed) return;
        res = await open(token, controller.signal);
      }
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      openedAt = Date.now();
      opts.onOpen?.();
      const parser = new SseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const e of parser.feed(value)) opts.onEvent(e);
      }
      throw new Error('stream ended');
    } catch {
      running = false;
      if (closed) return;
      // Open for a while, then ended or cut: at once (with the current token). Otherwise: wait longer each time.
      if (openedAt && Date.now() - openedAt >= stableMs) {
        failures = 0;
        schedule(0);
      } else backoff();
    } finally {
      running = false;
      controller = null;
    }
  }

  function open(token: string, signal: AbortSignal) {
    return fetch(`${API_BASE}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-language': currentLang() },
      cache: 'no-store',
      signal,
    });
  }

  // A new token (sign-in, refresh by another call) while waiting: try now; signed out: stop reading.
  const unsubscribe = useSession.subscribe((state, prev) => {
    if (state.accessToken === prev.accessToken) return;
    if (!state.accessToken) {
      controller?.abort();
      return;
    }
    if (!running) {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      failures = 0;
      void connect();
    }
  });

  void connect();
  return () => {
    closed = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
