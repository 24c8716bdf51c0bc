import { useState } from 'react';
import { Col, DatePicker, Flex, Row, Select, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ADMIN_REPORT_PATHS,
  DOCUMENT_DIRECTION_LABELS,
  TICKET_STAGE_LABELS,
  type CarReport,
  type DocumentsReport,
  type RoomReport,
  type TicketsReport,
} from '@portal/contracts';
import { API_DATE, ChartSlot, DATE_FORMAT, formatNumber, ReportCard, useChartLibrary, useDarkCharts, useLang, useReport } from '@portal/ui-kit';
import { useReportTexts } from './texts';
import type { Ctx } from './context';
import { EventsCard, NotificationsCard, RecruitmentCard, SchedulesCard } from './ActivityCards';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

function TicketsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const query = useReport<TicketsReport>('admin-report', ADMIN_REPORT_PATHS.tickets, ctx.period);
  const bars = (d: TicketsReport) => d.byGroup.map((g) => ({ x: g.group_name ?? t('noGroup'), group: label(TICKET_STAGE_LABELS[g.stage]), value: g.count }));
  return (
    <ReportCard
      title={t('tickets')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: t('tickets'),
        columns: [{ label: t('group'), width: 32 }, { label: t('stage'), width: 16 }, { label: t('count') }],
        rows: bars(d).map((b) => [b.x, b.group, b.value]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('total')} value={fmt(d.total)} />
            <Statistic title={t('overdue')} value={fmt(d.overdue)} />
            <Statistic title={t('closed')} value={fmt(d.closed)} />
            <Statistic title={t('meanHours')} value={d.meanHoursToClose === null ? '—' : fmt(d.meanHoursToClose)} />
          </Flex>
          <ChartSlot library={ctx.charts} render={(c) => <c.StackedColumnChart data={bars(d)} fmt={fmt} dark={ctx.dark} />} />
        </>
      )}
    </ReportCard>
  );
}

function CarsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const query = useReport<CarReport>('admin-report', ADMIN_REPORT_PATHS.cars, ctx.period);
  return (
    <ReportCard
      title={t('cars')}
      query={query}
      empty={(d) => d.trips === 0}
      sheet={(d) => ({
        name: t('cars'),
        columns: [{ label: t('byCar'), width: 12 }, { label: t('car'), width: 36 }, { label: t('trips') }, { label: t('km') }, { label: t('cost'), width: 16 }],
        rows: [
          ...d.byCar.map((c) => [t('car'), c.car_name, c.trips, c.km, c.cost]),
          ...d.byDepartment.map((x) => [t('department'), x.department_name ?? t('noDepartment'), x.trips, x.km, x.cost]),
        ],
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('trips')} value={fmt(d.trips)} />
            <Statistic title={t('km')} value={fmt(d.km)} />
            <Statistic title={t('cost')} value={fmt(d.cost)} />
          </Flex>
          <ChartSlot
            library={ctx.charts}
            height={220}
            render={(c) => (
              <c.StackedColumnChart
                height={220}
                data={d.byCar.map((x) => ({ x: x.car_name, group: t('km'), value: x.km }))}
                fmt={fmt}
                dark={ctx.dark}
                horizontalLabels
              />
            )}
          />
          <Typography.Text strong>{t('byDepartment')}</Typography.Text>
          <Table
            size="small"
            rowKey={(r) => r.department_id ?? 'none'}
            pagination={false}
            dataSource={d.byDepartment}
            data-testid="cars-by-department"
            columns={[
              { key: 'd', title: t('department'), render: (_, r) => r.department_name ?? t('noDepartment') },
              { key: 't', title: t('trips'), align: 'right', render: (_, r) => fmt(r.trips) },
              { key: 'k', title: t('km'), align: 'right', render: (_, r) => fmt(r.km) },
              { key: 'c', title: t('cost'), align: 'right', render: (_, r) => fmt(r.cost) },
            ]}
          />
        </>
      )}
    </ReportCard>
  );
}

function RoomsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const query = useReport<RoomReport>('admin-report', ADMIN_REPORT_PATHS.rooms, ctx.period);
  return (
    <ReportCard
      title={t('rooms')}
      query={query}
      empty={(d) => d.byRoom.every((r) => r.bookings === 0)}
      sheet={(d) => ({
        name: t('rooms'),
        columns: [{ label: t('room'), width: 30 }, { label: t('bookings') }, { label: t('hours') }, { label: t('occupancy'), width: 18 }],
        rows: d.byRoom.map((r) => [r.room_name, r.bookings, r.hours, r.occupancy]),
      })}
    >
      {(d) => (
        <>
          <Typography.Paragraph type="secondary">{t('openHours', { n: fmt(d.openHours) })}</Typography.Paragraph>
          <ChartSlot
            library={ctx.charts}
            render={(c) => (
              <c.StackedColumnChart
                data={d.byRoom.map((r) => ({ x: r.room_name, group: t('occupancy'), value: r.occupancy }))}
                fmt={fmt}
                dark={ctx.dark}
                horizontalLabels
              />
            )}
          />
        </>
      )}
    </ReportCard>
  );
}

function DocumentsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const [year, setYear] = useState(dayjs().year());
  const query = useReport<DocumentsReport>('admin-report', ADMIN_REPORT_PATHS.documents, { year });
  const bars = (d: DocumentsReport) =>
    d.byMonth.map((m) => ({ x: `${t('month')} ${m.month}`, group: label(DOCUMENT_DIRECTION_LABELS[m.direction]), value: m.count }));
  return (
    <ReportCard
      title={t('documents')}
      query={query}
      empty={(d) => d.incoming + d.outgoing === 0}
      extra={
        <Select
          size="small"
          value={year}
          onChange={setYear}
          aria-label={t('year')}
          options={Array.from({ length: 6 }, (_, i) => ({ value: dayjs().year() - i, label: String(dayjs().year() - i) }))}
        />
      }
      sheet={(d) => ({
        name: `${t('documents')} ${d.year}`,
        columns: [{ label: t('month') }, { label: t('incoming') }, { label: t('outgoing') }],
        rows: Array.from({ length: 12 }, (_, i) => [
          i + 1,
          d.byMonth.find((m) => m.month === i + 1 && m.direction === 'IN')?.count ?? 0,
          d.byMonth.find((m) => m.month === i + 1 && m.direction === 'OUT')?.count ?? 0,
        ]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('incoming')} value={fmt(d.incoming)} />
            <Statistic title={t('outgoing')} value={fmt(d.outgoing)} />
            <Statistic title={t('unanswered')} value={fmt(d.unanswered)} />
          </Flex>
          <ChartSlot library={ctx.charts} render={(c) => <c.StackedColumnChart data={bars(d)} fmt={fmt} dark={ctx.dark} />} />
        </>
      )}
    </ReportCard>
  );
}

/**
 * The administration reports: tickets by group and stage, car trips' kilometres and cost by car and
 * department, meeting-room occupancy, documents in and out by month, working schedules and business trips, recruitment
 * events (interviews), administration events (the activity log) and notifications — each counted in the user's data
 * scope, each card exported to xlsx. One period (this month by default, its bookings and schedules still to come included) drives all but the documents'
 * year.
 */
export default function AdminReportsPage() {
  const t = useReportTexts();
  const { lang } = useLang();
  const charts = useChartLibrary(loadCharts);
  const dark = useDarkCharts();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs().endOf('month')]);
  const ctx: Ctx = { t, fmt: (n) => formatNumber(n, lang), dark, charts, period: { from: range[0].format(API_DATE), to: range[1].format(API_DATE) } };
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          value={range}
          allowClear={false}
          aria-label={t('period')}
          data-testid="report-period"
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <TicketsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <CarsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <RoomsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <DocumentsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <SchedulesCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <RecruitmentCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <EventsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <NotificationsCard ctx={ctx} />
        </Col>
      </Row>
    </>
  );
}
