import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { Label } from '@portal/contracts/src/frame';
import type { RemoteModule } from '@portal/ui-kit/src/frame';
import { takeManifestRequest } from './early';

/** One remote of the runtime manifest (`/remotes.json`, served by the gateway; ARCHITECTURE §6). */
export interface RemoteInfo {
  name: string;
  module: string;
  basePath: string;
  entry: string;
  label: Label;
  icon?: string;
}

let manifest: Promise<RemoteInfo[]> | null = null;

/**
 * Reads the manifest once and registers every remote with the runtime bound to the build plugin (never a
 * separate instance, which would bring a second React). A team redeploys its remote by changing its URL here,
 * without rebuilding the shell.
 */
export function loadManifest(): Promise<RemoteInfo[]> {
  manifest ??= takeManifestRequest()
    .then((r) => (r.ok ? (r.json() as Promise<{ remotes: RemoteInfo[] }>) : { remotes: [] }))
    .then(({ remotes }) => {
      registerRemotes(
        remotes.map((r) => ({ name: r.name, entry: r.entry })),
        { force: true },
      );
      return remotes;
    })
    .catch(() => []);
  return manifest;
}

const loaded = new Map<string, Promise<RemoteModule>>();

/** The remote's routes and menu; a failure is kept only until the user retries. */
export function loadRemoteModule(name: string): Promise<RemoteModule> {
  let p = loaded.get(name);
  if (!p) {
    p = loadRemote<{ default: RemoteModule }>(`${name}/routes`).then((m) => {
      if (!m?.default) throw new Error(`${name}: no routes exposed`);
      return m.default;
    });
    p.catch(() => loaded.delete(name));
    loaded.set(name, p);
  }
  return p;
}
