import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Pagination, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@portal/contracts';
import { useApprovalGroups, useLang, type ApprovalGroups } from '@portal/ui-kit';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './useOpenNotification';
import { BulkApprove, bulkTarget } from './BulkApprove';

/** Waiting for me first (spec §3 groups). */
const GROUPS: (keyof ApprovalGroups)[] = ['APPROVE_REQUEST', 'APPROVED', 'CANCELLED'];
const PAGE_SIZE = 20;

/**
 * One group's items, a page at a time. Waiting for me: the requests whose kind takes bulk approvals have a checkbox, and
 * the chosen ones are approved or refused at once (BulkApprove).
 */
function GroupList({ items, bulk }: { items: NotificationDto[]; bulk?: boolean }) {
  const { t } = useTranslation('notify');
  const [page, setPage] = useState(1);
  // The chosen requests themselves, not their ids: a live reload that drops one (answered elsewhere) keeps the choice
  // and its open dialog, which then names it as refused.
  const [chosen, setChosen] = useState<NotificationDto[]>([]);
  const { lang } = useLang();
  const open = useOpenNotification();
  const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const selectable = bulk ? shown.filter((n) => bulkTarget(n)) : [];
  const isChosen = (n: NotificationDto) => chosen.some((c) => c.id === n.id);
  const toggle = (n: NotificationDto, on: boolean) => setChosen((c) => (on ? [...c, n] : c.filter((x) => x.id !== n.id)));
  const all = selectable.length > 0 && selectable.every(isChosen);
  const bar =
    selectable.length > 0 || chosen.length > 0 ? (
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Checkbox
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={!selectable.length}
          onChange={(e) => setChosen(e.target.checked ? selectable : [])}
        >
          {t('selectAll')}
        </Checkbox>
        <BulkApprove chosen={chosen} onDone={() => setChosen([])} />
      </Flex>
    ) : null;
  if (!items.length)
    return (
      <>
        {bar}
        <Empty description={t('noApprovals')} />
      </>
    );
  return (
    <>
      {bar}
      {shown.map((n) => (
        <Flex key={n.id} align="center" gap={4} data-context={n.context ?? undefined}>
          {selectable.includes(n) && (
            <Checkbox
              style={{ paddingInlineStart: 8 }}
              checked={isChosen(n)}
              onChange={(e) => toggle(n, e.target.checked)}
              aria-label={`${t('select')}: ${n.title[lang]}`}
              data-testid="bulk-choose"
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <NotificationItem n={n} onOpen={open} />
          </div>
        </Flex>
      ))}
      {items.length > PAGE_SIZE && (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={items.length}
            onChange={(p) => {
              setPage(p);
              setChosen([]);
            }}
            showSizeChanger={false}
          />
        </Flex>
      )}
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
      {groups.isLoading ? (
        <Skeleton active />
      ) : groups.isError || !groups.data ? (
        <Alert
          type="error"
          showIcon
          title={t('common:loadError')}
          description={groups.error?.message}
          action={
            <Button size="small" onClick={() => void groups.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      ) : (
        <Tabs
          activeKey={active}
          onChange={(k) => {
            const p = new URLSearchParams(params);
            p.set('tab', k);
            setParams(p, { replace: true });
          }}
          items={GROUPS.map((g) => ({
            key: g,
            label: `${t(`group_${g}`)} (${groups.data[g].total})`,
            children: <GroupList items={groups.data[g].items} bulk={g === 'APPROVE_REQUEST'} />,
          }))}
        />
      )}
    </Card>
  );
}
