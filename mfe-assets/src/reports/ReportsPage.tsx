import { useState } from 'react';
import { Col, DatePicker, Flex, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ASSET_REPAIR_REPORT, ASSET_REPORT, ASSET_STATUS_REPORT, type RepairReport } from '@portal/contracts';
import { API_DATE, DATE_FORMAT, DeclaredReportCard, useChartLibrary, ReportYearSelect } from '@portal/ui-kit';
import { useReportTexts } from './texts';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

const KEY = 'asset-report';

/**
 * The asset reports (contracts assets/reports.ts), each counted in the user's scope of assets and exported to xlsx by
 * the service: the asset report (by category, by status, purchase price by status, a year's liquidations), the status
 * report (each department's assets by status; what needs the office: inspections, insurance, repairs, handovers), and
 * repairs by company over a period (this year by default).
 */
export default function AssetReportsPage() {
  const t = useReportTexts();
  const charts = useChartLibrary(loadCharts);
  const [year, setYear] = useState(dayjs().year());
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs().endOf('month')]);
  const card = { queryKey: KEY, charts };
  const years = <ReportYearSelect size="small" value={year} onChange={setYear} label={t('year')} />;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <DeclaredReportCard report={ASSET_REPORT} {...card} query={{ year }} extra={years} />
        </Col>
        <Col xs={24}>
          <DeclaredReportCard report={ASSET_STATUS_REPORT} {...card} query={{}} />
        </Col>
        <Col xs={24}>
          <DeclaredReportCard
            report={ASSET_REPAIR_REPORT}
            {...card}
            query={{ from: range[0].format(API_DATE), to: range[1].format(API_DATE) }}
            empty={(d: RepairReport) => d.by_company.length === 0}
            extra={
              <DatePicker.RangePicker
                size="small"
                format={DATE_FORMAT}
                value={range}
                allowClear={false}
                aria-label={t('period')}
                data-testid="report-period"
                onChange={(v) => {
                  if (v?.[0] && v[1]) setRange([v[0], v[1]]);
                }}
              />
            }
          />
        </Col>
      </Row>
    </>
  );
}
