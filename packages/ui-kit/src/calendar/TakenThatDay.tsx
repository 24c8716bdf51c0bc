import dayjs from 'dayjs';
import { Alert, Form, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companyDayOf, UUID_RE, type ResourceDef } from '@portal/contracts';
import { api } from '../api/client';
import type { Row } from '../api/hooks';

interface DayAnswer {
  items: Row[];
  busy?: Row[];
}

const hhmm = (v: unknown) => (typeof v === 'string' ? dayjs(v).format('HH:mm') : '');

/**
 * In the form of a booking (a resource whose calendar's location is the thing its `exclusive` holds: a room, a car),
 * what is already taken of the chosen room or car on the chosen day — the bookings the user may read by name, the
 * others as "Busy" with their times (the calendar's own answer, `GET <path>/calendar`) — so a slot does not look free
 * until the save is refused (issue 32 point 3). The record being edited is left out.
 */
export function TakenThatDay({ def, form, id }: { def: ResourceDef; form: FormInstance; id?: string }) {
  const { t } = useTranslation();
  const cal = def.calendar;
  const holds = Boolean(cal?.location && def.exclusive?.some((x) => x.over[0] === cal.location));
  const where = Form.useWatch(cal?.location ?? '__none', form) as string | undefined;
  const start = Form.useWatch(cal?.start ?? '__none', form) as string | undefined;
  const day = typeof start === 'string' && start ? companyDayOf(new Date(start)) : null;
  const ready = holds && typeof where === 'string' && UUID_RE.test(where) && Boolean(day);
  const taken = useQuery({
    queryKey: [def.path, 'calendar', 'day', where, day],
    queryFn: ({ signal }) => api<DayAnswer>('GET', `${def.path}/calendar`, { query: { from: day!, to: day!, [`f_${cal!.location}`]: where! }, signal }),
    enabled: ready,
  });
  if (!ready || !taken.data) return null;
  const slots = [
    ...taken.data.items.filter((r) => r.id !== id).map((r) => ({ from: r[cal!.start], to: r[cal!.end], what: String(r[def.titleField] ?? '') })),
    ...(taken.data.busy ?? []).map((r) => ({ from: r[cal!.start], to: r[cal!.end], what: t('calendarBusy') })),
  ].sort((a, b) => String(a.from).localeCompare(String(b.from)));
  return (
    <Alert
      type={slots.length ? 'warning' : 'success'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="taken-that-day"
      title={slots.length ? t('takenThatDay') : t('freeThatDay')}
      description={
        slots.length ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {slots.map((x) => (
              <li key={`${String(x.from)} ${String(x.to)} ${x.what}`}>
                {hhmm(x.from)}–{hhmm(x.to)} · {x.what}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
