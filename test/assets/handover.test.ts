/**
 * Handovers on the demo company, through the gateway: a bulk handover to a user answered line by line by its receiver
 * — two accepted, one denied with its reason and taken back by the office — the assets' status and holder following
 * each step and the handover completing by itself; every wrong move and every wrong person refused (the receiver alone
 * answers, nobody sends a handover to themselves, a draft's lines are not answered, an answered handover is not
 * withdrawn); the required fields of a bulk handover; an asset on two handovers at once; a return sent by its holder and
 * received by the office; and the require-fields route.
 */
import { assetHandover } from '@portal/contracts';
import { printModel, systemCaller } from '@portal/service-kit';
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.assets!.pool;
let type: string;

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  type = ok(await api('admin').post('/asset-type', { code: 'T-H', name: 'Thiết bị (thử bàn giao)' })).id;
});
afterAll(async () => {
  await s?.close();
});

/** A new asset of Kỹ thuật - Thi công, put in storage. */
async function stored(name: string) {
  const a = ok(await api('hr').post('/asset', { name, type_id: type, purchase_price: 30_000_000, depreciation_months: 36, department_id: ids.KTTC }));
  ok(await api('hr').post(`/asset/${a.id}/status`, { status: 'STORAGE' }));
  return a.id as string;
}
const assetOf = async (id: string) => ok(await api('admin').get(`/asset/${id}`));
const linesOf = async (who: DemoPerson, handover: string) =>
  ok(await api(who).get(`/asset-handover-line?f_handover_id=${handover}&limit=50`)).items as {
    id: string;
    asset_id: string;
    asset_id__title?: string;
    status: string;
  }[];

