import { Card, Descriptions, Segmented, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, formatDateTime, useSession } from '@portal/ui-kit';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { usePrefs } from '../app/prefs';
import { DelegationCard } from './approval/DelegationCard';

interface SessionRow {
  id: string;
  device: string;
  ip: string;
  user_agent: string;
  last_seen_at: string;
  current: boolean;
}

/** Settings: the user's account, language and theme, the devices signed in (spec §9: at most 10), and approval delegations. */
export function SettingsPage() {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const { theme, setTheme } = usePrefs();
  const sessions = useQuery({ queryKey: ['/auth/sessions'], queryFn: () => api<SessionRow[]>('GET', '/auth/sessions') });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title={t('profile')}>
        <Descriptions
          column={1}
          items={[
            { key: 'name', label: t('fullName'), children: user?.full_name },
            { key: 'email', label: 'Email', children: user?.email },
            { key: 'username', label: t('login'), children: user?.username },
            { key: 'lang', label: t('language'), children: <LanguageSwitch /> },
            {
              key: 'theme',
              label: t('theme'),
              children: (
                <Segmented
                  value={theme}
                  onChange={(v) => setTheme(v as 'dark' | 'light')}
                  options={[
                    { value: 'dark', label: t('dark') },
                    { value: 'light', label: t('light') },
                  ]}
                />
              ),
            },
            { key: 'pw', label: t('password'), children: <Link to="/change-password">{t('changePassword')}</Link> },
          ]}
        />
      </Card>
      <Card title={t('sessions')}>
        <Table
          rowKey="id"
          size="small"
          loading={sessions.isLoading}
          dataSource={sessions.data ?? []}
          pagination={false}
          columns={[
            {
              title: t('device'),
              dataIndex: 'device',
              render: (d: string, s: SessionRow) => (
                <>
                  {d} {s.current && <Tag color="green">{t('current')}</Tag>}
                </>
              ),
            },
            { title: t('ip'), dataIndex: 'ip' },
            { title: t('lastSeen'), dataIndex: 'last_seen_at', render: formatDateTime },
          ]}
        />
      </Card>
      <DelegationCard />
    </Space>
  );
}
