import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { BusEvent, EventBus, EventHandler } from './bus';

/**
 * The distributed event bus (ARCHITECTURE §5): NATS JetStream.
 *
 * - One stream (`PORTAL`, FILE storage) holds every `portal.>` subject; it is created or brought up to date at
 *   connect, so any instance may be the first.
 * - `publish` sends with `Nats-Msg-Id` = the outbox id and resolves on the stream's ack: the outbox marks a row
 *   published only once the broker has it; a re-publish after a lost ack is dropped by the duplicate window.
 *   While disconnected it rejects at once (and in-flight publishes reject on disconnect), so the relay keeps the
 *   rows and retries.
 * - `subscribe` is a durable pull consumer with explicit acks, shared by every instance that uses the same durable
 *   (queue semantics): ack after the handler resolves, nak with a growing delay when it throws (at least once;
 *   `consume()` in consumer.ts makes it exactly once in effect). A handler running longer than the ack wait keeps
 *   its message with in-progress acks.
 * - `subscribeAll` is an ordered (ephemeral, per-instance) consumer from the end of the stream: every instance gets
 *   every event, without acks (cache invalidation and the like).
 * - The connection reconnects forever, with a delay growing with the outage (up to `maxReconnectDelayMs`);
 *   consumers resume on their own. The broker must be reachable at `connect` (like PostgreSQL at start).
 * - `close` stops pulling, lets the running handlers finish (and ack), then drains the connection.
 */
export interface NatsBusOptions {
  servers: string | string[];
  /** Stream name (default `PORTAL`). */
  stream?: string;
  /** Subjects the stream holds (default `portal.>`). */
  subjects?: string[];
  /** Connection name shown by the server. */
  name?: string;
  /** JetStream duplicate window for `Nats-Msg-Id` (default 2 min). */
  duplicateWindowMs?: number;
  /** Stream retention by age; 0 keeps everything (default 0: the outbox is the truth, the stream the transport). */
  maxAgeMs?: number;
  /** How long a delivered message may stay unacked before it goes to another instance (default 30 s). */
  ackWaitMs?: number;
  /** Unacked messages per durable across all its instances (default 1000). */
  maxAckPending?: number;
  /** Messages pulled at a time by one subscription (default 16); they are handled one after another, in order. */
  batch?: number;
  /** First redelivery delay after a handler throws; doubles per attempt up to `maxNakDelayMs` (defaults 1 s, 30 s). */
  nakDelayMs?: number;
  maxNakDelayMs?: number;
  /** A publish not acked within this time rejects (default 5 s). */
  publishTimeoutMs?: number;
  /** Reconnect delay grows with the outage from `minReconnectDelayMs` up to this (defaults 250 ms, 5 s). */
  minReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** `close` waits at most this long for running handlers (default 10 s). */
  closeTimeoutMs?: number;
  log?: { warn: (o: object, m: string) => void; info?: (o: object, m: string) => void };
}

/** The stream, connection and consumer settings from the environment (`NATS_URL` comma-separated, `NATS_STREAM`). */
export function natsBusOptionsFromEnv(env: NodeJS.ProcessEnv, name?: string): NatsBusOptions {
  if (!env.NATS_URL) throw new Error('NATS_URL is not set');
  return {
    servers: env.NATS_URL.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    stream: env.NATS_STREAM || undefined,
    name,
    ackWaitMs: env.NATS_ACK_WAIT_MS ? Number(env.NATS_ACK_WAIT_MS) : undefined,
    maxAgeMs: env.NATS_MAX_AGE_MS ? Number(env.NATS_MAX_AGE_MS) : undefined,
  };
}

/**
 * The JetStream consumer name for a durable and a pattern. Names cannot contain `.`, `*`, `>` or spaces, and a
 * consumer has one filter, so a durable subscribed to several patterns is one consumer per pattern: the durable,
 * sanitized, plus a hash of (durable, pattern) that also keeps `a.b` and `a_b` apart.
 */
export function natsConsumerName(durable: string, pattern: string): string {
  const readable = durable.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 48);
  const hash = createHash('sha256').update(`${durable}\0${pattern}`).digest('hex').slice(0, 10);
  return `${readable}_${hash}`;
}

interface Subscription {
  describe: string;
  /** Stops pulling, waits for the running handler, hands back what was pulled and not started. */
  stop: () => Promise<void>;
}

