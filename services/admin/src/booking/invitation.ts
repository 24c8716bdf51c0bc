import { bookRoom, isUuid, MAIL_REQUEST_LIMITS, mailRequestedSubject, PORTAL_TIME_ZONE, type Lang, type MailRequested } from '@portal/contracts';
import { consume, enqueue, t, type Row, type ServiceKit, type Tx } from '@portal/service-kit';
import { bookingEvent, calendarFile } from './ics';
import { staffContacts, type BookingPerson } from './people';

const PREFIX = `portal.admin.${bookRoom.name}.`;
const VERBS = new Set(['created', 'updated', 'status', 'deleted']);

interface Told extends Row {
  room_name: string | null;
  sequence: number;
  told_room: string | null;
  told_start: Date | null;
  told_end: Date | null;
  told_staff: string[];
  told_cancelled: boolean;
}
type Item = { row: Told; sequence: number };
/**
 * One mail to send, to these staff: the bookings of the batch they are invited to (one .ics, METHOD:REQUEST) and those
 * they are taken off or that are cancelled (another, METHOD:CANCEL), each with its SEQUENCE.
 */
interface Telling {
  changed: boolean;
  staff: string[];
  requests: Item[];
  cancels: Item[];
}

const lower = (ids: readonly unknown[]) => [...new Set(ids.filter(isUuid).map((x) => x.toLowerCase()))];
const peopleOf = (row: Row) => lower([row.orderer_id, ...((row.attendee_ids as string[] | null) ?? [])]);
const sameTime = (a: unknown, b: unknown) => a !== null && b !== null && new Date(String(a)).getTime() === new Date(String(b)).getTime();
/** What was last told about a booking (book_room_invitation), or nothing. */
interface ToldState {
  sequence: number;
  room_id: string | null;
  start_time: unknown;
  end_time: unknown;
  staff_ids: string[] | null;
  cancelled: boolean;
}
/** Whether a booking as it now is was told so: same room, times and people. */
const toldAsIs = (row: Row, told: ToldState | undefined, staff: string[]) => {
  if (!told || told.sequence < 0 || told.cancelled) return false;
  const before = lower(told.staff_ids ?? []);
  return (
    told.room_id === row.room_id &&
    sameTime(told.start_time, row.start_time) &&
    sameTime(told.end_time, row.end_time) &&
    staff.length === before.length &&
    staff.every((x) => before.includes(x))
  );
};

/**
 * The staff an invitation about this booking, as written in `tx`, will go to (its orderer and attendees), or none when
 * nothing is to be told (not saved to calendar, not booked, or told as it is). The write counts them against the
 * caller's mail limit (attendees.ts) before it commits; the consumer below sends them.
 */
export async function invitees(tx: Tx, row: Row): Promise<string[]> {
  if (row.state !== 'ACTIVE' || row.status !== 'BOOKED' || !row.save_to_calendar) return [];
  const {
    rows: [told],
  } = await tx.query<ToldState>('SELECT sequence, room_id, start_time, end_time, staff_ids, cancelled FROM book_room_invitation WHERE booking_id = $1', [
    row.id,
  ]);
  const staff = peopleOf(row);
  return toldAsIs(row, told, staff) ? [] : staff;
}

