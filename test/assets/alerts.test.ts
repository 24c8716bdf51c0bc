/**
 * The asset alerts on the demo company: the settings per kind (on, days ahead, named staff, the department's head, mail);
 * one digest a day per person — in the portal and by mail — listing everything of theirs across the kinds, never a
 * message per asset; a head hears of his department's assets only; a waiting handover reminds its receiver and, past its
 * days, its department's head; run twice or on two instances at once, each person gets one; the settings are the
 * setting right's.
 */
import { sendAssetDigests } from '@portal/assets';
import { EN, eventually, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
let setting: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.assets!.pool;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const list = ok(await api('admin').get('/asset-alert-setting'));
  setting = Object.fromEntries(list.items.map((r: { kind: string; id: string }) => [r.kind, r.id]));
});
afterAll(async () => {
  await s?.close();
});

/** The digests a person has (their notifications about the day's assets). */
const digests = async (who: DemoPerson) =>
  (ok(await api(who).get('/notifications?limit=50')).items as { context: string }[]).filter((n) => n.context?.startsWith('assetDigest:')) as unknown as {
    title: { vi: string; en: string };
    body: { vi: string; en: string };
  }[];
const mailsTo = async (email: string) =>
  (await db().query(`SELECT count(*)::int AS n FROM outbox WHERE subject = 'portal.assets.mail.requested' AND payload->'to' ? $1`, [email])).rows[0]
    .n as number;

test('the demo has its four alerts on, to the asset clerk, by mail; a head for waiting handovers', async () => {
  const list = ok(await api('hr').get('/asset-alert-setting'));
  expect(list.items.map((r: { kind: string }) => r.kind).sort()).toEqual(['DEPRECIATION_END', 'HANDOVER_WAITING', 'INSPECTION_DUE', 'INSURANCE_EXPIRY']);
  expect(
    list.items.every((r: { enabled: boolean; by_mail: boolean; recipient_ids: string[] }) => r.enabled && r.by_mail && r.recipient_ids[0] === ids.NV020),
  ).toBe(true);
  // Kept with the setting right: the engineer and the head read them, do not change them.
  expect((await api('eng').put(`/asset-alert-setting/${setting.INSPECTION_DUE}`, { days_ahead: 1 })).status).toBe(403);
  const bad = await api('admin').put(`/asset-alert-setting/${setting.INSPECTION_DUE}`, { days_ahead: 400 }, EN);
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'days_ahead']);
  const blank = await api('admin').post('/asset-alert-setting', { days_ahead: 10 }, EN);
  expect([blank.status, blank.body.errors?.map((e: { path: string }) => e.path).sort()]).toEqual([400, ['kind', 'name']]);
  // A second alert of a kind (the heads a week ahead) is one more row.
  ok(await api('admin').post('/asset-alert-setting', { name: 'Kiểm định — trưởng phòng', kind: 'INSPECTION_DUE', days_ahead: 7, enabled: false }));
});

test('one digest a day per person, in the portal and by mail, across the kinds; a head hears of his department; once, whatever runs it', async () => {
  const kit = s.services.assets!.kit!;
  // The HR manager hears of every asset's inspection and insurance; the heads of their departments' inspections.
  ok(await api('admin').put(`/asset-alert-setting/${setting.INSPECTION_DUE}`, { recipient_ids: [ids.NV002], to_department_head: true, days_ahead: 30 }));
  ok(await api('admin').put(`/asset-alert-setting/${setting.INSURANCE_EXPIRY}`, { recipient_ids: [ids.NV002], days_ahead: 60 }));
  ok(await api('admin').put(`/asset-alert-setting/${setting.DEPRECIATION_END}`, { enabled: false }));
  const day = kit.today();
  const sent = await sendAssetDigests(kit, day);
  expect(sent).toBeGreaterThanOrEqual(2);
  // Again, and twice at once: nobody gets a second.
  expect(await Promise.all([sendAssetDigests(kit, day), sendAssetDigests(kit, day)])).toEqual([0, 0]);
  expect(await sendAssetDigests(kit, day)).toBe(0);

  const mine = await eventually(async () => {
    const d = await digests('hr');
    expect(d.length).toBe(1);
    return d[0]!;
  }, 15_000);
  const { rows: due } = await db().query(
    `SELECT count(*)::int AS n FROM asset WHERE state = 'ACTIVE' AND status <> 'LIQUIDATION' AND next_inspection_date <= $1::date + 30`,
    [day],
  );
  expect(mine.title.vi).toBe(`Tài sản cần chú ý hôm nay: ${Number(due[0].n) + (await insured(day, 60))}`);
  expect(mine.body.vi).toContain(`Đến hạn kiểm định — ${due[0].n}: ASM-`);
  expect(mine.body.vi).toContain('Bảo hiểm sắp hết hạn — ');
  expect(mine.body.vi).not.toContain('Sắp hết khấu hao');
  expect(await mailsTo('hr@portal.local')).toBe(1);

  // The KTTC head: his department's inspections, not the site command's under it (its head, the site commander, has his
  // own account and hears of them himself), nothing of the offices'.
  const head = await eventually(async () => {
    const d = await digests('head');
    expect(d.length).toBe(1);
    return d[0]!;
  }, 15_000);
  const { rows: his } = await db().query(
    `SELECT count(*)::int AS n FROM asset WHERE state = 'ACTIVE' AND status <> 'LIQUIDATION' AND next_inspection_date <= $1::date + 30 AND department_id = ANY($2::uuid[])`,
    [day, [ids.KTTC]],
  );
  expect(head.title.vi).toBe(`Tài sản cần chú ý hôm nay: ${his[0].n}`);
  expect(head.body.vi).not.toContain('Bảo hiểm');
});

