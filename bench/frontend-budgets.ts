/**
 * Front-end budgets (ARCHITECTURE §7): the gzip size of the shell's initial JS, of each
 * remoteEntry.js, and how many copies of react, react-dom, antd and dayjs the dashboard really loads; and
 * the signed-in dashboard's Largest Contentful Paint in Chromium over DevTools' "Fast 4G" network, with an empty cache
 * and on a return visit.
 *
 *   npm run build:web && npx tsx bench/frontend-budgets.ts
 *
 * "Initial JS" is every JS file the browser fetched until the signed-in dashboard showed its figures
 * (the shell's entry, the shared libraries and the shell's own code), gzipped at level 9. Copies are
 * counted from dist/module-map.json: a copy is a fetched file that holds the library's core module.
 */
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Request } from 'playwright-core';
import { startStack } from '../scripts/lib/stack';
import { WEB_APPS } from '../scripts/lib/web-apps';

const ROOT = join(__dirname, '..');
const BUDGET = { shellInitialKb: 250, remoteEntryKb: 30, copies: 1 };
const IDENTITY: Record<string, RegExp> = {
  react: /^react\/cjs\/react\.production\.js$/,
  'react-dom': /^react-dom\/cjs\/react-dom-client\.production\.js$/,
  antd: /^antd\/es\/config-provider\/context\.js$/,
  dayjs: /^dayjs\/dayjs\.min\.js$/,
};

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/**
 * Chrome DevTools' "Fast 4G" network preset: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms, with the adjustments DevTools applies
 * to its presets (90 % of the throughput, 2.75 × the latency), set through the DevTools protocol.
 */
