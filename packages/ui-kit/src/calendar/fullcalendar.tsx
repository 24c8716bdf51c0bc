/**
 * The calendar library (FullCalendar 6's MIT packages: day grid, time grid, list, interaction; its resource views are
 * not MIT and are not used). Loaded by the page that draws a calendar, with the loader that page passes
 * (`() => import('@portal/ui-kit/src/calendar/fullcalendar')`, lazy/library.ts), so only a remote with a calendar ships
 * it and nothing loads it before that page opens. ResourceCalendar.tsx is the screen; this module only draws.
 */
import { useState } from 'react';
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
  /** The view and the day it opens on (the page's address keeps them: back from a form, the same week and view). */
  initialView?: string;
  initialDate?: string;
  /** The days shown changed (first and last, inclusive, YYYY-MM-DD), with the view and its own first and last day (a month's, not its grid's). */
  onRange: (from: string, to: string, view: { type: string; start: string; end: string }) => void;
  /**
   * A free day or time picked: a click (a tap on a phone) or, on a computer, a dragged selection. `end` is exclusive,
   * or null for a single click on a phone (the page proposes the length).
   */
  onPick?: (start: Date, end: Date | null, allDay: boolean) => void;
  onEventClick: (id: string) => void;
  /** The toolbar's buttons and the all-day row, in the portal's language. */
  texts: { today: string; month: string; week: string; list: string; allDay: string };
  /** An event was dragged: its new start and (exclusive for whole days) end; `revert` puts it back. */
  onEventMove?: (id: string, start: Date, end: Date, revert: () => void) => void;
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const VIEWS = ['dayGridMonth', 'timeGridWeek', 'listWeek'];
/** The week grid opens on the working day: scrolled to its first hour, in a box of this height (the rest of the day a scroll away). */
const WORKDAY_SCROLL = '07:00:00';
const WEEK_HEIGHT = { phone: 560, desktop: 720 };
/** Times as the company writes them, whole (09:00, not 9): in every view, and a month's events show their end too. */
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export function CalendarView({ lang, phone, allDay, texts, events, initialView, initialDate, onRange, onPick, onEventClick, onEventMove }: CalendarViewProps) {
  // The view it opens on, read once; `view` follows the user's choice (the week grid's height).
  const [first] = useState(() => (initialView && VIEWS.includes(initialView) ? initialView : phone ? 'listWeek' : 'dayGridMonth'));
  const [view, setView] = useState(first);
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      locale={lang === 'vi' ? viLocale : enGbLocale}
      initialView={first}
      initialDate={initialDate}
      headerToolbar={
        phone
          ? { left: 'prev,next', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' }
          : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' }
      }
      buttonText={{ today: texts.today, month: texts.month, week: texts.week, list: texts.list }}
      allDayText={texts.allDay}
      height={view.startsWith('timeGrid') ? WEEK_HEIGHT[phone ? 'phone' : 'desktop'] : 'auto'}
      scrollTime={WORKDAY_SCROLL}
      firstDay={1}
      dayMaxEvents={4}
      nowIndicator
      allDaySlot={allDay || undefined}
      events={events}
      eventDisplay="block"
      eventTimeFormat={TIME_FORMAT}
      slotLabelFormat={TIME_FORMAT}
      views={{ dayGridMonth: { displayEventEnd: true } }}
      editable={Boolean(onEventMove)}
      eventDurationEditable={false}
      datesSet={(a) => {
        setView(a.view.type);
        onRange(day(a.start), day(new Date(a.end.getTime() - 1)), {
          type: a.view.type,
          start: day(a.view.currentStart),
          end: day(new Date(a.view.currentEnd.getTime() - 1)),
        });
      }}
      // A computer selects (a click is a one-slot selection); a phone taps, as a selection there needs a long press.
      selectable={Boolean(onPick) && !phone}
      select={onPick && !phone ? (a) => onPick(a.start, a.end, a.allDay) : undefined}
      dateClick={onPick && phone ? (a) => onPick(a.date, null, a.allDay) : undefined}
      eventClick={(a) => {
        if (a.event.display !== 'background' && a.event.id) {
          a.jsEvent.preventDefault();
          onEventClick(a.event.id);
        }
      }}
      eventDrop={onEventMove ? (a) => onEventMove(a.event.id, a.event.start!, a.event.end ?? a.event.start!, a.revert) : undefined}
      eventDidMount={(a) => {
        a.el.setAttribute('data-testid', a.event.extendedProps.busy ? 'event-busy' : `event-${a.event.id || 'background'}`);
        const hint = a.event.extendedProps.hint as string | undefined;
        if (hint || a.event.title) a.el.setAttribute('title', hint ?? a.event.title);
      }}
      dayCellDidMount={(a) => a.el.setAttribute('data-testid', `day-${day(a.date)}`)}
    />
  );
}
