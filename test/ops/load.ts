/**
 * A steady load of reads and writes through the gateway, as a few users working at once, for the operations tests:
 * writes create holidays (HR) and documentation entries (administration); reads cycle over every domain — the staff
 * list (HR), the accounts (system), the caller's notifications, the documentation library (administration), a file's
 * download checked against its md5 (files) — and the shell's page (the front end's container). Every call is recorded;
 * a failure is any answer but 200 or a connection that broke.
 */
import { createHash } from 'node:crypto';
import { resourceByName, type Domain } from '@portal/contracts';
import type { Pool } from 'pg';
import { eventually, type Api } from '../support/stack';
import { sampleBody } from '../support/samples';

export interface Call {
  what: string;
  status: number;
  ms: number;
  detail?: string;
  /** When it was sent (ms since the epoch): a failure is put beside what was restarting then. */
  at: number;
}
export interface LoadResult {
  calls: Call[];
  failures: Call[];
  /** The ids each kind of write was answered with (200). */
  written: Record<'holiday' | 'documentation', string[]>;
  /** Calls answered per second over the whole run, and the slowest answer. */
  rate: number;
  slowestMs: number;
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const dmy = (t: number) => {
  const x = new Date(t);
  return `${String(x.getUTCDate()).padStart(2, '0')}/${String(x.getUTCMonth() + 1).padStart(2, '0')}/${x.getUTCFullYear()}`;
};

/** The file the reads download, uploaded before the load starts. */
export async function uploadSample(api: Api, name = 'load-sample.txt'): Promise<{ id: string; md5: string }> {
  const data = Buffer.from(`portal load sample ${Date.now()}\n`.repeat(200));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'text/plain' }), name);
  const res = await api.raw('POST', '/files?is_public=false', { body: form });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.data[0].id, md5: md5(data) };
}

