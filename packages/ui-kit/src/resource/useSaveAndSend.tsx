import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceDef } from '@portal/contracts';
import { api } from '../api/client';
import type { Row } from '../api/hooks';
import { useLang } from '../i18n';
import { previewSend, SendDialog, type SendPreview, type SendValues } from '../approval/SendDialog';
import { useFlowTexts } from './flowTexts';

/**
 * "Save and send for approval" of a new record (issue 32 point 4): `start(body)` asks the server's dry run whom the
 * record would go to (every check of the create and the submit made, nothing written); the dialog shows them (or asks
 * for them, when the flow names nobody) with a comment; confirming makes the one call `POST <path>/save-and-submit`,
 * which creates and submits in one transaction — both or neither: a refusal saves nothing and is said on the form.
 */
export function useSaveAndSend(
  def: ResourceDef,
  { onSent, onRefused }: { onSent: (row: Row) => void; onRefused: (e: unknown) => void },
): { start: (body: Record<string, unknown>) => Promise<void>; dialog: ReactNode; label: string } {
  const tr = useFlowTexts();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [preview, setPreview] = useState<SendPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `${def.path}/save-and-submit`;

  const start = async (body: Record<string, unknown>) => {
    try {
      setPreview(await previewSend(path, { record: body }));
      setRecord(body);
    } catch (e) {
      onRefused(e);
    }
  };
  const send = async (v: SendValues) => {
    if (!record) return;
    setBusy(true);
    try {
      const row = await api<Row>('POST', path, { body: { record, approver_ids: v.approver_ids ?? [], description: v.description || null } });
      void message.success(tr('savedAndSent'));
      setPreview(null);
      await qc.invalidateQueries({ queryKey: [def.path] });
      onSent(row);
    } catch (e) {
      setPreview(null);
      onRefused(e);
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <SendDialog
      def={def}
      title={tr('sendTitle', { name: label(def.label) })}
      okText={tr('sendConfirm')}
      preview={preview}
      busy={busy}
      onSend={(v) => void send(v)}
      onCancel={() => setPreview(null)}
    />
  );
  return { start, dialog, label: tr('saveAndSend') };
}
