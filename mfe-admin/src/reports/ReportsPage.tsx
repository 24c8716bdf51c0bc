import { useState } from 'react';
import { Col, DatePicker, Flex, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ADMIN_EVENTS_REPORT,
  CARS_REPORT,
  DOCUMENTS_REPORT,
  NOTIFICATIONS_REPORT,
  RECRUITMENT_EVENTS_REPORT,
  ROOMS_REPORT,
  SCHEDULES_REPORT,
  TICKETS_REPORT,
  type RoomReport,
} from '@portal/contracts';
import { API_DATE, DATE_FORMAT, DeclaredReportCard, useChartLibrary, ReportYearSelect } from '@portal/ui-kit';
import { useReportTexts } from './texts';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

const KEY = 'admin-report';

/**
 * The administration reports: tickets by group and stage, car trips' kilometres and cost by car and
 * department, meeting-room occupancy, documents in and out by month, working schedules and business trips, recruitment
 * events (interviews), administration events (the activity log) and notifications — each counted in the user's data
 * scope, each drawn from its declaration (contracts admin/reports.ts) and exported to xlsx by its service. One period
 * (this month by default, its bookings and schedules still to come included) drives all but the documents' year.
 */
export default function AdminReportsPage() {
  const t = useReportTexts();
  const charts = useChartLibrary(loadCharts);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs().endOf('month')]);
  const [year, setYear] = useState(dayjs().year());
  const period = { from: range[0].format(API_DATE), to: range[1].format(API_DATE) };
  const card = { queryKey: KEY, query: period, charts };
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
          <DeclaredReportCard report={TICKETS_REPORT} {...card} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={CARS_REPORT} {...card} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={ROOMS_REPORT} {...card} empty={(d: RoomReport) => d.byRoom.every((r) => r.bookings === 0)} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard
            report={DOCUMENTS_REPORT}
            {...card}
            query={{ year }}
            extra={<ReportYearSelect size="small" value={year} onChange={setYear} label={t('year')} />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={SCHEDULES_REPORT} {...card} show={['byDepartment', 'travellers']} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={RECRUITMENT_EVENTS_REPORT} {...card} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={ADMIN_EVENTS_REPORT} {...card} show={['byContext', 'actors']} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={NOTIFICATIONS_REPORT} {...card} />
        </Col>
      </Row>
    </>
  );
}
