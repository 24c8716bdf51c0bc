/**
 * The domain registry (packages/contracts/src/domains.ts) is the one list of domains: adding one edits it and the
 * domain's own folders. This fails when another hand-kept list of domains appears in the code — names of domains side
 * by side, one domain's `<DOMAIN>_URL` variable named in code, per-domain paths listed together — outside the registry
 * and the domains' own folders, when a registry domain lacks its folders or a folder has no domain, and when the
 * deployment files (the compose file, the remotes manifest), which cannot read the registry, drift from it.
 * No stack: it reads files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  calledDomains,
  defineDomain,
  domainRegistry,
  DOMAIN_REGISTRY,
  DOMAINS,
  gatewayUrlsVar,
  REMOTE_DOMAINS,
  SERVICE_DOMAINS,
  serviceUrlVar,
  staff,
  type Domain,
} from '@portal/contracts';
import { readCompose } from '../scripts/lib/compose-file';
import { DOMAIN_REGISTRY as SERVICES_BUILT } from '../scripts/lib/domains';
import { e2eFiles } from '../scripts/lib/e2e-files';
import { WEB_APPS } from '../scripts/lib/web-apps';
import { readyTable } from './support/workflow-ready';

const ROOT = join(__dirname, '..');
const names = DOMAINS.join('|');
const CODE = /\.(ts|tsx|js|mjs|cjs|json|ya?ml|sh)$/;
const SKIP = new Set(['node_modules', 'dist', '.git', 'package-lock.json', '__tmp']);

/** What counts as a hand-kept list of domains in code. */
const DETECTORS: [what: string, re: RegExp][] = [
  // 'hr', 'admin' — an array or a union of domain names.
  ['domain names side by side', new RegExp(`(['"\`])(?:${names})\\1(?:\\s*[,|]\\s*(['"\`])(?:${names})\\2)+`, 'g')],
  // 'HR_URL', env.ADMIN_URLS — one domain's address variable named in code (derive it: serviceUrlVar, gatewayUrlsVar).
  ['a domain address variable', new RegExp(`(?:['"\`.\\[])(?:${DOMAINS.map((d) => d.toUpperCase()).join('|')})_URLS?\\b`, 'g')],
  // test/e2e/hr test/e2e/admin, mfe-hr … mfe-admin — two domains' own paths on one line.
  [
    'paths of two domains on one line',
    new RegExp(`(?:mfe-|services/|test/e2e/|web-)(${names})\\b[^\\n]*?(?:mfe-|services/|test/e2e/|web-)(?!\\1\\b)(?:${names})\\b`, 'g'),
  ],
];

const found = (text: string) => DETECTORS.flatMap(([what, re]) => [...text.matchAll(re)].map((m) => `${what}: ${m[0].slice(0, 80)}`));

/** The registry, the domains' own folders, and the deployment files checked against the registry below. */
function allowed(file: string): boolean {
  if (['packages/contracts/src/domains.ts', 'docker-compose.yml', 'infra/remotes.json'].includes(file)) return true;
  return DOMAINS.some(
    (d) =>
      [`packages/contracts/src/${d}/`, `services/${d}/`, `mfe-${d}/`, `test/${d}/`].some((p) => file.startsWith(p)) ||
      [`test/e2e/${d}.test.ts`, `scripts/lib/demo-${d}.ts`].includes(file),
  );
}

function codeFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return CODE.test(name) ? [relative(ROOT, path)] : [];
  });
}

test('the detectors find the lists this test is about, and nothing in ordinary code', () => {
  expect(found(`const ON = ['hr', 'admin'];`)).toHaveLength(1);
  expect(found(`type T = 'system' |\n  'files';`)).toHaveLength(1);
  expect(found(`const u = requiredEnv(env, 'SYSTEM_URL'); const v = env.HR_URLS;`)).toHaveLength(2);
  expect(found(`"e2e": "jest test/e2e/portal test/e2e/hr test/e2e/admin"`)).toHaveLength(1);
  // One domain named, or a domain beside a word that is not one, is not a list.
  expect(found(`kit.call(route, input, 'hr'); const x = ['hr', 'staff']; // HR_URL in a comment`)).toEqual([]);
});

