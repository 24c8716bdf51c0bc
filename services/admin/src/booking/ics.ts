import type { FastifyInstance } from 'fastify';
import { createEvent } from 'ics';
import { bookRoom } from '@portal/contracts';
import { requireCaller, type ServiceKit } from '@portal/service-kit';

const parts = (d: Date) => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [number, number, number, number, number];

/**
 * "Save to calendar" (spec §3): the booking as an iCalendar event (RFC 5545, through `ics`) — its name, room, times,
 * orderer and attendees — that any calendar (Outlook, Google, Apple) opens; read in the caller's scope like the record.
 */
export function icsRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repos.get(bookRoom.name)!;
  app.get<{ Params: { id: string } }>('/api/v1/book-room/:id/ics', async (req, reply) => {
    const ctx = requireCaller(req);
    const row = await repo.get(req.params.id, ctx);
    const r = row as Record<string, unknown>;
    const { error, value } = createEvent({
      uid: `${row.id}@portal`,
      title: String(row.name),
      start: parts(new Date(String(row.start_time))), startInputType: 'utc', startOutputType: 'utc',
      end: parts(new Date(String(row.end_time))), endInputType: 'utc', endOutputType: 'utc',
      location: String(r.room_id__title ?? ''),
      description: [r.orderer_id__title ? `${bookRoom.fields.orderer_id!.label[ctx.lang]}: ${String(r.orderer_id__title)}` : '', String(row.note ?? '')].filter(Boolean).join('\n'),
      status: row.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
      attendees: ((r.attendee_ids__titles as string[] | undefined) ?? []).map((name) => ({ name, rsvp: true })),
    });
    if (error || !value) throw error ?? new Error('ics: no event');
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="booking-${row.id}.ics"`).send(value);
  });
}
