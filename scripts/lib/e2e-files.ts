import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAIN_REGISTRY } from '@portal/contracts';

const ROOT = join(__dirname, '..', '..');
/** What a browser test calls to run on the stack PORTAL_STACK names (test/support/process-stack.ts, or its suite helper e2e-suite.ts). */
const ON_CHOSEN_STACK = /\b(startE2eStack|e2eSuite)\(/;

/**
 * The browser tests a distributed run takes (scripts/e2e.ts), as jest path patterns: each registry domain's
 * `test/e2e/<domain>.test.ts` — which must start the chosen stack — and the platform's other files of test/e2e/ that do.
 */
export function e2eFiles(root = ROOT): string[] {
  const dir = join(root, 'test', 'e2e');
  const onChosenStack = (f: string) => ON_CHOSEN_STACK.test(readFileSync(join(dir, f), 'utf8'));
  const own = DOMAIN_REGISTRY.map((d) => `${d.name}.test.ts`).filter((f) => existsSync(join(dir, f)));
  for (const f of own)
    if (!onChosenStack(f)) throw new Error(`test/e2e/${f}: a domain's browser test starts the stack PORTAL_STACK names (startE2eStack or e2eSuite)`);
  const platform = readdirSync(dir).filter((f) => f.endsWith('.test.ts') && !own.includes(f) && onChosenStack(f));
  return [...platform.sort(), ...own].map((f) => `test/e2e/${f}$`);
}
