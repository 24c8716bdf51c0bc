/**
 * Static assets and the browser cache: a returning user downloads nothing unchanged, and never keeps
 * a file whose content changed under the same name. Needs the built front end (`npm run build:web`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { startTestStack, type TestStack } from './support/stack';

let s: TestStack;
const ROOT = join(__dirname, '..');
beforeAll(async () => {
  s = await startTestStack();
});
afterAll(async () => {
  await s?.close();
});

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

test('files go compressed as the browser accepts (Brotli, else gzip, else as they are), with the same cache headers', async () => {
  const hrJs = readdirSync(join(ROOT, 'mfe-hr', 'dist')).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
  const biggest = hrJs.map((f) => ({ f, size: statSync(join(ROOT, 'mfe-hr', 'dist', f)).size })).sort((a, b) => b.size - a.size)[0]!;
  const raw = readFileSync(join(ROOT, 'mfe-hr', 'dist', biggest.f));
  for (const [path, immutable] of [
    [`/remotes/mfe_hr/${biggest.f}`, true],
    ['/remotes/mfe_hr/remoteEntry.js', false],
  ] as const) {
    const as = async (encoding: string | null) => {
      // node's fetch would decode the body itself: ask with http so the bytes on the wire are what is compared.
      const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        get(`${s.url}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (r) => {
          const parts: Buffer[] = [];
          r.on('data', (b: Buffer) => parts.push(b));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
      expect([path, encoding, res.headers['cache-control']]).toEqual([path, encoding, immutable ? 'public, max-age=31536000, immutable' : 'no-cache']);
      return res;
    };
    const br = await as('gzip, deflate, br');
    expect([path, br.headers['content-encoding']]).toEqual([path, 'br']);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await as('gzip');
    expect([path, gz.headers['content-encoding']]).toEqual([path, 'gzip']);
    const plain = await as(null);
    expect([path, plain.headers['content-encoding']]).toEqual([path, undefined]);
    if (immutable) {
      expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
      expect(gunzipSync(gz.body).equals(raw)).toBe(true);
      expect(plain.body.equals(raw)).toBe(true);
      expect(br.body.length).toBeLessThan(raw.length / 3);
    }
  }
});
