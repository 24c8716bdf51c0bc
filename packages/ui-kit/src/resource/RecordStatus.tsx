import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_STATUS_LABELS, type ApprovalStatusValue, type ResourceDef } from '@portal/contracts';
import type { Row } from '../api/hooks';
import { useLang } from '../i18n';
import { STATUS_COLORS } from '../approval/ApprovalPanel';
import { titleOf } from './fields';
import { useFlowTexts } from './flowTexts';

/**
 * The fields that hold a record's status (issue 32 point 4, "one status a person understands"): its workflow's field
 * (a trip's status, a ticket's stage), the company's named status a workflow alias moves by (a ticket's status), and its
 * approval's status. The record's page shows them as one status (RecordStatus), not side by side.
 */
export function statusFieldsOf(def: ResourceDef): string[] {
  const wf = def.workflow;
  const via = wf?.alias?.via?.resource;
  const named = via ? Object.entries(def.fields).find(([, f]) => f.type === 'ref' && f.ref === via)?.[0] : undefined;
  return [wf?.field, named, def.approval?.statusField].filter((x): x is string => Boolean(x));
}

export interface OneStatus {
  head: { text: string; color: string };
  /** The rest, as detail in small print: the stage, the approval. */
  detail: [string, string][];
}

/**
 * One status for a record with a workflow or an approval: the approval's while it decides (sent, refused, a draft not
 * yet sent) and the work has not begun; otherwise where the work stands (the company's named status where there is one,
 * else the workflow's); a deleted record, that. The rest — the stage, the approval — follows as detail in small print.
 * An approval that does not apply (a ticket naming no approvers, never sent) is not mentioned. The record's page
 * (RecordStatus), a list's status column and a card (StatusTag) read it from here.
 */
export function useStatusOf(def: ResourceDef): (row: Row) => OneStatus {
  const { t } = useTranslation();
  const tr = useFlowTexts();
  const { label } = useLang();
  return (row) => {
    const wf = def.workflow;
    const [wfField, namedField] = wf ? [wf.field, statusFieldsOf(def).find((n) => n !== wf.field && n !== def.approval?.statusField)] : [];
    const approvalField = def.approval?.statusField;
    const appr = approvalField ? ((row[approvalField] as ApprovalStatusValue | null) ?? 'DRAFT') : null;
    const named = def.approval?.approversField;
    const applies = Boolean(appr && (!named || ((row[named] as unknown[] | null) ?? []).length > 0 || appr !== 'DRAFT'));
    // A list's row holds only the listed fields: a stage it does not hold is not guessed (the default is not the record's).
    const field = wfField && Object.hasOwn(row, wfField) ? def.fields[wfField]! : null;
    const stage = field ? String(row[wfField!] ?? field.default ?? '') : null;
    const first = field ? String(field.default ?? field.values?.[0] ?? '') : null;
    const stageLabel = field && stage ? label(field.valueLabels?.[stage]) || stage : null;
    const namedTitle = namedField ? titleOf(row, namedField, def.fields[namedField]!) : null;
    const work = (typeof namedTitle === 'string' && namedTitle) || stageLabel;
    const approvalFirst = applies && appr !== 'APPROVED' && (!wf || stage === first);

    let head: OneStatus['head'];
    const detail: OneStatus['detail'] = [];
    if (row.state !== undefined && row.state !== 'ACTIVE') head = { text: t('inactive'), color: 'default' };
    else if (approvalFirst || !work) head = { text: label(APPROVAL_STATUS_LABELS[appr!]), color: STATUS_COLORS[appr!] ?? 'default' };
    else {
      // The stage's own colour where the declaration gives one (FieldDef.valueColors), else blue while it moves on, grey at its end.
      const own = work === stageLabel ? field?.valueColors?.[stage ?? ''] : undefined;
      head = { text: work, color: own ?? (wf && !(wf.moves[stage ?? '']?.length ?? 0) ? 'default' : 'blue') };
    }
    if (stageLabel && head.text !== stageLabel) detail.push([tr('stage'), stageLabel]);
    if (applies && appr && head.text !== label(APPROVAL_STATUS_LABELS[appr])) detail.push([tr('approval'), label(APPROVAL_STATUS_LABELS[appr])]);
    return { head, detail };
  };
}

const Detail = ({ detail, testId }: { detail: OneStatus['detail']; testId: string }) => (
  <Typography.Text type="secondary" data-testid={testId} style={{ fontSize: 12 }}>
    {detail.map(([k, v], i) => (
      <span key={k}>
        {i > 0 ? ' · ' : ''}
        {k}: <span>{v}</span>
      </span>
    ))}
  </Typography.Text>
);

/** A record's one status on its page, its detail beside it. */
export function RecordStatus({ def, row }: { def: ResourceDef; row: Row }) {
  const tr = useFlowTexts();
  const { head, detail } = useStatusOf(def)(row);
  return (
    <Space wrap size={[8, 4]} data-testid="record-status" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{tr('status')}:</Typography.Text>
      <Tag color={head.color} style={{ marginInlineEnd: 0 }} data-testid="record-status-head">
        {head.text}
      </Tag>
      {detail.length > 0 && <Detail detail={detail} testId="record-status-detail" />}
    </Space>
  );
}

/** A record's one status in a list's column or on its card: the badge, its detail in small print under it. */
export function StatusTag({ status }: { status: OneStatus }) {
  return (
    <Flex vertical gap={2} align="flex-start" data-testid="status-tag">
      <Tag color={status.head.color} style={{ marginInlineEnd: 0 }}>
        {status.head.text}
      </Tag>
      {status.detail.length > 0 && <Detail detail={status.detail} testId="status-tag-detail" />}
    </Flex>
  );
}

/** Whether a record's page shows one status (RecordStatus) in place of its status fields and its ACTIVE/INACTIVE state. */
export const hasStatus = (def: ResourceDef) => Boolean(def.workflow || def.approval);