/**
 * "Save to calendar" (spec §3): a booking saved with `save_to_calendar` is mailed, as an .ics invitation
 * (METHOD:REQUEST), to its orderer and attendees at their company addresses (HR); told again, with the next SEQUENCE
 * of the same UID, when its room, times or people change (someone taken off gets the cancellation); a cancelled or
 * deleted booking that was told is cancelled (METHOD:CANCEL). Each person gets one mail per change batch: a
 * new series, or the rest of one edited or cancelled at once, is one mail with all the occurrences they are in
 * (each occurrence its own UID; those they were taken off in a second .ics, a CANCEL). Its recipients were counted
 * against the writer's mail limit when the write was made (attendees.ts, service-kit mail-limit.ts).
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
  const {
    rows: [b],
  } = await tx.query<{ series_id: string | null }>('SELECT series_id FROM book_room WHERE id = $1', [id]);
  if (!b) return;
  // An occurrence of a series: every occurrence of it not told as it now is, in one mail — a new series, or the rest of
  // one edited or cancelled at once, is told by the first of its events; the others find nothing left to tell.
  const [where, key] = b.series_id ? ['b.series_id = $1', b.series_id] : ['b.id = $1', id];
  await tx.query(`INSERT INTO book_room_invitation (booking_id) SELECT id FROM book_room b WHERE ${where} AND b.save_to_calendar ON CONFLICT DO NOTHING`, [
    key,
  ]);
  const { rows } = await tx.query<Told>(
    `SELECT b.*, r.name AS room_name, i.sequence, i.room_id AS told_room, i.start_time AS told_start, i.end_time AS told_end,
            i.staff_ids AS told_staff, i.cancelled AS told_cancelled
       FROM book_room_invitation i JOIN book_room b ON b.id = i.booking_id LEFT JOIN room r ON r.id = b.room_id
      WHERE ${where} ORDER BY b.start_time FOR UPDATE OF i`,
    [key],
  );
  // What each person is told in this batch: one mail each, however many occurrences name them and in whatever mix.
  const perPerson = new Map<string, { changed: boolean; requests: Item[]; cancels: Item[] }>();
  const add = (method: 'REQUEST' | 'CANCEL', changed: boolean, staff: string[], row: Told, sequence: number) => {
    for (const who of staff) {
      const p = perPerson.get(who) ?? { changed: false, requests: [], cancels: [] };
      (method === 'REQUEST' ? p.requests : p.cancels).push({ row, sequence });
      p.changed ||= changed;
      perPerson.set(who, p);
    }
  };
  const writes: { row: Told; sequence: number; staff: string[]; cancelled: boolean }[] = [];
  for (const row of rows) {
    const told = row.sequence >= 0 && !row.told_cancelled;
    const toldStaff = lower(row.told_staff ?? []);
    if (row.state === 'ACTIVE' && row.status === 'BOOKED' && row.save_to_calendar) {
      const staff = peopleOf(row);
      if (
        toldAsIs(
          row,
          {
            sequence: row.sequence,
            room_id: row.told_room,
            start_time: row.told_start,
            end_time: row.told_end,
            staff_ids: row.told_staff,
            cancelled: row.told_cancelled,
          },
          staff,
        )
      )
        continue;
      const sequence = row.sequence + 1;
      add('REQUEST', told, staff, row, sequence);
      if (told)
        add(
          'CANCEL',
          false,
          toldStaff.filter((s) => !staff.includes(s)),
          row,
          sequence,
        );
      writes.push({ row, sequence, staff, cancelled: false });
    } else if (told && (row.status === 'CANCELLED' || row.state === 'INACTIVE')) {
      add('CANCEL', false, toldStaff, row, row.sequence + 1);
      writes.push({ row, sequence: row.sequence + 1, staff: toldStaff, cancelled: true });
    }
  }
  if (!writes.length) return;
  // Names and addresses of everyone named (HR unreachable: the event comes again later).
  const people = await staffContacts(kit, [...rows.flatMap((r) => [...peopleOf(r), ...(r.told_staff ?? [])])]);
  // People told the same things share one mail request (the notifications service queues one mail per address).
  const tellings = new Map<string, Telling>();
  for (const [who, p] of perPerson) {
    const key = `${p.changed}|${p.requests.map((i) => i.row.id).join()}|${p.cancels.map((i) => i.row.id).join()}`;
    const same = tellings.get(key);
    if (same) same.staff.push(who);
    else tellings.set(key, { ...p, staff: [who] });
  }
  for (const telling of tellings.values()) {
    const mail = mailOf(telling, people);
    // Nobody with an address: nothing to send (the .ics download still names them).
    for (let i = 0; i < mail.to.length; i += MAIL_REQUEST_LIMITS.to)
      await enqueue(tx, mailRequestedSubject(kit.domain), { ...mail, to: mail.to.slice(i, i + MAIL_REQUEST_LIMITS.to) });
  }
  for (const w of writes) {
    await tx.query(
      `UPDATE book_room_invitation SET sequence = $2, room_id = $3, start_time = $4, end_time = $5, staff_ids = $6::uuid[], cancelled = $7, sent_at = now()
        WHERE booking_id = $1`,
      [w.row.id, w.sequence, w.row.room_id, w.row.start_time, w.row.end_time, w.staff, w.cancelled],
    );
  }
}

const when = (row: Row, lang: Lang) => {
  const day = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: PORTAL_TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: PORTAL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const [s, e] = [new Date(String(row.start_time)), new Date(String(row.end_time))];
  return `${day.format(s)} ${hour.format(s)}–${hour.format(e)}`;
};

/**
 * The mail of one telling: the subject and text in Vietnamese then English; attached, the invitations as one .ics
 * (METHOD:REQUEST) and the cancellations as another (METHOD:CANCEL), their texts Vietnamese (the company's language).
 * A calendar too large for one attachment (a long series of a large meeting) is split over several, never dropped.
 */
