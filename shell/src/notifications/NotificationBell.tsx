import { useState } from 'react';
import { Alert, App, Badge, Button, Empty, Flex, Popover, Spin } from '../app/antd';
import { Text } from '../app/light';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLatestNotifications, useNotificationStream, usePhone, useReadAll } from '@portal/ui-kit/src/frame';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './useOpenNotification';

/**
 * The navbar bell: the unread count, kept live by the server-sent event stream (no reload), and a panel with
 * the newest notifications, Read all and See all.
 */
export function NotificationBell() {
  const { t } = useTranslation('notify');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const latest = useLatestNotifications();
  const readAll = useReadAll();
  const openItem = useOpenNotification(() => setOpen(false));
  useNotificationStream();
  const unread = latest.data?.unread_count ?? 0;

  const body = latest.isLoading ? (
    <div style={{ padding: 24, textAlign: 'center' }}>
      <Spin />
    </div>
  ) : latest.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('common:loadError')}
      action={
        <Button size="small" onClick={() => void latest.refetch()}>
          {t('common:retry')}
        </Button>
      }
    />
  ) : !latest.data?.items.length ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotifications')} />
  ) : (
    <div style={{ maxHeight: 420, overflowY: 'auto' }}>
      {latest.data.items.map((n) => (
        <NotificationItem key={n.id} n={n} onOpen={openItem} compact />
      ))}
    </div>
  );

  const panel = (
    // Never wider than the screen less a margin on each side (a phone is 390 px wide; the panel 380).
    <div style={{ width: 'min(380px, calc(100vw - 16px))' }} data-testid="notification-panel">
      <Flex justify="space-between" align="center" style={{ padding: '4px 12px 8px' }}>
        <Text strong>{t('notifications')}</Text>
        <Button
          size="small"
          type="link"
          disabled={!unread}
          loading={readAll.isPending}
          data-testid="notifications-read-all"
          onClick={() => readAll.mutate(undefined, { onSuccess: () => void message.success(t('allRead')), onError: (e) => void message.error(e.message) })}
        >
          {t('readAll')}
        </Button>
      </Flex>
      {body}
      <div style={{ textAlign: 'center', paddingTop: 8 }}>
        <Button
          type="link"
          data-testid="notifications-see-all"
          onClick={() => {
            setOpen(false);
            navigate('/notifications');
          }}
        >
          {t('seeAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      // On a phone the bell is not at the screen's right edge: the panel hung from its right end started left of the
      // screen (x −94 of 390). Centred under it, antd shifts the panel sideways until it lies inside the screen.
      placement={phone ? 'bottom' : 'bottomRight'}
      arrow={false}
      content={panel}
      styles={{ container: { padding: '8px 0' } }}
    >
      <span data-testid="notification-bell" data-unread={unread} style={{ display: 'inline-flex' }}>
        <Badge count={unread} overflowCount={99} size="small" title={t('unreadCount', { count: unread })}>
          <Button type="text" icon={<BellOutlined />} aria-label={`${t('notifications')} (${t('unreadCount', { count: unread })})`} />
        </Badge>
      </span>
    </Popover>
  );
}
