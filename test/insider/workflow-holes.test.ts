/**
 * The second hostile-insider test, reproduced: who may move a record through its workflow, change who reads
 * it, and erase it — each hole as it was found on the demo company, through the gateway as a user would try it, and the
 * harm it must no longer do. The rules are declared (contracts: each resource's `actors` and `acts`, kit/actors.ts) and
 * enforced by the kit on every way in. Holes 4–7, 9 and 10 have files of their own (titles-scope, booking limits,
 * invitation-limits, files/history, codes and text-out tests).
 */
import { randomBytes } from 'node:crypto';
import { startTestStack, EN, okData, type Api, type TestStack } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);

/** A moment `days` from now at `hh:mm` company time (UTC+7), as an ISO string. */
const at = (days: number, hhmm: string) => {
  const d = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${d}T${hhmm}:00+07:00`).toISOString();
};

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  ids = await demoIds(s);
});
afterAll(async () => {
  await s?.close();
});

describe('1. a requester closes their own ticket past its approvers and checklist', () => {
  test('the requester names neither performer nor approvers, drops none, and the ticket does not start or close unapproved', async () => {
    const t = okData(await api('eng').post('/ticket', { title: 'Mua máy tính xách tay mới' }, EN));
    // Their head names a performer and the director as approver.
    okData(await api('head').put(`/ticket/${t.id}`, { performer_id: ids['hr.manager:staff'], approver_ids: [ids['director:staff']] }));
    // The requester makes themselves performer and drops the approver: refused, nothing changed.
    const takeOver = await api('eng').put(`/ticket/${t.id}`, { performer_id: ids['engineer:staff'], approver_ids: [] }, EN);
    expect(takeOver.status).toBe(403);
    expect(takeOver.body.errors.map((e: { path: string }) => e.path)).toEqual(['performer_id', 'approver_ids']);
    expect(okData(await api('eng').get(`/ticket/${t.id}`))).toMatchObject({ performer_id: ids['hr.manager:staff'], approver_ids: [ids['director:staff']] });
    // Nor moves it: not the performer; and the performer cannot start it before the director approves.
    expect((await api('eng').post(`/ticket/${t.id}/status`, { status: 'IN_PROGRESS' }, EN)).status).toBe(403);
    const early = await api('hr').post(`/ticket/${t.id}/status`, { status: 'IN_PROGRESS' }, EN);
    expect([early.status, early.body.message]).toEqual([422, 'This ticket must be approved before it goes to "In progress"']);
    // Naming oneself performer at create is refused too.
    const selfPerformer = await api('eng').post('/ticket', { title: 'Tự giao cho mình', performer_id: ids['engineer:staff'] }, EN);
    expect([selfPerformer.status, selfPerformer.body.errors]).toEqual([403, [{ path: 'performer_id', message: 'Only a ticket manager may set this' }]]);
    // What the caller may do, as the screens ask it: the requester may cancel, not start or close.
    const acts = okData(await api('eng').get(`/ticket/${t.id}/acts`));
    expect(acts).toMatchObject({ edit: true, delete: true, submit: true, moves: ['CANCELLED'] });
    expect(acts.fields).not.toContain('performer_id');
    expect(okData(await api('head').get(`/ticket/${t.id}/acts`)).fields).toEqual(expect.arrayContaining(['performer_id', 'approver_ids']));
  });

  test('required checklist items are not waived by their requester: neither unticked as required nor deleted', async () => {
    const t = okData(await api('eng').post('/ticket', { title: 'Sửa điều hòa phòng họp' }, EN));
    const item = okData(await api('head').post('/ticket-checklist', { ticket_id: t.id, name: 'Biên bản nghiệm thu', required: true }));
    expect((await api('eng').put(`/ticket-checklist/${item.id}`, { required: false }, EN)).status).toBe(403);
    expect((await api('eng').del(`/ticket-checklist/${item.id}`)).status).toBe(403);
    expect((await api('eng').post('/ticket-checklist', { ticket_id: t.id, name: 'Bắt buộc giả', required: true }, EN)).status).toBe(403);
    expect(okData(await api('eng').get(`/ticket-checklist/${item.id}`))).toMatchObject({ required: true, state: 'ACTIVE' });
    // The head (a ticket manager) performs it and may still not close it with the required item open.
    okData(await api('head').put(`/ticket/${t.id}`, { performer_id: ids['head.kttc:staff'] }));
    okData(await api('head').post(`/ticket/${t.id}/status`, { status: 'IN_PROGRESS' }));
    expect((await api('head').post(`/ticket/${t.id}/status`, { status: 'CLOSED' }, EN)).status).toBe(422);
  });

  test('with an approval flow configured for tickets, an unsubmitted ticket does not start or close through /ticket-change-status', async () => {
    const flow = okData(
      await api('admin').post('/admin/approval-flow', {
        document_type: 'ticket',
        name: 'Duyệt phiếu',
        cost_band: 'ALL',
        levels: [{ level: 1, scope: 'ROLE', role_id: (await api('admin').get('/role?q=DIRECTOR')).body.data.items[0].id }],
      }),
    );
    try {
      const t = okData(await api('head').post('/ticket', { title: 'Phiếu của trưởng phòng', performer_id: ids['head.kttc:staff'] }));
      const { rows } = await s.services.admin!.pool.query(`SELECT id FROM ticket_status WHERE stage = 'IN_PROGRESS' AND state = 'ACTIVE' LIMIT 1`);
      const r = await api('head').post('/ticket-change-status', { id: t.id, setting_status_id: rows[0].id }, EN);
      expect([r.status, r.body.message]).toEqual([422, 'This ticket must be approved before it goes to "In progress"']);
    } finally {
      await api('admin').del(`/admin/approval-flow/${flow.id}`);
    }
  });
});

describe("2. a colleague takes over someone else's car-trip approval", () => {
  test("the engineer neither submits the head's trip nor withdraws it; the car and driver stay booked", async () => {
    const {
      rows: [car],
    } = await s.services.admin!.pool.query(`SELECT id FROM car WHERE status = 'AVAILABLE' AND state = 'ACTIVE' ORDER BY license_plate LIMIT 1`);
    const trip = okData(
      await api('head').post('/book-car', {
        car_id: car.id,
        purpose: 'Khảo sát công trường',
        start_time: at(20, '07:00'),
        end_time: at(20, '17:00'),
        pickup_place: 'Văn phòng',
        destination: 'Công trường',
        passengers: 2,
      }),
    );
    const submit = await api('eng').post(`/book-car/${trip.id}/submit`, {}, EN);
    expect([submit.status, submit.body.message]).toEqual([403, 'Only the orderer or a car-booking manager may submit this car booking']);
    expect((await api('eng').post(`/book-car/${trip.id}/cancel`, {}, EN)).status).toBeGreaterThanOrEqual(403);
    expect(okData(await api('head').get(`/book-car/${trip.id}`))).toMatchObject({ status: 'WAITING', approval_status: 'DRAFT' });
    // The orderer sends it; the colleague still cannot withdraw it (and so cancel the trip).
    okData(await api('head').post(`/book-car/${trip.id}/submit`, {}));
    expect((await api('eng').post(`/book-car/${trip.id}/cancel`, {}, EN)).status).toBe(403);
    expect(okData(await api('head').get(`/book-car/${trip.id}`)).status).toBe('WAITING');
    okData(await api('head').post(`/book-car/${trip.id}/cancel`, {}));
  });
});

describe('3. a named reader of a limited document shares it on', () => {
  test('a head named on the limited pay decision cannot add a reader, publish it, or hand it to someone else', async () => {
    // A throwaway head of Finance and Accounting (the unit the pay decision names), with the demo heads' rights.
    const deptHead = (await api('admin').get('/role?q=DEPT_HEAD')).body.data.items[0].id;
    const {
      rows: [member],
    } = await s.services
      .hr!.pool.query(
        `SELECT s.id FROM staff s WHERE s.department_id = $1 AND s.state = 'ACTIVE'
      AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.staff_id = s.id) ORDER BY s.code LIMIT 1`,
        [ids.TCKT],
      )
      .catch(async () =>
        s.services.hr!.pool.query(`SELECT s.id FROM staff s WHERE s.department_id = $1 AND s.state = 'ACTIVE' ORDER BY s.code DESC LIMIT 1`, [ids.TCKT]),
      );
    const username = `head.tckt.${randomBytes(3).toString('hex')}`;
    const u = okData(
      await api('admin').post('/user', { username, email: `${username}@example.com`, full_name: 'Head TCKT', staff_id: member.id, role_ids: [deptHead] }),
    );
    okData(await api('admin').post(`/user/${u.id}/password`, { password: 'Insider#Pass1' }));
    const head: Api = s.api((await s.signIn(username, 'Insider#Pass1')).accessToken);
    const {
      rows: [doc],
    } = await s.services.admin!.pool.query(`SELECT id FROM document WHERE visibility = 0 AND state = 'ACTIVE' ORDER BY created_date LIMIT 1`);
    const before = okData(await head.get(`/document/${doc.id}`));
    expect((await api('eng').get(`/document/${doc.id}`)).status).toBe(404);
    const share = await head.put(`/document/${doc.id}`, { viewer_ids: [...before.viewer_ids, ids['engineer:staff']] }, EN);
    expect([share.status, share.body.message]).toEqual([403, 'Only whoever registered it, its handler or the register keeper may change this document']);
    for (const body of [{ visibility: 1 }, { handler_id: ids['engineer:staff'] }, { viewer_department_ids: [ids.KTTC] }]) {
      expect([Object.keys(body)[0], (await head.put(`/document/${doc.id}`, body, EN)).status]).toEqual([Object.keys(body)[0], 403]);
    }
    expect((await head.post(`/document/${doc.id}/status`, { status: 'PUBLISH' }, EN)).status).toBe(403);
    expect((await api('eng').get(`/document/${doc.id}`)).status).toBe(404);
    // The register's keeper (the office: the approve right on documents) may.
    okData(await api('hr').put(`/document/${doc.id}`, { viewer_ids: [...before.viewer_ids, ids['engineer:staff']] }));
    expect((await api('eng').get(`/document/${doc.id}`)).status).toBe(200);
  });
});

describe('8. a started meeting erased', () => {
  test('ended, it is not deleted: it stays on the calendar and in the occupancy report', async () => {
    const {
      rows: [room],
    } = await s.services.admin!.pool.query(`SELECT id FROM room WHERE state = 'ACTIVE' ORDER BY code LIMIT 1`);
    const b = okData(await api('eng').post('/book-room', { room_id: room.id, name: 'Họp vừa bắt đầu', start_time: at(3, '14:00'), end_time: at(3, '15:00') }));
    await s.services.admin!.pool.query(
      `UPDATE book_room SET start_time = now() - interval '2 minutes', end_time = now() + interval '58 minutes' WHERE id = $1`,
      [b.id],
    );
    expect((await api('eng').del(`/book-room/${b.id}`)).status).toBe(422);
    expect((await api('eng').post(`/book-room/${b.id}/status`, { status: 'CANCELLED' })).status).toBe(422);
    okData(await api('eng').post(`/book-room/${b.id}/status`, { status: 'ENDED' }));
    const del = await api('eng').raw('DELETE', `/book-room/${b.id}`, { headers: EN });
    expect([del.status, del.body.message]).toEqual([422, 'This meeting room booking is "Ended": it can no longer be deleted']);
    expect(okData(await api('eng').get(`/book-room/${b.id}`)).state).toBe('ACTIVE');
  });
});
