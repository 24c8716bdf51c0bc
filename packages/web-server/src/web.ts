import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Label } from '@portal/contracts';
import { langOf, t } from '@portal/service-kit';

/** A remote of the runtime manifest: served from `dir` by this server, or from its own `url` (its remoteEntry.js). */
export interface RemoteConfig {
  name: string;
  module: string;
  basePath: string;
  label: Label;
  dir?: string;
  url?: string;
}
export interface WebConfig {
  shellDir: string | null;
  remotes: RemoteConfig[];
  /**
   * A manifest file (a JSON array of RemoteConfig with `url`), read again whenever it changes: the distributed
   * mode's way to point the shell at a remote redeployed at a new URL, without a rebuild or a restart.
   */
  remotesFile?: string | null;
}
export interface ManifestEntry {
  name: string;
  module: string;
  basePath: string;
  label: Label;
  entry: string;
}

/**
 * Only a file whose name carries its content hash (`main.50acfe21.js`) is cached for a year without asking again:
 * a returning user downloads nothing unchanged, and a changed file has a new name. Every other file — index.html,
 * remoteEntry.js, menu.json, and the shared fallbacks under `independent-packages/<pkg>/<version>/share-entry.js`,
 * whose content changes with the exports the apps import while their name does not — is revalidated each time.
 * (`cacheControl: false` on @fastify/static: otherwise its own "public, max-age=0" replaces this header.)
 *
 * Files are sent compressed: the build writes a Brotli and a gzip copy beside each text file (packages/build-config
 * build.js), and @fastify/static (`preCompressed`) sends the one the browser accepts — the same bytes every time, no
 * compression work per request. The copies are named like their file (`main.50acfe21.js.br`): cached as it is.
 */
const hashed = (path: string) => /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)(\.(br|gz))?$/.test(path);
export const setCacheHeaders = (res: { setHeader: (k: string, v: string) => void }, path: string) =>
  res.setHeader('cache-control', hashed(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

/**
 * A file sent from its compressed copy differs by the request's Accept-Encoding: caches are told so (beside CORS's
 * `Vary: Origin`), or a shared cache could hand Brotli to a client that asked for none. Every answer but the API's.
 */
export async function varyOnEncoding(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.url.startsWith('/api/')) return;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** The remotes the shell loads now: the configured ones, or the manifest file's (the last good read if it is being rewritten). */
export function manifestSource(web: WebConfig, warn: (msg: string) => void) {
  const fromConfig = (list: RemoteConfig[]): ManifestEntry[] =>
    list
      .filter((r) => r.url || (r.dir && existsSync(join(r.dir, 'remoteEntry.js'))))
      .map((r) => ({
        name: r.name,
        module: r.module,
        basePath: r.basePath,
        label: r.label,
        entry: r.url ?? `/remotes/${r.name}/remoteEntry.js`,
      }));
  const fixed = fromConfig(web.remotes);
  let last: { key: string; entries: ManifestEntry[] } | null = null;
  return (): ManifestEntry[] => {
    if (!web.remotesFile) return fixed;
    try {
      const st = statSync(web.remotesFile);
      const key = `${st.mtimeMs}:${st.size}`;
      if (last?.key !== key) {
        const list = JSON.parse(readFileSync(web.remotesFile, 'utf8')) as RemoteConfig[];
        if (!Array.isArray(list)) throw new Error('the manifest must be a JSON array');
        last = { key, entries: fromConfig(list) };
      }
    } catch (err) {
      warn(`remotes manifest ${web.remotesFile}: ${(err as Error).message}`);
    }
    return last?.entries ?? fixed;
  };
}

/** The page's Content-Security-Policy: this origin, plus the origins the manifest loads remotes from, nothing else. */
export function pageCsp(entries: ManifestEntry[]): string {
  const origins = [...new Set(entries.filter((e) => /^https?:\/\//.test(e.entry)).map((e) => new URL(e.entry).origin))].join(' ');
  const src = (...extra: string[]) => ["'self'", ...extra, origins].filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${src()}`,
    `style-src ${src("'unsafe-inline'")}`,
    `img-src ${src('data:', 'blob:')}`,
    `connect-src ${src()}`,
    `font-src ${src('data:')}`,
    `object-src 'none'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ].join('; ');
}

/**
 * The front end: the shell at /, each local remote's files at /remotes/<name>/, and the runtime manifest
 * /remotes.json the shell reads to find its remotes (ARCHITECTURE §6) — so a remote moves to a new URL
 * without a rebuild of the shell. Hashed files are cached for good; the entries never. The gateway mounts it
 * in the all-in-one mode; the shell's own container runs it in the distributed mode (main.ts).
 */
export async function registerWeb(app: FastifyInstance, web: WebConfig) {
  const manifest = manifestSource(web, (m) => app.log.warn(m));
  app.addHook('onSend', varyOnEncoding);
  app.get('/remotes.json', async (_req, reply) => reply.header('cache-control', 'no-store').send({ remotes: manifest() }));

  for (const r of web.remotes) {
    if (!r.dir || !existsSync(r.dir)) continue;
    await app.register(fastifyStatic, {
      root: r.dir,
      prefix: `/remotes/${r.name}/`,
      decorateReply: false,
      index: false,
      setHeaders: setCacheHeaders,
      cacheControl: false,
      preCompressed: true,
    });
  }
  const shell = web.shellDir && existsSync(join(web.shellDir, 'index.html')) ? web.shellDir : null;
  if (shell)
    await app.register(fastifyStatic, {
      root: shell,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: setCacheHeaders,
      cacheControl: false,
      serveDotFiles: false,
      preCompressed: true,
    });

  // Page routes belong to the shell's router: any other GET that wants HTML gets index.html.
  app.setNotFoundHandler((req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/remotes/') && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && shell) {
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pageCsp(manifest()))
        .type('text/html; charset=utf-8')
        .sendFile('index.html', shell);
    }
    if (wantsPage)
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Portal</title></head><body><h1>Portal</h1><p>The web front end is not built: run <code>npm run build:web</code>. API: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p></body></html>`,
        );
    return reply.status(404).send({ success: false, message: t(lang, 'route_not_found'), errors: [] });
  });
}