test('a bulk handover to a user, answered line by line by its receiver: the assets follow and the handover completes', async () => {
  const a = [await stored('Laptop A'), await stored('Laptop B'), await stored('Laptop C')];
  const h = ok(await api('hr').post('/asset-handover', { type: 'TO_USER', department_id: ids.KTTC, giver_id: ids.NV002, receiver_id: ids['engineer:staff'] }));
  expect([h.code, h.status]).toEqual([expect.stringMatching(/^BBG\d{2}-\d{4}$/), 'NONE']);
  ok(await api('hr').post('/asset-handover-line/bulk-create', { handover_id: h.id, items: a.map((asset_id) => ({ asset_id, condition: 'Mới 100%' })) }));
  expect(ok(await api('hr').get(`/asset-handover/${h.id}`)).total_lines).toBe(3);
  // A draft's lines are not answered; a bulk handover to a user says where the assets go.
  const early = await api('eng').post(`/asset-handover-line/${(await linesOf('hr', h.id))[0]!.id}/status`, { status: 'ACCEPTED' }, EN);
  expect(early.status).toBe(422);
  const noPlace = await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }, EN);
  expect([noPlace.status, noPlace.body.errors]).toEqual([400, [{ path: 'location', message: 'Value is required' }]]);
  ok(await api('hr').put(`/asset-handover/${h.id}`, { location: 'Công trường Thủ Đức' }));
  // The receiver neither sends it nor is it sent by someone who is neither the office nor its giver.
  expect((await api('eng').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }, EN)).status).toBe(403);
  const sent = ok(await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }));
  expect([sent.status, typeof sent.sent_at, typeof sent.answer_due]).toEqual(['HAND_OVER', 'string', 'string']);
  for (const id of a) expect((await assetOf(id)).status).toBe('HAND_OVER');
  // The receiver sees the handover and its lines though the assets are not theirs to manage.
  const lines = await linesOf('eng', h.id);
  expect(lines.map((l) => l.status)).toEqual(['HAND_OVER', 'HAND_OVER', 'HAND_OVER']);
  const line = (asset: string) => lines.find((l) => l.asset_id === asset)!.id;
  // Nobody but the receiver answers: not the office, not the director.
  for (const who of ['hr', 'director', 'head'] as const)
    expect([who, (await api(who).post(`/asset-handover-line/${line(a[0]!)}/status`, { status: 'ACCEPTED' }, EN)).status]).toEqual([who, 403]);
  ok(await api('eng').post(`/asset-handover-line/${line(a[0]!)}/status`, { status: 'ACCEPTED' }));
  const bare = await api('eng').post(`/asset-handover-line/${line(a[1]!)}/status`, { status: 'DENIED' }, EN);
  expect([bare.status, bare.body.errors]).toEqual([400, [{ path: 'note', message: 'Say why you deny it' }]]);
  const denied = ok(await api('eng').post(`/asset-handover-line/${line(a[1]!)}/status`, { status: 'DENIED', note: 'Màn hình bị nứt' }));
  expect([denied.status, denied.deny_reason]).toEqual(['DENIED', 'Màn hình bị nứt']);
  // Answered in part: no longer withdrawn.
  const withdraw = await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'NONE' }, EN);
  expect([withdraw.status, withdraw.body.message]).toEqual([422, 'The receiver has answered part of it: the handover can no longer be withdrawn']);
  ok(await api('eng').post(`/asset-handover-line/${line(a[2]!)}/status`, { status: 'ACCEPTED' }));
  expect([(await assetOf(a[0]!)).status, (await assetOf(a[0]!)).holder_id]).toEqual(['USED', ids['engineer:staff']]);
  expect((await assetOf(a[1]!)).status).toBe('HAND_OVER');
  expect(ok(await api('hr').get(`/asset-handover/${h.id}`)).status).toBe('HAND_OVER');
  // Only the office takes a denied asset back; then the handover is complete.
  expect((await api('eng').post(`/asset-handover-line/${line(a[1]!)}/status`, { status: 'DENIED_CONFIRM' }, EN)).status).toBe(403);
  ok(await api('hr').post(`/asset-handover-line/${line(a[1]!)}/status`, { status: 'DENIED_CONFIRM' }));
  expect([(await assetOf(a[1]!)).status, (await assetOf(a[1]!)).holder_id]).toEqual(['STORAGE', null]);
  const done = ok(await api('hr').get(`/asset-handover/${h.id}`));
  expect([done.status, done.total_lines, done.accepted_lines, done.denied_lines, typeof done.completed_at]).toEqual(['CONFIRM', 3, 2, 1, 'string']);
  // The engineer reads the laptops they hold.
  expect((await api('eng').get(`/asset/${a[2]}`)).status).toBe(200);
  // The certificate: its assets with their answers, the giver's and receiver's blocks with their names and times.
  const pdf = await api('eng').get(`/asset-handover/${h.id}/pdf`);
  expect([pdf.status, pdf.headers.get('content-type'), pdf.buffer!.subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
  const repo = s.services.assets!.kit!.repo(assetHandover);
  const m = await printModel(repo, h.id, systemCaller('test'), 'vi', undefined, repo.sameService);
  expect(m.title).toBe(`Biên bản bàn giao - ${h.code}`);
  expect(m.lines!.heading).toBe('Tài sản bàn giao (3)');
  const byTitle = [...m.lines!.rows].sort((x, y) => x[0]!.localeCompare(y[0]!));
  expect(byTitle.map((r) => [r[0]!.replace(/^ASM-\d+ · /, ''), r.find((c) => c === 'Mới 100%')])).toEqual([
    ['Laptop A', 'Mới 100%'],
    ['Laptop B', 'Mới 100%'],
    ['Laptop C', 'Mới 100%'],
  ]);
  expect(byTitle.map((r) => r.find((c) => ['Đã nhận', 'Đã thu hồi sau từ chối'].includes(c)))).toEqual(['Đã nhận', 'Đã thu hồi sau từ chối', 'Đã nhận']);
  expect(byTitle[1]).toContain('Màn hình bị nứt');
  const [giver, receiver] = m.signatures;
  expect([giver!.role, giver!.name, receiver!.role, receiver!.name]).toEqual(['Bên giao', expect.any(String), 'Bên nhận', expect.any(String)]);
  expect(giver!.name).toBe((await s.services.hr!.pool.query('SELECT full_name FROM staff WHERE id = $1', [ids.NV002])).rows[0].full_name);
  expect(receiver!.name).toBe((await s.services.hr!.pool.query('SELECT full_name FROM staff WHERE id = $1', [ids['engineer:staff']])).rows[0].full_name);
  expect([giver!.date, receiver!.date]).toEqual([
    expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
    expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
  ]);
  // Its return: a RETURN draft from the engineer back to the office with the two laptops he holds; only the office makes it.
  expect((await api('eng').post(`/asset-handover/${h.id}/return`, {}, EN)).status).toBe(403);
  const back = ok(await api('hr').post(`/asset-handover/${h.id}/return`, {}));
  expect([back.type, back.status, back.giver_id, back.receiver_id, back.total_lines]).toEqual(['RETURN', 'NONE', ids['engineer:staff'], ids.NV002, 2]);
  const again = await api('hr').post(`/asset-handover/${back.id}/return`, {}, EN);
  expect([again.status, again.body.message]).toEqual([422, 'Only a completed handover to a user is returned']);
});

