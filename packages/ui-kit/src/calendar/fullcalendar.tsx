/**
 * The calendar library (FullCalendar 6's MIT packages: day grid, time grid, list, interaction; its resource views are
 * not MIT and are not used). Loaded by the page that draws a calendar, with the loader that page passes
 * (`() => import('@portal/ui-kit/src/calendar/fullcalendar')`, lazy/library.ts), so only a remote with a calendar ships
 * it and nothing loads it before that page opens. ResourceCalendar.tsx is the screen; this module only draws.
 */
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import viLocale from '@fullcalendar/core/locales/vi';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import type { EventInput } from '@fullcalendar/core';

export type { EventInput };

export interface CalendarViewProps {
  lang: 'vi' | 'en';
  /** Phones start on the week's list (a month grid of 390 px shows dots, not names). */
  phone: boolean;
  /** Whether events are whole days (date fields) or times (datetime fields). */
  allDay: boolean;
  events: EventInput[];
  /** The days shown changed (first and last, inclusive, YYYY-MM-DD). */
  onRange: (from: string, to: string) => void;
  /** A day (or, in the week view, a time) was clicked: where a new record starts. */
  onDayClick?: (start: Date, allDay: boolean) => void;
  onEventClick: (id: string) => void;
  /** The toolbar's buttons and the all-day row, in the portal's language. */
  texts: { today: string; month: string; week: string; list: string; allDay: string };
  /** An event was dragged: its new start and (exclusive for whole days) end; `revert` puts it back. */
  onEventMove?: (id: string, start: Date, end: Date, revert: () => void) => void;
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function CalendarView({ lang, phone, allDay, texts, events, onRange, onDayClick, onEventClick, onEventMove }: CalendarViewProps) {
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      locale={lang === 'vi' ? viLocale : enGbLocale}
      initialView={phone ? 'listWeek' : 'dayGridMonth'}
      headerToolbar={
        phone
          ? { left: 'prev,next', center: 'title', right: 'dayGridMonth,listWeek' }
          : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' }
      }
      buttonText={{ today: texts.today, month: texts.month, week: texts.week, list: texts.list }}
      allDayText={texts.allDay}
      height="auto"
      firstDay={1}
      dayMaxEvents={4}
      nowIndicator
      allDaySlot={allDay || undefined}
      events={events}
      eventDisplay="block"
      editable={Boolean(onEventMove)}
      eventDurationEditable={false}
      datesSet={(a) => onRange(day(a.start), day(new Date(a.end.getTime() - 1)))}
      dateClick={onDayClick ? (a) => onDayClick(a.date, a.allDay) : undefined}
      eventClick={(a) => {
        if (a.event.display !== 'background') {
          a.jsEvent.preventDefault();
          onEventClick(a.event.id);
        }
      }}
      eventDrop={onEventMove ? (a) => onEventMove(a.event.id, a.event.start!, a.event.end ?? a.event.start!, a.revert) : undefined}
      eventDidMount={(a) => {
        a.el.setAttribute('data-testid', `event-${a.event.id || 'background'}`);
        if (a.event.title) a.el.setAttribute('title', a.event.title);
      }}
      dayCellDidMount={(a) => a.el.setAttribute('data-testid', `day-${day(a.date)}`)}
    />
  );
}
