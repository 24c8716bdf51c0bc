/**
 * Supply requests and memos (issue 35 §3), and the projects' money summary (§7, §8), through the gateway on the demo
 * company: a supply request approved by the SUPPLIER limit's flow — one đồng over the limit bringing the director's level —
 * then ordered (never before it is approved) or given up with its reason; a memo sent and approved; the summary's figures
 * equal to what the budgets, payments and confirmations hold, per project and per subcontractor, and the same for a
 * caller who sees one project only; the navbar search finding projects, budgets and payments by code, and the payments'
 * Excel export.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { approveThrough, signInDemo, type DemoPerson } from '../support/demo-company';
import { pdfText } from '../support/pdf-text';

jest.setTimeout(240_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.implementation!.pool;
let project: string;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  project = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
});
afterAll(async () => {
  await s?.close();
});

test('a supply request: one đồng over the SUPPLIER limit brings the next level; ordered only once approved, or given up with its reason', async () => {
  const limit = (await db().query<{ max_cost: string }>(`SELECT max_cost::text FROM approval_cost_limit WHERE kind = 'SUPPLIER'`)).rows[0]!.max_cost;
  const request = async (cost: number) => {
    const r = ok(
      await api('site').post('/supplies', {
        implementation_id: project,
        name: `Thép D25 (${cost})`,
        supply_category: 'EQUIPMENT_SUPPLIES',
        quantity: 12.5,
        unit: 'tấn',
        summary_approval_cost: cost,
      }),
    );
    expect((await api('site').post(`/supplies/${r.id}/submit`, {})).status).toBe(200);
    return { id: r.id, levels: ok(await api('site').get(`/supplies/${r.id}/approval`)).request.levels_count as number };
  };
  const at = await request(Number(limit));
  const over = await request(Number(limit) + 1);
  expect(over.levels).toBe(at.levels + 1);
  // Not ordered while the approval runs; approved, it is.
  const early = await api('site').post(`/supplies/${at.id}/status`, { status: 'ORDER', ordered_date: '2026-11-20' }, EN);
  expect([early.status, early.body.message]).toEqual([422, expect.stringMatching(/approved/i)]);
  await approveThrough(s, tok, '/supplies', at.id);
  const ordered = await api('site').post(`/supplies/${at.id}/status`, { status: 'ORDER', ordered_date: '2026-11-20' });
  expect(ok(ordered).material_status).toBe('ORDER');
  // Given up: its reason is required.
  const made = ok(
    await api('site').post('/supplies', {
      implementation_id: project,
      name: 'Bu lông',
      supply_category: 'ACCESSORIES_SUPPLIES',
      quantity: 500,
      unit: 'bộ',
      summary_approval_cost: 1_000_000,
    }),
  );
  const bare = await api('site').post(`/supplies/${made.id}/status`, { status: 'FAILED' }, EN);
  expect([bare.status, bare.body.errors?.[0]?.path]).toEqual([400, 'failed_reason']);
  expect(ok(await api('site').post(`/supplies/${made.id}/status`, { status: 'FAILED', failed_reason: 'Đã có hàng tồn kho công trường' })).material_status).toBe(
    'FAILED',
  );
});

test('the money summary: every figure is what the records hold, per project and per subcontractor, within the caller’s projects', async () => {
  const all = ok(await api('director').get('/implementation-report/summary'));
  const { rows } = await db().query<{ committed: string; requested: string; paid: string }>(
    `SELECT (SELECT coalesce(sum(payable), 0) FROM subcontractor_budget WHERE state = 'ACTIVE' AND status = 'APPROVED')::text AS committed,
            (SELECT coalesce(sum(amount), 0) FROM payment_order WHERE state = 'ACTIVE' AND approval_status NOT IN ('REFUSE', 'CANCELLED'))::text AS requested,
            (SELECT coalesce(sum(amount), 0) FROM payment_confirmation WHERE state = 'ACTIVE' AND status = 'CONFIRMED')::text AS paid`,
  );
  const money = rows[0]!;
  expect([String(all.committed), String(all.requested), String(all.paid)]).toEqual([money.committed, money.requested, money.paid]);
  expect(String(all.left_to_pay)).toBe(String(BigInt(money.committed) - BigInt(money.paid)));
  expect(all.by_project.length).toBe(all.projects);
  expect(all.by_subcontractor.every((r: { contractor: string | null }) => typeof r.contractor === 'string')).toBe(true);
  const one = ok(await api('director').get(`/implementation-report/summary?f_implementation_id=${project}`));
  expect(one.by_project.map((p: { id: string }) => p.id)).toEqual([project]);
  // The engineer's projects only (his teams'); a bad id is a 400.
  const eng = await api('eng').get('/implementation-report/summary');
  expect(eng.status).toBe(403);
  expect((await api('director').get('/implementation-report/summary?f_implementation_id=x', EN)).status).toBe(400);
  const site = ok(await api('site').get('/implementation-report/summary'));
  const { rows: teams } = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM implementation_project WHERE state = 'ACTIVE'`);
  expect(site.projects).toBeLessThanOrEqual(teams[0]!.n);
  const xlsx = await fetch(`${s.url}/api/v1/implementation-report/summary/export`, { headers: { authorization: `Bearer ${tok.director}` } });
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
});

test('a memo: written by the site, sent, approved; printed with its amount in words', async () => {
  const m = ok(
    await api('site').post('/memo', {
      implementation_id: project,
      name: 'Điều chỉnh biện pháp thi công tầng hầm',
      content: 'Kính trình…',
      summary_approval_cost: 250_000_000,
    }),
  );
  expect(m.code).toMatch(/^TTr\d{2}-\d{4}$/);
  expect((await api('site').post(`/memo/${m.id}/submit`, {})).status).toBe(200);
  expect(ok(await api('site').get(`/memo/${m.id}`)).approval_status).toBe('PENDING');
  // The PM vice director, then the director (the demo's memo flow); the site commander may not.
  expect((await api('site').post(`/memo/${m.id}/approve`, {})).status).toBe(403);
  expect((await api('pmd').post(`/memo/${m.id}/approve`, { description: 'Đồng ý phương án.' })).status).toBe(200);
  expect((await api('director').post(`/memo/${m.id}/approve`, { description: 'Duyệt.' })).status).toBe(200);
  expect(ok(await api('site').get(`/memo/${m.id}`)).approval_status).toBe('APPROVED');
  const res = await fetch(`${s.url}/api/v1/memo/${m.id}/pdf`, { headers: { authorization: `Bearer ${tok.site}`, 'accept-language': 'vi' } });
  expect(res.status).toBe(200);
  const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
  expect(text).toContain('Điều chỉnh biện pháp thi công tầng hầm');
  expect(text).toMatch(/Hai trăm năm mươi triệu đồng/i);
  expect(text).toMatch(/Đã duyệt · .+ · [0-9/: ]+ Ý kiến: Đồng ý phương án\./);
});

test('the navbar search finds projects, budgets and payments by code; the payments export to Excel', async () => {
  const { rows } = await db().query<{ b: string; p: string; t: string; pname: string }>(
    `SELECT (SELECT code FROM subcontractor_budget ORDER BY code LIMIT 1) AS b, (SELECT code FROM payment_order ORDER BY code LIMIT 1) AS p,
            (SELECT code FROM implementation_project ORDER BY code LIMIT 1) AS t, (SELECT name FROM payment_order ORDER BY code LIMIT 1) AS pname`,
  );
  const codes = rows[0]!;
  for (const code of [codes.b, codes.p, codes.t]) {
    const found = ok(await api('director').get(`/implementation/search?q=${encodeURIComponent(code)}`));
    expect([code, JSON.stringify(found).includes(code)]).toEqual([code, true]);
  }
  const res = await fetch(`${s.url}/api/v1/payment/export?fileName=payments.xlsx`, { headers: { authorization: `Bearer ${tok.accountant}` } });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
  const ExcelJS = await import('exceljs');
  const wb = new ExcelJS.default.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  expect(wb.worksheets[0]!.getSheetValues().flat().map(String).join('|')).toContain(codes.pname);
});
