import { getJson } from './api';
import { steadyState, type Baseline, type Listed } from './baseline';
import type { StackProcess } from './stack-process';

export interface ListTarget {
  portal: string;
  base: string;
  totalRows: number;
  /** The answer's counts beside its rows (a tally's; the total is `totalRows`). */
  tally: Record<string, number>;
  sql: string[];
  /** The counts the kit reused between writes (counted once by the baseline too). */
  reused: string[];
  /** The values of the list's total count (its filters and scope). */
  countValues: unknown[];
  /** The answer's size in bytes: the portal's, the baseline's. */
  bytes: [number, number];
}

type Page = { items: { id: string }[]; totalRows: number; page: number; limit: number } & Record<string, unknown>;

/**
 * One list request through the gateway as `token`, twice, with the SQL the resource's service ran each time; the same
 * statements are then served by the bare baseline, which must answer the same page, total and tally.
 */
export async function listTarget(stack: StackProcess, baseline: Baseline, name: string, path: string, token: string, def: Listed): Promise<ListTarget> {
  const url = `${stack.url}${path}`;
  const call = async () => {
    const res = await getJson<{ data: Page }>(url, token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };
  let body!: Page;
  const first = await stack.captureSql(async () => {
    body = await call();
  }, def.domain);
  const second = await stack.captureSql(async () => {
    body = await call();
  }, def.domain);
  const served = steadyState(first, second, def, stack.dbUrls[def.domain]!, body.page, body.limit);
  const base = await baseline.serve(name, served);
  const check = (await getJson(base, '')).body as { data: Page };
  const counts = (d: Page) => ['totalRows', ...Object.keys(def.tally ?? {})].map((k) => d[k]).join();
  if (counts(check.data) !== counts(body) || check.data.items.map((x) => x.id).join() !== body.items.map((x) => x.id).join()) {
    throw new Error(`${name}: the baseline does not answer the same page (${counts(check.data)} against ${counts(body)})`);
  }
  const size = async (u: string, t: string) => (await (await fetch(u, { headers: t ? { authorization: `Bearer ${t}` } : {} })).arrayBuffer()).byteLength;
  const total = served.counts.find((c) => c.key === 'totalRows');
  return {
    portal: url,
    base,
    totalRows: body.totalRows,
    tally: Object.fromEntries(Object.keys(def.tally ?? {}).map((k) => [k, body[k] as number])),
    reused: served.counts.filter((c) => !c.each).map((c) => c.key),
    countValues: total?.q.values ?? [],
    sql: [served.rows, ...served.counts.map((c) => c.q)].map((q) => q.text.replace(/\s+/g, ' ')),
    bytes: [await size(url, token), await size(base, '')],
  };
}
