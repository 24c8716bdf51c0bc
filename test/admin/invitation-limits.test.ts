/**
 * Meeting invitations must not flood or phish colleagues. Attendees are only staff the organiser's
 * picker offers (their staff list or company directory, in their data scope), at most ATTENDEES_MAX; a change batch
 * (a new series, a series edit) mails each person once; mails sent on a user's behalf are counted per hour and per day
 * in the database and a write that would pass the setting's limit is refused with 429. Mail observed at a real SMTP
 * server.
 */
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { ATTENDEES_MAX } from '@portal/contracts';
import { freePort } from '../../scripts/lib/postgres';
import { EN, eventually, startTestStack, type TestStack } from '../support/stack';
import { companyTime as at, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);

interface Mail {
  to: string;
  subject: string;
  size: number;
}
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
let smtp: SMTPServer;
const mails: Mail[] = [];
const api = (who: DemoPerson) => s.api(tok[who]);
/** A message's subject, its encoded words decoded (base64 or Q). */
const subjectOf = (raw: string) =>
  (
    raw
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ')
      .match(/^subject:\s*(.*)$/im)?.[1] ?? ''
  ).replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_w, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
const about = (name: string) => mails.filter((m) => m.subject.includes(name));
const byPerson = (list: Mail[]) => list.reduce<Record<string, number>>((a, m) => ({ ...a, [m.to]: (a[m.to] ?? 0) + 1 }), {});

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const r of session.envelope.rcptTo) mails.push({ to: r.address, subject: subjectOf(raw), size: raw.length });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  s = await startTestStack({ demo: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '200' } });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = await api('admin').post('/administrator-area', { code: 'HQ-LIM', name: 'Trụ sở giới hạn thư', address: '3 Lê Duẩn' });
  for (const code of ['A', 'B']) {
    const r = await api('admin').post('/room', { code: `LIM-${code}`, name: `Phòng Giới hạn ${code}`, area_id: area.body.data.id, capacity: 40 });
    expect(r.status).toBe(200);
    ids[`room${code}`] = r.body.data.id;
  }
});
afterAll(async () => {
  await s?.close();
  if (smtp) await new Promise<void>((r) => smtp.close(() => r()));
});

const staff = (from: number, n: number) => Array.from({ length: n }, (_, i) => ids[`NV${String(from + i).padStart(3, '0')}`]!);