test('the demo company has handovers in every state: one half accepted, a draft, one complete, a return waiting, a denial to confirm', async () => {
  const { rows } = await db().query(`SELECT h.type, h.status, h.total_lines, h.accepted_lines, h.denied_lines FROM asset_handover h ORDER BY h.code`);
  expect(rows.length).toBeGreaterThanOrEqual(5);
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'TO_USER', status: 'HAND_OVER', accepted_lines: 2, denied_lines: 0 }),
      expect.objectContaining({ type: 'TO_USER', status: 'NONE' }),
      expect.objectContaining({ type: 'TO_USER', status: 'CONFIRM', denied_lines: 1 }),
      expect.objectContaining({ type: 'TO_USER', status: 'HAND_OVER', denied_lines: 1 }),
      expect.objectContaining({ type: 'RETURN', status: 'HAND_OVER' }),
    ]),
  );
  // The engineer has the rest of the half-accepted one waiting for their answer.
  const half = rows.find((r) => r.status === 'HAND_OVER' && r.accepted_lines === 2)!;
  expect(half.total_lines).toBeGreaterThan(2);
  const mine = ok(await api('eng').get(`/asset-handover-line?f_receiver_id=${ids['engineer:staff']}&f_status=HAND_OVER&limit=50`));
  expect(mine.totalRows).toBe(half.total_lines - 2);
});

test('wrong moves and wrong people: to oneself, without lines, an asset held or on another handover, withdrawn and sent again', async () => {
  const self = await api('hr').post('/asset-handover', { type: 'TO_USER', department_id: ids.KTTC, giver_id: ids.NV002, receiver_id: ids.NV002 }, EN);
  expect([self.status, self.body.errors?.[0]?.path]).toEqual([400, 'receiver_id']);
  const h = ok(await api('hr').post('/asset-handover', { type: 'TO_USER', department_id: ids.KTTC, giver_id: ids.NV002, receiver_id: ids.NV003 }));
  const empty = await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }, EN);
  expect([empty.status, empty.body.message]).toEqual([422, 'The handover has no assets yet']);
  const x = await stored('Máy in X');
  ok(await api('hr').post('/asset-handover-line', { handover_id: h.id, asset_id: x }));
  const other = ok(await api('hr').post('/asset-handover', { type: 'TO_USER', department_id: ids.KTTC, giver_id: ids.NV002, receiver_id: ids.NV004 }));
  const twice = await api('hr').post('/asset-handover-line', { handover_id: other.id, asset_id: x }, EN);
  expect([twice.status, twice.body.errors?.[0]?.message]).toEqual([400, expect.stringContaining(`is on handover ${h.code}`)]);
  // The head, its receiver, cannot send a handover to himself.
  const own = await api('head').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }, EN);
  expect([own.status, own.body.message]).toEqual([422, 'You are its receiver: you cannot send a handover to yourself']);
  ok(await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }));
  // Withdrawn before any answer: its asset back in storage, its line a draft again; then sent again.
  ok(await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'NONE' }));
  expect((await assetOf(x)).status).toBe('STORAGE');
  expect((await linesOf('hr', h.id)).map((l) => l.status)).toEqual(['NONE']);
  ok(await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }));
  const complete = await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'CONFIRM' }, EN);
  expect(complete.status).toBe(422);
  // A sent handover is not edited, nor its lines deleted.
  expect((await api('hr').put(`/asset-handover/${h.id}`, { note: 'sửa' }, EN)).status).toBe(422);
  const held = ok(await api('head').post(`/asset-handover-line/${(await linesOf('head', h.id))[0]!.id}/status`, { status: 'ACCEPTED' }));
  expect(held.status).toBe('ACCEPTED');
  // Held now: not handed to someone else before it is returned.
  const again = await api('hr').post('/asset-handover-line', { handover_id: other.id, asset_id: x }, EN);
  expect([again.status, again.body.errors?.[0]?.message]).toEqual([400, expect.stringContaining('is held by someone')]);
});

