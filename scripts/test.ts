/**
 * `npm test`: jest over every test file, TEST_WORKERS files at a time (jest.config.js). Arguments go to jest.
 *
 * `npm test -- --domain <name>`: the tests of one domain only — its folder (`test/<name>/`), its browser test
 * (`test/e2e/<name>.test.ts`), and the generated suites (resources.generic, fuzz, the abuse properties) over that
 * domain's declared resources and routes only (TEST_DOMAIN; test/support/resources.ts). `--domain platform` runs the
 * platform's own tests (the kit, the gateway, files, notifications, events: the files directly under `test/`, and `test/kit/`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAINS } from '@portal/contracts';

const ROOT = join(__dirname, '..');
const args = process.argv.slice(2);
const env = { ...process.env };
const at = args.indexOf('--domain');
if (at >= 0) {
  const domain = args[at + 1] ?? '';
  args.splice(at, 2);
  if (domain === 'platform') {
    args.push(
      ...readdirSync(join(ROOT, 'test'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `test/${f}$`),
      'test/kit/',
    );
  } else {
    if (!(DOMAINS as readonly string[]).includes(domain)) {
      console.error(`--domain: one of ${[...DOMAINS, 'platform'].join(', ')}`);
      process.exit(2);
    }
    env.TEST_DOMAIN = domain;
    const own = [`test/${domain}/`, ...(existsSync(join(ROOT, 'test', 'e2e', `${domain}.test.ts`)) ? [`test/e2e/${domain}.test.ts$`] : [])];
    args.push(...own, 'test/resources.generic.test.ts$', 'test/fuzz.test.ts$', 'test/abuse/');
  }
}
const jest = spawn(process.execPath, [require.resolve('jest/bin/jest'), ...args], { cwd: ROOT, env, stdio: 'inherit' });
jest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
