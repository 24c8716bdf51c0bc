/**
 * The asset register through the gateway, on the demo company: codes ASM-0001… without gaps and the default order;
 * `totalAssets` and `totalEquipments` within the list's filters and the caller's scope; a group of the chosen type and
 * its useful life; the depreciation schedule and book value read in scope; the moves (into use only with a holder, a
 * liquidation dated and priced, its proceeds against its book value); repairs taking the asset out of service and
 * back, a capitalised one lengthening its life; insurance; deleting only what nobody holds; the managing department's
 * scope; and the daily depreciation job run twice and on two instances at once, each asset marked once.
 */
import { markDepreciated } from '@portal/assets';
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.assets!.pool;
let type: Record<'M' | 'O', string>;
let group: Record<'EXC' | 'LAP', string>;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  type = {
    M: ok(await api('admin').post('/asset-type', { code: 'T-M', name: 'Máy thi công (thử)' })).id,
    O: ok(await api('admin').post('/asset-type', { code: 'T-O', name: 'Văn phòng (thử)' })).id,
  };
  group = {
    EXC: ok(await api('admin').post('/asset-group', { code: 'G-EXC', name: 'Máy đào (thử)', type_id: type.M, depreciation_months: 96, inspection_months: 12 }))
      .id,
    LAP: ok(await api('admin').post('/asset-group', { code: 'G-LAP', name: 'Laptop (thử)', type_id: type.O, depreciation_months: 36 })).id,
  };
});
afterAll(async () => {
  await s?.close();
});

const newAsset = (who: DemoPerson, extra: Record<string, unknown> = {}) =>
  api(who).post(
    '/asset',
    {
      name: 'Máy đào thử',
      type_id: type.M,
      group_id: group.EXC,
      purchase_price: 1_200_000_000,
      purchase_date: '2024-03-10',
      department_id: ids.KTTC,
      ...extra,
    },
    EN,
  );

test('the demo company has its register: about 200 assets in every status, the list in asset_code desc with its totals', async () => {
  const list = ok(await api('hr').get('/asset?limit=300'));
  expect(list.totalRows).toBeGreaterThanOrEqual(190);
  const statuses = new Set(list.items.map((a: { status: string }) => a.status));
  for (const st of ['NEW', 'USED', 'DAMAGED', 'DISCOUNT', 'LIQUIDATION', 'STORAGE', 'STORAGE_DAMAGED']) expect([st, statuses.has(st)]).toEqual([st, true]);
  const codes = list.items.map((a: { asset_code: string }) => a.asset_code);
  expect(codes).toEqual([...codes].sort().reverse());
  const { rows } = await db().query(`SELECT kind, count(*)::int AS n FROM asset WHERE state = 'ACTIVE' GROUP BY kind`);
  const by = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  expect([list.totalAssets, list.totalEquipments]).toEqual([by.ASSET, by.EQUIPMENT]);
  // Within the filters.
  const equipment = ok(await api('hr').get('/asset?f_kind=EQUIPMENT&limit=10'));
  expect([equipment.totalAssets, equipment.totalEquipments]).toEqual([0, by.EQUIPMENT]);
});

test('codes are generated without gaps; a group must be of the type; a life comes from the group, or must be given', async () => {
  const a = ok(await newAsset('hr'));
  const b = ok(await newAsset('hr'));
  const n = (c: string) => Number(c.replace('ASM-', ''));
  expect(a.asset_code).toMatch(/^ASM-\d{4,}$/);
  expect(n(b.asset_code)).toBe(n(a.asset_code) + 1);
  expect(a.depreciation_months).toBe(96);
  expect(a.depreciation_end).toBe('2032-02-29');
  const wrong = await newAsset('hr', { group_id: group.LAP });
  expect([wrong.status, wrong.body.errors]).toEqual([400, [{ path: 'group_id', message: 'The asset group is not of the chosen asset type' }]]);
  const lifeless = await newAsset('hr', { group_id: null });
  expect([lifeless.status, lifeless.body.errors?.[0]?.path]).toEqual([400, 'depreciation_months']);
  // A refused create took no number.
  expect(n(ok(await newAsset('hr')).asset_code)).toBe(n(b.asset_code) + 1);
  // A changed price or life moves the end of the schedule.
  expect(ok(await api('hr').put(`/asset/${a.id}`, { depreciation_months: 12 })).depreciation_end).toBe('2025-02-28');
});

test("the depreciation schedule adds up to the price, with the book value on a day; read in the asset's scope only", async () => {
  const a = ok(await newAsset('hr', { purchase_price: 1_000_000_007, depreciation_months: 7, purchase_date: '2026-01-20' }));
  const d = ok(await api('hr').get(`/asset/${a.id}/depreciation?date=2026-03-31`));
  expect(d.schedule.length).toBe(7);
  expect(d.schedule.reduce((x: number, m: { amount: number }) => x + m.amount, 0)).toBe(1_000_000_007);
  expect(d.book_value).toBe(1_000_000_007 - d.schedule[2].accumulated + 0 * 1);
  expect(d.book_value).toBe(d.schedule[2].book_value);
  expect(d.end).toBe('2026-07-31');
  const bad = await api('hr').get(`/asset/${a.id}/depreciation?date=31-02-2026`, EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'date']);
  // An asset of Finance: the engineer (Kỹ thuật - Thi công) reads neither it nor its schedule.
  const other = ok(await newAsset('hr', { department_id: ids.TCKT }));
  expect((await api('eng').get(`/asset/${other.id}/depreciation`)).status).toBe(404);
  expect((await api('eng').get(`/asset/${a.id}/depreciation`)).status).toBe(200);
});

