import { Select, type SelectProps } from 'antd';
import dayjs from 'dayjs';

/** The year a report page counts: this year and the five before it (`report-year`), labelled for screen readers. */
export function ReportYearSelect({
  value,
  onChange,
  label,
  ...rest
}: { value: number; onChange: (y: number) => void; label: string } & Omit<SelectProps<number>, 'value' | 'onChange' | 'options'>) {
  const now = dayjs().year();
  return (
    <Select<number>
      value={value}
      onChange={onChange}
      aria-label={label}
      data-testid="report-year"
      options={Array.from({ length: 6 }, (_, i) => ({ value: now - i, label: String(now - i) }))}
      {...rest}
    />
  );
}
