import { bookRoom, isUuid, MAIL_REQUEST_LIMITS, mailRequestedSubject, PORTAL_TIME_ZONE, type Lang, type MailRequested } from '@portal/contracts';
import { consume, enqueue, t, type Row, type ServiceKit, type Tx } from '@portal/service-kit';
import { bookingEvent, calendarFile, type IcsMethod } from './ics';
import { staffContacts, type BookingPerson } from './people';

const PREFIX = `portal.admin.${bookRoom.name}.`;
const VERBS = new Set(['created', 'updated', 'status', 'deleted']);

interface Told extends Row {
  room_name: string | null; sequence: number; told_room: string | null; told_start: Date | null; told_end: Date | null; told_staff: string[]; told_cancelled: boolean;
}
/** One mail to send: these bookings (one, or a new series' occurrences), to these staff, with this METHOD and SEQUENCE each. */
interface Telling { method: Exclude<IcsMethod, 'PUBLISH'>; changed: boolean; staff: string[]; items: { row: Told; sequence: number }[] }

const lower = (ids: readonly unknown[]) => [...new Set(ids.filter(isUuid).map((x) => x.toLowerCase()))];
const peopleOf = (row: Row) => lower([row.orderer_id, ...((row.attendee_ids as string[] | null) ?? [])]);
const sameTime = (a: unknown, b: unknown) => a !== null && b !== null && new Date(String(a)).getTime() === new Date(String(b)).getTime();

/**
 * "Save to calendar" (spec §3; issue 15 §1): a booking saved with `save_to_calendar` is mailed, as an .ics invitation
 * (METHOD:REQUEST), to its orderer and attendees at their company addresses (HR); told again, with the next SEQUENCE
 * of the same UID, when its room, times or people change (someone taken off gets the cancellation); a cancelled or
 * deleted booking that was told is cancelled (METHOD:CANCEL). A new series is one mail with all its occurrences, and
 * so is the rest of a series edited or cancelled at once (each occurrence its own UID).
 *
 * Read from the booking's own events by one durable consumer (idempotent: a redelivered event tells nobody twice), so
 * a write never waits on HR nor on mail; what was last told is kept in `book_room_invitation`, locked while an event is
 * handled, so each change is told once whatever the order or number of events. The mail itself is a
 * `mail.requested` event in this service's outbox, which the notifications service queues and sends (retried): an
 * HR or broker outage delays it, never loses it.
 */
export async function bookingInvitations(kit: ServiceKit) {
  await consume(kit.bus, kit.pool, `admin.${bookRoom.name}.invitations`, `${PREFIX}>`, async (event, tx) => {
    const verb = event.subject.slice(PREFIX.length);
    const id = (event.data as { id?: unknown } | null)?.id;
    if (!VERBS.has(verb) || !isUuid(id)) return;
    await tellAbout(kit, tx, id);
  });
}

