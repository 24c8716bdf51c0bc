import { useState } from 'react';
import { Col, Flex, Input, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  BUSINESS_CHART_DETAIL_REPORT,
  BUSINESS_MARKET_REPORT,
  BUSINESS_PERFORM_REPORT,
  BUSINESS_PLAN_REPORT,
  PLAN_ITEM,
  PLAN_ITEM_LABELS,
  type PlanItem,
} from '@portal/contracts';
import { DeclaredReportCard, useChartLibrary, useLang, ReportYearSelect } from '@portal/ui-kit';
import { useReportTexts } from './texts';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

/**
 * The business reports (contracts business/reports.ts), counted in the user's project scope and exported to xlsx by the
 * service, for the year chosen at the top: the plan's report (the approved plans' targets against the records, of one
 * sales code or all) and one of its items month by month (the chart detail), the performance report (bid results and
 * the win rate by segment, the pipeline by stage) and the market report (the year's projects by area, segment and size).
 */
export default function BusinessReportsPage() {
  const t = useReportTexts();
  const { label } = useLang();
  const charts = useChartLibrary(loadCharts);
  const [year, setYear] = useState(dayjs().year());
  const [saleCode, setSaleCode] = useState('');
  const [item, setItem] = useState<PlanItem>('CONTRACT_VALUE');
  const plan = { f_main_year: year, ...(saleCode.trim() ? { f_sale_code: saleCode.trim() } : {}) };
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <ReportYearSelect value={year} onChange={setYear} label={t('year')} style={{ width: 110 }} />
          <Input.Search
            allowClear
            placeholder={t('saleCode')}
            aria-label={t('saleCode')}
            data-testid="report-sale-code"
            style={{ width: 200 }}
            maxLength={20}
            onSearch={setSaleCode}
          />
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <DeclaredReportCard report={BUSINESS_PLAN_REPORT} queryKey="business-report" charts={charts} query={plan} />
        </Col>
        <Col xs={24}>
          <DeclaredReportCard
            report={BUSINESS_CHART_DETAIL_REPORT}
            queryKey="business-report"
            charts={charts}
            query={{ ...plan, item }}
            extra={
              <Select
                size="small"
                value={item}
                onChange={setItem}
                aria-label={t('item')}
                data-testid="report-plan-item"
                style={{ minWidth: 220 }}
                options={PLAN_ITEM.map((i) => ({ value: i, label: label(PLAN_ITEM_LABELS[i]) }))}
              />
            }
          />
        </Col>
        <Col xs={24}>
          <DeclaredReportCard report={BUSINESS_PERFORM_REPORT} queryKey="business-report" charts={charts} query={{ year }} />
        </Col>
        <Col xs={24}>
          <DeclaredReportCard report={BUSINESS_MARKET_REPORT} queryKey="business-report" charts={charts} query={{ year }} />
        </Col>
      </Row>
    </>
  );
}
