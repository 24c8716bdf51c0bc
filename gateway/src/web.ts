import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Label } from '@portal/contracts';
import { langOf, t } from '@portal/service-kit';

/** A remote of the runtime manifest: served from `dir` by this gateway, or from its own `url`. */
export interface RemoteConfig { name: string; module: string; basePath: string; label: Label; dir?: string; url?: string }
export interface WebConfig { shellDir: string | null; remotes: RemoteConfig[] }

const noCache = (path: string) => /(index\.html|remoteEntry\.js)$/.test(path);

/**
 * The front end: the shell at /, each remote's files at /remotes/<name>/, and the runtime manifest
 * /remotes.json the shell reads to find its remotes (ARCHITECTURE §6) — so a remote moves to a new URL
 * without a rebuild of the shell. Hashed files are cached for good; the entries never.
 */
export async function registerWeb(app: FastifyInstance, web: WebConfig) {
  const manifest = {
    remotes: web.remotes.filter((r) => r.url || (r.dir && existsSync(join(r.dir, 'remoteEntry.js')))).map((r) => ({
      name: r.name, module: r.module, basePath: r.basePath, label: r.label, entry: r.url ?? `/remotes/${r.name}/remoteEntry.js`,
    })),
  };
  app.get('/remotes.json', async (_req, reply) => reply.header('cache-control', 'no-store').send(manifest));

  const setHeaders = (res: { setHeader: (k: string, v: string) => void }, path: string) =>
    res.setHeader('cache-control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
  for (const r of web.remotes) {
    if (!r.dir || !existsSync(r.dir)) continue;
    await app.register(fastifyStatic, { root: r.dir, prefix: `/remotes/${r.name}/`, decorateReply: false, index: false, setHeaders });
  }
  const shell = web.shellDir && existsSync(join(web.shellDir, 'index.html')) ? web.shellDir : null;
  if (shell) await app.register(fastifyStatic, { root: shell, prefix: '/', index: false, wildcard: false, setHeaders, serveDotFiles: false });

  // Page routes belong to the shell's router: any other GET that wants HTML gets index.html.
  app.setNotFoundHandler((req, reply) => {
    const lang = langOf(req.headers['accept-language']);
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/remotes/') && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && shell) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', shell);
    if (wantsPage) return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Portal</title></head><body><h1>Portal</h1><p>The web front end is not built: run <code>npm run build:web</code>. API: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p></body></html>`);
    return reply.status(404).send({ success: false, message: t(lang, 'route_not_found'), errors: [] });
  });
}
