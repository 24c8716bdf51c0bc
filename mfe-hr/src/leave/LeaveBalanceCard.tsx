import { Alert, Card, Descriptions, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LeaveBalance } from '@portal/contracts';
import { api, formatDate, formatNumber, useLang } from '@portal/ui-kit';

export const useLeaveBalance = (staffId: string | undefined, date?: string) =>
  useQuery({
    queryKey: ['/staff-leave', 'balance', staffId, date],
    queryFn: ({ signal }) => api<LeaveBalance>('GET', '/staff-leave/balance', { query: { staff_id: staffId, date }, signal }),
    enabled: Boolean(staffId),
  });

/**
 * A staff member's annual leave on a date (GET /staff-leave/balance): what is left and how it is made up, and the
 * accrual schedule of the year — how many days will have been earned at the end of each month. `days`: a request
 * being written; the card then says what would be left after it.
 */
export function LeaveBalanceCard({ staffId, date, days }: { staffId: string; date?: string; days?: number }) {
  const { t } = useTranslation('hr');
  const { lang } = useLang();
  // Days come with decimals (accrual by month): "11,92" in Vietnamese, as every number the portal shows.
  const n = (v: number) => formatNumber(v, lang);
  const b = useLeaveBalance(staffId, date);
  if (b.isLoading)
    return (
      <Card size="small" style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (b.isError || !b.data) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={(b.error as Error | null)?.message ?? ''} />;
  const d = b.data;
  const after = days !== undefined ? Math.round((d.available - days) * 100) / 100 : null;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={`${t('balanceTitle')} — ${t('balanceOn', { date: formatDate(d.date) })}`}
      data-testid="leave-balance"
    >
      <Statistic
        data-testid="balance-available"
        title={t('available')}
        value={d.available}
        formatter={(v) => n(Number(v))}
        suffix={t('daysUnit')}
        valueStyle={{ color: d.available < 0 ? '#cf1322' : undefined }}
      />
      {after !== null && (
        <Alert
          style={{ margin: '8px 0' }}
          type={after < 0 ? 'error' : 'success'}
          showIcon
          title={after < 0 ? t('notEnough') : t('afterThis', { n: n(after) })}
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 2, md: 4 }}
        style={{ marginTop: 8 }}
        items={[
          { key: 'e', label: t('entitlement'), children: n(d.entitlement) },
          { key: 'a', label: t('accrued'), children: n(d.accrued) },
          { key: 's', label: t('seniority'), children: n(d.seniority_days) },
          {
            key: 'c',
            label: t('carried'),
            children: d.carried_lapsed ? (
              <>
                {n(d.carried_days)}{' '}
                <Tag>
                  {t('lapsed')} {n(d.carried_lapsed)}
                </Tag>
              </>
            ) : (
              n(d.carried_days)
            ),
          },
          { key: 'j', label: t('adjustment'), children: n(d.adjustment_days) },
          { key: 't', label: t('taken'), children: <span data-testid="balance-taken">{n(d.taken)}</span> },
          { key: 'p', label: t('pending'), children: n(d.pending) },
        ]}
      />
      <Typography.Text type="secondary">{t('schedule', { year: d.year })}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        rowKey="k"
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 4 }}
        columns={d.schedule.map((m) => ({ key: String(m.month), dataIndex: String(m.month), title: t('month', { m: m.month }), align: 'center' as const }))}
        dataSource={[{ k: 'accrued', ...Object.fromEntries(d.schedule.map((m) => [String(m.month), n(m.accrued)])) }]}
      />
    </Card>
  );
}
