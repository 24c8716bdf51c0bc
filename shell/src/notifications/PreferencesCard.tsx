import { Alert, App, Button, Card, Skeleton, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NotificationPreference } from '@portal/contracts';
import { useNotificationPreferences, useSaveNotificationPreference } from '@portal/ui-kit';

/** Per type: in the portal and/or by email (PUT /notifications/preferences, one switch at a time). */
export function PreferencesCard() {
  const { t } = useTranslation('notify');
  const { message } = App.useApp();
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const toggle = (p: NotificationPreference, key: 'in_app' | 'email', on: boolean) =>
    save.mutate({ type: p.type, [key]: on }, { onSuccess: () => void message.success(t('prefSaved')), onError: (e) => void message.error(e.message) });
  const switchFor = (key: 'in_app' | 'email') => (_: unknown, p: NotificationPreference) => (
    <Switch
      checked={p[key]}
      loading={save.isPending && save.variables?.type === p.type && key in save.variables}
      onChange={(on) => toggle(p, key, on)}
      aria-label={`${t(`type_${p.type}`)} — ${t(key === 'in_app' ? 'inApp' : 'email')}`}
      data-testid={`pref-${p.type}-${key}`}
    />
  );
  return (
    <Card title={t('preferences')} data-testid="notification-preferences">
      <Typography.Paragraph type="secondary">{t('preferencesText')}</Typography.Paragraph>
      {prefs.isLoading ? (
        <Skeleton active />
      ) : prefs.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('common:loadError')}
          action={
            <Button size="small" onClick={() => void prefs.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      ) : (
        <Table
          rowKey="type"
          size="small"
          pagination={false}
          dataSource={prefs.data?.items ?? []}
          columns={[
            { title: t('type'), dataIndex: 'type', render: (type: string) => t(`type_${type}`) },
            { title: t('inApp'), key: 'in_app', width: 160, render: switchFor('in_app') },
            { title: t('email'), key: 'email', width: 120, render: switchFor('email') },
          ]}
        />
      )}
    </Card>
  );
}
