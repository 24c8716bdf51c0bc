/**
 * Cost reviews (issue 35 §4, §5): through the gateway on the demo company, as the site commander — products and three
 * quotations, the quotations closed (the activity entry "Update review cost status"), no price changed after; the
 * comparison's normalised prices (VAT, the delivery cost shared by amount) computed by hand; the award refused without
 * every product, or without the reason a dearer line or a tie needs; awarded, the review's amount is the award's, and
 * one đồng over the SUPPLIER limit brings the next approver; an award in approval is not reopened, one not yet sent is
 * (its award cleared); a review deleted with `typeDelete: 'all'` takes its products, quotations and prices with it;
 * the all-costs report and its export; the demo's reviews.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(240_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.implementation!.pool;
let project: string;
let parties: string[];

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  project = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  parties = (await s.services.business!.pool.query<{ id: string }>(`SELECT id FROM contractor WHERE state = 'ACTIVE' ORDER BY code LIMIT 3`)).rows.map(
    (r) => r.id,
  );
});
afterAll(async () => {
  await s?.close();
});

/** A supplier review of `items` [name, quantity] and one quotation per offer [vat, delivery, unit prices], closed for comparison. */
async function review(items: [string, number][], offers: [number, number, number[]][], close = true) {
  const r = ok(await api('site').post('/review-cost-supplier', { implementation_id: project, name: `Gói ${items[0]![0]}`, type: 'EQUIPMENT_SUPPLIES' }));
  const products = ok(
    await api('site').post('/review-cost-supplier-product/bulk-create', {
      items: items.map(([name, quantity]) => ({ review_id: r.id, name, unit: 'tấn', quantity })),
    }),
  ).items.map((p: { id: string }) => p.id) as string[];
  const quotations: string[] = [];
  for (const [i, [vat_rate, delivery_cost, prices]] of offers.entries()) {
    const q = ok(await api('site').post('/review-cost-supplier-quotation', { review_id: r.id, contractor_id: parties[i], vat_rate, delivery_cost }));
    quotations.push(q.id);
    for (const [j, unit_price] of prices.entries())
      ok(await api('site').post('/review-cost-supplier-quotation-line', { quotation_id: q.id, product_id: products[j], unit_price }));
  }
  if (close) ok(await api('site').post('/review-cost-supplier/status', { id: r.id, statusId: 'EVALUATING' }));
  return { id: r.id as string, products, quotations };
}

