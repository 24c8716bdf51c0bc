import { Form, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { workingDays } from '@portal/contracts';
import { LeaveBalanceCard } from './LeaveBalanceCard';

const asDate = (v: unknown) =>
  v && typeof (v as Dayjs).format === 'function' ? (v as Dayjs).format('YYYY-MM-DD') : typeof v === 'string' ? v.slice(0, 10) : undefined;

/** Under the leave form: the balance on the leave's first day and what would be left ("balance on date" preview). */
export function BalancePreview({ form }: { form: FormInstance }) {
  const staffId = Form.useWatch('staff_id', form) as string | undefined;
  const from = asDate(Form.useWatch('from_date', form));
  const to = asDate(Form.useWatch('to_date', form));
  if (!staffId) return null;
  // Monday–Friday: the server also skips holidays when it saves; this is the preview before it answers.
  const days = from && to && from <= to ? workingDays(from, to) : undefined;
  return <LeaveBalanceCard staffId={staffId} date={from} days={days} />;
}
