import { Alert, App, Button, Card, Empty, Flex, Pagination, Select, Skeleton, Space } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_TYPES, type NotificationType } from '@portal/contracts';
import { useNotificationPage, useReadAll } from '@portal/ui-kit';
import { NotificationItem } from './NotificationItem';
import { PreferencesCard } from './PreferencesCard';
import { useOpenNotification } from './useOpenNotification';

const positive = (v: string | null, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);

/** All my notifications: pages, a filter by type (kept in the URL), Read all, and my delivery preferences. */
export function NotificationsPage() {
  const { t } = useTranslation('notify');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const limit = positive(params.get('limit'), NOTIFICATION_LIST_LIMIT);
  const types = (params.get('type') ?? '').split(',').filter((x): x is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(x));
  const data = useNotificationPage({ page, limit, types });
  const readAll = useReadAll();
  const openItem = useOpenNotification();
  const set = (changes: Record<string, string | number | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };

  const list = data.isLoading ? (
    <Skeleton active />
  ) : data.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('common:loadError')}
      description={data.error.message}
      action={
        <Button size="small" onClick={() => void data.refetch()}>
          {t('common:retry')}
        </Button>
      }
    />
  ) : !data.data?.items.length ? (
    <Empty description={types.length ? t('common:noMatch') : t('noNotifications')} />
  ) : (
    <div data-testid="notification-list">
      {data.data.items.map((n) => (
        <NotificationItem key={n.id} n={n} onOpen={openItem} />
      ))}
    </div>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${t('notifications')}${data.data ? ` · ${t('unreadCount', { count: data.data.unread_count })}` : ''}`}
        extra={
          <Space wrap>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('allTypes')}
              style={{ minWidth: 260 }}
              value={types}
              aria-label={t('type')}
              data-testid="notification-type-filter"
              options={NOTIFICATION_TYPES.map((x) => ({ value: x, label: t(`type_${x}`) }))}
              onChange={(v: NotificationType[]) => set({ type: v.join(','), page: null })}
            />
            <Button
              icon={<CheckOutlined />}
              disabled={!data.data?.unread_count}
              loading={readAll.isPending}
              onClick={() => readAll.mutate(undefined, { onSuccess: () => void message.success(t('allRead')), onError: (e) => void message.error(e.message) })}
            >
              {t('readAll')}
            </Button>
          </Space>
        }
      >
        {list}
        {Boolean(data.data?.totalRows) && (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination
              current={page}
              pageSize={limit}
              total={data.data!.totalRows}
              showSizeChanger
              pageSizeOptions={[10, 20, 50, 100]}
              showTotal={(total) => t('common:total', { count: total })}
              onChange={(p, l) => set({ page: p === 1 ? null : p, limit: l === NOTIFICATION_LIST_LIMIT ? null : l })}
            />
          </Flex>
        )}
      </Card>
      <PreferencesCard />
    </Space>
  );
}