export function startLoad(opts: {
  api: Api;
  url: string;
  tag: string;
  file: { id: string; md5: string };
  writers?: number;
  readers?: number;
  /** Also load this remote as a browser does: the shell's runtime manifest, then the remote's remoteEntry.js it names. */
  remote?: string;
}) {
  const { api, tag } = opts;
  const calls: Call[] = [];
  const written: LoadResult['written'] = { holiday: [], documentation: [] };
  const documentation = resourceByName.get('documentation')!;
  let running = true;
  let n = 0;
  const started = Date.now();

  const timed = async (what: string, fn: () => Promise<{ status: number; detail?: string }>) => {
    const t0 = Date.now();
    let status = -1;
    let detail: string | undefined;
    try {
      ({ status, detail } = await fn());
    } catch (err) {
      detail = `${(err as Error).message} ${String((err as { cause?: { code?: string } }).cause?.code ?? '')}`;
    }
    calls.push({ what, status, ms: Date.now() - t0, at: t0, ...(detail ? { detail } : {}) });
  };
  const message = (body: { message?: string } | null) => (body?.message ? String(body.message) : undefined);

  const writer = async (w: number) => {
    while (running) {
      const i = n++;
      if (w % 2 === 0) {
        const from = Date.UTC(2040, 0, 1) + i * 86_400_000;
        await timed('POST /holiday', async () => {
          const res = await api.post('/holiday', { name: `${tag} ${i}`, from_date: dmy(from), to_date: dmy(from + 86_400_000) });
          if (res.status === 200) written.holiday.push(res.body.data.id);
          return { status: res.status, detail: message(res.body) };
        });
      } else {
        await timed('POST /documentation', async () => {
          const res = await api.post('/documentation', await sampleBody(api, documentation, i, { tag: `${tag}${i}` }));
          if (res.status === 200) written.documentation.push(res.body.data.id);
          return { status: res.status, detail: message(res.body) };
        });
      }
    }
  };
  const reads: [string, () => Promise<{ status: number; detail?: string }>][] = [
    [
      'GET /staff',
      async () => {
        const r = await api.get('/staff?page=1&limit=5');
        return { status: r.status, detail: message(r.body) };
      },
    ],
    [
      'GET /user',
      async () => {
        const r = await api.get('/user?page=1&limit=5');
        return { status: r.status, detail: message(r.body) };
      },
    ],
    [
      'GET /notifications',
      async () => {
        const r = await api.get('/notifications');
        return { status: r.status, detail: message(r.body) };
      },
    ],
    [
      'GET /documentation',
      async () => {
        const r = await api.get('/documentation?page=1&limit=5');
        return { status: r.status, detail: message(r.body) };
      },
    ],
    [
      'GET /files/:id',
      async () => {
        const r = await api.get(`/files/${opts.file.id}`);
        if (r.status === 200 && (!r.buffer || md5(r.buffer) !== opts.file.md5)) return { status: 0, detail: 'the download differs from the upload' };
        return { status: r.status, detail: message(r.body) };
      },
    ],
    [
      'GET / (shell)',
      async () => {
        const r = await fetch(`${opts.url}/`, { headers: { accept: 'text/html' } });
        const text = await r.text();
        return { status: r.status === 200 && !text.includes('<div id="root"') ? 0 : r.status, detail: r.status === 200 ? undefined : text.slice(0, 200) };
      },
    ],
    ...(opts.remote
      ? [
          [
            `GET ${opts.remote} remoteEntry.js`,
            async () => {
              const manifest = await fetch(`${opts.url}/remotes.json`);
              if (manifest.status !== 200) return { status: manifest.status, detail: 'the runtime manifest' };
              const entry = ((await manifest.json()) as { remotes: { module: string; entry: string }[] }).remotes.find((r) => r.module === opts.remote);
              if (!entry) return { status: 0, detail: `no ${opts.remote} in the manifest` };
              const r = await fetch(entry.entry);
              const text = await r.text();
              return {
                status: r.status === 200 && text.length < 100 ? 0 : r.status,
                detail: r.status === 200 ? undefined : `${entry.entry}: ${text.slice(0, 100)}`,
              };
            },
          ] as [string, () => Promise<{ status: number; detail?: string }>],
        ]
      : []),
  ];
  const reader = async (k: number) => {
    for (let i = k; running; i++) await timed(reads[i % reads.length]![0], reads[i % reads.length]![1]);
  };

  const workers = [...Array.from({ length: opts.writers ?? 4 }, (_, w) => writer(w)), ...Array.from({ length: opts.readers ?? 3 }, (_, k) => reader(k))];
  return {
    /** Calls so far (a test waits for the load to be under way). */
    count: () => calls.length,
    async stop(): Promise<LoadResult> {
      running = false;
      await Promise.all(workers);
      const seconds = (Date.now() - started) / 1000;
      const failures = calls.filter((c) => c.status !== 200);
      const grouped = new Map<string, number>();
      for (const f of failures) grouped.set(`${f.what} ${f.status} ${f.detail ?? ''}`, (grouped.get(`${f.what} ${f.status} ${f.detail ?? ''}`) ?? 0) + 1);
      if (failures.length) console.log(`failed calls:\n${[...grouped].map(([k, v]) => `${v} × ${k}`).join('\n')}`);
      return {
        calls,
        written,
        failures,
        rate: Math.round(calls.length / seconds),
        slowestMs: Math.max(0, ...calls.map((c) => c.ms)),
      };
    },
  };
}

/**
 * Nothing lost, nothing twice: every write answered 200 is in its service's database, and each of them — and any
 * record of the load whose answer was lost — has exactly one entry in the system service's activity log (its
 * `created` event, delivered once).
 */
export async function eventsOnce(pools: { hr: Pool; admin: Pool; system: Pool }, tag: string) {
  const { rows: h } = await pools.hr.query<{ id: string }>(`SELECT id FROM holiday WHERE name LIKE $1`, [`${tag} %`]);
  const { rows: d } = await pools.admin.query<{ id: string }>(`SELECT id FROM documentation WHERE code ILIKE $1`, [`% ${tag}%`]);
  const ids = [...h, ...d].map((r) => r.id);
  const { rows } = await pools.system.query<{ record_id: string; n: number }>(
    `SELECT record_id, count(*)::int AS n FROM activity_log WHERE record_id = ANY($1::uuid[]) AND action = 'create' GROUP BY record_id`,
    [ids],
  );
  return { holidays: new Set(h.map((r) => r.id)), documentation: new Set(d.map((r) => r.id)), logged: new Map(rows.map((r) => [r.record_id, r.n])) };
}

/** Waits until every record of the load has its activity entry, and checks none has two. The services' pools, as the stacks give them. */
export async function expectEventsOnce(services: Partial<Record<Domain, { pool: Pool }>>, tag: string) {
  const pools = { hr: services.hr!.pool, admin: services.admin!.pool, system: services.system!.pool };
  const o = await eventually(async () => {
    const x = await eventsOnce(pools, tag);
    expect(x.logged.size).toBe(x.holidays.size + x.documentation.size);
    return x;
  }, 90_000);
  expect([...o.logged.values()].every((n) => n === 1)).toBe(true);
  return o;
}