test('quotations compared normalised, then awarded line by line: every product, a reason for a dearer line or a tie; the amount is the award', async () => {
  // Steel: 10 t and 4 t. A: VAT 10 %, delivery 1,400,000; B: VAT 8 %, no delivery; C: VAT 10 %, delivery 0, the same as A on the second line.
  const r = await review(
    [
      ['Thép D25', 10],
      ['Thép D16', 4],
    ],
    [
      [10, 1_400_000, [15_000_000, 16_000_000]],
      [8, 0, [15_400_000, 16_500_000]],
      [10, 0, [15_300_000, 16_350_000]],
    ],
  );
  // The move's activity entry (spec §7).
  const { rows: log } = await db().query<{ d: string }>(
    `SELECT payload->>'description' AS d FROM outbox WHERE subject LIKE 'portal.implementation.activity%' AND payload->>'record_id' = $1`,
    [r.id],
  );
  expect(log.map((x) => x.d)).toContain(
    'Cập nhật trạng thái đánh giá chi phí: Đang nhận báo giá → Đang so sánh / Update review cost status: Collecting quotations → Comparing',
  );
  // Closed: no price changes now.
  const late = await api('site').post('/review-cost-supplier-quotation-line', { quotation_id: r.quotations[0], product_id: r.products[0], unit_price: 1 }, EN);
  expect(late.status).toBe(422);
  const cmp = ok(await api('site').get(`/review-cost-supplier/vote-supplied/${r.id}`));
  expect(cmp.quotations).toHaveLength(3);
  // Items by id (two made in one bulk write share their creation time: their order is by name).
  const item = (p: number) => cmp.products.find((x: { id: string }) => x.id === r.products[p]);
  const price = (p: number, q: number) => Number(item(p).prices.find((x: { quotation_id: string }) => x.quotation_id === r.quotations[q]).normalized);
  // A: 150,000,000 × 1.1 + 1,400,000 × 150/214 = 165,000,000 + 981,308 (rounded); 64,000,000 × 1.1 + 1,400,000 × 64/214 = 70,400,000 + 418,692.
  expect([price(0, 0), price(1, 0)]).toEqual([165_981_308, 70_818_692]);
  // B: 154,000,000 × 1.08; 66,000,000 × 1.08.  C: 153,000,000 × 1.1; 65,400,000 × 1.1.
  expect([price(0, 1), price(1, 1), price(0, 2), price(1, 2)]).toEqual([166_320_000, 71_280_000, 168_300_000, 71_940_000]);
  expect(item(0).lowest).toEqual([r.quotations[0]]);
  const vote = (awards: unknown[]) => api('site').post(`/review-cost-supplier/vote-supplied/${r.id}`, { awards }, EN);
  // Every product once.
  const partial = await vote([{ product_id: r.products[0], quotation_id: r.quotations[0] }]);
  expect([partial.status, partial.body.errors.map((e: { path: string }) => e.path)]).toEqual([400, ['awards']]);
  // The second line to B (dearer than A) needs its reason.
  const dearer = await vote([
    { product_id: r.products[0], quotation_id: r.quotations[0] },
    { product_id: r.products[1], quotation_id: r.quotations[1] },
  ]);
  expect([dearer.status, dearer.body.errors[0].path, dearer.body.errors[0].message]).toEqual([400, 'awards.1.reason', expect.stringMatching(/not the lowest/)]);
  const won = ok(
    await vote([
      { product_id: r.products[0], quotation_id: r.quotations[0] },
      { product_id: r.products[1], quotation_id: r.quotations[1], reason: 'Thanh toán 45 ngày' },
    ]),
  );
  expect(won.review.review_status).toBe('AWARDED');
  expect(Number(won.review.summary_approval_cost)).toBe(165_981_308 + 71_280_000);
  const rec = ok(await api('site').get(`/review-cost-supplier/${r.id}`));
  expect([rec.is_vote, rec.contractor_id, Number(rec.summary_approval_cost)]).toEqual([true, parties[0], 237_261_308]);
  expect(won.products.find((x: { id: string }) => x.id === r.products[1]).award_reason).toBe('Thanh toán 45 ngày');
  // Reopened before it is sent: the award is cleared.
  ok(await api('site').post(`/review-cost-supplier/${r.id}/status`, { status: 'EVALUATING' }));
  const again = ok(await api('site').get(`/review-cost-supplier/vote-supplied/${r.id}`));
  expect([
    again.review.is_vote,
    Number(again.review.summary_approval_cost),
    again.products.map((x: { awarded_quotation_id: string | null }) => x.awarded_quotation_id),
  ]).toEqual([false, 0, [null, null]]);
});

test('a tie needs its reason; one đồng over the SUPPLIER limit brings the next approver; an award in approval is not reopened', async () => {
  const limit = Number((await db().query<{ max_cost: string }>(`SELECT max_cost::text FROM approval_cost_limit WHERE kind = 'SUPPLIER'`)).rows[0]!.max_cost);
  const levels: number[] = [];
  for (const amount of [limit, limit + 1]) {
    // One item of quantity 1, no VAT, no delivery: the normalised price is the price. B ties with A.
    const r = await review(
      [[`Thiết bị ${amount}`, 1]],
      [
        [0, 0, [amount]],
        [0, 0, [amount]],
      ],
    );
    const tie = await api('site').post(
      `/review-cost-supplier/vote-supplied/${r.id}`,
      { awards: [{ product_id: r.products[0], quotation_id: r.quotations[1] }] },
      EN,
    );
    expect([tie.status, tie.body.errors[0].message]).toEqual([400, expect.stringMatching(/same lowest price/)]);
    ok(
      await api('site').post(`/review-cost-supplier/vote-supplied/${r.id}`, {
        awards: [{ product_id: r.products[0], quotation_id: r.quotations[1], reason: 'Bảo hành dài hơn' }],
      }),
    );
    expect((await api('site').post(`/review-cost-supplier/${r.id}/submit`, {})).status).toBe(200);
    levels.push(ok(await api('site').get(`/review-cost-supplier/${r.id}/approval`)).request.levels_count);
    const reopen = await api('site').post(`/review-cost-supplier/${r.id}/status`, { status: 'EVALUATING' }, EN);
    expect(reopen.status).toBe(422);
  }
  expect(levels[1]).toBe(levels[0]! + 1);
  // Not sent before it is awarded.
  const early = await review([['Cát vàng', 3]], [[10, 0, [400_000]]]);
  expect((await api('site').post(`/review-cost-supplier/${early.id}/submit`, {}, EN)).status).toBe(422);
});

