import { Form, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { LeaveBalanceCard } from './LeaveBalanceCard';

const asDate = (v: unknown) => (v && typeof (v as Dayjs).format === 'function' ? (v as Dayjs).format('YYYY-MM-DD') : typeof v === 'string' ? v.slice(0, 10) : undefined);

/** Counts Monday–Friday from `from` to `to` (the server also skips holidays; this is the preview before it answers). */
function weekdays(from?: string, to?: string) {
  if (!from || !to || from > to) return undefined;
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) if (d.getUTCDay() % 6 !== 0) n++;
  return n;
}

/** Under the leave form: the balance on the leave's first day and what would be left ("balance on date" preview). */
export function BalancePreview({ form }: { form: FormInstance }) {
  const staffId = Form.useWatch('staff_id', form) as string | undefined;
  const from = asDate(Form.useWatch('from_date', form));
  const to = asDate(Form.useWatch('to_date', form));
  if (!staffId) return null;
  return <LeaveBalanceCard staffId={staffId} date={from} days={weekdays(from, to)} />;
}
