/**
 * Writes the next versioned migration of each service from its resource declarations
 * (`npm run migration:gen`). It diffs the declarations against `migrations/declared.snapshot.json`;
 * a change it cannot express (a changed type or index) stops with a message asking for a hand-written migration.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffMigration, type Snapshot } from '@portal/service-kit';
import { SERVICES } from './lib/services';

let failed = false;
for (const svc of SERVICES) {
  const dir = join(__dirname, '..', 'services', svc.domain, 'migrations');
  const snapPath = join(dir, 'declared.snapshot.json');
  const snapshot: Snapshot = existsSync(snapPath) ? JSON.parse(readFileSync(snapPath, 'utf8')) : {};
  const { sql, snapshot: next, changed } = diffMigration(svc.resources, snapshot);
  if (changed.length) {
    console.error(`${svc.domain}: declarations changed in a way that needs a hand-written migration: ${changed.join(', ')}`);
    failed = true;
    continue;
  }
  if (!sql) {
    console.log(`${svc.domain}: up to date`);
    continue;
  }
  const last = readdirSync(dir)
    .filter((f) => /^\d{4}_/.test(f))
    .sort()
    .pop();
  const n = String((last ? Number(last.slice(0, 4)) : 0) + 1).padStart(4, '0');
  const file = join(dir, `${n}_declared.sql`);
  writeFileSync(file, `-- Generated from the resource declarations by npm run migration:gen. Do not edit; add a new file instead.\n${sql}\n`);
  writeFileSync(snapPath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${svc.domain}: wrote ${file}`);
}
process.exit(failed ? 1 : 0);
