import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { Served } from './baseline-child';
import type { ResourceDef } from '@portal/contracts';
import type { CapturedQuery } from './stack-process';

export interface Baseline {
  url: string;
  pid: number;
  /** Serves at `${url}/q/${name}` the statements the kit ran for one list request (see Served). */
  serve: (name: string, served: Served) => Promise<string>;
  stop: () => Promise<void>;
}

/** The bare Fastify + pg process of baseline-child.ts (a pool per database it is asked to serve from). */
export async function startBaseline(nodeArgs: string[] = []): Promise<Baseline> {
  const child = fork(join(__dirname, 'baseline-child.ts'), [], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, () => void>();
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { type?: string; url?: string; id?: number }) => {
      if (m.type === 'ready') resolve(m.url!);
      else if (m.id) {
        waiting.get(m.id)?.();
        waiting.delete(m.id);
      }
    });
    child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
  const rpc = (msg: object) =>
    new Promise<void>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ ...msg, id });
    });
  return {
    url,
    pid: child.pid!,
    serve: async (name, served) => {
      await rpc({ cmd: 'serve', name, served });
      return `${url}/q/${name}`;
    },
    stop: async () => {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      await rpc({ cmd: 'stop' });
      await exited;
    },
  };
}

/** The list's part of a resource declaration that tells its counts apart. */
export type Listed = Pick<ResourceDef, 'table' | 'domain' | 'tally'>;

/**
 * The statements of one list request as the kit runs them in a steady state, from two captured requests: the second
 * one's statements run on every request; a count that only the first one ran (the kit reuses totals and tallies
 * between writes) is counted once. Only statements over the list's own table (not the gateway's or the session's).
 * Each count is named by its key in the answer: a tally's by its field and values, `today_count`, else `totalRows`.
 */
export function steadyState(first: CapturedQuery[], second: CapturedQuery[], def: Listed, db: string, page: number, limit: number): Served {
  const own = (qs: CapturedQuery[]) => qs.filter((q) => new RegExp(`\\bFROM ${def.table} t\\b`).test(q.text));
  const isCount = (q: CapturedQuery) => /count\(\*\)/i.test(q.text);
  const keyOf = (q: CapturedQuery) =>
    Object.entries(def.tally ?? {}).find(
      ([, t]) => q.text.includes(`t.${t.field}::text = ANY(`) && JSON.stringify(q.values.at(-1)) === JSON.stringify(t.values.map(String)),
    )?.[0] ?? (/= \(now\(\) AT TIME ZONE/.test(q.text) ? 'today_count' : 'totalRows');
  const rows = own(second).find((q) => !isCount(q));
  if (!rows) throw new Error(`no statement over ${def.table} captured`);
  const each = own(second)
    .filter(isCount)
    .map((q) => ({ key: keyOf(q), q, each: true }));
  const once = own(first)
    .filter(isCount)
    .map((q) => ({ key: keyOf(q), q, each: false }))
    .filter((c) => !each.some((e) => e.key === c.key));
  return { db, rows, counts: [...each, ...once], page, limit };
}
