import { Alert, DatePicker, Form, InputNumber } from 'antd';
import type dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { APPROVAL_IN_PROGRESS, candidate, candidateInterview, recruitment, staff, type ApprovalStatusValue } from '@portal/contracts';
import { DATE_FORMAT, StatusButton, useCan, useLang, wholeAmountInput, type Row } from '@portal/ui-kit';
import { useTexts } from './texts';

/**
 * "Change status" of a recruitment request (the kit's StatusButton over the declared workflow): disabled until the
 * request is approved or while its approval runs; cancelling it closes its candidates, which are read again.
 */
export function RecruitmentStatusButton({ row, size }: { row: Row; size?: 'small' }) {
  const tr = useTexts();
  const approval = (row.approval_status as ApprovalStatusValue | null) ?? 'DRAFT';
  // DRAFT: the server decides (approval is required only where a recruitment approval flow exists).
  const reason = approval === 'APPROVED' || approval === 'DRAFT' ? null : APPROVAL_IN_PROGRESS.includes(approval) ? tr('inApproval') : tr('notApproved');
  return <StatusButton def={recruitment} row={row} size={size} disabledReason={reason} invalidate={[candidate.path]} />;
}

/** "Change status" of a candidate: HIRED (offered only with the staff add right) asks for the start date and a probation salary. */
export function CandidateStatusButton({ row, size }: { row: Row; size?: 'small' }) {
  const tr = useTexts();
  const { t } = useTranslation();
  const { lang } = useLang();
  const canHire = useCan('add', staff.feature);
  const approval = row.approval_status as ApprovalStatusValue | null;
  const reason = approval && APPROVAL_IN_PROGRESS.includes(approval) ? tr('inApproval') : null;
  return (
    <StatusButton
      def={candidate}
      row={row}
      size={size}
      disabledReason={reason}
      moves={(next) => next.filter((s) => s !== 'HIRED' || canHire)}
      invalidate={[recruitment.path, candidateInterview.path, staff.path]}
      toBody={(v) => ({ start_date: v.start_date ? (v.start_date as dayjs.Dayjs).format('YYYY-MM-DD') : null, probation_salary: v.probation_salary ?? null })}
      extra={(status) =>
        status === 'HIRED' && (
          <>
            <Alert type="info" showIcon title={tr('hireHint')} style={{ marginBottom: 16 }} />
            <Form.Item name="start_date" label={tr('startDate')} rules={[{ required: true, message: t('dateRequired') }]}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} aria-label={tr('startDate')} />
            </Form.Item>
            <Form.Item name="probation_salary" label={tr('probationSalary')} initialValue={row.expected_salary ?? undefined}>
              <InputNumber min={0} max={1e15} step={500_000} style={{ width: '100%' }} aria-label={tr('probationSalary')} {...wholeAmountInput(lang)} />
            </Form.Item>
          </>
        )
      }
    />
  );
}
