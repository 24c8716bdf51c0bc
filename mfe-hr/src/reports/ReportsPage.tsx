import { useState } from 'react';
import { Button, Card, Col, DatePicker, Flex, Row, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  CONTRACT_TYPES_REPORT,
  HEAD_COUNT_REPORT,
  LEAVE_REPORT,
  RECRUITMENT_FUNNEL_REPORT,
  type ContractTypesReport,
  type HeadCountReport,
  type LeaveReport,
  type RecruitmentFunnelReport,
} from '@portal/contracts';
import { addTexts, API_DATE, DATE_FORMAT, DeclaredReportCard, RefSelect, useChartLibrary, type Query } from '@portal/ui-kit';
import { REPORTS_NS, reportTexts } from './texts';

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

const KEY = 'hr-report';
const thisYear = () => dayjs().year();
const yearOptions = () => Array.from({ length: 10 }, (_, i) => ({ value: thisYear() - i, label: String(thisYear() - i) }));

function useReportsT() {
  const { i18n } = useTranslation();
  addTexts(i18n, REPORTS_NS, reportTexts);
  return useTranslation(REPORTS_NS).t;
}

/**
 * HR reports (GET /hr-report/*): head count by unit and department, contract types with the contracts ending soon,
 * approved leave days by month, and the recruitment funnel — each drawn from its declaration (contracts
 * hr/reports.ts) and exported to xlsx by the HR service. One unit/department filter for the page, each card its own
 * (date, year, request). The numbers are the caller's scope: a department head sees their departments.
 */
export default function ReportsPage() {
  const t = useReportsT();
  const qc = useQueryClient();
  const charts = useChartLibrary(loadCharts);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [leaveYear, setLeaveYear] = useState(thisYear);
  const [funnelYear, setFunnelYear] = useState(thisYear);
  const [recruitmentId, setRecruitmentId] = useState<string | null>(null);
  const org: Query = organizationId ? { organization_id: organizationId } : {};
  const card = { queryKey: KEY, charts };
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Flex gap={8} align="center" wrap>
            <RefSelect
              target="organization"
              value={organizationId}
              onChange={(v) => setOrganizationId((v as string | null) ?? null)}
              placeholder={t('allOrganizations')}
              aria-label={t('organization')}
              style={{ width: 260 }}
            />
            <Button onClick={() => void qc.invalidateQueries({ queryKey: [KEY] })}>{t('refresh')}</Button>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <DeclaredReportCard
            report={HEAD_COUNT_REPORT}
            {...card}
            query={{ ...org, date }}
            show={['rows', 'byUnit']}
            empty={(d: HeadCountReport) => d.total === 0}
            extra={
              <DatePicker
                size="small"
                format={DATE_FORMAT}
                placeholder={t('headCountOn')}
                value={date ? dayjs(date) : null}
                onChange={(d) => setDate(d ? d.format(API_DATE) : null)}
                aria-label={t('headCountOn')}
              />
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard report={CONTRACT_TYPES_REPORT} {...card} query={org} empty={(d: ContractTypesReport) => d.total === 0 && d.overdue === 0} />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard
            report={LEAVE_REPORT}
            {...card}
            query={{ ...org, year: leaveYear }}
            show={['byMonth', 'byType']}
            empty={(d: LeaveReport) => d.totalDays === 0}
            extra={<Select size="small" value={leaveYear} onChange={setLeaveYear} options={yearOptions()} aria-label={t('year')} style={{ width: 90 }} />}
          />
        </Col>
        <Col xs={24} xl={12}>
          <DeclaredReportCard
            report={RECRUITMENT_FUNNEL_REPORT}
            {...card}
            query={{ ...org, ...(recruitmentId ? { recruitment_id: recruitmentId } : { from: `${funnelYear}-01-01`, to: `${funnelYear}-12-31` }) }}
            empty={(d: RecruitmentFunnelReport) => d.stages[0]!.count === 0 && d.requested === 0}
            extra={
              <Flex gap={8} wrap>
                <Select
                  size="small"
                  value={funnelYear}
                  onChange={setFunnelYear}
                  options={yearOptions()}
                  disabled={Boolean(recruitmentId)}
                  aria-label={t('year')}
                  style={{ width: 90 }}
                />
                <RefSelect
                  target="recruitment"
                  value={recruitmentId}
                  onChange={(v) => setRecruitmentId((v as string | null) ?? null)}
                  placeholder={t('allRequests')}
                  aria-label={t('request')}
                  style={{ width: 200 }}
                />
              </Flex>
            }
          />
        </Col>
      </Row>
    </Flex>
  );
}
