/**
 * "Save to calendar" of a meeting-room booking, on the demo company with a real SMTP server: a booking
 * saved with it mails its orderer and each attendee one invitation with the .ics attached (METHOD:REQUEST, the
 * booking's UID, SEQUENCE 0, the room and time, the attendees' addresses); without it nobody is mailed; a new time is
 * the same UID with the next SEQUENCE; a cancellation is METHOD:CANCEL; a new series is one mail with every occurrence,
 * and so is the rest of a series cancelled at once.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/lib/postgres';
import { eventually, startTestStack, type TestStack } from '../support/stack';
import { companyTime as at, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(120_000);

interface Mail {
  to: string;
  subject: string;
  raw: string;
  text: string;
  ics: string | null;
}
let s: TestStack;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
let smtp: SMTPServer;
const mails: Mail[] = [];
const api = (who: DemoPerson) => s.api(tok[who]);

/** A message's header value (unfolded) and its text/calendar part, decoded (base64 or quoted-printable). */
function header(raw: string, name: string): string {
  const m = raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .match(new RegExp(`^${name}:\\s*(.*)$`, 'im'));
  return m
    ? m[1]!.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_w, enc: string, text: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
      )
    : '';
}
function decodeQp(text: string): string {
  const bytes: number[] = [];
  const src = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
function part(raw: string, type: string): string | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!boundaries.length) return null;
  for (const piece of raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join('|')})(?:--)?\\r?\\n`))) {
    const [head, ...body] = piece.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${type.replace('/', '\\/')}`, 'i').test(head ?? '')) continue;
    const content = body.join('\r\n\r\n');
    const enc = (head!.match(/content-transfer-encoding:\s*(\S+)/i)?.[1] ?? '7bit').toLowerCase();
    return enc === 'base64' ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') : enc === 'quoted-printable' ? decodeQp(content) : content;
  }
  return null;
}
/** The unfolded lines of an .ics (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');
const about = (id: string) => mails.filter((m) => m.ics && unfold(m.ics).includes(`UID:${id}@portal`));
const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

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
        for (const r of session.envelope.rcptTo)
          mails.push({ to: r.address, subject: header(raw, 'subject'), raw, text: part(raw, 'text/plain') ?? '', ics: part(raw, 'text/calendar') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  s = await startTestStack({ demo: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '200' } });
  tok = await signInDemo(s);
  ids = await demoIds(s);
  const area = await api('admin').post('/administrator-area', { code: 'HQ-INV', name: 'Trụ sở mời họp', address: '2 Lê Duẩn' });
  expect(area.status).toBe(200);
  for (const code of ['A', 'B']) {
    const r = await api('admin').post('/room', { code: `INV-${code}`, name: `Phòng Mời ${code}`, area_id: area.body.data.id, capacity: 10 });
    expect(r.status).toBe(200);
    ids[`room${code}`] = r.body.data.id;
  }
});
afterAll(async () => {
  await s?.close();
  if (smtp) await new Promise<void>((r) => smtp.close(() => r()));
});

// The engineer's colleagues of Kỹ thuật - Thi công: the attendees their directory offers.
const PEOPLE = ['engineer@portal.local', 'nv014@portal.local', 'nv015@portal.local'];

test('saved to calendar: the orderer and each attendee get one invitation with a valid .ics naming the room and time; a new time is the next SEQUENCE; a cancellation is a CANCEL', async () => {
  const body = {
    name: 'Họp kế hoạch quý',
    room_id: ids.roomA,
    start_time: at(5, '09:00'),
    end_time: at(5, '10:30'),
    attendee_ids: [ids.NV014, ids.NV015],
    save_to_calendar: true,
  };
  const made = await api('eng').post('/book-room', body);
  expect(made.status).toBe(200);
  const id = made.body.data.id as string;

  const first = await eventually(async () => {
    const got = about(id);
    expect(got.map((m) => m.to).sort()).toEqual(PEOPLE);
    return got;
  }, 20_000);
  for (const m of first) {
    expect(m.subject).toBe('Mời họp: Họp kế hoạch quý / Meeting invitation: Họp kế hoạch quý');
    expect(m.raw).toMatch(/content-type:\s*text\/calendar;[^\r\n]*method=REQUEST/i);
    const ics = unfold(m.ics!);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\nVERSION:2\.0/);
    expect(ics).toMatch(/\r?\nEND:VCALENDAR\r?\n?$/);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('SUMMARY:Họp kế hoạch quý');
    expect(ics).toContain('LOCATION:Phòng Mời A');
    expect(ics).toContain(`DTSTART:${utc(body.start_time)}`);
    expect(ics).toContain(`DTEND:${utc(body.end_time)}`);
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toMatch(/ORGANIZER;CN="[^"]+":MAILTO:engineer@portal\.local/i);
    for (const a of ['nv014@portal.local', 'nv015@portal.local']) expect(ics).toMatch(new RegExp(`ATTENDEE;[^\\r\\n]*:mailto:${a.replace(/\./g, '\\.')}`, 'i'));
    // The text names the room and the time in company time, in Vietnamese then English.
    const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit' });
    expect(m.text).toContain('Phòng: Phòng Mời A');
    expect(m.text).toContain('Room: Phòng Mời A');
    expect(m.text).toContain(`${when.format(new Date(body.start_time))}–${when.format(new Date(body.end_time))}`);
  }

  // Without the flag: nobody is mailed (the next mails below are all about the first booking).
  const plain = (await api('eng').post('/book-room', { ...body, name: 'Họp không gửi lời mời', room_id: ids.roomB, save_to_calendar: false })).body.data;
  expect(plain.id).toBeDefined();

  // A new time: the same UID, SEQUENCE 1, to the same people; a change of the note alone tells nobody.
  expect((await api('eng').put(`/book-room/${id}`, { note: 'Mang theo báo cáo' })).status).toBe(200);
  const moved = await api('eng').put(`/book-room/${id}`, { start_time: at(6, '14:00'), end_time: at(6, '15:00') });
  expect(moved.status).toBe(200);
  const second = await eventually(async () => {
    const got = about(id).slice(3);
    expect(got.map((m) => m.to).sort()).toEqual(PEOPLE);
    return got;
  }, 20_000);
  for (const m of second) {
    expect(m.subject).toMatch(/^Thay đổi lịch họp: Họp kế hoạch quý \/ Meeting changed/);
    const ics = unfold(m.ics!);
    expect([ics.includes('METHOD:REQUEST'), ics.includes('SEQUENCE:1'), ics.includes(`DTSTART:${utc(at(6, '14:00'))}`)]).toEqual([true, true, true]);
  }

  // Cancelled: METHOD:CANCEL, SEQUENCE 2, STATUS:CANCELLED, to everyone told.
  expect((await api('eng').post(`/book-room/${id}/status`, { status: 'CANCELLED' })).status).toBe(200);
  const third = await eventually(async () => {
    const got = about(id).slice(6);
    expect(got.map((m) => m.to).sort()).toEqual(PEOPLE);
    return got;
  }, 20_000);
  for (const m of third) {
    expect(m.subject).toMatch(/^Hủy cuộc họp: Họp kế hoạch quý \/ Meeting cancelled/);
    expect(m.raw).toMatch(/content-type:\s*text\/calendar;[^\r\n]*method=CANCEL/i);
    const ics = unfold(m.ics!);
    expect([ics.includes('METHOD:CANCEL'), ics.includes('SEQUENCE:2'), ics.includes('STATUS:CANCELLED')]).toEqual([true, true, true]);
  }
  expect(about(plain.id)).toEqual([]);
  expect(about(id)).toHaveLength(9);

  // The download carries the same UID and the last SEQUENCE, and the addresses.
  const file = await api('eng').raw('GET', `/book-room/${id}/ics`);
  const text = unfold(file.buffer!.toString('utf8'));
  expect([text.includes(`UID:${id}@portal`), text.includes('SEQUENCE:2'), /mailto:nv014@portal\.local/i.test(text)]).toEqual([true, true, true]);
});

test('a weekly series saved to calendar is one mail per person with every occurrence; an attendee taken off one occurrence gets its cancellation', async () => {
  const body = {
    name: 'Giao ban tuần (lịch)',
    room_id: ids.roomB,
    start_time: at(9, '08:00'),
    end_time: at(9, '09:00'),
    attendee_ids: [ids.NV014],
    save_to_calendar: true,
    repeat: 'WEEKLY',
    repeat_until: at(9 + 7 * 3, '12:00').slice(0, 10),
  };
  const made = await api('eng').post('/book-room/series', body);
  expect(made.status).toBe(200);
  expect(made.body.data.created).toBe(4);
  const items = made.body.data.items as { id: string }[];
  const got = await eventually(async () => {
    const m = about(items[0]!.id);
    expect(m.map((x) => x.to).sort()).toEqual(['engineer@portal.local', 'nv014@portal.local']);
    return m;
  }, 20_000);
  for (const m of got) {
    const ics = unfold(m.ics!);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    for (const it of items) expect(ics).toContain(`UID:${it.id}@portal`);
  }
  // Let every occurrence's own event pass: still one mail per person.
  await new Promise((r) => setTimeout(r, 1500));
  expect(mails.filter((m) => m.subject.includes('Giao ban tuần (lịch)'))).toHaveLength(2);

  // NV014 taken off the second occurrence: they get its cancellation, the orderer the update.
  expect((await api('eng').put(`/book-room/${items[1]!.id}`, { attendee_ids: [] })).status).toBe(200);
  const after = await eventually(async () => {
    const m = about(items[1]!.id).slice(2);
    expect(m.map((x) => x.to).sort()).toEqual(['engineer@portal.local', 'nv014@portal.local']);
    return m;
  }, 20_000);
  expect(unfold(after.find((m) => m.to === 'nv014@portal.local')!.ics!)).toContain('METHOD:CANCEL');
  expect(unfold(after.find((m) => m.to === 'engineer@portal.local')!.ics!)).toMatch(/METHOD:REQUEST[\s\S]*SEQUENCE:1/);

  // The third and fourth cancelled at once: one CANCEL per person told, both occurrences in it.
  const cancelled = await api('eng').post('/book-room/series-cancel', { id: items[2]!.id });
  expect([cancelled.status, cancelled.body.data.cancelled]).toEqual([200, 2]);
  const gone = await eventually(async () => {
    const m = about(items[2]!.id).slice(2);
    expect(m.map((x) => x.to).sort()).toEqual(['engineer@portal.local', 'nv014@portal.local']);
    return m;
  }, 20_000);
  for (const m of gone) {
    const ics = unfold(m.ics!);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect([ics.includes(`UID:${items[3]!.id}@portal`), ics.includes(`UID:${items[1]!.id}@portal`)]).toEqual([true, false]);
  }
  await new Promise((r) => setTimeout(r, 1000));
  expect(about(items[3]!.id)).toHaveLength(4);
});
