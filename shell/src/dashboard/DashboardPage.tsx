import { Col, Empty, Row, Skeleton, Statistic } from '../app/antd';
import { Bar, Panel, Text, Title } from '../app/light';
import { ApartmentOutlined, CheckSquareOutlined, TeamOutlined, UserAddOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STAFF_STATUS_LABELS, type ListResult } from '@portal/contracts/src/frame';
import { api, formatDateTime, formatNumber, useActivityText, useApprovalGroups, useCan, useLang, useSession } from '@portal/ui-kit/src/frame';
import { useNavigation } from '../layout/menu';
import { MyDayCards } from './MyDayCard';
import { MyProjectsCard } from './MyProjectsCard';
import { ItemList } from './ItemList';

interface Stats {
  total: number;
  byStatus: { key: string; total: number }[];
  byDepartment: { key: string | null; name: string | null; total: number }[];
}
interface LogEntry {
  id: string;
  context: string;
  action: string;
  actor_name: string | null;
  record_id: string | null;
  record_title?: string | null;
  origin_data?: unknown;
  updated_data?: unknown;
  created_date: string;
}

/** The dashboard: real figures from the services, within the user's own scope. */
export function DashboardPage() {
  const { t } = useTranslation('shell');
  const { label, lang } = useLang();
  // Counts in the language's way ("1.442" in Vietnamese), not antd's default comma.
  const num = (v: number | string) => formatNumber(Number(v), lang, 0);
  const user = useSession((s) => s.user);
  const canStaff = useCan('view', 'staff');
  const canOrg = useCan('view', 'organization');
  const { flat } = useNavigation();
  const text = useActivityText();
  const approvals = useApprovalGroups();
  const stats = useQuery({ queryKey: ['/staff', 'stats'], queryFn: () => api<Stats>('GET', '/staff/stats'), enabled: canStaff });
  const orgs = useQuery({
    queryKey: ['/organization', 'count'],
    queryFn: () => api<ListResult<unknown>>('GET', '/organization', { query: { limit: 1 } }),
    enabled: canOrg,
  });
  const activity = useQuery({
    queryKey: ['/activity-log', 'recent'],
    queryFn: () => api<ListResult<LogEntry>>('GET', '/activity-log', { query: { limit: 8 } }),
  });
  const count = (k: string) => stats.data?.byStatus.find((s) => s.key === k)?.total ?? 0;
  const max = Math.max(1, ...(stats.data?.byDepartment.map((d) => d.total) ?? [1]));
  const statusName = (key: string) => label(STAFF_STATUS_LABELS[key as keyof typeof STAFF_STATUS_LABELS]) || key;
  return (
    <>
      <Title>{t('welcome', { name: user?.full_name ?? '' })}</Title>
      <Row gutter={[16, 16]}>
        {/* What waits for my approval, counted live (the approvals inbox's "Waiting for me"). */}
        <Col xs={12} lg={6}>
          <Link to="/approvals" data-testid="stat-waiting-approval">
            <Panel>
              <Statistic
                formatter={num}
                title={t('waitingMyApproval')}
                value={approvals.data?.APPROVE_REQUEST.total ?? 0}
                loading={approvals.isLoading}
                prefix={<CheckSquareOutlined />}
              />
            </Panel>
          </Link>
        </Col>
        {canStaff && (
          <>
            <Col xs={12} lg={6}>
              <Panel>
                <Statistic
                  formatter={num}
                  title={t('headcount')}
                  value={stats.data?.total ?? 0}
                  loading={stats.isLoading}
                  prefix={<TeamOutlined />}
                  data-testid="stat-headcount"
                />
              </Panel>
            </Col>
            <Col xs={12} lg={6}>
              <Panel>
                <Statistic formatter={num} title={t('official')} value={count('OFFICIAL')} loading={stats.isLoading} prefix={<SafetyOutlined />} />
              </Panel>
            </Col>
            <Col xs={12} lg={6}>
              <Panel>
                <Statistic formatter={num} title={t('probation')} value={count('PROBATION')} loading={stats.isLoading} prefix={<UserAddOutlined />} />
              </Panel>
            </Col>
            {canOrg && (
              <Col xs={12} lg={6}>
                <Panel>
                  <Statistic
                    formatter={num}
                    title={t('departments')}
                    value={orgs.data?.totalRows ?? 0}
                    loading={orgs.isLoading}
                    prefix={<ApartmentOutlined />}
                  />
                </Panel>
              </Col>
            )}
          </>
        )}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <MyDayCards />
        <MyProjectsCard />
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {canStaff && (
          <Col xs={24} lg={12}>
            <Panel title={t('byDepartment')}>
              {stats.isLoading ? (
                <Skeleton active />
              ) : stats.data?.byDepartment.length ? (
                stats.data.byDepartment.map((d) => (
                  <div key={d.key ?? 'none'}>
                    <Text>{d.name ?? '—'}</Text>
                    <Bar percent={Math.round((d.total / max) * 100)} label={d.total} name={d.name ?? '—'} />
                  </div>
                ))
              ) : (
                <Empty />
              )}
            </Panel>
          </Col>
        )}
        <Col xs={24} lg={canStaff ? 12 : 24}>
          <Panel title={t('byStatus')} style={{ display: canStaff ? undefined : 'none' }}>
            {stats.data?.byStatus.map((s) => (
              <div key={s.key}>
                <Text>{statusName(s.key)}</Text>
                <Bar percent={Math.round((s.total / Math.max(1, stats.data!.total)) * 100)} label={s.total} name={statusName(s.key)} />
              </div>
            ))}
          </Panel>
          <Panel title={t('recentActivity')} style={{ marginTop: canStaff ? 16 : 0 }}>
            <ItemList
              loading={activity.isLoading}
              items={activity.data?.items ?? []}
              empty={<Empty />}
              itemKey={(e) => e.id}
              render={(e) => {
                const record = text.record(e);
                const what = record.name ? `${text.context(e.context)} ${record.name}` : text.context(e.context);
                return (
                  <>
                    <span>
                      {e.actor_name ?? ''} · {text.action(e.action)} · {record.link ? <Link to={record.link}>{what}</Link> : what}
                    </span>
                    <Text type="secondary">{formatDateTime(e.created_date)}</Text>
                  </>
                );
              }}
            />
          </Panel>
        </Col>
        <Col xs={24}>
          <Panel title={t('quickLinks')}>
            {flat
              .filter((i) => i.path !== '/')
              .slice(0, 12)
              .map((i) => (
                <Link key={i.key} to={i.path!} style={{ marginRight: 16 }}>
                  {i.label}
                </Link>
              ))}
          </Panel>
        </Col>
      </Row>
    </>
  );
}
