import { useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Flex, Row, Segmented, Select, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  CANDIDATE_STATUS,
  CONTRACT_TYPE_LABELS,
  HR_REPORT_PATHS,
  STAFF_STATUS_LABELS,
  type ContractTypesReport,
  type HeadCountReport,
  type LeaveReport,
  type RecruitmentFunnelReport,
  type StaffStatusKey,
} from '@portal/contracts';
import {
  addTexts,
  API_DATE,
  ChartSlot,
  DATE_FORMAT,
  formatDate,
  formatNumber,
  RefSelect,
  ReportCard,
  useChartLibrary,
  useDarkCharts,
  useLang,
  useReport,
  type ChartLibraryState,
  type Query,
} from '@portal/ui-kit';
import { REPORTS_NS, reportTexts } from './texts';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The charting library: a chunk of this remote's own, fetched when the page first draws a chart. */
const loadCharts = () => import('@portal/ui-kit/src/report/charts');

// ---------- shared pieces ----------

function useReportsT(): T {
  const { i18n } = useTranslation();
  addTexts(i18n, REPORTS_NS, reportTexts);
  return useTranslation(REPORTS_NS).t as unknown as T;
}

interface Ctx {
  t: T;
  fmt: (n: number) => string;
  dark: boolean;
  charts: ChartLibraryState;
  organizationId: string | null;
}

const thisYear = () => dayjs().year();
const yearOptions = () => Array.from({ length: 10 }, (_, i) => ({ value: thisYear() - i, label: String(thisYear() - i) }));
const orgQuery = (organizationId: string | null): Query => (organizationId ? { organization_id: organizationId } : {});

// ---------- the four reports ----------

function HeadCountCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const [date, setDate] = useState<string | null>(null);
  const [by, setBy] = useState<'department' | 'unit'>('department');
  const query = useReport<HeadCountReport>('hr-report', HR_REPORT_PATHS.headCount, { ...orgQuery(ctx.organizationId), date });
  const status = (s: StaffStatusKey) => (s === 'UNKNOWN' ? t('UNKNOWN') : label(STAFF_STATUS_LABELS[s]));
  /** One bar segment per unit (or department) and status: what the chart draws and the sheet lists. */
  const bars = (d: HeadCountReport) => {
    const rows = new Map<string, { x: string; group: string; value: number }>();
    for (const r of d.rows) {
      const x = by === 'unit' ? (r.unit_name ?? t('noUnit')) : (r.department_name ?? t('noDepartment'));
      const group = status(r.status);
      const e = rows.get(`${x}\u0000${group}`) ?? { x, group, value: 0 };
      e.value += r.count;
      rows.set(`${x}\u0000${group}`, e);
    }
    return [...rows.values()];
  };
  return (
    <ReportCard
      title={t('headCount')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: `${t('headCount')} ${formatDate(d.date)}`,
        columns: [{ label: t(by === 'unit' ? 'byUnit' : 'byDepartment'), width: 36 }, { label: t('status'), width: 20 }, { label: t('staff') }],
        rows: bars(d).map((b) => [b.x, b.group, b.value]),
      })}
      extra={
        <Flex gap={8} wrap>
          <Segmented
            size="small"
            value={by}
            onChange={(v) => setBy(v as 'department' | 'unit')}
            options={[
              { value: 'department', label: t('byDepartment') },
              { value: 'unit', label: t('byUnit') },
            ]}
          />
          <DatePicker
            size="small"
            format={DATE_FORMAT}
            placeholder={t('headCountOn')}
            value={date ? dayjs(date) : null}
            onChange={(d) => setDate(d ? d.format(API_DATE) : null)}
            aria-label={t('headCountOn')}
          />
        </Flex>
      }
    >
      {(d) => {
        const rows = bars(d);
        return (
          <>
            <Flex gap={24} wrap style={{ marginBottom: 8 }}>
              <Statistic title={`${t('total')} (${formatDate(d.date)})`} value={fmt(d.total)} />
              {d.byStatus.map((s) => (
                <Statistic key={s.status} title={status(s.status)} value={fmt(s.count)} />
              ))}
            </Flex>
            <ChartSlot library={ctx.charts} render={(c) => <c.StackedColumnChart data={rows} fmt={fmt} dark={ctx.dark} />} />
          </>
        );
      }}
    </ReportCard>
  );
}

function ContractsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const query = useReport<ContractTypesReport>('hr-report', HR_REPORT_PATHS.contractTypes, orgQuery(ctx.organizationId));
  return (
    <ReportCard
      title={<Tooltip title={t('contractsHint')}>{t('contracts')}</Tooltip>}
      query={query}
      empty={(d) => d.total === 0 && d.overdue === 0}
      sheet={(d) => ({
        name: t('contracts'),
        columns: [{ label: t('type'), width: 30 }, { label: t('contractCount') }],
        rows: d.byType.map((x) => [label(CONTRACT_TYPE_LABELS[x.type]), x.count]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('contractCount')} value={fmt(d.total)} />
            <Statistic title={t('expiring30')} value={fmt(d.expiring.within30)} />
            <Statistic title={t('expiring60')} value={fmt(d.expiring.within60)} />
            <Tooltip title={t('overdueHint')}>
              <div>
                <Statistic title={t('overdue')} value={fmt(d.overdue)} />
              </div>
            </Tooltip>
          </Flex>
          {d.total > 0 && (
            <ChartSlot
              library={ctx.charts}
              render={(c) => (
                <c.RingChart
                  height={240}
                  fmt={fmt}
                  dark={ctx.dark}
                  data={d.byType.filter((x) => x.count > 0).map((x) => ({ type: label(CONTRACT_TYPE_LABELS[x.type]), value: x.count }))}
                />
              )}
            />
          )}
          {d.expiringSoon.length > 0 && (
            <>
              <Typography.Text strong>{t('expiringSoon')}</Typography.Text>
              <Flex vertical gap={4} style={{ marginTop: 4 }}>
                {d.expiringSoon.slice(0, 5).map((c) => (
                  <Flex key={c.id} justify="space-between" gap={8}>
                    <Typography.Text ellipsis>
                      {c.staff_name}
                      {c.department_name ? ` — ${c.department_name}` : ''} <Tag>{label(CONTRACT_TYPE_LABELS[c.type])}</Tag>
                    </Typography.Text>
                    <span>
                      {formatDate(c.end_date)} <Tag color={c.days_left <= 30 ? 'red' : 'orange'}>{t('daysLeft', { n: fmt(c.days_left) })}</Tag>
                    </span>
                  </Flex>
                ))}
              </Flex>
            </>
          )}
        </>
      )}
    </ReportCard>
  );
}

function LeaveCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { lang } = useLang();
  const [year, setYear] = useState(thisYear);
  const query = useReport<LeaveReport>('hr-report', HR_REPORT_PATHS.leave, { ...orgQuery(ctx.organizationId), year });
  const month = useMemo(() => {
    const f = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-US', { month: 'short', timeZone: 'UTC' });
    return (m: number) => f.format(new Date(Date.UTC(2000, m - 1, 1)));
  }, [lang]);
  // Every month on the axis, even one without leave.
  const monthly = (d: LeaveReport) => {
    const types = d.byType.map((x) => x.name ?? t('noType'));
    return Array.from({ length: 12 }, (_, i) =>
      types.map((type, k) => ({
        x: month(i + 1),
        group: type,
        value: d.rows.filter((r) => r.month === i + 1 && r.leave_type_id === d.byType[k]!.leave_type_id).reduce((n, r) => n + r.days, 0),
      })),
    ).flat();
  };
  return (
    <ReportCard
      title={t('leave')}
      query={query}
      empty={(d) => d.totalDays === 0}
      sheet={(d) => ({
        name: `${t('leave')} ${year}`,
        columns: [{ label: t('month') }, { label: t('type'), width: 24 }, { label: t('days') }],
        rows: monthly(d).map((x) => [x.x, x.group, x.value]),
      })}
      extra={<Select size="small" value={year} onChange={setYear} options={yearOptions()} aria-label={t('year')} style={{ width: 90 }} />}
    >
      {(d) => {
        const data = monthly(d);
        return (
          <>
            <Flex gap={24} wrap style={{ marginBottom: 8 }}>
              <Statistic title={t('totalDays')} value={fmt(d.totalDays)} />
              <Statistic title={t('requests')} value={fmt(d.requests)} />
              {d.byType.slice(0, 3).map((x) => (
                <Statistic key={x.leave_type_id ?? ''} title={x.name ?? t('noType')} value={fmt(x.days)} />
              ))}
            </Flex>
            <ChartSlot library={ctx.charts} render={(c) => <c.StackedColumnChart data={data} fmt={fmt} dark={ctx.dark} />} />
          </>
        );
      }}
    </ReportCard>
  );
}

