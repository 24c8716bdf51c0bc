import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { assetHandoverLine, HANDOVER_STATE_COLORS, HANDOVER_STATE_LABELS, type HandoverState } from '@portal/contracts';
import { api, RefSelect, useCan, useConfirmDelete, useLang, useList, useSession, type Row } from '@portal/ui-kit';
import { fill, H } from './texts';

const LINES = assetHandoverLine.path;

/**
 * A handover's assets, on one page that works on a phone: its receiver accepts or denies each (a denial says why), or
 * accepts all that remain at once; the asset office adds assets to a draft — only those it may hand over this way — and
 * takes back what was denied. What each person may do is the server's to decide; the buttons offer only their part.
 */
export function HandoverLines({ handover }: { handover: Row }) {
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useSession((s) => s.staff);
  const office = useCan('approve', 'asset');
  const mayAdd = useCan('add', 'asset');
  const list = useList<Row>(LINES, { f_handover_id: handover.id, limit: 300, order: 'created_date asc' });
  const [denying, setDenying] = useState<Row | null>(null);
  const [adding, setAdding] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  // Taking an asset off a draft asks first, as every delete does (the kit's confirmation, named by the asset).
  const confirmRemove = useConfirmDelete(assetHandoverLine);
  const receiver = Boolean(me?.id) && String(handover.receiver_id) === me?.id;
  const draft = handover.status === 'NONE';

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      message.success(label(H.done));
      for (const p of [LINES, '/asset-handover', '/asset']) await qc.invalidateQueries({ queryKey: [p] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const move = (line: Row, status: HandoverState, note?: string) => run(() => api('POST', `${LINES}/${line.id}/status`, { body: { status, note } }));
  const rows = list.data?.items ?? [];
  const waiting = rows.filter((r) => r.status === 'HAND_OVER');
  const title = (r: Row) => String(r.asset_id__title ?? r.asset_id);

  // Another handover's lines are never shown as this one's while its own load (the list keeps the previous data).
  if (list.isPending || list.isPlaceholderData) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  return (
    <Flex vertical gap={12} data-testid="handover-lines">
      {receiver && waiting.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={fill(label(H.waitingYou), { n: waiting.length })}
          action={
            <Button
              type="primary"
              loading={busy}
              data-testid="accept-all"
              onClick={() => run(() => api('POST', `${LINES}/bulk-status`, { body: { ids: waiting.map((w) => w.id), status: 'ACCEPTED' } }))}
            >
              {fill(label(H.acceptAll), { n: waiting.length })}
            </Button>
          }
        />
      )}
      {draft && mayAdd && (
        <Space.Compact style={{ width: '100%' }}>
          <RefSelect
            target="asset"
            multiple
            value={adding}
            onChange={(v) => setAdding((v as string[] | null) ?? [])}
            placeholder={label(handover.type === 'RETURN' ? H.addReturn : H.addPick)}
            where={handover.type === 'RETURN' ? { holder_id: String(handover.giver_id) } : { status: 'NEW,STORAGE,DISCOUNT' }}
            style={{ width: '100%' }}
          />
          <Button
            type="primary"
            disabled={!adding.length}
            loading={busy}
            data-testid="add-assets-button"
            onClick={() =>
              run(async () => {
                await api('POST', `${LINES}/bulk-create`, { body: { handover_id: handover.id, items: adding.map((asset_id) => ({ asset_id })) } });
                setAdding([]);
              })
            }
          >
            {label(H.add)}
          </Button>
        </Space.Compact>
      )}
      {rows.length === 0 ? (
        <Empty description={label(H.empty)} />
      ) : (
        <List
          dataSource={rows}
          grid={{ gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3 }}
          renderItem={(r) => (
            <List.Item>
              <Card size="small" data-testid="handover-line" data-status={String(r.status)}>
                <Flex vertical gap={6}>
                  <Flex justify="space-between" align="start" gap={8} wrap>
                    <Typography.Text strong style={{ minWidth: 0 }}>
                      {title(r)}
                    </Typography.Text>
                    <Tag color={HANDOVER_STATE_COLORS[r.status as HandoverState]} style={{ marginInlineEnd: 0 }}>
                      {label(HANDOVER_STATE_LABELS[r.status as HandoverState])}
                    </Tag>
                  </Flex>
                  {r.condition ? (
                    <Typography.Text type="secondary">
                      {label(H.condition)}: {String(r.condition)}
                    </Typography.Text>
                  ) : null}
                  {r.deny_reason ? <Typography.Text type="danger">{String(r.deny_reason)}</Typography.Text> : null}
                  <Flex gap={8} wrap>
                    {receiver && r.status === 'HAND_OVER' && (
                      <>
                        <Button type="primary" loading={busy} onClick={() => move(r, 'ACCEPTED')} data-testid="accept-line">
                          {label(H.accept)}
                        </Button>
                        <Button danger loading={busy} onClick={() => setDenying(r)} data-testid="deny-line">
                          {label(H.deny)}
                        </Button>
                      </>
                    )}
                    {office && r.status === 'DENIED' && (
                      <Button loading={busy} onClick={() => move(r, 'DENIED_CONFIRM')} data-testid="confirm-denial">
                        {label(H.confirmDenial)}
                      </Button>
                    )}
                    {draft && mayAdd && (
                      <Button size="small" loading={busy} onClick={() => confirmRemove([r])} data-testid="remove-line">
                        {label(H.remove)}
                      </Button>
                    )}
                  </Flex>
                </Flex>
              </Card>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={Boolean(denying)}
        title={denying ? fill(label(H.denyTitle), { asset: title(denying) }) : ''}
        okText={label(H.deny)}
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setDenying(null)}
        destroyOnHidden
        onOk={async () => {
          // A reason left out is shown under its box (the modal stays open); nothing is sent.
          const values = await form.validateFields().catch(() => null);
          if (!values) return;
          await move(denying!, 'DENIED', values.note);
          setDenying(null);
          form.resetFields();
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="note" label={label(H.denyReason)} rules={[{ required: true, min: 3, whitespace: true, message: label(H.denyReasonRequired) }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="deny-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
