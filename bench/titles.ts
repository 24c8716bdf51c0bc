/**
 * References into another service (service-kit resource/titles.ts): what naming them costs a list.
 *
 *   npx tsx bench/titles.ts            (BENCH_DURATION, BENCH_ROLES to change)
 *
 * The system service's roles point at HR departments (`staff_department_ids`, a list of references into HR). Through the
 * gateway, signed in as the administrator, at 20 connections, in the same run:
 * - the role list's lean page (no reference into HR: the baseline);
 * - the same page with `fields=staff_department_ids`: each row's departments named by the HR service (cached per instance);
 * - one uncached call of the HR service's `/internal/titles` for the page's ids (what a cold cache costs once).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERNAL_HEADER, Titles, contextCodec } from '@portal/service-kit';
import { role, systemResources } from '@portal/contracts';
import { startStack } from '../scripts/lib/stack';
import { loadSecrets } from '../scripts/lib/secrets';
import { signIn } from './lib/api';
import { DURATION, load } from './lib/load';
import { fmt, machineNote, stats, table } from './lib/report';

const ROLES = Number(process.env.BENCH_ROLES ?? 300);

async function main() {
  const note = machineNote();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-titles-'));
  const password = 'Bench@Titles1';
  const stack = await startStack({
    env: { ...process.env, PORTAL_ADMIN_PASSWORD: password, RATE_LIMIT_PER_MINUTE: '10000000', NODE_ENV: 'production' },
    dataDir,
    port: 0,
    demo: true,
    log: () => undefined,
  });
  try {
    const token = await signIn(stack.url, stack.adminEmail, password);
    const depts = (await stack.services.hr!.pool.query<{ id: string }>(`SELECT id FROM organization ORDER BY code`)).rows.map((r) => r.id);
    for (let i = 0; i < ROLES; i++) {
      const res = await fetch(`${stack.url}/api/v1/role`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: `BT-${i}`,
          name: `Bench ${i}`,
          staff_scope: 'VIEW_RELATED_DEPARTMENT',
          project_scope: 'VIEW_ALL',
          permissions: [],
          staff_department_ids: [depts[i % depts.length], depts[(i + 3) % depts.length], depts[(i + 7) % depts.length]],
        }),
      });
      if (res.status !== 200) throw new Error(`role ${i}: ${res.status} ${await res.text()}`);
    }
    const lean = `${stack.url}/api/v1/role?limit=300`;
    const named = `${stack.url}/api/v1/role?limit=300&fields=staff_department_ids`;
    const check = (await (await fetch(named, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { items: { staff_department_ids__titles: (string | null)[] | null }[] };
    };
    const unnamed = check.data.items.filter((x) => x.staff_department_ids__titles?.some((t) => t === null)).length;
    for (const url of [lean, named]) await load(url, { connections: 20, token, duration: 3, warmup: 0 });
    const a = await load(lean, { connections: 20, token, duration: DURATION, warmup: 0 });
    const b = await load(named, { connections: 20, token, duration: DURATION, warmup: 0 });
    // The owner's side, uncached: one batched call naming the page's departments.
    const ids = [
      ...new Set(
        (await stack.services.system!.pool.query<{ ids: string[] }>(`SELECT staff_department_ids AS ids FROM role WHERE code LIKE 'BT-%'`)).rows.flatMap(
          (r) => r.ids,
        ),
      ),
    ];
    const codec = contextCodec(loadSecrets(join(dataDir, 'secrets.json'), process.env).internalKey);
    const ms: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const res = await fetch(`${stack.services.hr!.url}/internal/titles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: codec.internalToken('bench') },
        body: JSON.stringify({ resource: 'organization', ids }),
      });
      await res.json();
      ms.push(performance.now() - t0);
    }
    const s = stats(ms);
    table(
      `Role list, ${ROLES} roles, 300 a page, 3 HR departments each, 20 connections, ${DURATION} s each`,
      ['page', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      [
        ['lean (no reference into HR)', fmt(a.rps), fmt(a.p50), fmt(a.p99), a.errors + a.non2xx],
        ['`fields=staff_department_ids`: the ids and their names from HR (cached)', fmt(b.rps), fmt(b.p50), fmt(b.p99), b.errors + b.non2xx],
      ],
    );
    console.log(`named ÷ lean req/s: ${fmt(b.rps / a.rps, 2)}; rows with a department left unnamed: ${unnamed}`);
    console.log(`HR /internal/titles for ${ids.length} departments, uncached, 30 calls: median ${fmt(s.p50, 1)} ms, max ${fmt(s.max, 1)} ms`);
    // The resolver alone, in this process: naming the departments of a page of 300 roles, cache warm.
    const titles = new Titles({
      domain: 'system',
      pool: stack.services.system!.pool,
      sameService: new Map(systemResources.map((r) => [r.name, r])),
      bus: stack.bus,
      codec,
      serviceUrl: (d) => stack.services[d]?.url ?? null,
    });
    const page = (await stack.services.system!.pool.query(`SELECT id, staff_department_ids FROM role ORDER BY created_date DESC LIMIT 300`)).rows;
    await titles.decorate(
      role,
      page.map((r) => ({ ...r })),
      ['staff_department_ids'],
    );
    const own: number[] = [];
    for (let i = 0; i < 200; i++) {
      const rows = page.map((r) => ({ ...r }));
      const t0 = performance.now();
      await titles.decorate(role, rows, ['staff_department_ids']);
      own.push(performance.now() - t0);
    }
    const o = stats(own);
    console.log(`Titles.decorate of a 300-role page (900 references), cache warm, 200 runs: median ${fmt(o.p50, 2)} ms, max ${fmt(o.max, 2)} ms`);
    note();
  } finally {
    await stack.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
