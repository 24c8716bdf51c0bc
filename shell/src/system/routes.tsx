import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, UnlockOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { decentralization, pagePath, role, user, type ListResult } from '@portal/contracts';
import {
  api,
  ApiError,
  download,
  formatTimestamp,
  NotAuthorized,
  RequireAbility,
  resourcePages,
  ResourceList,
  useActivityText,
  useCan,
  useSession,
  type Row,
} from '@portal/ui-kit';
import { PermissionMatrix } from './PermissionMatrix';
import { SettingsPage } from './SettingsPage';
import { ApprovalSettingsPage } from './approval/ApprovalSettingsPage';

function UserActions({ row }: { row: Row }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const canEdit = useCan('edit', 'account');
  // Only administrators set another user's password (the server refuses anyone else).
  const isAdmin = useSession((st) => Boolean(st.user?.is_admin));
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  if (!canEdit || row.state !== 'ACTIVE') return null;
  const unlock = async () => {
    try {
      await api('POST', `/user/${row.id}/unlock`);
      void message.success(t('unlocked'));
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  const setPassword = async (v: { password: string }) => {
    try {
      await api('POST', `/user/${row.id}/password`, { body: v });
      void message.success(t('changed'));
      setOpen(false);
      form.resetFields();
    } catch (e) {
      form.setFields([{ name: 'password', errors: [e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : String(e)] }]);
    }
  };
  return (
    <>
      {row.locked_until ? (
        <Tooltip title={t('unlock')}>
          <Button size="small" type="text" icon={<UnlockOutlined />} onClick={() => void unlock()} aria-label={t('unlock')} />
        </Tooltip>
      ) : null}
      {isAdmin && (
        <Tooltip title={t('setPassword')}>
          <Button size="small" type="text" icon={<KeyOutlined />} onClick={() => setOpen(true)} aria-label={t('setPassword')} />
        </Tooltip>
      )}
      <Modal open={open} title={`${t('setPassword')} — ${String(row.username)}`} onCancel={() => setOpen(false)} onOk={() => form.submit()} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={setPassword}>
          <Form.Item name="password" label={t('newPassword')} extra={t('passwordHint')} rules={[{ required: true }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

interface LogEntry {
  id: string;
  context: string;
  record_id: string | null;
  action: string;
  actor_name: string | null;
  description: string | null;
  created_date: string;
  updated_data: Record<string, unknown> | null;
}

function ActivityLogPage() {
  const { t } = useTranslation('shell');
  const text = useActivityText();
  const [page, setPage] = useState({ page: 1, limit: 30 });
  const [context, setContext] = useState('');
  const data = useQuery({
    queryKey: ['/activity-log', page, context],
    queryFn: () => api<ListResult<LogEntry>>('GET', '/activity-log', { query: { ...page, f_context: context || undefined } }),
  });
  return (
    <Card
      title={t('activityLog')}
      extra={
        <Input.Search
          allowClear
          placeholder={t('context')}
          onSearch={(v) => {
            setContext(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 220 }}
        />
      }
    >
      <Table
        rowKey="id"
        size="small"
        loading={data.isFetching}
        dataSource={data.data?.items ?? []}
        pagination={{ current: page.page, pageSize: page.limit, total: data.data?.totalRows ?? 0, onChange: (p, l) => setPage({ page: p, limit: l }) }}
        columns={[
          { title: t('time'), dataIndex: 'created_date', render: formatTimestamp, width: 170 },
          { title: t('actor'), dataIndex: 'actor_name' },
          { title: t('action'), dataIndex: 'action', render: (a: string) => <Tag>{text.action(a)}</Tag> },
          { title: t('context'), dataIndex: 'context', render: (c: string) => text.context(c) },
          {
            title: t('changes'),
            key: 'changes',
            render: (_: unknown, e: LogEntry) =>
              e.description ? text.description(e.description) : e.updated_data ? Object.keys(e.updated_data).slice(0, 6).join(', ') : null,
          },
        ]}
      />
    </Card>
  );
}

interface SysLog {
  id: number;
  level: string;
  source: string;
  event: string;
  message: string;
  ip: string | null;
  created_date: string;
}

function SystemLogPage() {
  const { t } = useTranslation(['shell', 'common']);
  const [page, setPage] = useState({ page: 1, limit: 30 });
  const [q, setQ] = useState('');
  const data = useQuery({
    queryKey: ['/system_log', page, q],
    queryFn: () => api<ListResult<SysLog>>('GET', '/system_log', { query: { ...page, q: q || undefined } }),
  });
  return (
    <Card
      title={t('systemLog')}
      extra={
        <>
          <Input.Search
            allowClear
            placeholder={t('common:search')}
            onSearch={(v) => {
              setQ(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 220, marginRight: 8 }}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void download('/system_log/export', 'system_log.xlsx', { q: q || undefined })}>
            {t('common:export')}
          </Button>
        </>
      }
    >
      <Table
        rowKey="id"
        size="small"
        loading={data.isFetching}
        dataSource={data.data?.items ?? []}
        pagination={{ current: page.page, pageSize: page.limit, total: data.data?.totalRows ?? 0, onChange: (p, l) => setPage({ page: p, limit: l }) }}
        columns={[
          { title: t('time'), dataIndex: 'created_date', render: formatTimestamp, width: 170 },
          { title: t('level'), dataIndex: 'level', render: (l: string) => <Tag color={l === 'error' ? 'red' : l === 'warn' ? 'orange' : 'blue'}>{l}</Tag> },
          { title: t('event'), dataIndex: 'event' },
          { title: t('message'), dataIndex: 'message' },
          { title: t('ip'), dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}

function MailboxPage() {
  const { t } = useTranslation('shell');
  const isAdmin = useSession((st) => Boolean(st.user?.is_admin));
  const data = useQuery({
    queryKey: ['/dev-mailbox'],
    queryFn: () => api<ListResult<{ id: number; mail_to: string; subject: string; body: string; created_date: string }>>('GET', '/dev-mailbox'),
    enabled: isAdmin,
    retry: false,
  });
  if (!isAdmin) return <NotAuthorized />;
  // Off unless DEV_MAILBOX=1: the server's message (in the user's language) says how to turn it on.
  if (data.error)
    return (
      <Card title={t('mailbox')}>
        <Alert type="info" showIcon message={(data.error as Error).message} />
      </Card>
    );
  return (
    <Card title={t('mailbox')}>
      <Table
        rowKey="id"
        size="small"
        loading={data.isFetching}
        dataSource={data.data?.items ?? []}
        expandable={{ expandedRowRender: (m) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography.Paragraph> }}
        columns={[
          { title: t('time'), dataIndex: 'created_date', render: formatTimestamp, width: 170 },
          { title: t('to'), dataIndex: 'mail_to' },
          { title: t('subject'), dataIndex: 'subject' },
        ]}
      />
    </Card>
  );
}

function MatrixTabLabel() {
  const { t } = useTranslation('shell');
  return <>{t('permissionMatrix')}</>;
}

const guard = (feature: Parameters<typeof RequireAbility>[0]['a'], el: React.ReactNode) => (
  <RequireAbility I="view" a={feature}>
    {el}
  </RequireAbility>
);

/** The system screens (spec §2 System): users, roles with the permission matrix, decentralization, logs, settings. */
export const systemRoutes: RouteObject[] = [
  ...resourcePages(user, {
    list: <ResourceList def={user} basePath={pagePath(user)} extraActions={(row) => <UserActions row={row} />} fields={['username', 'locked_until']} />,
  }),
  ...resourcePages(role, { tabs: [{ key: 'matrix', label: <MatrixTabLabel />, children: (row) => <PermissionMatrix role={row} /> }] }),
  ...resourcePages(decentralization),
  { path: 'activity-log', element: <ActivityLogPage /> },
  { path: 'system-log', element: guard('setting', <SystemLogPage />) },
  { path: 'mailbox', element: guard('setting', <MailboxPage />) },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'approval', element: guard('setting', <ApprovalSettingsPage />) },
];
