import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Space, Tag, Timeline, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, RollbackOutlined, SendOutlined, UpOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_IN_PROGRESS, APPROVAL_STATUS_LABELS, type ApprovalStatusValue, type ResourceDef } from '@portal/contracts';
import { api, ApiError } from '../api/client';
import { useSession } from '../api/session';
import { useActs } from '../api/hooks';
import { useCan } from '../auth/ability';
import { useLang } from '../i18n';
import { formatDateTime } from '../format';
import { UserPicker, useUserNames } from './UserPicker';
import { previewSend, type SendPreview } from './SendDialog';
import type { Row } from '../api/hooks';
import { KeyFields } from './KeyFields';
import { useFlowTexts } from '../resource/flowTexts';

interface Step {
  id: string;
  level: number;
  action: string;
  status_to: string;
  actor_id: string;
  actor_name: string | null;
  on_behalf_of: string | null;
  comment: string | null;
  created_date: string;
}
interface ApprovalView {
  request: { status: ApprovalStatusValue; current_level: number; levels_count: number; submitted_by: string } | null;
  steps: Step[];
  current_approver_ids: string[];
  can_approve: boolean;
}
type Action = 'submit' | 'resubmit' | 'approve' | 'refuse' | 'cancel' | 'submit-superiors';

/** A record's approval as its engine tells the caller (one query, shared by the panel and the page that lays it out). */
export function useApprovalView(def: Pick<ResourceDef, 'path' | 'approval'>, id: string | undefined) {
  return useQuery({
    queryKey: [def.path, 'approval', id],
    queryFn: () => api<ApprovalView>('GET', `${def.path}/${id}/approval`),
    enabled: Boolean(def.approval && id),
  });
}

/**
 * How the caller may send the record to its approvers now — the approval panel's buttons and the edit form's "save and
 * send": `submit` (no request yet, or a draft), `resubmit` (refused or cancelled), or null (not yet known, under way,
 * approved, an inactive record, or the caller may not send it: the add right and, where the resource declares its
 * actors, `acts.submit` — a colleague does not send someone's trip).
 */
export function useSending(def: ResourceDef, id: string | undefined, active: boolean): 'submit' | 'resubmit' | null {
  const acts = useActs(def, id).data;
  const mayAdd = useCan('add', def.feature) && (!def.acts || acts?.submit === true);
  const view = useApprovalView(def, id).data;
  if (!view || !active || !mayAdd) return null;
  const status = view.request?.status ?? null;
  if (status === null || status === 'DRAFT') return 'submit';
  return status === 'REFUSE' || status === 'CANCELLED' ? 'resubmit' : null;
}

/** Whether the caller is to approve the record now (its approver or their deputy, at the current level). */
export const approvingNow = (v: ApprovalView | undefined) => Boolean(v?.request && v.can_approve && APPROVAL_IN_PROGRESS.includes(v.request.status));

export const STATUS_COLORS: Record<string, string> = {
  PENDING: 'gold',
  SUBMITTED_APPROVAL: 'gold',
  RESUBMIT: 'gold',
  APPROVING: 'blue',
  SUBMIT_SUPERIORS: 'purple',
  APPROVED: 'green',
  REFUSE: 'red',
  CANCELLED: 'default',
  DRAFT: 'default',
};

/**
 * The approval of a record whose resource declares `approval` (kit engine): status, who it waits for, the
 * actions the caller may take now (submit with an approver picker, approve, refuse, submit to superiors,
 * cancel, resubmit — each with a comment), and the timeline of steps.
 */