const DROPPED = CANDIDATE_STATUS.filter((s) => ['COMPANY_CANCELLED', 'CANDIDATE_CANCELLED', 'PAUSED', 'EXPIRED', 'CANCELLED'].includes(s));

function FunnelCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const [year, setYear] = useState(thisYear);
  const [recruitmentId, setRecruitmentId] = useState<string | null>(null);
  const query = useReport<RecruitmentFunnelReport>('hr-report', HR_REPORT_PATHS.recruitmentFunnel, {
    ...orgQuery(ctx.organizationId),
    ...(recruitmentId ? { recruitment_id: recruitmentId } : { from: `${year}-01-01`, to: `${year}-12-31` }),
  });
  return (
    <ReportCard
      title={t('funnel')}
      query={query}
      empty={(d) => d.stages[0]!.count === 0 && d.requested === 0}
      sheet={(d) => ({
        name: t('funnel'),
        columns: [{ label: t('stage'), width: 24 }, { label: t('candidates') }],
        rows: d.stages.map((x) => [t(x.stage), x.count]),
      })}
      extra={
        <Flex gap={8} wrap>
          <Select
            size="small"
            value={year}
            onChange={setYear}
            options={yearOptions()}
            disabled={Boolean(recruitmentId)}
            aria-label={t('period')}
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
    >
      {(d) => {
        const dropped = d.byStatus.filter((s) => (DROPPED as readonly string[]).includes(s.status)).reduce((n, s) => n + s.count, 0);
        return (
          <>
            <Flex gap={24} wrap style={{ marginBottom: 8 }}>
              <Statistic title={t('candidates')} value={fmt(d.stages[0]!.count)} />
              <Statistic title={t('requested')} value={fmt(d.requested)} />
              <Statistic
                title={t('hired')}
                value={fmt(d.hired)}
                suffix={
                  d.requested > 0 ? (
                    <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                      {t('fulfilled', { p: fmt(Math.round((d.hired / d.requested) * 100)) })}
                    </Typography.Text>
                  ) : null
                }
              />
              <Statistic title={t('dropped')} value={fmt(dropped)} />
            </Flex>
            {d.stages[0]!.count > 0 && (
              <ChartSlot
                library={ctx.charts}
                render={(c) => <c.StageFunnelChart data={d.stages.map((s) => ({ stage: t(s.stage), count: s.count }))} fmt={fmt} dark={ctx.dark} />}
              />
            )}
          </>
        );
      }}
    </ReportCard>
  );
}

// ---------- the page ----------

/**
 * HR reports (GET /hr-report/*): head count by unit and department, contract types with the contracts ending soon,
 * approved leave days by month, and the recruitment funnel. One unit/department filter for the page, each card its
 * own (date, year, request). The numbers are the caller's scope: a department head sees their departments.
 */
export default function ReportsPage() {
  const t = useReportsT();
  const { lang } = useLang();
  const qc = useQueryClient();
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const charts = useChartLibrary(loadCharts);
  const ctx: Ctx = { t, fmt: (n) => formatNumber(n, lang), dark: useDarkCharts(), charts, organizationId };
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
            <Button onClick={() => void qc.invalidateQueries({ queryKey: ['hr-report'] })}>{t('refresh')}</Button>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <HeadCountCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <ContractsCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <LeaveCard ctx={ctx} />
        </Col>
        <Col xs={24} xl={12}>
          <FunnelCard ctx={ctx} />
        </Col>
      </Row>
    </Flex>
  );
}