async function tellAbout(kit: ServiceKit, tx: Tx, id: string) {
  const { rows: [b] } = await tx.query<{ series_id: string | null }>('SELECT series_id FROM book_room WHERE id = $1', [id]);
  if (!b) return;
  // An occurrence of a series: every occurrence of it not told as it now is, in one mail — a new series, or the rest of
  // one edited or cancelled at once, is told by the first of its events; the others find nothing left to tell.
  const [where, key] = b.series_id ? ['b.series_id = $1', b.series_id] : ['b.id = $1', id];
  await tx.query(`INSERT INTO book_room_invitation (booking_id) SELECT id FROM book_room b WHERE ${where} AND b.save_to_calendar ON CONFLICT DO NOTHING`, [key]);
  const { rows } = await tx.query<Told>(
    `SELECT b.*, r.name AS room_name, i.sequence, i.room_id AS told_room, i.start_time AS told_start, i.end_time AS told_end,
            i.staff_ids AS told_staff, i.cancelled AS told_cancelled
       FROM book_room_invitation i JOIN book_room b ON b.id = i.booking_id LEFT JOIN room r ON r.id = b.room_id
      WHERE ${where} ORDER BY b.start_time FOR UPDATE OF i`, [key]);
  const tellings: Telling[] = [];
  const add = (method: Telling['method'], changed: boolean, staff: string[], row: Told, sequence: number) => {
    if (!staff.length) return;
    const k = [...staff].sort().join();
    const same = tellings.find((x) => x.method === method && x.changed === changed && [...x.staff].sort().join() === k);
    if (same) same.items.push({ row, sequence });
    else tellings.push({ method, changed, staff, items: [{ row, sequence }] });
  };
  const writes: { row: Told; sequence: number; staff: string[]; cancelled: boolean }[] = [];
  for (const row of rows) {
    const told = row.sequence >= 0 && !row.told_cancelled;
    const toldStaff = lower(row.told_staff ?? []);
    if (row.state === 'ACTIVE' && row.status === 'BOOKED' && row.save_to_calendar) {
      const staff = peopleOf(row);
      const same = told && row.told_room === row.room_id && sameTime(row.told_start, row.start_time) && sameTime(row.told_end, row.end_time)
        && staff.length === toldStaff.length && staff.every((s) => toldStaff.includes(s));
      if (same) continue;
      const sequence = row.sequence + 1;
      add('REQUEST', told, staff, row, sequence);
      if (told) add('CANCEL', false, toldStaff.filter((s) => !staff.includes(s)), row, sequence);
      writes.push({ row, sequence, staff, cancelled: false });
    } else if (told && (row.status === 'CANCELLED' || row.state === 'INACTIVE')) {
      add('CANCEL', false, toldStaff, row, row.sequence + 1);
      writes.push({ row, sequence: row.sequence + 1, staff: toldStaff, cancelled: true });
    }
  }
  if (!writes.length) return;
  // Names and addresses of everyone named (HR unreachable: the event comes again later).
  const people = await staffContacts(kit, [...rows.flatMap((r) => [...peopleOf(r), ...(r.told_staff ?? [])])]);
  for (const telling of tellings) {
    const mail = mailOf(telling, people);
    // Nobody with an address: nothing to send (the .ics download still names them).
    for (let i = 0; i < mail.to.length; i += MAIL_REQUEST_LIMITS.to) await enqueue(tx, mailRequestedSubject(kit.domain), { ...mail, to: mail.to.slice(i, i + MAIL_REQUEST_LIMITS.to) });
  }
  for (const w of writes) {
    await tx.query(
      `UPDATE book_room_invitation SET sequence = $2, room_id = $3, start_time = $4, end_time = $5, staff_ids = $6::uuid[], cancelled = $7, sent_at = now()
        WHERE booking_id = $1`, [w.row.id, w.sequence, w.row.room_id, w.row.start_time, w.row.end_time, w.staff, w.cancelled]);
  }
}

const when = (row: Row, lang: Lang) => {
  const day = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { timeZone: PORTAL_TIME_ZONE, weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' });
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: PORTAL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const [s, e] = [new Date(String(row.start_time)), new Date(String(row.end_time))];
  return `${day.format(s)} ${hour.format(s)}–${hour.format(e)}`;
};

/** The mail of one telling: the subject and text in Vietnamese then English, the .ics attached (its texts Vietnamese, the company's language). */
function mailOf(telling: Telling, people: Map<string, BookingPerson>): MailRequested {
  const person = (id: unknown) => people.get(String(id).toLowerCase()) ?? { name: '', email: null };
  const events = telling.items.map(({ row, sequence }) => bookingEvent({
    row, sequence, lang: 'vi', room: row.room_name ?? '', cancelled: telling.method === 'CANCEL',
    orderer: row.orderer_id ? person(row.orderer_id) : null, attendees: ((row.attendee_ids as string[] | null) ?? []).map(person),
  }));
  const first = telling.items[0]!.row;
  const subjectKey = telling.method === 'CANCEL' ? 'booking_invite_cancelled' : telling.changed ? 'booking_invite_changed' : 'booking_invite_new';
  const text = (lang: Lang) => t(lang, telling.method === 'CANCEL' ? 'booking_invite_cancel_body' : 'booking_invite_body', {
    name: String(first.name), room: first.room_name ?? '', orderer: person(first.orderer_id).name,
    when: telling.items.map(({ row }) => `- ${when(row, lang)}`).join('\n'),
  });
  const [vi, en] = [t('vi', subjectKey, { name: String(first.name) }), t('en', subjectKey, { name: String(first.name) })];
  const to = [...new Set(telling.staff.map((s) => person(s).email).filter((x): x is string => Boolean(x)))];
  return {
    to, subject: `${vi} / ${en}`, text: `${text('vi')}\n\n---\n\n${text('en')}`,
    attachments: [{ filename: 'invite.ics', content: calendarFile(events, telling.method), content_type: `text/calendar; charset=utf-8; method=${telling.method}` }],
  };
}