function mailOf(telling: Telling, people: Map<string, BookingPerson>): MailRequested {
  const person = (id: unknown) => people.get(String(id).toLowerCase()) ?? { name: '', email: null };
  const files = (items: Item[], method: 'REQUEST' | 'CANCEL') => {
    if (!items.length) return [];
    const events = items.map(({ row, sequence }) =>
      bookingEvent({
        row,
        sequence,
        lang: 'vi',
        room: row.room_name ?? '',
        cancelled: method === 'CANCEL',
        orderer: row.orderer_id ? person(row.orderer_id) : null,
        attendees: ((row.attendee_ids as string[] | null) ?? []).map(person),
      }),
    );
    const name = method === 'CANCEL' ? 'cancel' : 'invite';
    const parts: string[] = [];
    const split = (list: typeof events) => {
      const file = calendarFile(list, method);
      if (file.length <= MAIL_REQUEST_LIMITS.attachmentChars || list.length === 1) parts.push(file);
      else {
        split(list.slice(0, Math.ceil(list.length / 2)));
        split(list.slice(Math.ceil(list.length / 2)));
      }
    };
    split(events);
    return parts.map((content, i) => ({
      filename: `${name}${parts.length > 1 ? `-${i + 1}` : ''}.ics`,
      content,
      content_type: `text/calendar; charset=utf-8; method=${method}`,
    }));
  };
  const first = (telling.requests[0] ?? telling.cancels[0])!.row;
  const subjectKey = !telling.requests.length ? 'booking_invite_cancelled' : telling.changed ? 'booking_invite_changed' : 'booking_invite_new';
  const text = (lang: Lang) =>
    [
      telling.requests.length
        ? t(lang, 'booking_invite_body', {
            name: String(first.name),
            room: first.room_name ?? '',
            orderer: person(first.orderer_id).name,
            when: telling.requests.map(({ row }) => `- ${when(row, lang)}`).join('\n'),
          })
        : '',
      telling.cancels.length
        ? t(lang, 'booking_invite_cancel_body', {
            name: String(first.name),
            room: first.room_name ?? '',
            orderer: person(first.orderer_id).name,
            when: telling.cancels.map(({ row }) => `- ${when(row, lang)}`).join('\n'),
          })
        : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  const [vi, en] = [t('vi', subjectKey, { name: String(first.name) }), t('en', subjectKey, { name: String(first.name) })];
  const to = [...new Set(telling.staff.map((s) => person(s).email).filter((x): x is string => Boolean(x)))];
  return {
    to,
    subject: `${vi} / ${en}`,
    text: `${text('vi')}\n\n---\n\n${text('en')}`,
    attachments: [...files(telling.requests, 'REQUEST'), ...files(telling.cancels, 'CANCEL')].slice(0, MAIL_REQUEST_LIMITS.attachments),
  };
}
