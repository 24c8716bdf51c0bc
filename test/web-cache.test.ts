/**
 * Static assets and the browser cache (issue 13 §4): a returning user downloads nothing unchanged, and never keeps
 * a file whose content changed under the same name. Needs the built front end (`npm run build:web`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestStack, type TestStack } from './support/stack';

let s: TestStack;
const ROOT = join(__dirname, '..');
beforeAll(async () => { s = await startTestStack(); });
afterAll(async () => { await s?.close(); });

const cacheOf = async (path: string) => {
  const res = await fetch(`${s.url}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  await res.arrayBuffer();
  return res.headers.get('cache-control');
};

test('content-hashed files are cached for a year; every file whose name does not change with its content is revalidated', async () => {
  const shellJs = readdirSync(join(ROOT, 'shell', 'dist')).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
  const hrJs = readdirSync(join(ROOT, 'mfe-hr', 'dist')).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
  expect(shellJs.length && hrJs.length).toBeTruthy();
  expect(await cacheOf(`/${shellJs[0]}`)).toBe('public, max-age=31536000, immutable');
  expect(await cacheOf(`/remotes/mfe_hr/${hrJs[0]}`)).toBe('public, max-age=31536000, immutable');
  // The shared fallbacks keep their name when the apps import more of a library: never cached as immutable.
  const fallbacks = join(ROOT, 'shell', 'dist', 'independent-packages', 'antd');
  const version = readdirSync(fallbacks).find((d) => /^\d/.test(d))!;
  for (const path of ['/remotes/mfe_hr/remoteEntry.js', '/remotes/mfe_hr/menu.json', `/independent-packages/antd/${version}/share-entry.js`]) {
    expect([path, await cacheOf(path)]).toEqual([path, 'no-cache']);
  }
  const page = await fetch(`${s.url}/hr/staff`, { headers: { accept: 'text/html' } });
  expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
});