test('no list of domains is kept by hand outside the registry and the domains’ own folders', () => {
  // This file holds the detectors' samples.
  const files = codeFiles().filter((f) => !allowed(f) && f !== relative(ROOT, __filename));
  expect(files.length).toBeGreaterThan(100);
  const lists = files.flatMap((f) => found(readFileSync(join(ROOT, f), 'utf8')).map((x) => `${f}: ${x}`));
  expect(lists).toEqual([]);
});

test('every registry domain has its folders, and every domain folder is a registry domain', () => {
  const missing: string[] = [];
  const has = (p: string) => existsSync(join(ROOT, p));
  for (const d of DOMAIN_REGISTRY) {
    if (d.resources.length && !has(`packages/contracts/src/${d.name}`)) missing.push(`packages/contracts/src/${d.name}/`);
    if (d.service)
      for (const f of ['package.json', 'src/service.ts', 'src/main.ts']) if (!has(`services/${d.name}/${f}`)) missing.push(`services/${d.name}/${f}`);
    if (d.remote) for (const f of ['package.json', 'rspack.config.js', 'src/routes.tsx']) if (!has(`mfe-${d.name}/${f}`)) missing.push(`mfe-${d.name}/${f}`);
  }
  expect(missing).toEqual([]);
  const dirs = (p: string) => readdirSync(join(ROOT, p)).filter((n) => statSync(join(ROOT, p, n)).isDirectory());
  // A folder a domain would own, with no registry entry saying it has one.
  expect(dirs('services').filter((n) => !SERVICE_DOMAINS.some((d) => d.name === n))).toEqual([]);
  expect(dirs('.').filter((n) => n.startsWith('mfe-') && !REMOTE_DOMAINS.some((d) => `mfe-${d.name}` === n))).toEqual([]);
  expect(dirs('packages/contracts/src').filter((n) => !['kit', 'common'].includes(n) && !(DOMAINS as readonly string[]).includes(n))).toEqual([]);
});

test('the stacks, the front-end build, the e2e runs and the workflow suite take every domain from the registry', () => {
  // Every service is built by its own package, the one its process serves (services/<domain>/src/service.ts).
  expect(SERVICES_BUILT.map((e) => e.domain)).toEqual(SERVICE_DOMAINS.map((d) => d.name));
  expect(WEB_APPS.filter((a) => a.module).map((a) => a.dir)).toEqual(REMOTE_DOMAINS.map((d) => `mfe-${d.name}`));
  // Each domain's browser test is in the distributed runs (package.json test:distributed, test:docker:deep).
  const e2e = e2eFiles();
  for (const d of DOMAINS) if (existsSync(join(ROOT, 'test', 'e2e', `${d}.test.ts`))) expect(e2e).toContain(`test/e2e/${d}.test.ts$`);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  for (const s of ['test:distributed', 'test:docker:deep']) expect([s, pkg.scripts[s]]).toEqual([s, expect.stringContaining('tsx scripts/e2e.ts')]);
  // The workflow suite's preparations are each domain's own, for its own status machines.
  const ready = readyTable();
  expect(ready.size).toBeGreaterThan(0);
  for (const name of ready.keys()) expect(DOMAIN_REGISTRY.find((d) => d.resources.some((r) => r.name === name && r.workflow))).toBeDefined();
});

