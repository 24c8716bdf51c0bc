/**
 * The load of the failure tests: N holiday creations through the gateway, C at a time, each answer recorded; and
 * the check afterwards — every write answered with success is in the HR database, and every record there (also
 * those whose answer was lost) has its event delivered exactly once to the system service's activity log.
 */
import type { Api } from '../support/stack';
import type { ProcessTestStack } from '../support/process-stack';

export interface WriteResult {
  n: number;
  status: number;
  id: string | null;
  /** A refusal's message (which part refused: the gateway's "domain unavailable", the service's own), for the failure's report. */
  message?: string;
}

export async function runWrites(
  api: Api,
  tag: string,
  total: number,
  concurrency: number,
  onProgress?: (done: number) => void | Promise<void>,
): Promise<WriteResult[]> {
  const results: WriteResult[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const n = next++;
      if (n >= total) return;
      const dmy = (t: number) => {
        const x = new Date(t);
        return `${String(x.getUTCDate()).padStart(2, '0')}/${String(x.getUTCMonth() + 1).padStart(2, '0')}/${x.getUTCFullYear()}`;
      };
      const from = Date.UTC(2040, 0, 1) + n * 86_400_000;
      let status = 0;
      let id: string | null = null;
      let message: string | undefined;
      try {
        const res = await api.post('/holiday', { name: `${tag} ${n}`, from_date: dmy(from), to_date: dmy(from + 86_400_000) });
        status = res.status;
        id = res.body?.data?.id ?? null;
        if (res.status !== 200) message = String(res.body?.message ?? '');
      } catch (e) {
        message = (e as Error).message;
        status = -1; // the connection itself failed
      }
      results.push({ n, status, id, ...(message !== undefined ? { message } : {}) });
      await onProgress?.(results.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results.sort((a, b) => a.n - b.n);
}

/** The records the load left in the HR database, and how many activity entries each has in the system database. */
export async function outcome(s: ProcessTestStack, tag: string) {
  const { rows: stored } = await s.services.hr!.pool.query<{ id: string }>(`SELECT id FROM holiday WHERE name LIKE $1`, [`${tag} %`]);
  const ids = stored.map((r) => r.id);
  const { rows: logged } = await s.services.system!.pool.query<{ record_id: string; n: number }>(
    `SELECT record_id, count(*)::int AS n FROM activity_log WHERE record_id = ANY($1::uuid[]) GROUP BY record_id`,
    [ids],
  );
  return { ids: new Set(ids), logged: new Map(logged.map((r) => [r.record_id, r.n])) };
}
