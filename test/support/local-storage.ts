/**
 * An in-memory localStorage for Node, for client modules that persist to it (the session store reads
 * `window.localStorage` when it is created): import this before them.
 */
const items = new Map<string, string>();
const storage = {
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, String(v)),
  removeItem: (k: string) => void items.delete(k),
  clear: () => items.clear(),
};
// Defined over whatever Node has (its own is unusable without --localstorage-file).
Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: storage });
if (typeof (globalThis as { window?: unknown }).window === 'undefined')
  Object.defineProperty(globalThis, 'window', { configurable: true, value: { localStorage: storage } });
export {};
