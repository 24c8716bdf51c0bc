import { useMemo, useState, type CSSProperties } from 'react';
import { Alert, App, Button, Card, Result, Select, Skeleton, Space, Spin, Tag, Typography, theme } from 'antd';
import { CalendarOutlined, PrinterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, APPROVAL_LOCKING, featureFor, resourceByName, UUID_RE, type Label, type ResourceDef } from '@portal/contracts';
import { api, ApiError } from '../api/client';
import { useSave, type Row } from '../api/hooks';
import { useCan } from '../auth/ability';
import { useLang } from '../i18n';
import { usePhone } from '../layout/usePhone';
import { RefSelect } from '../resource/RefSelect';
import { titleOf } from '../resource/fields';
import { STATUS_COLORS } from '../approval/ApprovalPanel';
import { useLibrary, type LibraryLoader } from '../lazy/library';
import type { EventInput } from './fullcalendar';
import { PrintSchedule, type PrintedEvent } from './PrintSchedule';

export type CalendarLibrary = typeof import('./fullcalendar');
/** `() => import('@portal/ui-kit/src/calendar/fullcalendar')`, in the remote's own code (lazy/library.ts). */
export type CalendarLoader = LibraryLoader<CalendarLibrary>;

export interface ResourceCalendarProps {
  def: ResourceDef;
  library: CalendarLoader;
  /** Where a record opens (`<basePath>/<id>`) and a new one is added (`<basePath>/new`). */
  basePath: string;
  /** Resources drawn behind the days, by their own calendar declaration (the holidays behind the leave). */
  background?: ResourceDef[];
  /** The page's title (default "Calendar: <the resource's label>"). */
  title?: Label;
}

interface CalendarAnswer {
  items: Row[];
  /** Slots held by bookings the caller may not read: only their times and room or car (service-kit resource/busy.ts). */
  busy?: Row[];
  truncated: boolean;
}
type Range = { from: string; to: string };

/** FullCalendar's colours from the portal's theme (light or dark), and its texts at the portal's sizes. */
const calendarTheme = (token: ReturnType<typeof theme.useToken>['token'], phone: boolean) =>
  ({
    '--fc-page-bg-color': token.colorBgContainer,
    '--fc-neutral-bg-color': token.colorFillQuaternary,
    '--fc-neutral-text-color': token.colorTextSecondary,
    '--fc-border-color': token.colorBorderSecondary,
    '--fc-today-bg-color': token.colorWarningBg,
    '--fc-highlight-color': token.controlItemBgActive,
    '--fc-list-event-hover-bg-color': token.controlItemBgHover,
    '--fc-bg-event-opacity': '1',
    '--fc-button-bg-color': token.colorBgContainer,
    '--fc-button-border-color': token.colorBorder,
    '--fc-button-text-color': token.colorText,
    '--fc-button-hover-bg-color': token.colorFillSecondary,
    '--fc-button-hover-border-color': token.colorPrimaryHover,
    '--fc-button-active-bg-color': token.colorPrimary,
    '--fc-button-active-border-color': token.colorPrimary,
    '--portal-calendar-title': phone ? '1.1em' : '1.4em',
    '--portal-busy-a': token.colorFillSecondary,
    '--portal-busy-b': token.colorFillQuaternary,
    '--portal-busy-text': token.colorTextSecondary,
    color: token.colorText,
    fontSize: token.fontSize,
  }) as CSSProperties;
const CALENDAR_CSS = `.portal-calendar .fc a { color: inherit; text-decoration: none; }
.portal-calendar .fc .fc-toolbar-title { font-size: var(--portal-calendar-title); font-weight: 600; text-transform: capitalize; }
.portal-calendar .fc .fc-button-primary:not(:disabled).fc-button-active { color: #fff; }
.portal-calendar .fc .fc-button { font-size: 0.95em; padding: 0.3em 0.7em; }
.portal-calendar .fc .fc-header-toolbar { flex-wrap: wrap; gap: 8px; }
.portal-calendar .fc .portal-busy { background: repeating-linear-gradient(135deg, var(--portal-busy-a) 0 6px, var(--portal-busy-b) 6px 12px); cursor: not-allowed; }
.portal-calendar .fc .portal-busy .fc-event-main, .portal-calendar .fc .portal-busy .fc-event-time, .portal-calendar .fc .portal-busy .fc-event-title { color: var(--portal-busy-text); }
.portal-calendar .fc-daygrid-block-event .fc-event-main-frame { flex-wrap: wrap; }
.portal-calendar .fc-daygrid-block-event .fc-event-time { overflow: visible; white-space: nowrap; }
.portal-calendar .fc-daygrid-block-event .fc-event-title { white-space: normal; }
.portal-print-schedule { display: none; }
@media print {
  .portal-print-schedule { display: block; }
  html body, .portal-calendar-page.ant-card, .portal-calendar-page .ant-card-head { background: #fff !important; color: #000 !important; border-color: #d9d9d9 !important; }
  .portal-calendar-page .ant-typography { color: #000 !important; }
  .portal-calendar-page .ant-card-head { min-height: 0; padding: 0; }
}`;