test('moves: into use only with a holder; a liquidation dated between purchase and today, its proceeds against its book value', async () => {
  const a = ok(await newAsset('hr'));
  const used = await api('hr').post(`/asset/${a.id}/status`, { status: 'DAMAGED' }, EN);
  expect(used.status).toBe(200);
  const back = await api('hr').post(`/asset/${a.id}/status`, { status: 'USED' }, EN);
  expect([back.status, back.body.message]).toEqual([422, 'Nobody holds this asset: put it into storage or hand it over']);
  const future = await api('hr').post(`/asset/${a.id}/status`, { status: 'LIQUIDATION', liquidation_date: '2099-01-01', liquidation_price: 5 }, EN);
  expect([future.status, future.body.errors?.[0]?.path]).toEqual([400, 'liquidation_date']);
  const early = await api('hr').post(`/asset/${a.id}/status`, { status: 'LIQUIDATION', liquidation_date: '2024-03-01', liquidation_price: 5 }, EN);
  expect([early.status, early.body.errors?.[0]?.message]).toEqual([400, 'The liquidation date is before the purchase date']);
  const sold = ok(await api('hr').post(`/asset/${a.id}/status`, { status: 'LIQUIDATION', liquidation_date: '2025-03-31', liquidation_price: 700_000_000 }));
  expect([sold.status, sold.liquidation_date, sold.liquidation_price]).toEqual(['LIQUIDATION', '2025-03-31', 700_000_000]);
  const d = ok(await api('hr').get(`/asset/${a.id}/depreciation`));
  // 13 of 96 months booked by 31 March 2025 (March 2024 … March 2025).
  expect(d.liquidation).toEqual({ date: '2025-03-31', price: 700_000_000, book_value: 1_200_000_000 - 162_500_000, gain: 700_000_000 - 1_037_500_000 });
});

test('a repair takes the asset out of service, one at a time; back fixed it is in use again; a capitalised one lengthens its life', async () => {
  const a = ok(await newAsset('hr', { purchase_date: '2025-01-10' }));
  await db().query(`UPDATE asset SET status = 'USED', holder_id = $2 WHERE id = $1`, [a.id, ids.NV004]);
  const company = ok(await api('hr').post('/repair-asset-company', { name: 'Xưởng sửa chữa thử' })).id;
  const sentOn = new Date(Date.now() + 7 * 3_600_000 - 10 * 86_400_000).toISOString().slice(0, 10);
  const r = ok(
    await api('hr').post('/repair-asset', {
      asset_id: a.id,
      company_id: company,
      reason: 'Hỏng bơm thủy lực',
      cost: 240_000_000,
      sent_date: sentOn,
      capitalised: true,
      extra_months: 24,
    }),
  );
  expect(r.code).toMatch(/^SC\d{2}-\d{4}$/);
  expect(ok(await api('hr').get(`/asset/${a.id}`)).status).toBe('DAMAGED');
  const twice = await api('hr').post('/repair-asset', { asset_id: a.id, company_id: company, reason: 'Lần hai' }, EN);
  expect([twice.status, twice.body.message]).toEqual([422, `The asset is in repair (${r.code})`]);
  const stuck = await api('hr').post(`/asset/${a.id}/status`, { status: 'USED' }, EN);
  expect([stuck.status, stuck.body.message]).toEqual([422, `The asset is in repair (${r.code})`]);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const returned = ok(await api('hr').post(`/repair-asset/${r.id}/status`, { status: 'RETURNED', returned_date: today, outcome: 'FIXED' }));
  expect([returned.status, returned.downtime_days]).toEqual(['RETURNED', 10]);
  const after = ok(await api('hr').get(`/asset/${a.id}`));
  expect([after.status, after.holder_id, after.capitalised_cost, after.extended_months]).toEqual(['USED', ids.NV004, 240_000_000, 24]);
  const d = ok(await api('hr').get(`/asset/${a.id}/depreciation`));
  expect(d.cost).toBe(1_440_000_000);
  expect(d.schedule.reduce((x: number, m: { amount: number }) => x + m.amount, 0)).toBe(1_440_000_000);
  expect(d.end).toBe(after.depreciation_end);
  expect(d.schedule.length).toBe(96 + 24);
});