test("hole 6: attendees outside the picker or too many are refused (400 attendee_ids); a flood of invitations on one user's behalf stops at the limit (429), one mail per person per batch", async () => {
  const phish = 'URGENT: IT security - re-enter your password at http://portal-login.example/';
  const series = {
    name: phish,
    room_id: ids.roomA,
    start_time: at(3, '07:00'),
    end_time: at(3, '07:30'),
    save_to_calendar: true,
    repeat: 'DAILY',
    repeat_until: at(3 + 34, '12:00').slice(0, 10),
  };

  // The engineer's picker offers the company directory of their scope (Kỹ thuật - Thi công and its site team): a
  // colleague of Cơ điện (NV010) is not offered, so not accepted; nor is an id of nobody; nor a thousand people.
  const outside = await api('eng').post('/book-room/series', { ...series, attendee_ids: [ids.NV014, ids.NV010] });
  expect([outside.status, outside.body.errors?.[0]?.path]).toEqual([400, 'attendee_ids']);
  expect(outside.body.errors[0].message).toMatch(/Người tham dự/);
  const outsideEn = await api('eng').post('/book-room', { ...series, repeat: undefined, repeat_until: undefined, attendee_ids: [ids.NV010] }, EN);
  expect([outsideEn.status, outsideEn.body.errors?.[0]?.path]).toEqual([400, 'attendee_ids']);
  expect(outsideEn.body.errors[0].message).toMatch(/Attendees/);
  expect((await api('eng').post('/book-room', { ...series, repeat: undefined, repeat_until: undefined, attendee_ids: [randomUUID()] })).status).toBe(400);
  const crowd = await api('hr').post('/book-room', {
    ...series,
    repeat: undefined,
    repeat_until: undefined,
    attendee_ids: Array.from({ length: 1000 }, () => randomUUID()),
  });
  expect([crowd.status, crowd.body.errors?.[0]?.path]).toEqual([400, 'attendee_ids']);
  expect(
    (await api('hr').post('/book-room', { ...series, repeat: undefined, repeat_until: undefined, attendee_ids: staff(5, ATTENDEES_MAX + 1) })).status,
  ).toBe(400);
  // A colleague in scope is fine, and so is one of another department for whoever's directory holds them.
  const fine = await api('eng').post('/book-room', {
    ...series,
    name: 'Họp trong phạm vi',
    start_time: at(2, '07:00'),
    end_time: at(2, '07:30'),
    repeat: undefined,
    repeat_until: undefined,
    save_to_calendar: false,
    attendee_ids: [ids.NV014, ids.NV003],
  });
  expect(fine.status).toBe(200);
  expect(about(phish)).toEqual([]);

  // The company sets 40 mails an hour on a user's behalf (the administrator, in the settings).
  expect((await api('eng').put('/admin/mail-limit', { per_hour: 1000, per_day: 1000 })).status).toBe(403);
  const set = await api('admin').put('/admin/mail-limit', { per_hour: 40, per_day: 500 });
  expect([set.status, set.body.data]).toEqual([200, { per_hour: 40, per_day: 500 }]);

  // HR's manager (every staff member in their directory) books a daily series of 35 for 19 colleagues: one mail each,
  // every occurrence in it, and one for themselves (not counted: nobody is flooded by their own mail).
  const people = staff(5, 19);
  const made = await api('hr').post('/book-room/series', { ...series, attendee_ids: people });
  expect([made.status, made.body.data?.created]).toEqual([200, 35]);
  await eventually(async () => expect(about(phish)).toHaveLength(20), 30_000);
  const first = made.body.data.items[0].id as string;
  await new Promise((r) => setTimeout(r, 1500));
  expect(Object.values(byPerson(about(phish)))).toEqual(Array(20).fill(1));

  // Moved by a minute: one mail per person again (38 counted of 40 this hour).
  const moved = await api('hr').put('/book-room/series-update', { id: first, start_time: at(3, '07:01'), end_time: at(3, '07:31') });
  expect([moved.status, moved.body.data?.updated]).toEqual([200, 35]);
  await eventually(async () => expect(about(phish)).toHaveLength(40), 30_000);

  // Once more: 19 more would pass 40 — refused, nothing changed, nothing mailed; the message says why, in vi and en.
  const again = await api('hr').put('/book-room/series-update', { id: first, start_time: at(3, '07:02'), end_time: at(3, '07:32') });
  expect(again.status).toBe(429);
  expect(again.body.message).toMatch(/40 thư mỗi giờ/);
  const againEn = await api('hr').put('/book-room/series-update', { id: first, start_time: at(3, '07:02'), end_time: at(3, '07:32') }, EN);
  expect([againEn.status, againEn.body.message]).toEqual([429, expect.stringMatching(/40 mails an hour/)]);
  expect((await api('hr').get(`/book-room/${first}`)).body.data.start_time).toBe(at(3, '07:01'));
  // A booking without invitations, and cancelling, are never held back by the limit.
  expect(
    (
      await api('hr').post('/book-room', {
        ...series,
        name: 'Không gửi thư',
        room_id: ids.roomB,
        repeat: undefined,
        repeat_until: undefined,
        save_to_calendar: false,
        attendee_ids: people,
      })
    ).status,
  ).toBe(200);
  expect((await api('hr').post('/book-room/series-cancel', { id: first })).status).toBe(200);
  await eventually(async () => expect(about(phish)).toHaveLength(60), 30_000);
  await new Promise((r) => setTimeout(r, 1500));
  expect(about(phish)).toHaveLength(60);
  // Counted in the database (every instance reads the same rows): 38 this hour for HR's manager.
  const {
    rows: [hrUser],
  } = await s.services.system!.pool.query(`SELECT id FROM app_user WHERE username = 'hr.manager'`);
  const { rows } = await s.services.admin!.pool.query(
    `SELECT count(*)::int AS n FROM mail_on_behalf WHERE user_id = $1 AND sent_at > now() - interval '1 hour'`,
    [hrUser.id],
  );
  expect(rows[0].n).toBe(38);
});

test('one mail per person per change batch, even when the occurrences of a series name different people', async () => {
  await api('admin').put('/admin/mail-limit', { per_hour: 1000, per_day: 1000 });
  const name = 'Weekly sync, varied attendees';
  const made = await api('head').post('/book-room/series', {
    name,
    room_id: ids.roomB,
    start_time: at(40, '08:00'),
    end_time: at(40, '09:00'),
    attendee_ids: [ids.NV014, ids.NV015],
    save_to_calendar: true,
    repeat: 'WEEKLY',
    repeat_until: at(40 + 14, '12:00').slice(0, 10),
  });
  expect(made.status).toBe(200);
  const items = made.body.data.items as { id: string }[];
  await eventually(async () => expect(about(name)).toHaveLength(3), 30_000);
  // NV015 taken off the second: they get its cancellation, the others its update.
  expect((await api('head').put(`/book-room/${items[1]!.id}`, { attendee_ids: [ids.NV014] })).status).toBe(200);
  await eventually(async () => expect(about(name)).toHaveLength(6), 30_000);
  const before = about(name).length;

  // The whole series moved by an hour in one edit: each of the three once, whatever occurrences they are in.
  expect((await api('head').put('/book-room/series-update', { id: items[0]!.id, start_time: at(40, '09:00'), end_time: at(40, '10:00') })).status).toBe(200);
  await eventually(async () => expect(about(name).length).toBeGreaterThanOrEqual(before + 3), 30_000);
  await new Promise((r) => setTimeout(r, 1500));
  expect(byPerson(about(name).slice(before))).toEqual({ 'head.kttc@portal.local': 1, 'nv014@portal.local': 1, 'nv015@portal.local': 1 });
});