/** The rows of each background calendar (useQueries' combine: the same array while their data is unchanged). */
const itemsOf = (results: { data?: CalendarAnswer }[]) => results.map((r) => r.data?.items);

const PALETTE = ['blue', 'green', 'gold', 'purple', 'cyan', 'magenta', 'volcano', 'geekblue'];
const nextDay = (d: string) => addDays(d, 1);
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The hour a new event of a day clicked in the month grid starts at (a working day's first). */
const FIRST_HOUR = 9;

/**
 * The calendar of a resource declaring `calendar` (contracts kit/resource.ts): month grid by default, week
 * and list views (a phone starts on the list), the records of the days shown in the caller's scope
 * (`GET <path>/calendar`), a location filter, a filter by the colouring status (the declaration's `hidden` values left
 * out until asked for), other resources drawn behind the days. A click on a day adds a record starting there, a click on
 * an event opens it, and one the user may edit (not locked by its approval) is moved by dragging it.
 */
export function ResourceCalendar({ def, library, basePath, background = [], title }: ResourceCalendarProps) {
  const cal = def.calendar!;
  const { t } = useTranslation();
  const { label, lang } = useLang();
  const phone = usePhone();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const lib = useLibrary(library);
  const save = useSave(def);
  const canAdd = useCan('add', featureFor(def, 'add'));
  const canEdit = useCan('edit', featureFor(def, 'edit'));
  const allDay = def.fields[cal.start]!.type === 'date';
  const locationField = cal.location ? def.fields[cal.location] : undefined;
  const locationDef = resourceByName.get(locationField?.ref ?? '');
  const canPickLocation = useCan('view', locationDef?.feature ?? 'setting');
  const areaField = cal.area ? def.fields[cal.area] : undefined;
  const canPickArea = useCan('view', resourceByName.get(areaField?.ref ?? '')?.feature ?? 'setting');
  // The location picker offers the picked area's own when its resource says where each is (a room's area).
  const narrows = Boolean(cal.area && locationDef?.fields[cal.area]?.ref === areaField?.ref);
  const colorField = cal.color ? def.fields[cal.color] : undefined;
  const colorValues = (colorField?.values ?? []).map(String);
  // The view, its day and the place filters are kept in the page's address, so that back from a form (saved or not) the
  // calendar is on the same week and view: `?view=timeGridWeek&date=2026-11-23&f_room_id=…`.
  const [params, setParams] = useSearchParams();
  const [opened] = useState(() => {
    const date = params.get('date') ?? '';
    return { view: params.get('view') ?? undefined, date: /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined };
  });
  const keep = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
        return next.toString() === prev.toString() ? prev : next;
      },
      { replace: true },
    );
  const [range, setRange] = useState<Range | null>(null);
  const [current, setCurrent] = useState<Range | null>(null);
  // A place is an id (anything else in the address is ignored).
  const placeOf = (field?: string) => {
    const v = field ? params.get(`f_${field}`) : null;
    return v && UUID_RE.test(v) ? v : undefined;
  };
  const location = placeOf(cal.location);
  const area = placeOf(cal.area);
  const setLocation = (v: string | undefined) => cal.location && keep({ [`f_${cal.location}`]: v });
  const [shown, setShown] = useState<string[]>(() => colorValues.filter((v) => !cal.hidden?.includes(v)));

  const query: Record<string, string> = { ...(range ?? { from: '', to: '' }) };
  if (location && cal.location) query[`f_${cal.location}`] = location;
  if (area && cal.area) query[`f_${cal.area}`] = area;
  if (cal.color && shown.length && shown.length < colorValues.length) query[`f_${cal.color}`] = shown.join(',');
  const data = useQuery({
    queryKey: [def.path, 'calendar', query],
    queryFn: ({ signal }) => api<CalendarAnswer>('GET', `${def.path}/calendar`, { query, signal }),
    enabled: Boolean(range),
    placeholderData: keepPreviousData,
  });
  const behind = useQueries({
    combine: itemsOf,
    queries: background.map((b) => ({
      queryKey: [b.path, 'calendar', range],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<CalendarAnswer>('GET', `${b.path}/calendar`, { query: range!, signal }),
      enabled: Boolean(range),
      placeholderData: keepPreviousData,
    })),
  });

  const colorOf = (value: unknown) => {
    const v = String(value ?? '');
    const name = colorField?.valueColors?.[v] ?? STATUS_COLORS[v] ?? PALETTE[Math.max(0, colorValues.indexOf(v)) % PALETTE.length]!;
    return name === 'default' ? token.colorTextQuaternary : ((token as unknown as Record<string, string>)[`${name}6`] ?? token.colorPrimary);
  };
  const textOf = (r: ResourceDef, row: Row, f: string) => {
    const field = r.fields[f]!;
    if (field.type === 'ref') return String(titleOf(row, f, field) ?? '');
    if (field.type === 'enum') return label(field.valueLabels?.[String(row[f])]) || String(row[f] ?? '');
    return String(row[f] ?? '');
  };
  const eventOf = (r: ResourceDef, row: Row): EventInput => {
    const c = r.calendar!;
    const [start, end] = [String(row[c.start]), String(row[c.end])];
    const whole = r.fields[c.start]!.type === 'date';
    const locked = Boolean(r.approval?.statusField && (APPROVAL_LOCKING as readonly string[]).includes(String(row[r.approval.statusField])));
    const where = c.location ? textOf(r, row, c.location) : '';
    const what = textOf(r, row, c.title ?? r.titleField);
    return {
      id: String(row.id),
      title: `${what}${where ? ` · ${where}` : ''}`,
      start,
      end: whole ? nextDay(end.slice(0, 10)) : end,
      allDay: whole,
      color: c.color ? colorOf(row[c.color]) : undefined,
      editable: canEdit && !locked,
      extendedProps: { what, where } satisfies PrintedEvent,
    };
  };
  // Another's booking the user may not read: "Busy" and its room or car, grey and striped, opening nothing.
  const busyOf = (row: Row): EventInput => {
    const where = cal.location ? textOf(def, row, cal.location) : '';
    const what = t('calendarBusy');
    return {
      ...eventOf(def, row),
      id: '',
      title: `${what}${where ? ` · ${where}` : ''}`,
      color: undefined,
      classNames: ['portal-busy'],
      backgroundColor: token.colorBgContainer,
      borderColor: token.colorBorder,
      textColor: token.colorTextSecondary,
      editable: false,
      extendedProps: { what, where, busy: true, hint: t('calendarBusyHint') },
    };
  };
  const events = useMemo(
    () => [
      ...behind.flatMap((items, i) =>
        (items ?? []).map((row) => ({ ...eventOf(background[i]!, row), display: 'background', color: token.colorErrorBg, editable: false, id: '' })),
      ),
      ...(data.data?.items ?? []).map((row) => eventOf(def, row)),
      ...(data.data?.busy ?? []).map(busyOf),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- eventOf reads only these
    ],
    [data.data, behind, canEdit, lang, token],
  );

  const move = async (id: string, start: Date, end: Date, revert: () => void) => {
    const values = allDay
      ? { [cal.start]: localDay(start), [cal.end]: localDay(new Date(end.getTime() - 86_400_000)) }
      : { [cal.start]: start.toISOString(), [cal.end]: end.toISOString() };
    try {
      await save.mutateAsync({ id, values });
      void message.success(t('calendarMoved'));
    } catch (e) {
      revert();
      void message.error(e instanceof ApiError ? e.message : t('saveFail'));
    }
  };
  // A day clicked on a calendar of times (a month's day) proposes an hour from the working day's start in the user's
  // time — today, from the next full hour once that has passed.
  const firstHour = (d: Date) => {
    const at = new Date(d.getFullYear(), d.getMonth(), d.getDate(), FIRST_HOUR);
    const next = new Date();
    next.setMinutes(60, 0, 0);
    return at.getTime() < Date.now() && localDay(d) === localDay(new Date()) ? next : at;
  };
  // The form of a new record, with what the calendar knows: the times picked and the room or car filtered by.
  const book = (values: Record<string, string> = {}) => {
    if (location && cal.location) values[cal.location] = location;
    // Saved, the form goes back here (the week and view kept in the address), not on to the new record.
    const query = new URLSearchParams({ ...values, from: 'calendar' }).toString();
    navigate(`${basePath}/new${query ? `?${query}` : ''}`);
  };
  // A day or time picked (end exclusive; null: a tap, whose length the page proposes — an hour, or the day).
  const pick = (start: Date, end: Date | null, wholeDay: boolean) => {
    if (allDay) {
      const last = end ? new Date(end.getTime() - 86_400_000) : start;
      return book({ [cal.start]: localDay(start), [cal.end]: localDay(last < start ? start : last) });
    }
    const from = wholeDay ? firstHour(start) : start;
    // Days dragged over in the month grid: from the first's working hour to the same hour of the last; a time slot
    // clicked (half an hour) or a short selection proposes an hour.
    const days = wholeDay && end ? Math.round((end.getTime() - start.getTime()) / 86_400_000) : 1;
    const until =
      wholeDay && days > 1 ? new Date(from.getTime() + (days - 1) * 86_400_000) : end && !wholeDay && end.getTime() - from.getTime() >= 3_600_000 ? end : null;
    book({ [cal.start]: from.toISOString(), [cal.end]: (until ?? new Date(from.getTime() + 3_600_000)).toISOString() });
  };

  // Filters beside the title, or under it on a phone and where a site filter makes them too many for the header.
  const below = phone || Boolean(areaField && canPickArea);
  const filters = (
    <Space wrap className="portal-no-print" style={phone ? { width: '100%' } : undefined} direction={phone ? 'vertical' : 'horizontal'}>
      {canAdd && (
        <Button type="primary" icon={<CalendarOutlined />} onClick={() => book()} data-testid="calendar-book">
          {t('calendarBook')}
        </Button>
      )}
      {areaField && canPickArea && (
        <RefSelect
          target={areaField.ref!}
          style={{ width: phone ? '100%' : 200 }}
          placeholder={t('calendarAll', { name: label(areaField.label) })}
          aria-label={label(areaField.label)}
          value={area}
          data-testid="calendar-area"
          onChange={(v) =>
            // One change of the address: the area, and the location cleared where the area narrows it.
            keep({ [`f_${cal.area}`]: (v as string | null) ?? undefined, ...(narrows ? { [`f_${cal.location}`]: undefined } : {}) })
          }
        />
      )}
      {locationField && canPickLocation && (
        <RefSelect
          target={locationField.ref!}
          style={{ width: phone ? '100%' : 240 }}
          placeholder={t('calendarAll', { name: label(locationField.label) })}
          where={narrows ? { [cal.area!]: area } : undefined}
          aria-label={label(locationField.label)}
          value={location}
          onChange={(v) => setLocation((v as string | null) ?? undefined)}
          data-testid="calendar-location"
        />
      )}
      {colorField && (
        <Select
          mode="multiple"
          style={phone ? { width: '100%' } : { minWidth: 280 }}
          aria-label={label(colorField.label)}
          placeholder={label(colorField.label)}
          value={shown}
          onChange={setShown}
          maxTagCount="responsive"
          data-testid="calendar-status"
          options={colorValues.map((v) => ({ value: v, label: label(colorField.valueLabels?.[v]) || v }))}
          tagRender={({ value, label: text, closable, onClose }) => (
            <Tag color={colorOf(value)} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
              {text}
            </Tag>
          )}
        />
      )}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('calendarPrint')}
      </Button>
      <Button icon={<UnorderedListOutlined />} onClick={() => navigate(basePath)}>
        {t('calendarToList')}
      </Button>
    </Space>
  );

  return (
    <Card
      className="portal-calendar-page"
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title ? label(title) : t('calendarOf', { name: label(def.label) })}
        </Typography.Title>
      }
      extra={below ? undefined : filters}
    >
      {below && <div style={{ marginBottom: 12 }}>{filters}</div>}
      {data.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={(data.error as Error).message}
          action={
            <Button size="small" onClick={() => void data.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {data.data?.truncated && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('calendarTruncated')} />}
      {lib.error && <Result status="warning" title={t('calendarLoadError')} extra={<Button onClick={lib.retry}>{t('retry')}</Button>} />}
      {!lib.lib && !lib.error && <Skeleton active paragraph={{ rows: 8 }} />}
      {lib.lib && (
        <Spin spinning={data.isFetching} delay={300}>
          <style>{CALENDAR_CSS}</style>
          <div data-testid="resource-calendar" aria-busy={data.isFetching} className="portal-calendar portal-no-print" style={calendarTheme(token, phone)}>
            <lib.lib.CalendarView
              lang={lang}
              phone={phone}
              allDay={allDay}
              events={events}
              initialView={opened.view}
              initialDate={opened.date}
              texts={{ today: t('calendarToday'), month: t('calendarMonth'), week: t('calendarWeek'), list: t('calendarList'), allDay: t('calendarAllDay') }}
              onRange={(from, to, view) => {
                setRange((r) => (r?.from === from && r.to === to ? r : { from, to }));
                setCurrent((c) => (c?.from === view.start && c.to === view.end ? c : { from: view.start, to: view.end }));
                keep({ view: view.type, date: view.start });
              }}
              onPick={canAdd ? pick : undefined}
              onEventClick={(id) => navigate(`${basePath}/${id}`)}
              onEventMove={canEdit ? move : undefined}
            />
          </div>
          {current && <PrintSchedule lang={lang} from={current.from} to={current.to} events={events} />}
          {data.isSuccess && !data.data.items.length && !data.data.busy?.length && (
            <Typography.Text type="secondary" data-testid="calendar-empty">
              {t('calendarEmpty')}
            </Typography.Text>
          )}
        </Spin>
      )}
    </Card>
  );
}
