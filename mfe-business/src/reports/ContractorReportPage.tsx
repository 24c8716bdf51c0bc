import { useState } from 'react';
import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { CONTRACTOR_REPORT } from '@portal/contracts';
import { DeclaredReportCard, useChartLibrary, ReportYearSelect } from '@portal/ui-kit';
import { useReportTexts } from './texts';

const loadCharts = () => import('@portal/ui-kit/src/report/charts');

/**
 * The contractor report (contracts business/reports.ts, spec §7 Contractors "report"): the partners' summary, by grade and
 * by kind, and the contractors list with each one's standing and its year — read with the `subcontractor` right, exported
 * to xlsx by the service.
 */
export default function ContractorReportPage() {
  const t = useReportTexts();
  const charts = useChartLibrary(loadCharts);
  const [year, setYear] = useState(dayjs().year());
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('contractorTitle')}
        </Typography.Title>
        <ReportYearSelect value={year} onChange={setYear} label={t('year')} style={{ width: 110 }} />
      </Flex>
      <DeclaredReportCard report={CONTRACTOR_REPORT} queryKey="contractor-report" charts={charts} query={{ year }} />
    </>
  );
}