test('a review deleted with typeDelete all takes its products, quotations and prices; nothing to compare is refused', async () => {
  const r = await review([['Xi măng PCB40', 50]], [[10, 0, [1_500_000]]], false);
  const empty = ok(await api('site').post('/review-cost-supplier', { implementation_id: project, name: 'Gói trống', type: 'ACCESSORIES_SUPPLIES' }));
  expect((await api('site').post(`/review-cost-supplier/${empty.id}/status`, { status: 'EVALUATING' }, EN)).status).toBe(422);
  // A price is for a product of its quotation's own review (the kit's `within`).
  const other = ok(await api('site').post('/review-cost-supplier-product', { review_id: empty.id, name: 'Cát', unit: 'm³', quantity: 5 }));
  const wrong = await api('site').post('/review-cost-supplier-quotation-line', { quotation_id: r.quotations[0], product_id: other.id, unit_price: 1 }, EN);
  expect([wrong.status, wrong.body.errors?.[0]?.path]).toEqual([400, 'product_id']);
  const del = await api('site').del(`/review-cost-supplier/${r.id}`, { typeDelete: 'all' });
  expect(del.status).toBe(200);
  const { rows } = await db().query<{ t: string; n: number }>(
    `SELECT 'p' AS t, count(*)::int AS n FROM review_supplier_product WHERE review_id = $1 AND state = 'ACTIVE'
     UNION ALL SELECT 'q', count(*)::int FROM review_supplier_quote WHERE review_id = $1 AND state = 'ACTIVE'
     UNION ALL SELECT 'l', count(*)::int FROM review_supplier_quote_line WHERE review_id = $1 AND state = 'ACTIVE'`,
    [r.id],
  );
  expect(rows.map((x) => x.n)).toEqual([0, 0, 0]);
});

test('the demo’s reviews and the all-costs report: what was awarded, by supplier, as the records hold it; its export', async () => {
  const { rows } = await db().query<{ kind: string; review_status: string; total_suppliers: number }>(
    // The demo's (this file's own are named "Gói …").
    `SELECT 'supplier' AS kind, review_status, total_suppliers FROM review_supplier WHERE state = 'ACTIVE' AND name NOT LIKE 'Gói %'
     UNION ALL SELECT 'subcontractor', review_status, total_suppliers FROM review_subcontractor WHERE state = 'ACTIVE'`,
  );
  expect(rows.filter((r) => r.review_status !== 'QUOTING').every((r) => r.total_suppliers === 3)).toBe(true);
  expect(new Set(rows.map((r) => r.review_status))).toEqual(new Set(['QUOTING', 'EVALUATING', 'AWARDED']));
  const report = ok(await api('director').get('/review-cost-supplier/all-costs'));
  const sum = (
    await db().query<{ n: string }>(`SELECT coalesce(sum(summary_approval_cost), 0)::text AS n FROM review_supplier WHERE state = 'ACTIVE' AND is_vote`)
  ).rows[0]!.n;
  expect(String(report.awarded)).toBe(sum);
  expect(report.by_party.reduce((a: bigint, p: { awarded: number }) => a + BigInt(p.awarded), 0n)).toBe(BigInt(sum));
  const xlsx = await fetch(`${s.url}/api/v1/review-cost-supplier/all-costs/export`, { headers: { authorization: `Bearer ${tok.director}` } });
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
});