test('the registry refuses a resource of another domain, one in two domains, a need of no service, and an order DOMAINS does not have', () => {
  expect(() => defineDomain({ name: 'admin', label: { vi: 'a', en: 'a' }, resources: [staff], service: {} })).toThrow(/staff is listed in the domain admin/);
  const hr = DOMAIN_REGISTRY.find((d) => d.name === 'hr')!;
  const twice = DOMAIN_REGISTRY.map((d) => (d.name === 'system' ? { ...d, resources: [...d.resources, staff] } : d));
  expect(() => domainRegistry(DOMAINS, twice)).toThrow(/staff is listed in both/);
  // Every domain has a service now: one taken away (with its resources, which would need it) for the check.
  const needsNone = DOMAIN_REGISTRY.map((d) =>
    d === hr ? { ...d, service: { needs: ['implementation' as Domain] } } : d.name === 'implementation' ? { ...d, resources: [], service: null } : d,
  );
  expect(() => domainRegistry(DOMAINS, needsNone)).toThrow(/hr needs implementation, which has no service/);
  expect(() => domainRegistry([...DOMAINS].reverse(), DOMAIN_REGISTRY)).toThrow(/DOMAINS says/);
  // A service asking about records calls every domain owning resources — a new one included — and never itself.
  const withAssets = DOMAIN_REGISTRY.map((d) =>
    d.name === 'assets' ? { ...d, service: {}, resources: [{ ...staff, name: 'asset', domain: 'assets' as Domain }] } : d,
  );
  expect(calledDomains(withAssets, 'files')).toEqual(['system', 'hr', 'admin', 'assets', 'business', 'implementation']);
  expect(calledDomains(withAssets, 'system')).toEqual(['hr', 'admin', 'assets', 'business', 'implementation']);
  expect(calledDomains(withAssets, 'hr')).toEqual(['system']);
});

test('the compose file and the remotes manifest, which cannot read the registry, match it', () => {
  const compose = readCompose(join(ROOT, 'docker-compose.yml'), { INTERNAL_KEY: 'k', AUTH_SECRET: 's', MINIO_ROOT_PASSWORD: 'm' });
  const byName = new Map(compose.map((c) => [c.name, c]));
  const urlVars = (env: Record<string, string>) => Object.keys(env).filter((k) => /^[A-Z]+_URL$/.test(k) && DOMAINS.some((d) => serviceUrlVar(d) === k));
  for (const d of SERVICE_DOMAINS) {
    // Each service is given exactly the addresses the registry says it calls (serveDomain requires each).
    const env = byName.get(d.name)!.environment;
    expect([d.name, urlVars(env).sort()]).toEqual([d.name, calledDomains(DOMAIN_REGISTRY, d.name).map(serviceUrlVar).sort()]);
    for (const c of calledDomains(DOMAIN_REGISTRY, d.name))
      expect([d.name, env[serviceUrlVar(c)]]).toEqual([d.name, expect.stringContaining(`http://${c}:3000`)]);
    expect(byName.get('gateway')!.environment[gatewayUrlsVar(d.name)]).toContain(`http://${d.name}:3000`);
  }
  // The gateway knows no address of a domain without a service.
  expect(DOMAINS.filter((d) => byName.get('gateway')!.environment[gatewayUrlsVar(d)])).toEqual(SERVICE_DOMAINS.map((d) => d.name));
  // PostgreSQL creates one database per service (infra/postgres/init-databases.sh; backup and restore read the list).
  expect(byName.get('postgres')!.environment.PORTAL_DATABASES!.split(/\s+/)).toEqual(SERVICE_DOMAINS.map((d) => `portal_${d.name}`));
  // A static server per remote, and the shell's runtime manifest names each where the shell mounts it.
  expect(compose.filter((c) => /^web-(?!shell$)/.test(c.name)).map((c) => c.name)).toEqual(REMOTE_DOMAINS.map((d) => `web-${d.name}`));
  const manifest = JSON.parse(readFileSync(join(ROOT, 'infra', 'remotes.json'), 'utf8')) as {
    name: string;
    module: string;
    basePath: string;
    label: unknown;
  }[];
  expect(manifest.map(({ name, module, basePath, label }) => ({ name, module, basePath, label }))).toEqual(
    REMOTE_DOMAINS.map((d) => ({ name: `mfe_${d.name}`, module: d.name, basePath: `/${d.name}`, label: d.label })),
  );
});
