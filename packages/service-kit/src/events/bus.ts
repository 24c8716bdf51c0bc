/**
 * The event bus contract. Subjects are `portal.<domain>.<entity>.<verb>`; patterns use NATS wildcards
 * (`*` one token, `>` the rest). Delivery is at least once: a handler that throws makes `publish` reject,
 * the outbox keeps the row and publishes it again; consumers are idempotent (see consumer.ts).
 */
export interface BusEvent<T = unknown> {
  /** The outbox row id (the `Nats-Msg-Id` on NATS). */
  id: string;
  subject: string;
  data: T;
  occurredAt: string;
}

export type EventHandler = (event: BusEvent) => Promise<void>;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  /** `durable` names the consumer; one durable gets each event once per subscription group. */
  subscribe(pattern: string, durable: string, handler: EventHandler): Promise<void>;
  /**
   * Every instance of the process gets every event published from now on (no durable, no sharing): for
   * per-instance state such as caches. A throwing handler is logged, not retried, on NATS.
   */
  subscribeAll(pattern: string, handler: EventHandler): Promise<void>;
  close(): Promise<void>;
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** In-process bus for the all-in-one mode: handlers run in the same process, awaited by publish. */
export class LocalBus implements EventBus {
  private subs: { pattern: string; durable: string; handler: EventHandler }[] = [];

  async publish(event: BusEvent): Promise<void> {
    const matching = this.subs.filter((s) => subjectMatches(s.pattern, event.subject));
    const results = await Promise.allSettled(matching.map((s) => s.handler(event)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async subscribe(pattern: string, durable: string, handler: EventHandler): Promise<void> {
    this.subs.push({ pattern, durable, handler });
  }

  /** One process is one instance: the same as a subscription of its own. */
  async subscribeAll(pattern: string, handler: EventHandler): Promise<void> {
    this.subs.push({ pattern, durable: '', handler });
  }

  async close(): Promise<void> {
    this.subs = [];
  }
}