test('quotation evaluation: criteria at most 100 points; each evaluator scores once (PUT to change, DELETE to withdraw), never past an item’s points nor after the award; the average and its summary', async () => {
  // The demo's criteria give 100 points: one more is refused, with what is left.
  const group = (await db().query<{ id: string }>(`SELECT id FROM review_group WHERE state = 'ACTIVE' ORDER BY ordering LIMIT 1`)).rows[0]!.id;
  const over = await api('admin').post('/review-item', { group_id: group, name: 'Thêm tiêu chí', point: 1 }, EN);
  expect([over.status, over.body.errors?.[0]?.path]).toEqual([422, 'point']);
  const items = (await db().query<{ id: string; point: number }>(`SELECT id, point FROM review_item WHERE state = 'ACTIVE' ORDER BY ordering, name`)).rows;
  // The demo's open subcontractor review: its first quotation, scored by the site commander and contract management.
  const { rows } = await db().query<{ id: string; review_id: string }>(
    `SELECT q.id, q.review_id FROM review_subcontractor_quote q JOIN review_subcontractor r ON r.id = q.review_id
      WHERE r.review_status = 'QUOTING' AND q.state = 'ACTIVE' ORDER BY q.code LIMIT 1`,
  );
  const q = rows[0]!;
  const path = `/review-cost-subcontractor/quotation/${q.id}/evaluation`;
  const totals = async () =>
    (
      await db().query<{ total: string }>(
        `SELECT sum(point)::text AS total FROM review_point WHERE quotation_id = $1 AND state = 'ACTIVE' GROUP BY evaluator_id ORDER BY evaluator_id`,
        [q.id],
      )
    ).rows.map((r) => Number(r.total));
  const avg = async () =>
    Number((await db().query<{ a: string }>(`SELECT avg_point::text AS a FROM review_subcontractor_quote WHERE id = $1`, [q.id])).rows[0]!.a);
  expect((await totals()).length).toBe(2);
  const points = items.map((it) => ({ item_id: it.id, point: Number(it.point) }));
  // Already scored by the site: a second POST is refused; past an item's points is named on the point.
  expect((await api('site').post(path, { points }, EN)).status).toBe(409);
  const past = await api('site').put(path, { points: points.map((p, i) => (i === 1 ? { ...p, point: p.point + 1 } : p)) }, EN);
  expect([past.status, past.body.errors?.[0]?.path]).toEqual([400, 'points.1.point']);
  const full = ok(await api('site').put(path, { points }));
  const [a, b] = await totals();
  expect(Number(full.avg_point)).toBeCloseTo(((a ?? 0) + (b ?? 0)) / 2, 2);
  expect(await avg()).toBeCloseTo(((a ?? 0) + (b ?? 0)) / 2, 2);
  expect((await totals()).includes(100)).toBe(true);
  // The summary of the review: the quotation's average as kept.
  const sum = ok(await api('director').get(`/review-point/summary?f_review_id=${q.review_id}`));
  expect(sum.evaluators).toBe(2);
  expect(sum.by_quotation.map((x: { avg_point: number }) => Number(x.avg_point))).toContain(await avg());
  expect((await api('director').get('/review-point/summary', EN)).status).toBe(400);
  // Withdrawn: only the other evaluator counts.
  ok(await api('site').del(path));
  expect(await totals()).toHaveLength(1);
  expect(await avg()).toBe((await totals())[0]);
  // Not after the award.
  const closed = (
    await db().query<{ id: string }>(
      `SELECT q.id FROM review_subcontractor_quote q JOIN review_subcontractor r ON r.id = q.review_id WHERE r.review_status = 'AWARDED' LIMIT 1`,
    )
  ).rows[0]!.id;
  expect((await api('contracts').put(`/review-cost-subcontractor/quotation/${closed}/evaluation`, { points }, EN)).status).toBe(422);
});