export function ApprovalPanel({
  def,
  id,
  active = true,
  named = false,
  row,
}: {
  def: ResourceDef;
  id: string;
  active?: boolean /** The record names its own approvers (approval.approversField): no picker at submit. */;
  named?: boolean;
  /** The record: shown first, its key fields above the actions, to whoever is to approve it (a phone on site). */
  row?: Row;
}) {
  const { t } = useTranslation(['approval', 'common']);
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useSession((s) => s.user);
  // Withdrawing, as sending (useSending), is also the record's declared actors' (ResourceDef.acts).
  const acts = useActs(def, id).data;
  const sending = useSending(def, id, active);
  const mayCancel = !def.acts || acts?.cancel === true;
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const tr = useFlowTexts();
  const view = useApprovalView(def, id);
  // Sending (or sending again): whom it goes to, as the server's dry run of the submit or resubmit finds them (every
  // check, nothing written).
  const [willGo, setWillGo] = useState<SendPreview | null>(null);
  useEffect(() => {
    setWillGo(null);
    if (open !== 'submit' && open !== 'resubmit') return;
    let gone = false;
    previewSend(`${def.path}/${id}/${open}`, {}).then(
      (p) => !gone && setWillGo(p),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [open, def.path, id]);
  const willGoNames = useUserNames((willGo?.levels ?? []).flatMap((l) => l.approver_ids));
  const waiting = useUserNames(view.data?.current_approver_ids ?? []);
  const deputies = useUserNames((view.data?.steps ?? []).map((s) => s.on_behalf_of).filter((x): x is string => Boolean(x)));
  if (view.isError)
    return (
      <Card size="small" title={t('title')}>
        <Typography.Text type="danger">{(view.error as Error).message}</Typography.Text>
      </Card>
    );
  if (!view.data) return <Card size="small" loading title={t('title')} />;
  const { request, steps, can_approve } = view.data;
  const status = request?.status ?? null;
  const live = status !== null && APPROVAL_IN_PROGRESS.includes(status);
  const mine = Boolean(me && request && (request.submitted_by === me.id || me.is_admin));
  const actions: { key: Action; icon: React.ReactNode; primary?: boolean; danger?: boolean; show: boolean }[] = [
    { key: 'submit', icon: <SendOutlined />, primary: true, show: sending === 'submit' },
    { key: 'resubmit', icon: <SendOutlined />, primary: true, show: sending === 'resubmit' },
    { key: 'approve', icon: <CheckOutlined />, primary: true, show: live && can_approve },
    { key: 'submit-superiors', icon: <UpOutlined />, show: live && can_approve },
    { key: 'refuse', icon: <CloseOutlined />, danger: true, show: live && can_approve },
    { key: 'cancel', icon: <RollbackOutlined />, danger: true, show: mine && mayCancel && (live || status === 'APPROVED') },
  ];
  const labelOf = (a: Action) => t(a === 'submit-superiors' ? 'submitSuperiors' : a);

  const run = async (values: { description?: string; approver_ids?: string[] }) => {
    if (!open) return;
    setBusy(true);
    try {
      await api('POST', `${def.path}/${id}/${open}`, { body: { description: values.description || null, approver_ids: values.approver_ids ?? [] } });
      void message.success(t('done'));
      setOpen(null);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: [def.path] });
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(e.errors.filter((x) => ['approver_ids', 'description'].includes(x.path)).map((x) => ({ name: x.path, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(String(e));
    } finally {
      setBusy(false);
    }
  };

  // Whoever is to approve it sees first what they approve (its key fields), then the actions, full size, right under them.
  const approving = Boolean(row && live && can_approve);
  const buttons = (
    <Space wrap>
      {actions
        .filter((a) => a.show)
        .map((a) => (
          <Button
            key={a.key}
            size={approving ? 'middle' : 'small'}
            type={a.primary ? 'primary' : 'default'}
            danger={a.danger}
            icon={a.icon}
            onClick={() => setOpen(a.key)}
          >
            {labelOf(a.key)}
          </Button>
        ))}
    </Space>
  );
  return (
    <Card
      size="small"
      title={approving ? tr('toApprove') : t('title')}
      data-testid="approval-panel"
      style={{ marginBottom: 16 }}
      extra={approving ? null : buttons}
    >
      {approving && row && (
        <>
          <KeyFields def={def} row={row} />
          <div style={{ margin: '12px 0' }} data-testid="approval-actions">
            {buttons}
          </div>
        </>
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          // Whoever approves reads the status once, above (the record's one status).
          ...(approving
            ? []
            : [
                {
                  key: 's',
                  label: t('status'),
                  children: status ? (
                    <Tag color={STATUS_COLORS[status]} data-testid="approval-status">
                      {label(APPROVAL_STATUS_LABELS[status])}
                    </Tag>
                  ) : (
                    <Typography.Text type="secondary">{t('none')}</Typography.Text>
                  ),
                },
              ]),
          ...(request && live
            ? [
                { key: 'l', label: t('levelLabel'), children: t('level', { n: request.current_level, total: request.levels_count }) },
                { key: 'w', label: t('waitingFor'), children: view.data.current_approver_ids.map((u) => waiting.get(u) ?? '…').join(', ') },
              ]
            : []),
        ]}
      />
      {can_approve && live && <Typography.Text type="success">{t('youApprove')}</Typography.Text>}
      {steps.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {t('timeline')}
          </Typography.Title>
          <Timeline
            items={steps.map((s) => ({
              key: s.id,
              color: STATUS_COLORS[s.status_to] === 'default' ? 'gray' : STATUS_COLORS[s.status_to],
              content: (
                <>
                  <Typography.Text strong>{t(s.action)}</Typography.Text> · {s.actor_name ?? ''}
                  {s.on_behalf_of ? ` (${t('onBehalfOf', { name: deputies.get(s.on_behalf_of) ?? '…' })})` : ''} ·{' '}
                  <Typography.Text type="secondary">{formatDateTime(s.created_date)}</Typography.Text>
                  {s.comment && <div>{s.comment}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
      <Modal
        open={open !== null}
        title={open ? labelOf(open) : ''}
        okText={t('confirm')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={run}>
          {named && (open === 'submit' || open === 'resubmit') && <Alert type="info" showIcon title={t('namedHint')} style={{ marginBottom: 16 }} />}
          {(open === 'submit' || open === 'resubmit') && willGo && willGo.levels.length > 0 && (
            <div data-testid="send-approvers" style={{ marginBottom: 16 }}>
              <Typography.Text strong>{tr('approversWillBe')}</Typography.Text>
              {willGo.levels.map((l) => (
                <div key={l.level}>
                  <Typography.Text type="secondary">{tr('levelN', { n: l.level })}: </Typography.Text>
                  {l.approver_ids.map((u) => willGoNames.get(u) ?? '…').join(', ')}
                </div>
              ))}
            </div>
          )}
          {((!named && (open === 'submit' || open === 'resubmit')) || open === 'submit-superiors') && (
            <Form.Item
              name="approver_ids"
              label={t('approvers')}
              extra={open === 'submit-superiors' ? t('superiorsHint') : t('approversHint')}
              rules={open === 'submit-superiors' ? [{ required: true, message: t('common:selectRequired') }] : []}
            >
              <UserPicker feature={def.feature} aria-label={t('approvers')} />
            </Form.Item>
          )}
          <Form.Item name="description" label={t('comment')} rules={[{ max: 2000, message: t('common:maxLength', { max: 2000 }) }]}>
            <Input.TextArea rows={3} maxLength={2000} aria-label={t('comment')} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