/** Assets insured until within `days` of `day`. */
async function insured(day: string, days: number): Promise<number> {
  const { rows } = await db().query(
    `SELECT count(*)::int AS n FROM asset WHERE state = 'ACTIVE' AND status <> 'LIQUIDATION' AND insured_until BETWEEN $1::date AND $1::date + $2::int`,
    [day, days],
  );
  return rows[0].n;
}

test("a handover left unanswered: its receiver is reminded and, past its days, its department's head is told", async () => {
  const kit = s.services.assets!.kit!;
  ok(await api('admin').put(`/asset-alert-setting/${setting.INSPECTION_DUE}`, { enabled: false }));
  ok(await api('admin').put(`/asset-alert-setting/${setting.INSURANCE_EXPIRY}`, { enabled: false }));
  ok(await api('admin').put(`/asset-alert-setting/${setting.HANDOVER_WAITING}`, { days_ahead: 3, to_department_head: true, recipient_ids: [] }));
  // The demo's half-answered handover to the engineer (KTTC), sent four days before the day the digest is for.
  const { rows } = await db().query(`SELECT h.id, h.code FROM asset_handover h WHERE h.status = 'HAND_OVER' AND h.receiver_id = $1`, [ids['engineer:staff']]);
  expect(rows.length).toBe(1);
  const later = new Date(Date.parse(kit.today()) + 4 * 86_400_000).toISOString().slice(0, 10);
  const early = new Date(Date.parse(kit.today()) + 1 * 86_400_000).toISOString().slice(0, 10);
  // A day after it was sent: not yet (it may wait three days).
  expect(await sendAssetDigests(kit, early)).toBe(0);
  expect(await sendAssetDigests(kit, later)).toBeGreaterThanOrEqual(2);
  const eng = await eventually(async () => {
    const d = (await digests('eng')).filter((n) => n.body.vi.includes(rows[0].code));
    expect(d.length).toBe(1);
    return d[0]!;
  }, 15_000);
  const { rows: waiting } = await db().query(`SELECT count(*)::int AS n FROM asset_handover_line WHERE handover_id = $1 AND status = 'HAND_OVER'`, [
    rows[0].id,
  ]);
  expect(waiting[0].n).toBeGreaterThan(0);
  expect(eng.body.vi).toMatch(new RegExp(`^Bàn giao chờ xác nhận — ${waiting[0].n}: ASM-\\d{4} \\(${rows[0].code}\\)`));
  await eventually(async () => expect((await digests('head')).filter((n) => n.body.vi.includes(rows[0].code)).length).toBe(1), 15_000);
});

test("the summary by mail: a department's assets to its head and the caller, by its asset office alone", async () => {
  const sent = ok(await api('head').post('/asset/summary-email', { department_id: ids.KTTC }));
  expect(sent.department_name).toBe('Phòng Kỹ thuật - Thi công');
  expect(sent.to).toEqual(['head.kttc@portal.local']);
  const { rows: kttc } = await db().query(`SELECT count(*)::int AS n FROM asset WHERE state = 'ACTIVE' AND department_id = $1`, [ids.KTTC]);
  expect(sent.total).toBe(kttc[0].n);
  const { rows } = await db().query(
    `SELECT payload FROM outbox WHERE subject = 'portal.assets.mail.requested' AND payload->>'subject' LIKE 'Tóm tắt tài sản:%' ORDER BY created_at DESC LIMIT 1`,
  );
  expect(rows[0].payload.text).toContain(`Tài sản của Phòng Kỹ thuật - Thi công ngày`);
  expect(rows[0].payload.text).toContain('Assets of Phòng Kỹ thuật - Thi công on');
  // HR (every department) for Finance: its head (the chief accountant) and HR; for MEP, whose head has no account in
  // the demo, the nearest head up the tree who has one (the director), and HR.
  const finance = ok(await api('hr').post('/asset/summary-email', { department_id: ids.TCKT }));
  expect(finance.to.sort()).toEqual(['accountant@portal.local', 'hr@portal.local']);
  const mep = ok(await api('hr').post('/asset/summary-email', { department_id: ids.MEP }));
  expect(mep.to.sort()).toEqual(['director@portal.local', 'hr@portal.local']);
  // The KTTC head may not mail Finance's; the engineer none; a department is required.
  expect((await api('head').post('/asset/summary-email', { department_id: ids.TCKT })).status).toBe(403);
  expect((await api('eng').post('/asset/summary-email', { department_id: ids.KTTC })).status).toBe(403);
  const blank = await api('hr').post('/asset/summary-email', {}, EN);
  expect([blank.status, blank.body.errors?.[0]?.path]).toEqual([400, 'department_id']);
});
