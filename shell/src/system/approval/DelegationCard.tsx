import { useState } from 'react';
import { App, Button, Card, DatePicker, Empty, Form, Input, Popconfirm, Table, Typography } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { MAX_LIMIT, type DelegationDto } from '@portal/contracts';
import { api, ApiError, formatDate, UserPicker, useSession, useUserNames } from '@portal/ui-kit';

/** My approval delegations (as approver or deputy): name a deputy for a period, end one. */
export function DelegationCard() {
  const { t } = useTranslation(['approval', 'common']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useSession((s) => s.user);
  const [form] = Form.useForm<{ deputy_id: string; period: [Dayjs, Dayjs]; note?: string }>();
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ['/approval-delegation'],
    queryFn: () => api<{ items: DelegationDto[] }>('GET', `/approval-delegation?limit=${MAX_LIMIT}`),
  });
  const names = useUserNames((list.data?.items ?? []).flatMap((d) => [d.approver_id, d.deputy_id]));
  const save = async (v: { deputy_id: string; period: [Dayjs, Dayjs]; note?: string }) => {
    try {
      await api('POST', '/approval-delegation', {
        body: { deputy_id: v.deputy_id, from_date: v.period[0].format('YYYY-MM-DD'), to_date: v.period[1].format('YYYY-MM-DD'), note: v.note || null },
      });
      void message.success(t('delegationSaved'));
      form.resetFields();
      setAdding(false);
      await qc.invalidateQueries({ queryKey: ['/approval-delegation'] });
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(e.errors.map((x) => ({ name: x.path === 'from_date' || x.path === 'to_date' ? 'period' : x.path, errors: [x.message] })) as never);
        void message.error(e.message);
      } else void message.error(String(e));
    }
  };
  const end = async (id: string) => {
    try {
      await api('DELETE', `/approval-delegation/${id}`);
      await qc.invalidateQueries({ queryKey: ['/approval-delegation'] });
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <Card
      title={t('delegations')}
      data-testid="delegations"
      extra={
        !adding && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('addDelegation')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('delegationsHint')}</Typography.Paragraph>
      {adding && (
        <Form form={form} layout="inline" onFinish={(v) => void save(v)} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="deputy_id" label={t('deputy')} rules={[{ required: true, message: t('common:selectRequired') }]} style={{ minWidth: 280 }}>
            <UserPicker multiple={false} aria-label={t('deputy')} />
          </Form.Item>
          <Form.Item name="period" label={t('period')} rules={[{ required: true, message: t('common:dateRequired') }]}>
            <DatePicker.RangePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input maxLength={1000} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('save')}
          </Button>
          <Button onClick={() => setAdding(false)}>{t('common:cancel')}</Button>
        </Form>
      )}
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('noDelegations')} /> }}
        columns={[
          { title: t('approver'), dataIndex: 'approver_id', render: (u: string) => names.get(u) ?? '…' },
          { title: t('deputy'), dataIndex: 'deputy_id', render: (u: string) => names.get(u) ?? '…' },
          { title: t('period'), key: 'p', render: (_: unknown, d: DelegationDto) => `${formatDate(d.from_date)} – ${formatDate(d.to_date)}` },
          { title: t('note'), dataIndex: 'note' },
          {
            key: 'end',
            width: 60,
            render: (_: unknown, d: DelegationDto) =>
              (me?.is_admin || d.approver_id === me?.id) && (
                <Popconfirm title={t('endDelegation')} onConfirm={() => void end(d.id)}>
                  <Button size="small" type="text" danger icon={<StopOutlined />} aria-label={t('endDelegation')} />
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
