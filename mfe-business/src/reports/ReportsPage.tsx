import { useState } from 'react';
import { Col, Flex, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { BUSINESS_PERFORM_REPORT } from '@portal/contracts';
import { DeclaredReportCard, useChartLibrary } from '@portal/ui-kit';
import { useReportTexts } from './texts';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

/**
 * The business reports (contracts business/reports.ts), counted in the user's project scope and exported to xlsx by the
 * service: the performance report — a year's bid results and the win rate by segment, the pipeline by stage.
 */
export default function BusinessReportsPage() {
  const t = useReportTexts();
  const charts = useChartLibrary(loadCharts);
  const [year, setYear] = useState(dayjs().year());
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <DeclaredReportCard
            report={BUSINESS_PERFORM_REPORT}
            queryKey="business-report"
            charts={charts}
            query={{ year }}
            extra={
              <Select
                size="small"
                value={year}
                onChange={setYear}
                aria-label={t('year')}
                data-testid="report-year"
                options={Array.from({ length: 6 }, (_, i) => ({ value: dayjs().year() - i, label: String(dayjs().year() - i) }))}
              />
            }
          />
        </Col>
      </Row>
    </>
  );
}
