/**
 * Tickets through the gateway, on the demo company: a ticket raised for a request item takes its group,
 * performer, deadline and checklist; the checklist's ticks give `progress` and `total_checklist`, and a required open item
 * keeps it from closing; status by setting status id (`/ticket-change-status`), the stages deciding the moves, every wrong
 * move refused by name; named approvers approve in order and one refusal ends it; the performer from another department
 * sees and works it; followers are told of changes (not the one who made them); an overdue ticket is flagged and its
 * people reminded; the Word export; the settings kept by the settings right only (ResourceDef.writeFeature).
 */
import { ticket } from '@portal/contracts';
import { sweepDeadline } from '@portal/service-kit';
import { startTestStack, eventually, type TestStack, EN, okData } from '../support/stack';
import { demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const en = EN;
const ok = okData;
const status: Record<string, string> = {};
let item: string;
let group: string;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const change = (who: DemoPerson, id: string, code: string, note?: string) =>
  api(who).post('/ticket-change-status', { id, setting_status_id: status[code], ...(note ? { note } : {}) }, en);
const checklist = async (who: DemoPerson, id: string) =>
  (await api(who).get(`/ticket-checklist?f_ticket_id=${id}&limit=100`)).body.data.items as Record<string, any>[];
/** The changes `who` was told of about `context`: one line each (a burst of them folds into one notification). */
const unreadOf = async (who: DemoPerson, context: string) =>
  ((await api(who).get('/notifications?limit=100')).body.data.items as { context: string; title: unknown; body: { vi: string; en: string } }[])
    .filter((n) => n.context === context)
    .flatMap((n) => n.body.vi.split('\n').map((vi, i) => ({ title: n.title, vi, en: n.body.en.split('\n')[i] })));

beforeAll(async () => {
  s = await startTestStack({ demo: true, env: { TICKET_OVERDUE_EVERY_MS: '300' } });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  for (const r of (await s.services.admin!.pool.query(`SELECT id, code FROM ticket_status`)).rows) status[r.code] = r.id;
  group = ok(await api('admin').post('/ticket-request-group', { code: 'TST', name: 'Nhóm thử', department_id: ids.HCNS })).id;
  item = ok(
    await api('admin').post('/ticket-request-item', {
      group_id: group,
      name: 'Lắp đặt thiết bị',
      performer_id: ids['hr.manager:staff'],
      due_hours: 24,
      checklist_template: '*Khảo sát\n  \nLắp đặt\n*Nghiệm thu',
    }),
  ).id;
});
afterAll(async () => {
  await s?.close();
});

test('the settings are read by everyone who raises tickets and kept by the settings right only; rooms and cars too', async () => {
  expect((await api('eng').get('/ticket-setting-item')).status).toBe(200);
  for (const [path, body] of [
    ['/ticket-setting-item', { code: 'X', name: 'Trạng thái lạ', stage: 'OPEN' }],
    ['/ticket-request-group', { code: 'X', name: 'Nhóm lạ' }],
    ['/room', { code: 'X', name: 'Phòng lạ', capacity: 4 }],
    ['/car-setting', { license_plate: '51A-999.99', name: 'Xe lạ', seats: 4 }],
  ] as const)
    expect([path, (await api('eng').post(path, body)).status]).toEqual([path, 403]);
  const room = (await api('eng').get('/room?limit=1')).body.data.items[0];
  expect((await api('eng').del(`/room/${room.id}`)).status).toBe(403);
  expect((await api('eng').put(`/room/${room.id}`, { name: 'Đổi tên' })).status).toBe(403);
});

test('a ticket for a request item takes its group, performer, deadline and checklist; ticks give the progress; a required open item keeps it from closing', async () => {
  const t = ok(await api('eng').post('/ticket', { title: 'Lắp máy in phòng KTTC', item_id: item }, en));
  expect(t).toMatchObject({
    group_id: group,
    performer_id: ids['hr.manager:staff'],
    requester_id: ids['engineer:staff'],
    department_id: ids.KTTC,
    stage: 'OPEN',
    status_id: status.NEW,
    total_checklist: 3,
    progress: 0,
    overdue: false,
  });
  expect(t.code).toMatch(new RegExp(`^PYC${String(new Date().getUTCFullYear()).slice(2)}-\\d{4}$`));
  expect(Math.abs(new Date(t.deadline).getTime() - Date.now() - 24 * 3_600_000)).toBeLessThan(120_000);
  const items = await checklist('eng', t.id);
  expect(items.map((i) => [i.name, i.required, i.done])).toEqual([
    ['Khảo sát', true, false],
    ['Lắp đặt', false, false],
    ['Nghiệm thu', true, false],
  ]);
  // The requester may not name another group than the item's, nor a deadline in the past.
  expect(
    (
      await api('eng').post(
        '/ticket',
        {
          title: 'Sai nhóm',
          item_id: item,
          group_id: (await api('eng').get('/ticket-request-group?limit=50')).body.data.items.find((g: any) => g.id !== group).id,
        },
        en,
      )
    ).body.errors,
  ).toEqual([{ path: 'item_id', message: 'The request item is not in the chosen request group' }]);
  expect((await api('eng').post('/ticket', { title: 'Hạn đã qua', deadline: inDays(-1) }, en)).body.errors).toEqual([
    { path: 'deadline', message: 'The deadline has passed' },
  ]);

  // The performer starts it, ticks the first item: 1 of 3 is 33%.
  ok(await change('hr', t.id, 'DOING'));
  ok(await api('hr').put(`/ticket-checklist/${items[0]!.id}`, { done: true }));
  expect(ok(await api('eng').get(`/ticket/${t.id}`))).toMatchObject({ progress: 33, total_checklist: 3, stage: 'IN_PROGRESS', status_id: status.DOING });
  // A required item still open: not closed, and the message names it.
  const closing = await change('hr', t.id, 'DONE');
  expect([closing.status, closing.body.message]).toEqual([422, 'Required checklist items are still open: "Nghiệm thu"']);
  // An optional item does not hold it; an item added or removed recounts.
  ok(await api('hr').put(`/ticket-checklist/${items[2]!.id}`, { done: true }));
  const extra = ok(await api('hr').post('/ticket-checklist', { ticket_id: t.id, name: 'Dọn dẹp', required: false }));
  expect(ok(await api('eng').get(`/ticket/${t.id}`))).toMatchObject({ progress: 50, total_checklist: 4 });
  ok(await api('hr').del(`/ticket-checklist/${extra.id}`));
  expect(ok(await api('eng').get(`/ticket/${t.id}`))).toMatchObject({ progress: 66, total_checklist: 3 });
  // An item does not move to another ticket.
  const other = ok(await api('eng').post('/ticket', { title: 'Phiếu khác để thử' }, en));
  expect((await api('hr').put(`/ticket-checklist/${items[1]!.id}`, { ticket_id: other.id }, en)).body.errors[0].path).toBe('ticket_id');
  const closed = ok(await change('hr', t.id, 'DONE', 'Đã lắp xong'));
  expect(closed).toMatchObject({ stage: 'CLOSED', status_id: status.DONE });
  expect(closed.closed_date).toBeTruthy();
  // Closed, it is neither edited nor its checklist ticked; reopened, it is.
  expect((await api('eng').put(`/ticket/${t.id}`, { title: 'Đổi tiêu đề' }, en)).body.message).toBe('This ticket is "Closed": it can no longer be changed');
  expect((await api('hr').put(`/ticket-checklist/${items[1]!.id}`, { done: true }, en)).status).toBe(422);
  expect(ok(await change('hr', t.id, 'DOING'))).toMatchObject({ stage: 'IN_PROGRESS', closed_date: null });
  ok(await api('hr').put(`/ticket-checklist/${items[1]!.id}`, { done: true }));
  expect(ok(await api('eng').get(`/ticket/${t.id}`)).progress).toBe(100);
});

test('status by setting status id: the stages decide the moves; the performer moves it, the requester only cancels; every wrong move refused by name', async () => {
  const t = ok(await api('eng').post('/ticket', { title: 'Đổi bàn làm việc', item_id: item }, en));
  // Not the requester's to start; the performer (or a ticket manager) does.
  expect((await change('eng', t.id, 'DOING')).body.message).toBe('Only the performer or a ticket manager may move this ticket to "In progress"');
  ok(await change('hr', t.id, 'DOING'));
  // Within a stage: another status of it; the same one again is refused.
  expect(ok(await change('hr', t.id, 'WAIT'))).toMatchObject({ stage: 'IN_PROGRESS', status_id: status.WAIT });
  expect((await change('hr', t.id, 'WAIT')).body.message).toBe('The ticket already has this status');
  // The kit's own route picks the stage's first status.
  expect(ok(await api('hr').post(`/ticket/${t.id}/status`, { status: 'OPEN' }))).toMatchObject({ stage: 'OPEN', status_id: status.NEW });
  // A status of another stage than the one asked, an unknown one, a body without one.
  expect((await api('hr').post(`/ticket/${t.id}/status`, { status: 'IN_PROGRESS', setting_status_id: status.DONE }, en)).body.errors).toEqual([
    { path: 'setting_status_id', message: 'This status belongs to another stage' },
  ]);
  expect((await api('hr').post('/ticket-change-status', { id: t.id, setting_status_id: '00000000-0000-4000-8000-000000000000' }, en)).body.errors[0].path).toBe(
    'setting_status_id',
  );
  expect((await api('hr').post('/ticket-change-status', { id: t.id }, en)).body.errors[0].path).toBe('setting_status_id');
  // OPEN does not jump to CLOSED.
  const skip = await change('hr', t.id, 'DONE');
  expect([skip.status, skip.body.message]).toEqual([422, 'This ticket cannot go from "Open" to "Closed"']);
  // The requester cancels; a cancelled ticket goes nowhere.
  ok(await change('eng', t.id, 'CANCEL'));
  for (const code of ['NEW', 'DOING', 'DONE']) {
    const r = await change('hr', t.id, code);
    expect([code, r.status, r.body.message]).toEqual([code, 422, expect.stringMatching(/^This ticket cannot go from "Cancelled" to /)]);
  }
  // Started, it is cancelled rather than deleted; an open one of one's own is deleted.
  const started = ok(await api('eng').post('/ticket', { title: 'Phiếu đã xử lý', item_id: item }, en));
  ok(await change('hr', started.id, 'DOING'));
  expect((await api('eng').raw('DELETE', `/ticket/${started.id}`, { headers: en })).body.message).toBe(
    'This ticket is "In progress": it can no longer be deleted',
  );
  const mine = ok(await api('eng').post('/ticket', { title: 'Phiếu để xóa' }, en));
  expect((await api('eng').del(`/ticket/${mine.id}`)).status).toBe(200);
  // Nobody raises a ticket in a colleague's name unless they manage tickets.
  expect((await api('eng').post('/ticket', { title: 'Thay người khác', requester_id: ids.NV014 }, en)).body.message).toBe(
    'Only a ticket manager may set Requester on this ticket',
  );
  expect(ok(await api('head').post('/ticket', { title: 'Thay người khác', requester_id: ids.NV014 })).requester_id).toBe(ids.NV014);
});

test('named approvers approve in the order named; one refusal ends it; not started before approval; nobody approves their own', async () => {
  // The requester raises it; who performs and who approves are their head's to name (a ticket manager's), not theirs.
  const t = ok(await api('eng').post('/ticket', { title: 'Mua máy khoan cho công trường' }, en));
  const naming = { performer_id: ids['hr.manager:staff'], approver_ids: [ids['head.kttc:staff'], ids['director:staff']] };
  const self = await api('eng').put(`/ticket/${t.id}`, naming, en);
  expect([self.status, self.body.message]).toEqual([403, 'Only a ticket manager may set Performer, Approvers (in order) on this ticket']);
  ok(await api('head').put(`/ticket/${t.id}`, naming));
  // Nor drops them once named, nor names themselves performer.
  expect((await api('eng').put(`/ticket/${t.id}`, { approver_ids: [] }, en)).status).toBe(403);
  expect((await api('eng').put(`/ticket/${t.id}`, { performer_id: ids['engineer:staff'] }, en)).status).toBe(403);
  expect((await change('hr', t.id, 'DOING')).body.message).toBe('This ticket must be approved before it goes to "In progress"');
  ok(await api('eng').post(`/ticket/${t.id}/submit`, { description: 'Xin duyệt' }));
  // Level 1 is the head's: the director waits.
  expect((await api('director').post(`/ticket/${t.id}/approve`, {})).status).toBe(403);
  ok(await api('head').post(`/ticket/${t.id}/approve`, { description: 'Đồng ý' }));
  expect(ok(await api('eng').get(`/ticket/${t.id}`)).approval_status).toBe('APPROVING');
  expect((await api('head').post(`/ticket/${t.id}/approve`, {})).status).toBe(403);
  ok(await api('director').post(`/ticket/${t.id}/approve`, {}));
  expect(ok(await api('eng').get(`/ticket/${t.id}`)).approval_status).toBe('APPROVED');
  expect(ok(await change('hr', t.id, 'DOING')).stage).toBe('IN_PROGRESS');

  // A refusal at level 1 ends it: the director is never asked.
  const r = ok(await api('eng').post('/ticket', { title: 'Mua máy phát điện dự phòng' }, en));
  ok(await api('head').put(`/ticket/${r.id}`, { approver_ids: [ids['head.kttc:staff'], ids['director:staff']] }));
  ok(await api('eng').post(`/ticket/${r.id}/submit`, {}));
  ok(await api('head').post(`/ticket/${r.id}/refuse`, { description: 'Chưa cần' }));
  const refused = await api('director').post(`/ticket/${r.id}/approve`, {}, en);
  expect([refused.status, ok(await api('eng').get(`/ticket/${r.id}`)).approval_status]).toEqual([422, 'REFUSE']);
  const steps = ok(await api('eng').get(`/ticket/${r.id}/approval`));
  expect(steps.steps.map((x: any) => x.action)).toEqual(['SUBMIT', 'REFUSE']);
  // Refused, it stays refused: the approvers cannot be dropped or swapped, and it is not started.
  expect((await api('head').put(`/ticket/${r.id}`, { approver_ids: [] }, en)).body.errors).toEqual([
    { path: 'approver_ids', message: 'The approvers cannot change once the ticket has been sent for approval' },
  ]);
  expect((await api('head').put(`/ticket/${r.id}`, { approver_ids: [ids['director:staff']] }, en)).status).toBe(400);
  expect((await api('eng').put(`/ticket/${r.id}`, { approver_ids: [] }, en)).status).toBe(403);
  expect((await change('hr', r.id, 'DOING')).body.message).toBe('This ticket must be approved before it goes to "In progress"');
  // Someone a ticket merely names does not send it for approval.
  const followed = ok(
    await api('hr').post(
      '/ticket',
      { title: 'Phiếu có người theo dõi', requester_id: ids.NV020, follower_ids: [ids['engineer:staff']], approver_ids: [ids['director:staff']] },
      en,
    ),
  );
  expect((await api('eng').post(`/ticket/${followed.id}/submit`, {}, en)).body.message).toBe('Only the requester or a ticket manager may submit this ticket');

  // The head's own ticket naming himself then the director: his level is left out, the director approves.
  const own = ok(await api('head').post('/ticket', { title: 'Phiếu của trưởng phòng', approver_ids: [ids['head.kttc:staff'], ids['director:staff']] }, en));
  ok(await api('head').post(`/ticket/${own.id}/submit`, {}));
  expect((await api('head').post(`/ticket/${own.id}/approve`, {})).status).toBe(403);
  ok(await api('director').post(`/ticket/${own.id}/approve`, {}));
  expect(ok(await api('head').get(`/ticket/${own.id}`)).approval_status).toBe('APPROVED');
});

test('the performer from another department sees and works the ticket; colleagues not named do not; followers hear of every change (an edit, a move, a checklist item), the actor does not', async () => {
  // The HR manager raises a ticket for an office colleague, handed to the engineer (KTTC), the head following.
  const t = ok(
    await api('hr').post(
      '/ticket',
      { title: 'Hỗ trợ đo đạc văn phòng', requester_id: ids.NV020, performer_id: ids['engineer:staff'], follower_ids: [ids['head.kttc:staff']] },
      en,
    ),
  );
  expect(t.department_id).toBe(ids.HCNS);
  const hidden = ok(await api('hr').post('/ticket', { title: 'Phiếu riêng của văn phòng', requester_id: ids.NV020 }, en));
  expect(ok(await api('eng').get(`/ticket/${t.id}`)).title).toBe('Hỗ trợ đo đạc văn phòng');
  expect((await api('eng').get(`/ticket/${hidden.id}`)).status).toBe(404);
  const list = (await api('eng').get('/ticket?limit=200')).body.data.items.map((x: any) => x.id);
  expect(list).toContain(t.id);
  expect(list).not.toContain(hidden.id);
  // The follower (head, KTTC) sees it too, and is told that it moved — by the engineer, who is not told of his own move.
  ok(await change('eng', t.id, 'DOING', 'Bắt đầu đo'));
  const context = `ticket:${t.id}`;
  const heard = await eventually(async () => {
    const n = await unreadOf('head', context);
    expect(n.length).toBeGreaterThanOrEqual(2);
    return n;
  }, 15_000);
  expect(JSON.stringify(heard)).toContain('Bắt đầu đo');
  expect(ok(await api('head').get(`/ticket/${t.id}`)).id).toBe(t.id);
  // Every kind of change reaches the follower: an edit, a checklist item added and ticked.
  ok(await api('eng').put(`/ticket/${t.id}`, { description: 'Cần máy toàn đạc' }, en));
  const item = ok(await api('eng').post('/ticket-checklist', { ticket_id: t.id, name: 'Mượn máy toàn đạc' }, en));
  ok(await api('eng').put(`/ticket-checklist/${item.id}`, { done: true }, en));
  const told = await eventually(async () => {
    const n = await unreadOf('head', context);
    expect(n.length).toBeGreaterThanOrEqual(heard.length + 3);
    return JSON.stringify(n);
  }, 15_000);
  expect(told).toContain('Mượn máy toàn đạc (đã xong)');
  expect(told).toContain('đã thêm mục kiểm tra: Mượn máy toàn đạc');
  await new Promise((r) => setTimeout(r, 500));
  const mine = await unreadOf('eng', context);
  // The engineer heard of the ticket's creation (by the HR manager), not of his own move, edit or checklist.
  expect(mine.length).toBe(1);
  // The follower reads it but does not work it: the head manages his own department's tickets, and this one is the
  // office's, read only through being named.
  const edit = await api('head').put(`/ticket/${t.id}`, { title: 'Đổi bởi người theo dõi' }, en);
  expect([edit.status, edit.body.message]).toEqual([403, 'Only the requester, the performer or a ticket manager may change this ticket']);
  expect((await change('head', t.id, 'WAIT')).status).toBe(403);
});

test('past its deadline and still open, a ticket is flagged overdue and its people reminded once; a new deadline clears it', async () => {
  const t = ok(
    await api('hr').post(
      '/ticket',
      { title: 'Sửa khóa cửa kho', requester_id: ids['engineer:staff'], performer_id: ids['hr.manager:staff'], deadline: inDays(1) },
      en,
    ),
  );
  const done = ok(
    await api('hr').post(
      '/ticket',
      { title: 'Phiếu đã đóng không quá hạn', requester_id: ids['engineer:staff'], performer_id: ids['hr.manager:staff'], deadline: inDays(1) },
      en,
    ),
  );
  ok(await change('hr', done.id, 'DOING'));
  ok(await change('hr', done.id, 'DONE'));
  await s.services.admin!.pool.query(`UPDATE ticket SET deadline = now() - interval '1 hour' WHERE id = ANY($1::uuid[])`, [[t.id, done.id]]);
  await eventually(async () => expect(ok(await api('eng').get(`/ticket/${t.id}`)).overdue).toBe(true), 10_000);
  expect(ok(await api('eng').get(`/ticket/${done.id}`)).overdue).toBe(false);
  expect((await api('eng').get('/ticket?f_overdue=true&limit=200')).body.data.items.map((x: any) => x.id)).toContain(t.id);
  const reminders = await eventually(async () => {
    const n = (await unreadOf('eng', `ticket:${t.id}`)).filter((x) => JSON.stringify(x).includes('overdue'));
    expect(n.length).toBe(1);
    return n;
  }, 10_000);
  expect(reminders).toHaveLength(1);
  // Reminded once: later sweeps leave it.
  await new Promise((r) => setTimeout(r, 1000));
  expect((await unreadOf('eng', `ticket:${t.id}`)).filter((x) => JSON.stringify(x).includes('overdue'))).toHaveLength(1);
  expect(ok(await api('hr').put(`/ticket/${t.id}`, { deadline: inDays(2) })).overdue).toBe(false);
});

test("a day before its deadline a ticket's people are reminded once, however many sweeps run at once; a new deadline is reminded again", async () => {
  const t = ok(
    await api('hr').post(
      '/ticket',
      { title: 'Thay bóng đèn hành lang', requester_id: ids['engineer:staff'], performer_id: ids['hr.manager:staff'], deadline: inDays(3) },
      en,
    ),
  );
  const kit = s.services.admin!.kit!;
  const soon = async () => (await unreadOf('eng', `ticket:${t.id}`)).filter((x) => JSON.stringify(x).includes('due soon'));
  // Two days ahead: nothing yet.
  await Promise.all([sweepDeadline(kit, ticket, new Date()), sweepDeadline(kit, ticket, new Date())]);
  // Within a day of it: six sweeps at once, as six instances would, and again after — one reminder.
  await s.services.admin!.pool.query(`UPDATE ticket SET deadline = now() + interval '20 hours' WHERE id = $1`, [t.id]);
  const sent = await Promise.all(Array.from({ length: 6 }, () => sweepDeadline(kit, ticket, new Date())));
  await sweepDeadline(kit, ticket, new Date());
  expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  const first = await eventually(async () => {
    const n = await soon();
    expect(n.length).toBe(1);
    return n;
  }, 10_000);
  expect(JSON.stringify(first[0])).toContain('The deadline is');
  await new Promise((r) => setTimeout(r, 500));
  expect(await soon()).toHaveLength(1);
  // Moved to another day inside the window: a new due moment, reminded again, once.
  await s.services.admin!.pool.query(`UPDATE ticket SET deadline = now() + interval '10 hours' WHERE id = $1`, [t.id]);
  await Promise.all([sweepDeadline(kit, ticket, new Date()), sweepDeadline(kit, ticket, new Date())]);
  await eventually(async () => expect(await soon()).toHaveLength(2), 10_000);
});

test('the ticket as a Word document, with its checklist', async () => {
  const t = ok(await api('eng').post('/ticket', { title: 'Phiếu xuất Word', item_id: item }, en));
  // At the kit's path and at the spec's (/ticket-export-word).
  for (const path of [`/ticket/${t.id}/word`, `/ticket-export-word/${t.id}`]) {
    const r = await api('eng').raw('GET', path);
    expect([path, r.status]).toEqual([path, 200]);
    expect(r.headers.get('content-type')).toContain('officedocument.wordprocessingml');
    expect(r.buffer!.subarray(0, 2).toString('latin1')).toBe('PK');
  }
});
