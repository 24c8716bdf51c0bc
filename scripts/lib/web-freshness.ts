import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_APPS } from './web-apps';

const ROOT = join(__dirname, '..', '..');
const SHARED_SOURCES = ['packages/ui-kit/src', 'packages/contracts/src', 'packages/build-config'];

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** The apps whose build is missing or older than their sources (or the shared kit's). */
export function staleWebApps(): string[] {
  const shared = Math.max(...SHARED_SOURCES.map((d) => newest(join(ROOT, d))));
  return WEB_APPS.filter((a) => {
    const marker = join(ROOT, a.dir, 'dist', a.module ? 'remoteEntry.js' : 'index.html');
    if (!existsSync(marker)) return true;
    const mode = join(ROOT, a.dir, 'dist', 'build-mode.txt');
    if (!existsSync(mode) || readFileSync(mode, 'utf8') !== 'production') return true;
    const built = statSync(marker).mtimeMs;
    return Math.max(shared, newest(join(ROOT, a.dir, 'src')), statSync(join(ROOT, a.dir, 'rspack.config.js')).mtimeMs) > built;
  }).map((a) => a.dir);
}
