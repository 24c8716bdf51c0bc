/**
 * The runtime manifest's request, started by the entry (index.ts) before the shared modules are negotiated: the first
 * render needs it (the router has a route per remote), so it travels while the app's chunks download instead of after
 * them — one round trip less before the first paint on a slow network.
 */
let early: Promise<Response> | null = null;

export function startManifestRequest(): void {
  early ??= fetch('/remotes.json', { cache: 'no-store' });
}

/** The early request, once: later reads (a retry) fetch again. */
export function takeManifestRequest(): Promise<Response> {
  const p = early ?? fetch('/remotes.json', { cache: 'no-store' });
  early = null;
  return p;
}
