import { Col, Empty, Tag } from '../app/antd';
import { Panel, Text } from '../app/light';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bookCar, bookRoom, companyDayOf, holiday, nextWorkingDay, pagePath, ticket, TICKET_STAGE_LABELS, type ListResult } from '@portal/contracts/src/frame';
import { api, formatDate, formatDateTime, useCan, useLang, useSession } from '@portal/ui-kit/src/frame';
import { ItemList } from './ItemList';

type Event = { id: string; start_time: string; end_time: string; name?: string; purpose?: string; room_id__title?: string; car_id__title?: string };
type Ticket = { id: string; code: string; title: string; stage: keyof typeof TICKET_STAGE_LABELS; deadline: string | null; overdue: boolean };

/** The holidays (YYYY-MM-DD) of the next three weeks, for users who may read them; none otherwise. */
function useHolidaysAhead(today: string) {
  const canHolidays = useCan('view', holiday.feature);
  const until = new Date(`${today}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + 21);
  const to = until.toISOString().slice(0, 10);
  const q = useQuery({
    queryKey: [holiday.path, 'ahead', today],
    enabled: canHolidays,
    queryFn: () => api<{ items: { from_date: string; to_date: string }[] }>('GET', `${holiday.path}/calendar`, { query: { from: today, to } }),
  });
  const days = new Set<string>();
  for (const h of q.data?.items ?? [])
    for (let d = new Date(`${h.from_date.slice(0, 10)}T00:00:00Z`); d <= new Date(`${h.to_date.slice(0, 10)}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
      days.add(d.toISOString().slice(0, 10));
  return { days, loading: canHolidays && q.isLoading };
}

/**
 * "My day" on the dashboard: the meetings and car trips the user booked for today and the next working day (the
 * company's holidays skipped where the user may read them), and the tickets
 * waiting for them to work (they are the performer, still open; the overdue ones flagged) — each opening its record.
 * Approvals waiting for them are the approvals inbox's. Shown to users who book or work tickets.
 */
export function MyDayCards() {
  const { t } = useTranslation('shell');
  const { label, lang } = useLang();
  const me = useSession((s) => s.staff);
  const canRooms = useCan('view', bookRoom.feature);
  const canCars = useCan('view', bookCar.feature);
  const canTickets = useCan('view', ticket.feature);
  const today = companyDayOf(new Date());
  const holidays = useHolidaysAhead(today);
  const next = nextWorkingDay(today, holidays.days);
  const mine = { from: today, to: next, f_orderer_id: me?.id ?? '' };
  const rooms = useQuery({
    queryKey: [bookRoom.path, 'my-day', today, next],
    enabled: canRooms && Boolean(me) && !holidays.loading,
    queryFn: () => api<{ items: Event[] }>('GET', `${bookRoom.path}/calendar`, { query: { ...mine, f_status: 'BOOKED,ENDED' } }),
  });
  const cars = useQuery({
    queryKey: [bookCar.path, 'my-day', today, next],
    enabled: canCars && Boolean(me) && !holidays.loading,
    queryFn: () => api<{ items: Event[] }>('GET', `${bookCar.path}/calendar`, { query: { ...mine, f_status: 'WAITING,IN_USE,DONE' } }),
  });
  const tickets = useQuery({
    queryKey: [ticket.path, 'mine-to-do'],
    enabled: canTickets && Boolean(me),
    queryFn: () =>
      api<ListResult<Ticket>>('GET', ticket.path, { query: { f_performer_id: me?.id ?? '', f_stage: 'OPEN,IN_PROGRESS', order: 'deadline asc', limit: 8 } }),
  });
  if (!me || (!canRooms && !canCars && !canTickets)) return null;
  const time = (v: string) => formatDateTime(v).slice(-5);
  const events = [
    ...(rooms.data?.items ?? []).map((e) => ({ ...e, what: e.name ?? '', where: e.room_id__title ?? '', link: `${pagePath(bookRoom)}/${e.id}` })),
    ...(cars.data?.items ?? []).map((e) => ({ ...e, what: e.purpose ?? '', where: e.car_id__title ?? '', link: `${pagePath(bookCar)}/${e.id}` })),
  ]
    .map((e) => ({ ...e, day: companyDayOf(new Date(e.start_time)) }))
    // A trip that began before today and goes on is today's.
    .map((e) => ({ ...e, day: [today, e.day].sort()[1]! }))
    .filter((e) => e.day <= next)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
  const days = [today, next].map((day) => ({ day, items: events.filter((e) => e.day === day) }));
  const dayName = (day: string) =>
    day === today
      ? t('today')
      : new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <>
      {(canRooms || canCars) && (
        <Col xs={24} lg={12}>
          <Panel title={t('myBookingsToday')} data-testid="my-bookings-today">
            {days.map(({ day, items }) => (
              <div key={day} data-testid={`my-day-${day === today ? 'today' : 'next'}`}>
                <Text strong>
                  {dayName(day)} · {formatDate(day)}
                </Text>
                <ItemList
                  loading={rooms.isLoading || cars.isLoading || holidays.loading}
                  items={items}
                  empty={
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(day === today ? 'nothingToday' : 'nothingNextDay')} style={{ margin: 8 }} />
                  }
                  itemKey={(e) => e.link}
                  render={(e) => (
                    <>
                      <Link to={e.link}>
                        {time(e.start_time)}–{time(e.end_time)} · {e.what}
                      </Link>{' '}
                      <Text type="secondary">{e.where}</Text>
                    </>
                  )}
                />
              </div>
            ))}
          </Panel>
        </Col>
      )}
      {canTickets && (
        <Col xs={24} lg={12}>
          <Panel title={t('myTickets')} extra={<Link to={`${pagePath(ticket)}?f_performer_id=${me.id}`}>{t('seeAll')}</Link>} data-testid="my-tickets">
            <ItemList
              loading={tickets.isLoading}
              items={tickets.data?.items ?? []}
              empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTickets')} />}
              itemKey={(x) => x.id}
              render={(x) => (
                <>
                  <Link to={`${pagePath(ticket)}/${x.id}`}>
                    {x.code} · {x.title}
                  </Link>
                  <span>
                    {x.overdue && <Tag color="red">{t('overdue')}</Tag>}
                    <Tag>{label(TICKET_STAGE_LABELS[x.stage])}</Tag>
                    {x.deadline && <Text type="secondary">{formatDateTime(x.deadline)}</Text>}
                  </span>
                </>
              )}
            />
          </Panel>
        </Col>
      )}
    </>
  );
}
