/**
 * The report charts every domain draws with (stacked columns, ring, funnel). This module is the only
 * one that imports @ant-design/charts, and it is never imported statically: a report page loads it with
 * `useChartLibrary(loader)` (blocks.tsx), so the charting library (G2 and its renderer, several hundred KB) is a chunk of its
 * own in the remote that draws charts, fetched when its page first draws one — never with the shell, never with a
 * remote's routes, and not part of the ui-kit the shell shares.
 *
 * Keep every formatter below a plain function returning text. @ant-design/plots renders a formatter whose source looks
 * like JSX through react-dom's legacy render(), which React 19 no longer has.
 */
import { Column, Funnel, Pie } from '@ant-design/charts';

export interface ChartProps<T> {
  data: T[];
  /** Number formatting in the user's language (ui-kit formatNumber). */
  fmt: (n: number) => string;
  dark: boolean;
  height?: number;
}

const base = (dark: boolean, height = 300) => ({ height, autoFit: true, theme: dark ? 'classicDark' : 'classic' });

/** Stacked columns: one per `x` (a department, a month), coloured by `group` (a status, a leave type). */
export function StackedColumnChart({
  data,
  fmt,
  dark,
  height,
  horizontalLabels,
}: ChartProps<{ x: string; group: string; value: number }> & { horizontalLabels?: boolean }) {
  return (
    <Column
      {...base(dark, height)}
      data={data}
      xField="x"
      yField="value"
      colorField="group"
      stack
      axis={{
        // Counts (every value whole) are read on whole ticks: no "2,5 tickets" on the axis.
        y: {
          labelFormatter: (v: number) => fmt(v),
          ...(data.every((d) => Number.isInteger(d.value)) ? { tickFilter: (v: number) => Number.isInteger(v) } : {}),
        },
        x: { labelAutoRotate: !horizontalLabels, labelAutoEllipsis: true },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => fmt(v) }] }}
      legend={{ color: { position: 'top' } }}
    />
  );
}

/** Contract types: a ring of the effective contracts by type. */
export function RingChart({ data, fmt, dark, height }: ChartProps<{ type: string; value: number }>) {
  return (
    <Pie
      {...base(dark, height)}
      data={data}
      angleField="value"
      colorField="type"
      innerRadius={0.6}
      label={{ text: (d: { value: number }) => fmt(d.value), position: 'outside' }}
      tooltip={{ items: [{ field: 'value', valueFormatter: (v: number) => fmt(v) }] }}
      legend={{ color: { position: 'right', rowPadding: 4 } }}
    />
  );
}

/** Recruitment: the cumulative stages as a funnel. */
export function StageFunnelChart({ data, fmt, dark, height }: ChartProps<{ stage: string; count: number }>) {
  return (
    <Funnel
      {...base(dark, height)}
      data={data}
      xField="stage"
      yField="count"
      label={{ text: (d: { stage: string; count: number }) => `${d.stage}: ${fmt(d.count)}` }}
      tooltip={{ items: [{ field: 'count', valueFormatter: (v: number) => fmt(v) }] }}
      legend={false}
    />
  );
}
