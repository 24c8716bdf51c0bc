import { useState } from 'react';
import { Alert, Badge, Calendar, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { organization } from '@portal/contracts';
import { api, RefSelect, useCan } from '@portal/ui-kit';

interface Off { id: string; staff_name: string; department_id: string | null; department_name: string | null; leave_type_name: string | null; from_date: string; to_date: string; days: number; approval_status: string }
interface Holiday { id: string; name: string; from_date: string; to_date: string }

/**
 * Who is off (GET /staff-leave/calendar): a month grid of approved and pending leave in the caller's scope, with the
 * holidays; a department filter for those who see several. A day lists the names; a leave opens its request.
 */
export function LeaveCalendar() {
  const { t } = useTranslation('hr');
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [department, setDepartment] = useState<string | undefined>();
  const canFilter = useCan('view', organization.feature);
  const from = month.startOf('month').startOf('week').format('YYYY-MM-DD');
  const to = month.endOf('month').endOf('week').format('YYYY-MM-DD');
  const data = useQuery({
    queryKey: ['/staff-leave', 'calendar', from, to],
    queryFn: ({ signal }) => api<{ leave: Off[]; holidays: Holiday[] }>('GET', '/staff-leave/calendar', { query: { from, to }, signal }),
  });
  const leave = (data.data?.leave ?? []).filter((l) => !department || l.department_id === department);
  const on = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return { off: leave.filter((l) => l.from_date <= day && l.to_date >= day && d.day() % 6 !== 0), holidays: (data.data?.holidays ?? []).filter((h) => h.from_date <= day && h.to_date >= day) };
  };
  return (
    <Card title={t('calendarTitle')} loading={data.isLoading && !data.data}
      extra={canFilter && <RefSelect target="organization" style={{ width: 240 }} placeholder={t('allDepartments')} aria-label={t('allDepartments')} value={department} onChange={(v) => setDepartment((v as string | null) ?? undefined)} />}>
      {data.isError && <Alert type="warning" showIcon title={(data.error as Error).message} style={{ marginBottom: 12 }} />}
      <Calendar value={month} onPanelChange={(d) => setMonth(d.startOf('month'))} onSelect={(d, info) => { if (info.source !== 'date') setMonth(d.startOf('month')); }}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const { off, holidays } = on(d);
          return (
            <Space direction="vertical" size={2} style={{ width: '100%' }} data-testid={`day-${d.format('YYYY-MM-DD')}`}>
              {holidays.map((h) => <Tag key={h.id} color="red">{t('holiday')}: {h.name}</Tag>)}
              {off.slice(0, 3).map((l) => (
                <Tooltip key={l.id} title={`${l.staff_name} — ${l.leave_type_name ?? ''} (${l.department_name ?? ''})`}>
                  <Link to={`/hr/staff-leave/${l.id}`}><Badge status={l.approval_status === 'APPROVED' ? 'success' : 'warning'} text={<Typography.Text ellipsis style={{ maxWidth: 120 }}>{l.staff_name}</Typography.Text>} /></Link>
                </Tooltip>
              ))}
              {off.length > 3 && <Typography.Text type="secondary">{t('offCount', { n: off.length })}</Typography.Text>}
            </Space>
          );
        }} />
      <Space style={{ marginTop: 8 }}><Badge status="success" text={t('approvedTag')} /><Badge status="warning" text={t('pendingTag')} /><Tag color="red">{t('holiday')}</Tag></Space>
    </Card>
  );
}
