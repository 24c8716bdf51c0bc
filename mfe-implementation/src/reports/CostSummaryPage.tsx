import { useState } from 'react';
import { Flex, Typography } from 'antd';
import { IMPLEMENTATION_SUMMARY_REPORT } from '@portal/contracts';
import { DeclaredReportCard, RefSelect, defineTexts, useChartLibrary, useLang } from '@portal/ui-kit';

const loadCharts = () => import('@portal/ui-kit/src/report/charts');

const useTexts = defineTexts({
  project: { vi: 'Tất cả dự án của tôi', en: 'All my projects' },
});

/**
 * The projects' money (contracts implementation/report.ts): committed, requested, paid and left to pay over the caller's
 * projects or one of them, by project and by subcontractor — computed by the service in one snapshot, exported to xlsx.
 */
export default function CostSummaryPage() {
  const t = useTexts();
  const { label } = useLang();
  const charts = useChartLibrary(loadCharts);
  const [project, setProject] = useState<string | undefined>();
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {label(IMPLEMENTATION_SUMMARY_REPORT.title)}
        </Typography.Title>
        <RefSelect
          target="implementationProject"
          value={project}
          onChange={(v) => setProject((v as string | null) ?? undefined)}
          placeholder={t('project')}
          style={{ minWidth: 260 }}
        />
      </Flex>
      <DeclaredReportCard
        report={IMPLEMENTATION_SUMMARY_REPORT}
        queryKey="implementation-summary"
        charts={charts}
        query={project ? { f_implementation_id: project } : {}}
      />
    </>
  );
}