test('a return sent by its holder, received and checked by the office; the require-fields check', async () => {
  const y = await stored('Máy toàn đạc Y');
  await db().query(`UPDATE asset SET status = 'USED', holder_id = $2 WHERE id = $1`, [y, ids['engineer:staff']]);
  const r = ok(await api('hr').post('/asset-handover', { type: 'RETURN', department_id: ids.KTTC, giver_id: ids['engineer:staff'], receiver_id: ids.NV002 }));
  ok(await api('hr').post('/asset-handover-line', { handover_id: r.id, asset_id: y, condition: 'Trầy xước nhẹ' }));
  const noReason = await api('eng').post(`/asset-handover/${r.id}/status`, { status: 'HAND_OVER' }, EN);
  expect([noReason.status, noReason.body.errors?.[0]?.path]).toEqual([400, 'reason']);
  ok(await api('hr').put(`/asset-handover/${r.id}`, { reason: 'Kết thúc dự án' }));
  // The office, its receiver, does not send it: its holder does.
  expect((await api('hr').post(`/asset-handover/${r.id}/status`, { status: 'HAND_OVER' }, EN)).status).toBe(422);
  ok(await api('eng').post(`/asset-handover/${r.id}/status`, { status: 'HAND_OVER' }));
  ok(await api('hr').post(`/asset-handover-line/${(await linesOf('hr', r.id))[0]!.id}/status`, { status: 'ACCEPTED' }));
  expect([(await assetOf(y)).status, (await assetOf(y)).holder_id]).toEqual(['STORAGE', null]);
  expect(ok(await api('hr').get(`/asset-handover/${r.id}`)).status).toBe('CONFIRM');
  expect(ok(await api('eng').get('/asset-handover/require-fields?type=TO_USER&bulk=1')).fields).toEqual(['receiver_id', 'handover_date', 'location']);
  expect((await api('eng').get('/asset-handover/require-fields?type=LOAN', EN)).status).toBe(400);
});

test("a receiver outside the asset's department reads it while it waits for their answer, not before, not after a denial", async () => {
  // A Finance printer handed to the engineer (KTTC): he reads nothing of Finance's register.
  const printer = ok(
    await api('hr').post('/asset', { name: 'Máy in tài chính', type_id: type, purchase_price: 8_000_000, depreciation_months: 36, department_id: ids.TCKT }),
  );
  await db().query(`UPDATE asset SET status = 'STORAGE' WHERE id = $1`, [printer.id]);
  expect((await api('eng').get(`/asset/${printer.id}`)).status).toBe(404);
  const h = ok(await api('hr').post('/asset-handover', { type: 'TO_USER', department_id: ids.TCKT, giver_id: ids.NV002, receiver_id: ids['engineer:staff'] }));
  ok(await api('hr').post('/asset-handover-line', { handover_id: h.id, asset_id: printer.id }));
  expect((await api('eng').get(`/asset/${printer.id}`)).status).toBe(404);
  ok(await api('hr').post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }));
  // Sent: he reads it, finds it by its code (a scanned label), and sees its name on his line.
  expect(ok(await api('eng').get(`/asset/${printer.id}`)).receiver_id).toBe(ids['engineer:staff']);
  expect(ok(await api('eng').get(`/asset?q=${printer.asset_code}`)).items.map((a: { id: string }) => a.id)).toEqual([printer.id]);
  const [line] = await linesOf('eng', h.id);
  expect(line!.asset_id__title).toBe(`${printer.asset_code} · Máy in tài chính`);
  // He may read it, not change it.
  expect((await api('eng').put(`/asset/${printer.id}`, { name: 'Của tôi' })).status).toBe(403);
  // Denied and taken back by the office: no longer his to read.
  ok(await api('eng').post(`/asset-handover-line/${line!.id}/status`, { status: 'DENIED', note: 'Không cần máy in' }));
  ok(await api('hr').post(`/asset-handover-line/${line!.id}/status`, { status: 'DENIED_CONFIRM' }));
  expect((await assetOf(printer.id)).receiver_id).toBeNull();
  expect((await api('eng').get(`/asset/${printer.id}`)).status).toBe(404);
});
