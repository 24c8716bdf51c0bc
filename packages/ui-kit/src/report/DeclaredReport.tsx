import { useState, type ReactNode } from 'react';
import { Flex, Segmented, Statistic, Table, Tooltip, Typography } from 'antd';
import { figureValue, reportExportPath, type ReportBreakdown, type ReportDecl, type ReportDeclaration } from '@portal/contracts';
import { download, type Query } from '../api/client';
import { formatNumber } from '../format';
import { defineTexts, useLang } from '../i18n';
import { ChartSlot, ReportCard, useDarkCharts, useReport, type ChartLibrary, type ChartLibraryState } from './blocks';
import { isFigureKind, useReportFormat } from './kinds';

/**
 * A declared report (contracts kit/report.ts) as a card: its headline figures, then each breakdown as its chart (when
 * declared) or its table, the columns, labels and formats all from the declaration; the card's "Export xlsx" downloads
 * the report's export (`<path>/export`) for the same query — the same figures, one sheet per breakdown.
 */

const useTexts = defineTexts({
  chart: { vi: 'Biểu đồ', en: 'Chart' },
  table: { vi: 'Bảng', en: 'Table' },
});

type Row = Record<string, unknown>;
const ROW_KEY = '__row';
const rowsOf = (d: unknown, b: Pick<ReportBreakdown, 'key'>): Row[] => {
  const v = figureValue(d, b.key);
  return Array.isArray(v) ? (v as Row[]) : [];
};

/** A breakdown as a table: a column per declared column, figures right-aligned, ten rows a page past ten. */
export function BreakdownTable({ breakdown: b, rows }: { breakdown: ReportBreakdown; rows: Row[] }) {
  const { label } = useLang();
  const fmt = useReportFormat();
  return (
    <Table
      size="small"
      rowKey={ROW_KEY}
      // A breakdown's rows have no id of their own (a group, a month): each is keyed by its place.
      dataSource={rows.map((r, i) => ({ ...r, [ROW_KEY]: i }))}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid={`report-table-${b.key}`}
      columns={b.columns.map((c) => ({
        key: c.key,
        title: label(c.label),
        align: isFigureKind(c.kind) ? ('right' as const) : undefined,
        render: (_: unknown, r: Row) => fmt(c, r[c.key]),
      }))}
    />
  );
}

/** A breakdown's declared chart, its axes' values written as the table writes them. */
function BreakdownChart({ breakdown: b, rows, c }: { breakdown: ReportBreakdown; rows: Row[]; c: ChartLibrary }) {
  const { lang, label } = useLang();
  const fmt = useReportFormat();
  const dark = useDarkCharts();
  const chart = b.chart!;
  const col = (key: string) => b.columns.find((x) => x.key === key)!;
  const num = (n: number) => formatNumber(n, lang);
  const x = (r: Row) => fmt(col(chart.x), r[chart.x]);
  const y = (r: Row) => Number(r[chart.y] ?? 0);
  if (chart.type === 'ring')
    return <c.RingChart height={240} fmt={num} dark={dark} data={rows.filter((r) => y(r) > 0).map((r) => ({ type: x(r), value: y(r) }))} />;
  if (chart.type === 'funnel') return <c.StageFunnelChart fmt={num} dark={dark} data={rows.map((r) => ({ stage: x(r), count: y(r) }))} />;
  const group = chart.group;
  return (
    <c.StackedColumnChart
      height={240}
      fmt={num}
      dark={dark}
      horizontalLabels
      data={rows.map((r) => ({ x: x(r), group: group ? fmt(col(group), r[group]) : label(col(chart.y).label), value: y(r) }))}
    />
  );
}

/** One breakdown: its chart with a switch to its table when it declares a chart, else its table. */
export function BreakdownView({ breakdown: b, rows, charts, titled }: { breakdown: ReportBreakdown; rows: Row[]; charts: ChartLibraryState; titled: boolean }) {
  const t = useTexts();
  const { label } = useLang();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const asChart = b.chart !== null && view === 'chart' && rows.length > 0;
  return (
    <div style={{ marginTop: 8 }} data-testid={`report-breakdown-${b.key}`}>
      {(titled || b.chart) && (
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 4 }}>
          <Typography.Text strong>{titled ? label(b.title) : null}</Typography.Text>
          {b.chart && (
            <Segmented
              size="small"
              value={view}
              onChange={(v) => setView(v as 'chart' | 'table')}
              options={[
                { value: 'chart', label: t('chart') },
                { value: 'table', label: t('table') },
              ]}
            />
          )}
        </Flex>
      )}
      {asChart ? (
        <ChartSlot library={charts} height={240} render={(c) => <BreakdownChart breakdown={b} rows={rows} c={c} />} />
      ) : (
        <BreakdownTable breakdown={b} rows={rows} />
      )}
    </div>
  );
}

/** A report's headline figures, each with its hint when declared. */
function Figures({ report, data }: { report: ReportDeclaration; data: unknown }) {
  const { label } = useLang();
  const fmt = useReportFormat();
  if (!report.figures.length) return null;
  return (
    <Flex gap={24} wrap style={{ marginBottom: 8 }}>
      {report.figures.map((f) => {
        const s = <Statistic key={f.key} title={label(f.label)} value={fmt(f, figureValue(data, f.key))} />;
        return f.hint ? (
          <Tooltip key={f.key} title={label(f.hint)}>
            <div>{s}</div>
          </Tooltip>
        ) : (
          s
        );
      })}
    </Flex>
  );
}

/**
 * The card of a declared report: its answer for `query` (cached under `queryKey`), its figures, the breakdowns `show`
 * names (all by default, in the declaration's order; the export holds them all), Empty when `empty` (by default: no
 * breakdown has a row), and its export for the same query.
 */
export function DeclaredReportCard<T>({
  report,
  queryKey,
  query,
  charts,
  show,
  empty,
  extra,
}: {
  report: ReportDecl<T>;
  queryKey: string;
  query: Query;
  charts: ChartLibraryState;
  show?: readonly string[];
  empty?: (d: T) => boolean;
  extra?: ReactNode;
}) {
  const { label } = useLang();
  const answer = useReport<T>(queryKey, report.path, query);
  const shown = (report.breakdowns as readonly ReportBreakdown[]).filter((b) => !show || show.includes(b.key));
  const isEmpty = empty ?? ((d: T) => report.breakdowns.every((b) => rowsOf(d, b).length === 0));
  const title = label(report.title);
  return (
    <ReportCard
      title={report.hint ? <Tooltip title={label(report.hint)}>{title}</Tooltip> : title}
      query={answer}
      empty={isEmpty}
      extra={extra}
      onExport={() => download(reportExportPath(report.path), `${title}.xlsx`, { ...query, fileName: `${title}.xlsx` })}
    >
      {(d) => (
        <>
          <Figures report={report} data={d} />
          {shown.map((b) => (
            <BreakdownView key={b.key} breakdown={b} rows={rowsOf(d, b)} charts={charts} titled={shown.length > 1} />
          ))}
        </>
      )}
    </ReportCard>
  );
}
