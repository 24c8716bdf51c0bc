/**
 * Builds the shell and every remote into `<app>/dist` with Rspack (packages/build-config; webpack took ten times
 * as long, bench/README.md "Front-end build"), one after the other: each build already uses both cores.
 * `npm run build:web [app…]`; `npm start` runs it for the apps whose dist is missing or older than their sources.
 */
import { execFile } from 'node:child_process';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_APPS } from './lib/web-apps';

const BUILD = join(__dirname, '..', 'packages', 'build-config', 'build.js');

/** Builds one app into `<app>/dist`, or into `outDir` (a remote's new release served from elsewhere). */
export async function buildApp(app: string, outDir?: string): Promise<void> {
  // In plain Node, not in this tsx process (build.js says why).
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [BUILD, ...(outDir ? ['--out', outDir] : []), app], { maxBuffer: 64 * 1024 * 1024 }, (err, _out, stderr) => {
      if (err) reject(new Error(`${app}: ${stderr || err.message}`));
      else resolve();
    });
  });
  // A remote's sidebar entries are plain data: written beside remoteEntry.js, read by the shell at start.
  const menuSource = join(__dirname, '..', app, 'src', 'menu.ts');
  if (existsSync(menuSource)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { menu } = require(menuSource) as { menu: unknown };
    writeFileSync(join(outDir ?? join(__dirname, '..', app, 'dist'), 'menu.json'), JSON.stringify(menu));
  }
  // The entry's time says when the app was last built (npm start compares it with the sources): an unchanged file
  // may be left unwritten by the build.
  const dist = outDir ?? join(__dirname, '..', app, 'dist');
  const now = new Date();
  for (const marker of ['index.html', 'remoteEntry.js']) if (existsSync(join(dist, marker))) utimesSync(join(dist, marker), now, now);
}

export async function buildWeb(apps: string[] = WEB_APPS.map((a) => a.dir), log: (s: string) => void = console.log) {
  for (const app of apps) {
    const started = Date.now();
    await buildApp(app);
    log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (require.main === module) {
  buildWeb(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
