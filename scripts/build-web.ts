/**
 * Builds the shell and every remote (one after the other: the machines have 2 cores) into `<app>/dist`.
 * `npm run build:web`; `npm start` runs it when a dist is missing or older than its sources.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpack from 'webpack';
import { WEB_APPS } from './lib/web-apps';

/** Builds one app into `<app>/dist`, or into `outDir` (a remote's new release served from elsewhere). */
export async function buildApp(app: string, outDir?: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(join(__dirname, '..', app, 'webpack.config.js'))({}, { mode: 'production' });
  if (outDir) config.output.path = outDir;
  await new Promise<void>((resolve, reject) => {
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(`${app}:\n${stats.toString('errors-only')}`));
      resolve();
    });
  });
  // A remote's sidebar entries are plain data: written beside remoteEntry.js, read by the shell at start.
  const menuSource = join(__dirname, '..', app, 'src', 'menu.ts');
  if (existsSync(menuSource)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { menu } = require(menuSource) as { menu: unknown };
    writeFileSync(join(outDir ?? join(__dirname, '..', app, 'dist'), 'menu.json'), JSON.stringify(menu));
  }
}

export async function buildWeb(apps: string[] = WEB_APPS.map((a) => a.dir), log: (s: string) => void = console.log) {
  for (const app of apps) {
    const started = Date.now();
    await buildApp(app);
    log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (require.main === module) {
  buildWeb(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
}
