/**
 * What a domain's own rules need of a record before an allowed move of its status machine, which no declaration says —
 * for the generated suite of status machines (test/workflows.generic.test.ts). Each domain keeps its part beside its
 * tests, `test/<domain>/workflow-ready.ts` exporting `ready` by resource name; the suite reads every registry domain's.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAIN_REGISTRY } from '@portal/contracts';
import type { Api } from './stack';

export interface Ready {
  /** References the record needs (created through the API by the administrator). */
  refs?: (admin: Api) => Promise<Record<string, string>>;
  /** What the record needs beside it once made (a handover's lines), made through the API by the administrator. */
  prepare?: (admin: Api, record: { id: string }) => Promise<void>;
  /** Columns set by SQL with the status before the move to `to`. */
  set?: (to: string) => Record<string, unknown>;
  /** What the move to `to` records, where the domain's rules limit it beyond its declaration (a day that has come). */
  records?: (to: string) => Record<string, unknown>;
  /** What the move to `to` carries besides what it records. */
  body?: (to: string) => Record<string, unknown>;
}

/** Every registry domain's part, by resource name; a part naming anything but a status machine of its domain is an error. */
export function readyTable(root = join(__dirname, '..')): Map<string, Ready> {
  const table = new Map<string, Ready>();
  for (const d of DOMAIN_REGISTRY) {
    const file = join(root, d.name, 'workflow-ready.ts');
    if (!existsSync(file)) continue;
    const { ready } = require(file) as { ready: Record<string, Ready> };
    for (const [name, r] of Object.entries(ready)) {
      if (!d.resources.some((x) => x.name === name && x.workflow))
        throw new Error(`test/${d.name}/workflow-ready.ts: ${name} is no status machine of ${d.name}`);
      table.set(name, r);
    }
  }
  return table;
}