const FAST_4G = { offline: false, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9, latency: 60 * 2.75 };
/** LCP goals (ms): the first page's. */
const LCP_GOAL = { cold: 2500, warm: 1000 };
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Like playwright's "networkidle" (no request for 500 ms), except that the live notification stream, which
 * stays open for as long as the page, does not count.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.endsWith('/notifications/stream')) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async (quietMs = 500, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > end) throw new Error(`requests still running after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
      if (inFlight.size) quietSince = Date.now();
    }
  };
}

async function main() {
  process.env.LOG_LEVEL ??= 'silent';
  const moduleMap: Record<string, string[]> = {};
  for (const app of WEB_APPS) {
    const p = join(ROOT, app.dir, 'dist', 'module-map.json');
    if (!existsSync(p)) throw new Error(`${app.dir} is not built: run npm run build:web`);
    for (const [file, mods] of Object.entries(JSON.parse(readFileSync(p, 'utf8')) as Record<string, string[]>)) moduleMap[`${app.dir}/${file}`] = mods;
  }
  const stack = await startStack({
    env: { ...process.env, PORTAL_ADMIN_PASSWORD: 'Admin@Portal1', LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    dataDir: mkdtempSync(join(tmpdir(), 'portal-bench-')),
    databaseUrl: process.env.TEST_DATABASE_URL,
    dbPrefix: `bench_${Date.now()}`,
    port: 0,
    demo: true,
    log: () => undefined,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const signIn = await fetch(`${stack.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stack.adminEmail, password: 'Admin@Portal1' }),
    });
    const session = (
      (await signIn.json()) as {
        data: { userData: Record<string, unknown> & { accessToken: string; refreshToken: string }; userStaff: unknown; ability: unknown };
      }
    ).data;
    const signedIn = async () => {
      const ctx = await browser.newContext();
      await ctx.addInitScript((s) => {
        const { accessToken, refreshToken, ...user } = s.userData;
        window.localStorage.setItem(
          'portal.session',
          JSON.stringify({ state: { user, staff: s.userStaff, ability: s.ability, accessToken, refreshToken }, version: 0 }),
        );
      }, session);
      return ctx;
    };
    const context = await signedIn();
    const page = await context.newPage();
    const settled = trackRequests(page);
    const fetched: { url: string; bytes: number; gzip: number }[] = [];
    page.on('response', async (r) => {
      // A file already fetched comes from the browser's cache on the next page (content-hashed: cached for a year): not again.
      if (!r.url().endsWith('.js') || fetched.some((f) => f.url === new URL(r.url()).pathname)) return;
      const body = await r.body().catch(() => null);
      if (body) fetched.push({ url: new URL(r.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${stack.url}/`);
    await page.locator('[data-testid=stat-headcount]').getByText('50').waitFor({ timeout: 30_000 });
    await settled();
    const initial = [...fetched];
    await page.goto(`${stack.url}/hr/staff`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await settled();
    const hrExtra = fetched.slice(initial.length);

    // The dashboard's Largest Contentful Paint over "Fast 4G": a first visit (empty cache, a new browser context) and a
    // return (the same context loading it again), RUNS times each; the median.
    const lcp = { cold: [] as number[], warm: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      const ctx = await signedIn();
      await ctx.addInitScript(() => {
        new PerformanceObserver((list) => {
          const all = list.getEntries();
          (window as unknown as { __lcp: number }).__lcp = all[all.length - 1]!.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const p = await ctx.newPage();
      const cdp = await ctx.newCDPSession(p);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_4G);
      const quiet = trackRequests(p);
      const visit = async () => {
        await p.goto(`${stack.url}/`);
        await p.locator('[data-testid=stat-headcount]').getByText('50').waitFor({ timeout: 60_000 });
        await quiet(500, 60_000);
        return p.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      };
      lcp.cold.push(await visit());
      lcp.warm.push(await visit());
      await ctx.close();
    }

    const toKey = (path: string) =>
      path.startsWith('/remotes/') ? `${WEB_APPS.find((a) => path.startsWith(`/remotes/${a.name}/`))?.dir}/${path.split('/').pop()}` : `shell/${path.slice(1)}`;
    const copies = (files: typeof fetched) =>
      Object.fromEntries(
        Object.entries(IDENTITY).map(([lib, re]) => [lib, files.filter((f) => (moduleMap[toKey(f.url)] ?? []).some((m) => re.test(m))).length]),
      );
    const remoteEntries = WEB_APPS.filter((a) => a.module).map((a) => {
      const buf = readFileSync(join(ROOT, a.dir, 'dist', 'remoteEntry.js'));
      return { remote: a.dir, gzipKb: kb(gzipSync(buf, { level: 9 }).length) };
    });
    const initialKb = kb(initial.reduce((n, f) => n + f.gzip, 0));
    const result = {
      shellInitialJs: { gzipKb: initialKb, files: initial.length, budgetKb: BUDGET.shellInitialKb, withinBudget: initialKb <= BUDGET.shellInitialKb },
      openingHrStaff: { extraGzipKb: kb(hrExtra.reduce((n, f) => n + f.gzip, 0)), files: hrExtra.length },
      remoteEntries: remoteEntries.map((r) => ({ ...r, budgetKb: BUDGET.remoteEntryKb, withinBudget: r.gzipKb <= BUDGET.remoteEntryKb })),
      copiesLoaded: { dashboard: copies(initial), dashboardThenHr: copies(fetched) },
      dashboardLcpFast4g: {
        coldMs: Math.round(median(lcp.cold)),
        warmMs: Math.round(median(lcp.warm)),
        runs: { cold: lcp.cold.map(Math.round), warm: lcp.warm.map(Math.round) },
        goalMs: LCP_GOAL,
        withinGoal: { cold: median(lcp.cold) <= LCP_GOAL.cold, warm: median(lcp.warm) <= LCP_GOAL.warm },
      },
      largestInitialFiles: [...initial]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 6)
        .map((f) => ({
          file: f.url,
          gzipKb: kb(f.gzip),
          holds: [...new Set((moduleMap[toKey(f.url)] ?? []).map((m) => (m.startsWith('@') ? m.split('/').slice(0, 2).join('/') : m.split('/')[0])))].slice(
            0,
            6,
          ),
        })),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
