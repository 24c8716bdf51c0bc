import { Flex, Statistic, Table, Typography } from 'antd';
import {
  ADMIN_REPORT_PATHS,
  INTERVIEW_KIND_LABELS,
  INTERVIEW_RESULT_LABELS,
  SCHEDULE_KIND_LABELS,
  type AdminEventsReport,
  type NotificationsReport,
  type RecruitmentEventsReport,
  type SchedulesReport,
} from '@portal/contracts';
import { ChartSlot, formatDate, ReportCard, useActivityText, useLang, useReport } from '@portal/ui-kit';
import type { Ctx } from './context';

/** People and their names in a small table: the most travelled, the busiest interviewers, the most active. */
function TopPeople({ rows, columns, testId }: { rows: { key: string; name: string; values: number[] }[]; columns: string[]; testId: string }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      data-testid={testId}
      columns={[
        { key: 'n', title: columns[0], render: (_, r) => r.name },
        ...columns.slice(1).map((c, i) => ({ key: `v${i}`, title: c, align: 'right' as const, render: (_: unknown, r: (typeof rows)[number]) => r.values[i] })),
      ]}
    />
  );
}

export function SchedulesCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const query = useReport<SchedulesReport>('admin-report', ADMIN_REPORT_PATHS.schedules, ctx.period);
  const bars = (d: SchedulesReport) =>
    d.byDepartment.map((x) => ({ x: x.department_name ?? t('noDepartment'), group: label(SCHEDULE_KIND_LABELS[x.kind]), value: x.count }));
  return (
    <ReportCard
      title={t('schedules')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: t('schedules'),
        columns: [{ label: t('department'), width: 32 }, { label: t('kind'), width: 20 }, { label: t('count') }],
        rows: bars(d).map((b) => [b.x, b.group, b.value]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('total')} value={fmt(d.total)} />
            <Statistic title={t('businessTrips')} value={fmt(d.trips)} />
            <Statistic title={t('tripDays')} value={fmt(d.tripDays)} />
          </Flex>
          <ChartSlot
            library={ctx.charts}
            height={220}
            render={(c) => <c.StackedColumnChart height={220} data={bars(d)} fmt={fmt} dark={ctx.dark} horizontalLabels />}
          />
          {d.travellers.length > 0 && (
            <>
              <Typography.Text strong>{t('travellers')}</Typography.Text>
              <TopPeople
                testId="schedule-travellers"
                columns={[t('person'), t('businessTrips'), t('tripDays')]}
                rows={d.travellers.map((r) => ({ key: r.staff_id, name: r.staff_name ?? '—', values: [r.trips, r.days] }))}
              />
            </>
          )}
        </>
      )}
    </ReportCard>
  );
}

export function RecruitmentCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const { label } = useLang();
  const query = useReport<RecruitmentEventsReport>('admin-report', ADMIN_REPORT_PATHS.recruitment, ctx.period);
  const kindOf = (k: string) => label(INTERVIEW_KIND_LABELS[k as keyof typeof INTERVIEW_KIND_LABELS]) || k;
  const resultOf = (r: string) => label(INTERVIEW_RESULT_LABELS[r as keyof typeof INTERVIEW_RESULT_LABELS]) || r;
  return (
    <ReportCard
      title={t('recruitment')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: t('recruitment'),
        columns: [{ label: t('round'), width: 28 }, { label: t('result'), width: 16 }, { label: t('count') }],
        rows: d.byKind.map((k) => [kindOf(k.kind), resultOf(k.result), k.count]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('interviews')} value={fmt(d.total)} />
            <Statistic title={t('upcoming')} value={fmt(d.upcoming)} />
          </Flex>
          <ChartSlot
            library={ctx.charts}
            height={220}
            render={(c) => (
              <c.StackedColumnChart
                height={220}
                fmt={fmt}
                dark={ctx.dark}
                data={d.byKind.map((k) => ({ x: kindOf(k.kind), group: resultOf(k.result), value: k.count }))}
              />
            )}
          />
          <Typography.Text type="secondary">
            {t('byWeek')}: {d.byWeek.map((w) => `${formatDate(w.week)} (${fmt(w.count)})`).join(' · ')}
          </Typography.Text>
          {d.interviewers.length > 0 && (
            <TopPeople
              testId="interviewers"
              columns={[t('interviewer'), t('interviews')]}
              rows={d.interviewers.map((r) => ({ key: r.staff_id, name: r.staff_name ?? '—', values: [r.count] }))}
            />
          )}
        </>
      )}
    </ReportCard>
  );
}

export function EventsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const text = useActivityText();
  const query = useReport<AdminEventsReport>('admin-report', ADMIN_REPORT_PATHS.events, ctx.period);
  const bars = (d: AdminEventsReport) => d.byContext.map((x) => ({ x: text.context(x.context), group: text.action(x.action), value: x.count }));
  return (
    <ReportCard
      title={t('events')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: t('events'),
        columns: [{ label: t('recordType'), width: 30 }, { label: t('action'), width: 16 }, { label: t('count') }],
        rows: bars(d).map((b) => [b.x, b.group, b.value]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('total')} value={fmt(d.total)} />
            <Statistic title={t('activeDays')} value={fmt(d.byDay.length)} />
          </Flex>
          <ChartSlot
            library={ctx.charts}
            height={220}
            render={(c) => <c.StackedColumnChart height={220} data={bars(d)} fmt={fmt} dark={ctx.dark} horizontalLabels />}
          />
          <TopPeople
            testId="event-actors"
            columns={[t('person'), t('count')]}
            rows={d.actors.map((r) => ({ key: r.actor_id ?? 'none', name: r.actor_name ?? '—', values: [r.count] }))}
          />
        </>
      )}
    </ReportCard>
  );
}

export function NotificationsCard({ ctx }: { ctx: Ctx }) {
  const { t, fmt } = ctx;
  const text = useActivityText();
  const query = useReport<NotificationsReport>('admin-report', ADMIN_REPORT_PATHS.notifications, ctx.period);
  const typeOf = (type: string) => t(`type_${type}` as 'type_INFO');
  return (
    <ReportCard
      title={t('notifications')}
      query={query}
      empty={(d) => d.total === 0}
      sheet={(d) => ({
        name: t('notifications'),
        columns: [{ label: t('recordType'), width: 30 }, { label: t('kind'), width: 20 }, { label: t('count') }, { label: t('read') }],
        rows: d.byContext.map((x) => [text.context(x.context), typeOf(x.type), x.count, x.read]),
      })}
    >
      {(d) => (
        <>
          <Flex gap={24} wrap style={{ marginBottom: 8 }}>
            <Statistic title={t('sent')} value={fmt(d.total)} />
            <Statistic title={t('readShare')} value={`${fmt(d.total ? Math.round((d.read / d.total) * 100) : 0)} %`} />
            <Statistic title={t('meanHoursToRead')} value={d.meanHoursToRead === null ? '—' : fmt(d.meanHoursToRead)} />
          </Flex>
          <ChartSlot
            library={ctx.charts}
            height={220}
            render={(c) => (
              <c.StackedColumnChart
                height={220}
                fmt={fmt}
                dark={ctx.dark}
                horizontalLabels
                data={d.byContext.map((x) => ({ x: text.context(x.context), group: typeOf(x.type), value: x.count }))}
              />
            )}
          />
        </>
      )}
    </ReportCard>
  );
}
