import { useState, type ReactNode } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Tooltip } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_IN_PROGRESS, CANDIDATE_STATUS_LABELS, CANDIDATE_TRANSITIONS, RECRUITMENT_STATUS_LABELS, RECRUITMENT_TRANSITIONS,
  candidate, candidateInterview, recruitment, staff, type ApprovalStatusValue, type CandidateStatus, type Label, type RecruitmentStatus,
} from '@portal/contracts';
import { api, ApiError, DATE_FORMAT, useCan, useLang, type Row } from '@portal/ui-kit';
import { useTexts } from './texts';

interface Values { status: string; note?: string; start_date?: dayjs.Dayjs; probation_salary?: number }

/** The status dialog: only the moves the transition table allows; the server's message on a refused one. */
function StatusDialog({ open, onClose, path, id, options, extra }: {
  open: boolean; onClose: () => void; path: string; id: string; options: { value: string; label: string }[];
  extra?: (status: string | undefined) => ReactNode;
}) {
  const tr = useTexts();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form);
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await api('POST', `${path}/${id}/status`, { body: { status: v.status, note: v.note || null, start_date: v.start_date ? v.start_date.format('YYYY-MM-DD') : null, probation_salary: v.probation_salary ?? null } });
      void message.success(tr('statusChanged'));
      for (const p of [recruitment.path, candidate.path, candidateInterview.path, staff.path]) void qc.invalidateQueries({ queryKey: [p] });
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(e.errors.filter((x) => ['status', 'note', 'start_date', 'probation_salary'].includes(x.path)).map((x) => ({ name: x.path as keyof Values, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(String(e));
    } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={tr('changeStatus')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden okButtonProps={{ disabled: !options.length }}>
      {options.length === 0 && <Alert type="info" showIcon title={tr('noMove')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="status" label={tr('newStatus')} rules={[{ required: true, message: t('selectRequired') }]}>
          <Select options={options} aria-label={tr('newStatus')} data-testid="status-select" />
        </Form.Item>
        {extra?.(status)}
        <Form.Item name="note" label={tr('note')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount aria-label={tr('note')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StatusButton({ disabledReason, size, onOpen }: { disabledReason: string | null; size?: 'small'; onOpen: () => void }) {
  const tr = useTexts();
  const button = (
    <Button size={size} type={size ? 'text' : 'default'} icon={<SwapOutlined />} disabled={Boolean(disabledReason)} onClick={onOpen} aria-label={tr('changeStatus')} data-testid="change-status">
      {size ? null : tr('changeStatus')}
    </Button>
  );
  return disabledReason || size ? <Tooltip title={disabledReason ?? tr('changeStatus')}>{button}</Tooltip> : button;
}

const options = <S extends string>(next: readonly S[], labels: Record<S, Label>, label: (l: Label) => string) => next.map((s) => ({ value: s, label: label(labels[s]) }));

/** "Change status" of a recruitment request: shown while a move exists; disabled until the request is approved. */
export function RecruitmentStatusButton({ row, size }: { row: Row; size?: 'small' }) {
  const tr = useTexts();
  const { label } = useLang();
  const [open, setOpen] = useState(false);
  const canEdit = useCan('edit', recruitment.feature);
  const next = RECRUITMENT_TRANSITIONS[(row.status as RecruitmentStatus | null) ?? 'NEW'] ?? [];
  if (!canEdit || row.state !== 'ACTIVE' || !next.length) return null;
  const approval = (row.approval_status as ApprovalStatusValue | null) ?? 'DRAFT';
  // DRAFT: the server decides (approval is required only where a recruitment approval flow exists).
  const reason = approval === 'APPROVED' || approval === 'DRAFT' ? null : APPROVAL_IN_PROGRESS.includes(approval) ? tr('inApproval') : tr('notApproved');
  return (
    <>
      <StatusButton size={size} disabledReason={reason} onOpen={() => setOpen(true)} />
      {open && <StatusDialog open onClose={() => setOpen(false)} path={recruitment.path} id={row.id} options={options(next, RECRUITMENT_STATUS_LABELS, label)} />}
    </>
  );
}

/** "Change status" of a candidate: the allowed moves; HIRED (with the staff add right) asks for the start date. */
export function CandidateStatusButton({ row, size }: { row: Row; size?: 'small' }) {
  const tr = useTexts();
  const { t } = useTranslation();
  const { label } = useLang();
  const [open, setOpen] = useState(false);
  const canEdit = useCan('edit', candidate.feature);
  const canHire = useCan('add', staff.feature);
  const next = (CANDIDATE_TRANSITIONS[(row.status as CandidateStatus | null) ?? 'PENDING'] ?? []).filter((s) => s !== 'HIRED' || canHire);
  if (!canEdit || row.state !== 'ACTIVE' || !next.length) return null;
  const approval = row.approval_status as ApprovalStatusValue | null;
  const reason = approval && APPROVAL_IN_PROGRESS.includes(approval) ? tr('inApproval') : null;
  return (
    <>
      <StatusButton size={size} disabledReason={reason} onOpen={() => setOpen(true)} />
      {open && (
        <StatusDialog open onClose={() => setOpen(false)} path={candidate.path} id={row.id} options={options(next, CANDIDATE_STATUS_LABELS, label)}
          extra={(status) => status === 'HIRED' && (
            <>
              <Alert type="info" showIcon title={tr('hireHint')} style={{ marginBottom: 16 }} />
              <Form.Item name="start_date" label={tr('startDate')} rules={[{ required: true, message: t('dateRequired') }]}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} aria-label={tr('startDate')} />
              </Form.Item>
              <Form.Item name="probation_salary" label={tr('probationSalary')} initialValue={row.expected_salary ?? undefined}>
                <InputNumber min={0} max={1e15} step={500_000} style={{ width: '100%' }} aria-label={tr('probationSalary')}
                  formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))} parser={(v) => Number((v ?? '').replace(/\./g, '')) as never} />
              </Form.Item>
            </>
          )} />
      )}
    </>
  );
}
