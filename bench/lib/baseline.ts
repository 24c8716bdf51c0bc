import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { Served } from './baseline-child';
import type { CapturedQuery } from './stack-process';

export interface Baseline {
  url: string;
  pid: number;
  /** Serves at `${url}/q/${name}` the statements the kit ran for one list request (see Served). */
  serve: (name: string, served: Served) => Promise<string>;
  stop: () => Promise<void>;
}

/** The bare Fastify + pg process of baseline-child.ts, on the given database. */
export async function startBaseline(dbUrl: string, nodeArgs: string[] = []): Promise<Baseline> {
  const child = fork(join(__dirname, 'baseline-child.ts'), [], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    env: { ...process.env, NODE_ENV: 'production', BASELINE_DB_URL: dbUrl },
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

/**
 * The statements of one list request as the kit runs them in a steady state, from two captured requests: the second
 * one's statements run on every request; a total that only the first one counted (the kit reuses it until a write)
 * is counted once. Only statements over `table` (the list's own; not the gateway's or the session's).
 */
export function steadyState(first: CapturedQuery[], second: CapturedQuery[], table: string, page: number, limit: number): Served {
  const own = (q: CapturedQuery) => new RegExp(`\\bFROM ${table} t\\b`).test(q.text);
  const isCount = (q: CapturedQuery) => /count\(\*\)/i.test(q.text);
  const perRequest = second.filter(own);
  const countOnce = perRequest.some(isCount) ? null : (first.filter(own).find(isCount) ?? null);
  if (!perRequest.length) throw new Error(`no statement over ${table} captured`);
  return { perRequest, countOnce, page, limit };
}