const enc = new TextEncoder();
/** Wakes whoever waits (one waiter at a time), or the next one to wait if nobody does yet. */
function signal() {
  let fired = false;
  let waiter: (() => void) | null = null;
  return {
    fire() {
      if (waiter) {
        const w = waiter;
        waiter = null;
        w();
      } else fired = true;
    },
    wait() {
      if (fired) {
        fired = false;
        return Promise.resolve();
      }
      return new Promise<void>((r) => {
        waiter = r;
      });
    },
  };
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class NatsBus implements EventBus {
  readonly stream: string;
  private subjects: string[];
  private js: JetStreamClient;
  private connected = true;
  private closing = false;
  private subs: Subscription[] = [];
  /** Rejecters of publishes awaiting their ack: a disconnect fails them at once instead of after the timeout. */
  private inflight = new Set<(err: Error) => void>();
  private log: Required<NonNullable<NatsBusOptions['log']>>;
  private o: Required<Pick<NatsBusOptions, 'ackWaitMs' | 'maxAckPending' | 'batch' | 'nakDelayMs' | 'maxNakDelayMs' | 'publishTimeoutMs' | 'closeTimeoutMs'>>;

  private constructor(
    private nc: NatsConnection,
    private jsm: JetStreamManager,
    opts: NatsBusOptions,
    outage: { since: number },
  ) {
    this.stream = opts.stream ?? 'PORTAL';
    this.subjects = opts.subjects ?? ['portal.>'];
    this.js = jetstream(nc, { timeout: opts.publishTimeoutMs ?? 5000 });
    const warn = opts.log?.warn.bind(opts.log) ?? ((o: object, m: string) => console.warn(`${m} ${JSON.stringify(o)}`));
    this.log = { warn, info: opts.log?.info?.bind(opts.log) ?? (() => undefined) };
    this.o = {
      ackWaitMs: opts.ackWaitMs ?? 30_000,
      maxAckPending: opts.maxAckPending ?? 1000,
      batch: opts.batch ?? 16,
      nakDelayMs: opts.nakDelayMs ?? 1000,
      maxNakDelayMs: opts.maxNakDelayMs ?? 30_000,
      publishTimeoutMs: opts.publishTimeoutMs ?? 5000,
      closeTimeoutMs: opts.closeTimeoutMs ?? 10_000,
    };
    void this.watch(outage).catch(() => undefined);
  }

  /** Connects (the broker must answer now), then creates or updates the stream. */
  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const min = opts.minReconnectDelayMs ?? 250;
    const max = opts.maxReconnectDelayMs ?? 5000;
    const outage = { since: 0 };
    const nc = await connect({
      servers: opts.servers,
      name: opts.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      // Called before each dial (and while waiting for one): half the outage so far, so the delay grows
      // geometrically from `min` to `max`, with ±20 % jitter so many instances do not reconnect in step.
      reconnectDelayHandler: () => {
        const elapsed = outage.since ? Date.now() - outage.since : 0;
        const base = Math.min(max, Math.max(min, elapsed / 2));
        return Math.round(base * (0.8 + Math.random() * 0.4));
      },
      pingInterval: 10_000,
      maxPingOut: 3,
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: opts.publishTimeoutMs ?? 5000 });
      const bus = new NatsBus(nc, jsm, opts, outage);
      await bus.ensureStream(opts);
      return bus;
    } catch (err) {
      await nc.close().catch(() => undefined);
      throw err;
    }
  }

  /** Follows the connection: a disconnect fails in-flight publishes at once and makes new ones fail fast. */
  private async watch(outage: { since: number }) {
    for await (const s of this.nc.status()) {
      if (s.type === 'disconnect') {
        outage.since = Date.now();
        this.connected = false;
        const err = new Error('NATS disconnected');
        for (const reject of this.inflight) reject(err);
        if (!this.closing) this.log.warn({ server: s.server }, 'nats: disconnected, reconnecting');
      } else if (s.type === 'reconnect') {
        outage.since = 0;
        this.connected = true;
        this.log.info({ server: s.server }, 'nats: reconnected');
      }
    }
  }

  /** The connection (status, server info); the bus owns it. */
  get connection(): NatsConnection {
    return this.nc;
  }

  private async ensureStream(opts: NatsBusOptions) {
    const wanted: Partial<StreamConfig> & Pick<StreamConfig, 'name'> = {
      name: this.stream,
      subjects: this.subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(opts.duplicateWindowMs ?? 120_000),
      max_age: nanos(opts.maxAgeMs ?? 0),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const info = await this.jsm.streams.info(this.stream);
        if (info.config.storage !== StorageType.File)
          throw new Error(`NATS stream ${this.stream} exists with ${info.config.storage} storage; FILE is required`);
        const c = info.config;
        const same =
          [...c.subjects].sort().join(' ') === [...this.subjects].sort().join(' ') &&
          c.duplicate_window === wanted.duplicate_window &&
          c.max_age === wanted.max_age;
        if (!same)
          await this.jsm.streams.update(this.stream, { ...c, subjects: this.subjects, duplicate_window: wanted.duplicate_window, max_age: wanted.max_age });
        return;
      } catch (err) {
        if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
      }
      try {
        await this.jsm.streams.add(wanted);
        return;
      } catch (err) {
        // Another instance created it meanwhile (10058: name in use): read and reconcile it.
        if (!isApiError(err, 10058) || attempt > 3) throw err;
      }
    }
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closing || this.nc.isClosed()) throw new Error('NATS bus closed');
    if (!this.connected) throw new Error('NATS unavailable (reconnecting)');
    const body = enc.encode(JSON.stringify({ id: event.id, subject: event.subject, data: event.data, occurredAt: event.occurredAt }));
    let reject!: (err: Error) => void;
    const aborted = new Promise<never>((_, r) => {
      reject = r;
    });
    this.inflight.add(reject);
    try {
      await Promise.race([
        this.js.publish(event.subject, body, { msgID: event.id, expect: { streamName: this.stream }, timeout: this.o.publishTimeoutMs }),
        aborted,
      ]);
    } finally {
      this.inflight.delete(reject);
    }
  }

  async subscribe(pattern: string, durable: string, handler: EventHandler): Promise<void> {
    const name = natsConsumerName(durable, pattern);
    const config: Partial<ConsumerConfig> = {
      durable_name: name,
      description: `${durable} <- ${pattern}`,
      filter_subject: pattern,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.o.ackWaitMs),
      max_deliver: -1,
      max_ack_pending: this.o.maxAckPending,
      deliver_policy: DeliverPolicy.All,
    };
    await this.ensureConsumer(name, config);
    this.startDurable(`${durable} <- ${pattern}`, await this.js.consumers.get(this.stream, name), handler);
  }

  /** Every instance gets every event published from now on (an ordered consumer of its own); no acks. */
  async subscribeAll(pattern: string, handler: EventHandler): Promise<void> {
    const { state } = await this.jsm.streams.info(this.stream);
    let from = state.last_seq + 1;
    // Starting at a sequence (not "new") keeps the place: a consumer recreated after a broker restart, or a
    // restarted loop, goes on after the last event seen, even if it had seen none yet.
    // Ephemeral: the server drops it 30 s after its instance is gone (close also deletes it).
    const open = () =>
      this.js.consumers.get(this.stream, {
        filter_subjects: pattern,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: from,
        inactive_threshold: 30_000,
      });
    await this.startAll(`all <- ${pattern}`, open, handler, (seq) => {
      from = seq + 1;
    });
  }

  private async ensureConsumer(name: string, config: Partial<ConsumerConfig>) {
    try {
      const info = await this.jsm.consumers.info(this.stream, name);
      const c = info.config;
      if (c.ack_wait !== config.ack_wait || c.max_ack_pending !== config.max_ack_pending || c.description !== config.description) {
        await this.jsm.consumers.update(this.stream, name, {
          ack_wait: config.ack_wait,
          max_ack_pending: config.max_ack_pending,
          description: config.description,
        });
      }
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
    }
    // Creating an existing durable with the same config is a no-op, so two instances racing here both succeed.
    await this.jsm.consumers.add(this.stream, config);
  }

  /**
   * A durable: fetches a batch, hands it to a worker that runs the handler on each message in order, and fetches
   * the next batch only when the worker is nearly done, so an instance holds at most about two batches unacked
   * and the instances of a durable share the work. A failed fetch is retried with backoff; the client resumes
   * a fetch across reconnects. On `close` the running handler finishes (and acks), the rest is nak'ed at once.
   */
  private startDurable(describe: string, consumer: Consumer, handler: EventHandler) {
    const queue: JsMsg[] = [];
    const work = signal();
    const room = signal();
    let fetch: ConsumerMessages | null = null;
    let current: Promise<void> = Promise.resolve();

    const worker = (async () => {
      for (;;) {
        const m = queue.shift();
        if (queue.length <= this.o.batch / 4) room.fire();
        if (!m) {
          if (this.closing) return;
          await work.wait();
          continue;
        }
        // Pulled, not started: handed back with a short delay. (A plain NAK with no pull waiting at that moment
        // gets that message stuck until the ack wait, and a neighbour delivered twice, on nats-server 2.9.)
        if (this.closing) {
          m.nak(this.o.nakDelayMs);
          continue;
        }
        let done!: () => void;
        current = new Promise<void>((r) => {
          done = r;
        });
        try {
          await this.handle(m, true, handler, describe);
        } finally {
          done();
        }
      }
    })();

    const fetcher = (async () => {
      for (let failures = 0; !this.closing; ) {
        // Fetch again when the worker is on the last quarter of what it has.
        while (!this.closing && queue.length > this.o.batch / 4) await room.wait();
        if (this.closing) break;
        try {
          fetch = await consumer.fetch({ max_messages: this.o.batch, expires: 10_000 });
          if (this.closing) await fetch.close();
          for await (const m of fetch) {
            failures = 0;
            if (this.closing) m.nak(this.o.nakDelayMs);
            else {
              queue.push(m);
              work.fire();
            }
          }
        } catch (err) {
          if (this.closing) break;
          failures++;
          this.log.warn({ consumer: describe, err: (err as Error).message }, 'nats: fetch failed, retrying');
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
        } finally {
          fetch = null;
        }
      }
    })();

    this.subs.push({
      describe,
      stop: async () => {
        await (fetch as ConsumerMessages | null)?.close().catch(() => undefined);
        work.fire();
        room.fire();
        await current;
        await Promise.all([worker, fetcher]);
      },
    });
  }

  /** subscribeAll: an ordered consumer; reopened (with backoff) if it ever fails. No acks, nothing to hand back. */
  private async startAll(describe: string, open: () => Promise<Consumer>, handler: EventHandler, seen: (streamSeq: number) => void) {
    let consumer: Consumer | null = null;
    const pull = async () => {
      // The consumer a reopened one replaces is of no more use: dropped now, not at its inactivity threshold.
      void (consumer as Consumer | null)?.delete().catch(() => undefined);
      consumer = await open();
      const messages = await consumer.consume({ max_messages: this.o.batch, expires: 10_000 });
      void reopenOnReset(messages).catch(() => undefined);
      return messages;
    };
    let first: ConsumerMessages | null = await pull();
    let messages: ConsumerMessages | null = first;
    const loop = (async () => {
      for (let failures = 0; !this.closing; ) {
        try {
          messages = first ?? (await pull());
          first = null;
          if (this.closing) await messages.close();
          for await (const m of messages) {
            failures = 0;
            if (this.closing) continue;
            await this.handle(m, false, handler, describe);
            seen(m.info.streamSequence);
          }
        } catch (err) {
          if (this.closing) break;
          failures++;
          this.log.warn({ consumer: describe, err: (err as Error).message }, 'nats: consumer stopped, reopening');
        }
        if (!this.closing) await sleep(Math.min(5000, 250 * 2 ** Math.min(failures, 5)));
      }
    })();
    this.subs.push({
      describe,
      stop: async () => {
        await (messages as ConsumerMessages | null)?.close().catch(() => undefined);
        await loop;
        await (consumer as Consumer | null)?.delete().catch(() => undefined);
      },
    });
  }

  private async handle(m: JsMsg, ack: boolean, handler: EventHandler, describe: string) {
    let event: BusEvent;
    try {
      const body = m.json<Partial<BusEvent>>();
      event = {
        id: body.id ?? m.headers?.get('Nats-Msg-Id') ?? '',
        subject: m.subject,
        data: body.data,
        occurredAt: body.occurredAt ?? new Date(m.info.timestampNanos / 1e6).toISOString(),
      };
    } catch (err) {
      // Not ours to understand; redelivering it would never help.
      this.log.warn({ consumer: describe, subject: m.subject, err: (err as Error).message }, 'nats: undecodable message dropped');
      if (ack) m.term();
      return;
    }
    // A handler slower than the ack wait keeps its message (it is not handed to another instance meanwhile).
    const keep = ack ? setInterval(() => m.working(), Math.max(100, Math.floor(this.o.ackWaitMs / 3))) : null;
    try {
      await handler(event);
      if (ack) m.ack();
    } catch (err) {
      const attempt = m.info.deliveryCount;
      const delay = Math.min(this.o.maxNakDelayMs, this.o.nakDelayMs * 2 ** Math.min(attempt - 1, 20));
      this.log.warn(
        { consumer: describe, subject: m.subject, id: event.id, attempt, retryInMs: ack ? delay : null, err: (err as Error).message },
        'nats: handler failed',
      );
      if (ack) m.nak(delay);
    } finally {
      if (keep) clearInterval(keep);
    }
  }

  /** Stops pulling, waits for running handlers (bounded), then drains the connection so their acks go out. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const subs = this.subs;
    this.subs = [];
    const bounded = <T>(p: Promise<T>) => Promise.race([p, sleep(this.o.closeTimeoutMs)]);
    await bounded(Promise.all(subs.map((s) => s.stop())));
    if (this.nc.isClosed()) return;
    const drained = await bounded(
      this.nc.drain().then(
        () => true,
        () => false,
      ),
    );
    if (drained !== true) await this.nc.close().catch(() => undefined);
  }
}

/**
 * An ordered consumer lives in the broker's memory: after a broker restart nats.js (3.4) creates it again, but asks
 * the new one for messages as if its earlier pull were still pending, so nothing arrives until two idle heartbeats
 * are missed (some 15 s). Closing the messages instead makes subscribeAll open a fresh consumer after the last event
 * seen, at once.
 */
async function reopenOnReset(messages: ConsumerMessages) {
  for await (const s of messages.status()) {
    if (s.type === 'ordered_consumer_recreated') {
      await messages.close();
      return;
    }
  }
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}
