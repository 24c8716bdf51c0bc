import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Keys from the environment, or generated once and kept (mode 600) under ./data so sessions survive restarts. */
export function loadSecrets(file: string, env: NodeJS.ProcessEnv): { internalKey: string; authSecret: string } {
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const internalKey = env.INTERNAL_KEY ?? stored.internalKey ?? randomBytes(32).toString('base64url');
  const authSecret = env.AUTH_SECRET ?? stored.authSecret ?? randomBytes(32).toString('base64url');
  if (!env.INTERNAL_KEY || !env.AUTH_SECRET) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ internalKey, authSecret }), { mode: 0o600 });
  }
  return { internalKey, authSecret };
}
