import { getJson } from './api';
import { steadyState, type Baseline } from './baseline';
import type { StackProcess } from './stack-process';

export interface ListTarget {
  portal: string;
  base: string;
  totalRows: number;
  sql: string[];
  countReused: boolean /** The values of the list's count (its filters and scope). */;
  countValues: unknown[];
}

/**
 * One list request through the gateway as `token`, twice, with the SQL the HR service ran each time; the same
 * statements are then served by the bare baseline, which must answer the same page and total.
 */
export async function listTarget(stack: StackProcess, baseline: Baseline, name: string, path: string, token: string, table = 'staff'): Promise<ListTarget> {
  const url = `${stack.url}${path}`;
  const call = async () => {
    const res = await getJson<{ data: { items: { id: string }[]; totalRows: number; page: number; limit: number } }>(url, token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };
  let body!: Awaited<ReturnType<typeof call>>;
  const first = await stack.captureSql(async () => {
    body = await call();
  });
  const second = await stack.captureSql(async () => {
    body = await call();
  });
  const served = steadyState(first, second, table, body.page, body.limit);
  const base = await baseline.serve(name, served);
  const check = (await getJson(base, '')).body as { data: typeof body };
  if (check.data.totalRows !== body.totalRows || check.data.items.map((x) => x.id).join() !== body.items.map((x) => x.id).join()) {
    throw new Error(`${name}: the baseline does not answer the same page`);
  }
  return {
    portal: url,
    base,
    totalRows: body.totalRows,
    countReused: served.countOnce !== null,
    countValues: (served.countOnce ?? served.perRequest.find((q) => /count\(\*\)/i.test(q.text)))?.values ?? [],
    sql: [...served.perRequest, ...(served.countOnce ? [served.countOnce] : [])].map((q) => q.text.replace(/\s+/g, ' ')),
  };
}
