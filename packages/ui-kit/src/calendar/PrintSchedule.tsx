import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventInput } from './fullcalendar';

/** What a printed row says of an event (ResourceCalendar puts it in the event's extendedProps). */
export interface PrintedEvent {
  what: string;
  where: string;
}

export interface PrintScheduleProps {
  lang: 'vi' | 'en';
  /** The view's own first and last day (YYYY-MM-DD, inclusive): a week, or a month without its grid's neighbours. */
  from: string;
  to: string;
  events: EventInput[];
}

const DAY_MS = 86_400_000;
const at = (d: string) => new Date(`${d}T00:00:00`);
/** An event's start or end as an instant; a whole day's date as its midnight in the user's time, as the calendar draws it. */
const instant = (v: EventInput['start'], allDay?: boolean) => (v instanceof Date ? v : allDay ? at(String(v).slice(0, 10)) : new Date(String(v)));
/** The days of the range, each as its own midnight in the user's time. */
const daysOf = (from: string, to: string) => {
  const out: Date[] = [];
  for (let d = at(from); d <= at(to); d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) out.push(d);
  return out;
};

// Light, whatever the screen's theme: black on white, grey rules, as an office posts its week.
const cell: CSSProperties = { border: '1px solid #8c8c8c', padding: '4px 6px', verticalAlign: 'top', color: '#000', background: '#fff' };
const head: CSSProperties = { ...cell, background: '#f0f0f0', fontWeight: 600, textAlign: 'left' };

/**
 * The printed schedule (shown only on paper, ResourceCalendar's print CSS): the days of the view, one block of rows per
 * day, each event with its time, what and where — a table on A4 in light colours, in place of the screen's calendar.
 */
export function PrintSchedule({ lang, from, to, events }: PrintScheduleProps) {
  const { t } = useTranslation();
  const locale = lang === 'vi' ? 'vi-VN' : 'en-GB';
  const dayText = new Intl.DateTimeFormat(locale, { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric' });
  const short = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false });
  const shown = events.filter((e) => e.display !== 'background');
  const timeOf = (e: EventInput, day: Date) => {
    if (e.allDay) return t('calendarAllDay');
    const [s, en] = [instant(e.start, e.allDay), instant(e.end ?? e.start, e.allDay)];
    const sameDay = (d: Date) => d.getTime() >= day.getTime() && d.getTime() < day.getTime() + DAY_MS;
    return `${sameDay(s) ? time.format(s) : `${short.format(s)} ${time.format(s)}`} – ${sameDay(en) ? time.format(en) : `${short.format(en)} ${time.format(en)}`}`;
  };
  const rows = daysOf(from, to).map((day) => ({
    day,
    items: shown
      .filter((e) => {
        const s = instant(e.start, e.allDay).getTime();
        const end = instant(e.end ?? e.start, e.allDay).getTime();
        return s < day.getTime() + DAY_MS && (end > day.getTime() || s === end);
      })
      .sort((a, b) => instant(a.start, a.allDay).getTime() - instant(b.start, b.allDay).getTime()),
  }));
  return (
    <div className="portal-print-schedule" data-testid="print-schedule">
      <p style={{ margin: '0 0 8px', color: '#000' }}>{t('calendarPrintRange', { from: short.format(at(from)), to: short.format(at(to)) })}</p>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 12 }}>
        <thead>
          <tr>
            <th style={{ ...head, width: '20%' }}>{t('calendarPrintDay')}</th>
            <th style={{ ...head, width: '18%' }}>{t('calendarPrintTime')}</th>
            <th style={head}>{t('calendarPrintWhat')}</th>
            <th style={{ ...head, width: '22%' }}>{t('calendarPrintWhere')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap(({ day, items }) =>
            (items.length ? items : [null]).map((e, i) => {
              const p = e?.extendedProps as PrintedEvent | undefined;
              return (
                <tr key={`${day.getTime()}|${e ? `${e.id}|${String(e.start)}|${p?.where}` : ''}`}>
                  {i === 0 && (
                    <td style={{ ...cell, fontWeight: 600 }} rowSpan={Math.max(1, items.length)}>
                      {dayText.format(day)}
                    </td>
                  )}
                  <td style={cell}>{e ? timeOf(e, day) : ''}</td>
                  <td style={{ ...cell, color: e ? '#000' : '#8c8c8c' }}>{e ? p?.what : t('calendarPrintNothing')}</td>
                  <td style={cell}>{p?.where ?? ''}</td>
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
    </div>
  );
}
