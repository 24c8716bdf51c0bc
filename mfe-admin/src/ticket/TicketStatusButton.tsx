import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { ticket, ticketStatus } from '@portal/contracts';
import { StatusButton, useLang, useList, type Row } from '@portal/ui-kit';

const STATUS = { vi: 'Trạng thái', en: 'Status' };

/** The ticket statuses of the stage chosen, its first one picked (a stage may have several: "In progress", "Waiting for parts"). */
function StatusOfStage({ stage, statuses }: { stage: string | undefined; statuses: Row[] }) {
  const { label } = useLang();
  const form = Form.useFormInstance();
  const options = statuses.filter((s) => s.stage === stage).map((s) => ({ value: s.id, label: String(s.name) }));
  const first = options[0]?.value;
  useEffect(() => {
    form.setFieldValue('setting_status_id', first);
  }, [form, first]);
  if (!stage || !options.length) return null;
  return (
    <Form.Item name="setting_status_id" label={label(STATUS)}>
      <Select options={options} aria-label={label(STATUS)} data-testid="ticket-status-select" />
    </Form.Item>
  );
}

/**
 * A ticket's "Change status" (spec §7 "status change by setting status id"): the kit's dialog offering the stage moves
 * the workflow allows, then the company's statuses of that stage (the ticket setting items). Who may move it, approval
 * first and the required checklist items are the server's rules; its message shows on a refusal.
 */
export function TicketStatusButton({ row }: { row: Row }) {
  const statuses = useList(ticketStatus.path, { limit: 100, order: 'sort_order asc' });
  const items = statuses.data?.items ?? [];
  return (
    <StatusButton
      def={ticket}
      row={row}
      invalidate={['/ticket-checklist']}
      extra={(stage) => <StatusOfStage stage={stage} statuses={items} />}
      toBody={(v) => (v.setting_status_id ? { setting_status_id: v.setting_status_id } : {})}
    />
  );
}