test("insurance keeps the asset's insured-until; deleting is only for what nobody holds", async () => {
  const a = ok(await newAsset('hr'));
  ok(
    await api('hr').post('/asset-insurance', {
      asset_id: a.id,
      insurer: 'Bảo Việt',
      policy_number: 'P-1',
      insured_value: 1_000_000_000,
      from_date: '2026-01-01',
      to_date: '2026-12-31',
    }),
  );
  const p2 = ok(
    await api('hr').post('/asset-insurance', {
      asset_id: a.id,
      insurer: 'PVI',
      policy_number: 'P-2',
      insured_value: 1_000_000_000,
      from_date: '2027-01-01',
      to_date: '2027-12-31',
    }),
  );
  expect(ok(await api('hr').get(`/asset/${a.id}`)).insured_until).toBe('2027-12-31');
  ok(await api('hr').del(`/asset-insurance/${p2.id}`));
  expect(ok(await api('hr').get(`/asset/${a.id}`)).insured_until).toBe('2026-12-31');
  await db().query(`UPDATE asset SET status = 'USED', holder_id = $2 WHERE id = $1`, [a.id, ids.NV004]);
  const held = await s.api(tok.hr).del(`/asset/${a.id}`);
  expect([held.status, held.body.message]).toEqual([422, 'Không thể xóa tài sản đang ở trạng thái "Đang sử dụng"']);
  const b = ok(await newAsset('hr'));
  const c = ok(await newAsset('hr'));
  expect(ok(await api('hr').post('/asset/bulk-delete', { ids: [b.id, c.id] }))).toBeTruthy();
  expect((await api('hr').get(`/asset/${b.id}`)).body.data.state).toBe('INACTIVE');
});

test("the managing department's scope: a head keeps their departments' assets only; the holder reads what they hold", async () => {
  const finance = ok(await newAsset('hr', { department_id: ids.TCKT }));
  const site = ok(await newAsset('hr', { department_id: ids.BCH }));
  expect((await api('head').get(`/asset/${finance.id}`)).status).toBe(404);
  expect(ok(await api('head').get(`/asset/${site.id}`)).id).toBe(site.id);
  const mine = ok(await api('head').get('/asset?limit=300'));
  const depts = new Set(mine.items.map((a: { department_id: string }) => a.department_id));
  expect([...depts].every((d) => d === ids.KTTC || d === ids.BCH)).toBe(true);
  // Moving an asset to another department is the asset office's, within its scope: not the head's to send to Finance.
  const moved = await api('head').put(`/asset/${site.id}`, { department_id: ids.TCKT }, EN);
  expect(moved.status).toBe(403);
  // Chosen by id (the label sheet's one read, f_id): only those in the reader's scope come back; a bad id is a 400.
  const chosen = `/asset?f_id=${finance.id},${site.id.toUpperCase()}&limit=100`;
  expect(ok(await api('head').get(chosen)).items.map((a: { id: string }) => a.id)).toEqual([site.id]);
  expect(new Set(ok(await api('hr').get(chosen)).items.map((a: { id: string }) => a.id))).toEqual(new Set([finance.id, site.id]));
  const bad = await api('hr').get(`/asset?f_id=${site.id},nope`, EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'f_id']);
  const tooMany = Array.from({ length: 101 }, () => site.id).join(',');
  expect((await api('hr').get(`/asset?f_id=${tooMany}`)).status).toBe(400);
  // The engineer holds a Finance laptop: they read it.
  await db().query(`UPDATE asset SET status = 'USED', holder_id = $2 WHERE id = $1`, [finance.id, ids['engineer:staff']]);
  expect(ok(await api('eng').get(`/asset/${finance.id}`)).id).toBe(finance.id);
});

test('the daily depreciation job, run twice and on two instances at once, marks each ended asset once', async () => {
  const kit = s.services.assets!.kit!;
  const made = await Promise.all(
    [0, 1, 2].map(async (i) => ok(await newAsset('hr', { name: `Máy cũ ${i}`, purchase_date: '2015-01-01', depreciation_months: 12 + i })).id),
  );
  await db().query(`UPDATE asset SET status = 'STORAGE' WHERE id = ANY($1::uuid[])`, [made]);
  await markDepreciated(kit);
  const [x, y] = await Promise.all([markDepreciated(kit), markDepreciated(kit)]);
  expect([x, y]).toEqual([0, 0]);
  await Promise.all([markDepreciated(kit), markDepreciated(kit)]);
  const { rows } = await db().query(`SELECT status FROM asset WHERE id = ANY($1::uuid[])`, [made]);
  expect(rows.map((r) => r.status)).toEqual(['DISCOUNT', 'DISCOUNT', 'DISCOUNT']);
  const events = await db().query(
    `SELECT count(*)::int AS n FROM outbox WHERE subject LIKE '%.asset.status' AND payload->>'id' = ANY($1::text[]) AND payload->>'to' = 'DISCOUNT'`,
    [made],
  );
  expect(events.rows[0].n).toBe(3);
  // Fresh ones at once on two instances: each marked once between them.
  const more = await Promise.all(
    [0, 1, 2, 3].map(async (i) => ok(await newAsset('hr', { name: `Máy cũ B${i}`, purchase_date: '2016-01-01', depreciation_months: 6 })).id),
  );
  const [p, q] = await Promise.all([markDepreciated(kit), markDepreciated(kit)]);
  expect(p + q).toBe(4);
  void more;
});
