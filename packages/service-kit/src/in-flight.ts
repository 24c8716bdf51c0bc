/**
 * Work under way, by key: a caller needing what is already being fetched waits for that answer instead of fetching it
 * again. When a cached answer expires under load, the hundreds of requests of that moment would otherwise each ask its
 * owner at once (a scan of the project register, a read of another service's titles).
 */
export class InFlight<T> {
  private readonly under = new Map<string, Promise<T>>();

  /** The work under way for `key`, if any. */
  of(key: string): Promise<T> | undefined {
    return this.under.get(key);
  }

  /** Registers `work` as the answer for each of `keys` until it settles (a later start for a key takes it over). */
  start(keys: string[], work: Promise<T>): Promise<T> {
    for (const k of keys) this.under.set(k, work);
    const forget = () => {
      for (const k of keys) if (this.under.get(k) === work) this.under.delete(k);
    };
    work.then(forget, forget);
    return work;
  }

  /** The answer for `key`: the work under way, else `fetch()` started now. */
  once(key: string, fetch: () => Promise<T>): Promise<T> {
    return this.of(key) ?? this.start([key], fetch());
  }

  /** Forgets every work under way: whoever comes next starts afresh (after a change the answers under way predate). */
  clear(): void {
    this.under.clear();
  }
}
