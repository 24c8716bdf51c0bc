import type { FastifyInstance } from 'fastify';
import { createEvents, type EventAttributes } from 'ics';
import { bookRoom, type Lang, adminApi } from '@portal/contracts';
import { icsParam, icsText, requireCaller, type Row, type ServiceKit, serveRoute } from '@portal/service-kit';
import { staffContacts, type BookingPerson } from './people';

const parts = (d: Date) =>
  [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [number, number, number, number, number];

/** What a calendar file says to its reader: PUBLISH (a download), REQUEST (an invitation, new or changed), CANCEL. */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface BookingEventInput {
  row: Row;
  /** The room's name (the event's location). */
  room: string;
  orderer: Pick<BookingPerson, 'name' | 'email'> | null;
  attendees: Pick<BookingPerson, 'name' | 'email'>[];
  /** RFC 5545 SEQUENCE: 0 for the first invitation, one more for each change or the cancellation. */
  sequence: number;
  lang: Lang;
  cancelled?: boolean;
}

/** The stable UID of a booking's event: the same in every invitation, update and cancellation, and in the download. */
export const bookingUid = (id: unknown) => `${String(id)}@portal`;

/**
 * A booking as an iCalendar event (RFC 5545, through `ics`): its name, room, times, orderer (the organizer) and
 * attendees with their addresses; someone without an address is named in the description rather than as an attendee
 * (an ATTENDEE needs one). Every text a user wrote goes through the kit's iCalendar rules (text-out.ts): `ics` escapes
 * only `\r?\n`, and a bare CR in a name or note started properties of its own (ATTENDEE, URL) for a reader.
 */
export function bookingEvent(b: BookingEventInput): EventAttributes {
  const { row, lang } = b;
  const label = (k: 'orderer_id' | 'attendee_ids') => bookRoom.fields[k]!.label[lang];
  const unaddressed = b.attendees.filter((a) => !a.email).map((a) => a.name);
  return {
    uid: bookingUid(row.id),
    sequence: b.sequence,
    productId: 'portal',
    title: icsText(row.name),
    start: parts(new Date(String(row.start_time))),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: parts(new Date(String(row.end_time))),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: icsText(b.room),
    description: icsText(
      [
        b.orderer ? `${label('orderer_id')}: ${b.orderer.name}` : '',
        unaddressed.length ? `${label('attendee_ids')}: ${unaddressed.join(', ')}` : '',
        String(row.note ?? ''),
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    status: b.cancelled || row.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    ...(b.orderer?.email ? { organizer: { name: icsParam(b.orderer.name), email: icsParam(b.orderer.email) } } : {}),
    attendees: b.attendees
      .filter((a) => a.email)
      .map((a) => ({ name: icsParam(a.name), email: icsParam(a.email), rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' })),
  };
}

/** One calendar file of these events, with its METHOD. */
export function calendarFile(events: EventAttributes[], method: IcsMethod): string {
  const { error, value } = createEvents(events, { productId: 'portal', method });
  if (error || !value) throw error ?? new Error('ics: no event');
  return value;
}

/**
 * "Save to calendar" (spec §3): `GET /book-room/:id/ics`, the booking as a calendar file any calendar (Outlook, Google,
 * Apple) opens, read in the caller's scope like the record — with the UID and SEQUENCE of the invitations mailed about
 * it (invitation.ts), so it updates the same event. Addresses come from HR; without HR the names are the record's.
 */
export function icsRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repo(bookRoom);
  serveRoute<{ Params: { id: string } }>(app, adminApi.bookingIcs, async (req, reply) => {
    const ctx = requireCaller(req);
    const row = await repo.get(req.params.id, ctx);
    const r = row as Record<string, unknown>;
    const ids = (row.attendee_ids as string[] | null) ?? [];
    const names = (r.attendee_ids__titles as string[] | undefined) ?? [];
    const people = await staffContacts(kit, [row.orderer_id, ...ids]).catch(() => new Map<string, BookingPerson>());
    const person = (id: unknown, name: unknown) => people.get(String(id).toLowerCase()) ?? { name: String(name ?? ''), email: null };
    const { rows } = await kit.pool.query<{ sequence: number }>('SELECT sequence FROM book_room_invitation WHERE booking_id = $1', [row.id]);
    const event = bookingEvent({
      row,
      lang: ctx.lang,
      room: String(r.room_id__title ?? ''),
      sequence: Math.max(0, rows[0]?.sequence ?? 0),
      orderer: row.orderer_id ? person(row.orderer_id, r.orderer_id__title) : null,
      attendees: ids.map((id, i) => person(id, names[i])),
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="booking-${row.id}.ics"`)
      .send(calendarFile([event], 'PUBLISH'));
  });
}
