import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Pagination, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@portal/contracts';
import { useApprovalGroups, type ApprovalGroups } from '@portal/ui-kit';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './useOpenNotification';

/** Waiting for me first (spec §3 groups). */
const GROUPS: (keyof ApprovalGroups)[] = ['APPROVE_REQUEST', 'APPROVED', 'CANCELLED'];
const PAGE_SIZE = 20;

function GroupList({ items }: { items: NotificationDto[] }) {
  const { t } = useTranslation('notify');
  const [page, setPage] = useState(1);
  const open = useOpenNotification();
  if (!items.length) return <Empty description={t('noApprovals')} />;
  return (
    <>
      {items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((n) => <NotificationItem key={n.id} n={n} onOpen={open} />)}
      {items.length > PAGE_SIZE && <Flex justify="end" style={{ marginTop: 16 }}><Pagination current={page} pageSize={PAGE_SIZE} total={items.length} onChange={setPage} showSizeChanger={false} /></Flex>}
    </>
  );
}

/** The approvals inbox: my approval notifications grouped as waiting for me, approved and cancelled, each tab with its total; each item opens its record. */
export function ApprovalsInbox() {
  const { t } = useTranslation('notify');
  const [params, setParams] = useSearchParams();
  const groups = useApprovalGroups();
  const active = GROUPS.find((g) => g === params.get('tab')) ?? 'APPROVE_REQUEST';
  return (
    <Card title={t('approvals')} data-testid="approvals-inbox">
      {groups.isLoading ? <Skeleton active /> : groups.isError || !groups.data ? (
        <Alert type="error" showIcon title={t('common:loadError')} description={groups.error?.message} action={<Button size="small" onClick={() => void groups.refetch()}>{t('common:retry')}</Button>} />
      ) : (
        <Tabs activeKey={active} onChange={(k) => { const p = new URLSearchParams(params); p.set('tab', k); setParams(p, { replace: true }); }}
          items={GROUPS.map((g) => ({ key: g, label: `${t(`group_${g}`)} (${groups.data[g].total})`, children: <GroupList items={groups.data[g].items} /> }))} />
      )}
    </Card>
  );
}
