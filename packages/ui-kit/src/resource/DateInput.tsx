import { useRef } from 'react';
import { DatePicker, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { API_DATE, DATE_FORMAT } from '../format';

dayjs.extend(customParseFormat);

/** Minutes offered by a time column: every 5 (a meeting, a car, an interview start on the quarter or the five). */
export const MINUTE_STEP = 5;

/** What a date or date-time field accepts when typed: its shown format first, then the same without leading zeros. */
const TYPED = {
  date: [DATE_FORMAT, 'D/M/YYYY'],
  datetime: [`${DATE_FORMAT} HH:mm`, 'D/M/YYYY H:mm'],
} as const;

/**
 * A form's value for text typed into a date field that is no date ("31/02/2026", "abc"): kept as typed so that the
 * form refuses to save it (`dateRules`) instead of saving the field emptied or as it was before.
 */
export interface TypedInvalidDate {
  invalidText: string;
}
export const isTypedInvalidDate = (v: unknown): v is TypedInvalidDate => typeof v === 'object' && v !== null && 'invalidText' in v;

/** A wire value (YYYY-MM-DD, or an ISO instant for a date-time) as a picker's date; null for none or anything else. */
function toDay(value: unknown, kind: 'date' | 'datetime'): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const d = kind === 'date' ? dayjs(value.slice(0, 10), API_DATE, true) : dayjs(value);
  return d.isValid() ? d : null;
}

const toWire = (d: Dayjs, kind: 'date' | 'datetime') => (kind === 'date' ? d.format(API_DATE) : d.toISOString());

/** The text typed as a date: null when empty, the date when it reads as one, else the text is no date. */
function readTyped(text: string, kind: 'date' | 'datetime'): Dayjs | null | TypedInvalidDate {
  const trimmed = text.trim();
  if (!trimmed) return null;
  for (const f of TYPED[kind]) {
    const d = dayjs(trimmed, f, true);
    if (d.isValid()) return d;
  }
  return { invalidText: trimmed };
}

/**
 * The input of a date or date-time field (dd/mm/yyyy, with hh:mm): a calendar to pick from, or typed. Typing is read as
 * it goes: a date sets the value, an emptied box clears it, and anything else becomes an error on the field with the
 * text left in the box — never a value silently dropped on leaving the field. A date-time offers minutes in steps of
 * MINUTE_STEP; on a phone its calendar and time columns stack (shell pickers.css) so the dropdown fits the screen.
 */
export function DateInput({
  kind,
  value,
  onChange,
  past,
  ...common
}: {
  kind: 'date' | 'datetime';
  value?: unknown;
  onChange?: (v: unknown) => void;
  /** The days to come greyed (a field declared `past`: what has happened). */
  past?: boolean;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // Outside a form (a list's filter) there is nothing to refuse: a text that is no date changes nothing.
  const inForm = Boolean(Form.useFormInstance());
  // While the box holds a text that is no date, the calendar shows the last date the field had.
  const lastDate = useRef<Dayjs | null>(null);
  if (!isTypedInvalidDate(value)) lastDate.current = toDay(value, kind);
  const onInput = (e: React.FormEvent<HTMLElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.tagName !== 'INPUT') return;
    const read = readTyped(target.value, kind);
    if (read === null) onChange?.(null);
    else if (isTypedInvalidDate(read)) {
      if (inForm) onChange?.(read);
    } else onChange?.(toWire(read, kind));
  };
  return (
    <span style={{ display: 'contents' }} onInput={onInput}>
      <DatePicker
        {...common}
        placeholder={common.placeholder ?? t(kind === 'date' ? 'selectDate' : 'selectDateTime')}
        style={{ width: '100%' }}
        format={[...TYPED[kind]]}
        showTime={kind === 'datetime' ? { format: 'HH:mm', minuteStep: MINUTE_STEP } : undefined}
        preserveInvalidOnBlur
        disabledDate={past ? (d) => d.isAfter(dayjs(), 'day') : undefined}
        value={lastDate.current}
        onChange={(d) => onChange?.(d ? toWire(d, kind) : null)}
      />
    </span>
  );
}

/**
 * The rules of a date or date-time field: required (when it is) and, whatever it is, no text that is no date. One rule,
 * so that a typed "31/02/2026" says only that it is no date.
 */
export function dateRules(kind: 'date' | 'datetime', required: boolean, t: TFunction): Rule[] {
  return [
    {
      required,
      validator: async (_rule, v: unknown) => {
        if (isTypedInvalidDate(v)) throw new Error(t(kind === 'date' ? 'dateInvalid' : 'dateTimeInvalid', { text: v.invalidText }));
        if (required && (v === null || v === undefined || v === '')) throw new Error(t('dateRequired'));
      },
    },
  ];
}
