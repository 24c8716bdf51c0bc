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
 * "Save and send for approval" (issue 32 point 4): `start(body)` asks the server's dry run whom the record would go to
 * (every check of the save and the submit made, nothing written); the dialog shows them (or asks for them, when the flow
 * names nobody) with a comment; confirming makes the one call — `POST <path>/save-and-submit` for a new record,
 * `PUT <path>/:id/save-and-submit` for one being edited (`id`: a draft, or a refused or cancelled one, sent again:
 * `resend`) — which saves and sends in one transaction, both or neither: a refusal saves nothing and is said on the form.
 */
export function useSaveAndSend(
  def: ResourceDef,
  { onSent, onRefused, id, resend = false }: { onSent: (row: Row) => void; onRefused: (e: unknown) => void; id?: string; resend?: boolean },
): { start: (body: Record<string, unknown>) => Promise<void>; dialog: ReactNode; label: string } {
  const tr = useFlowTexts();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [preview, setPreview] = useState<SendPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const path = id ? `${def.path}/${id}/save-and-submit` : `${def.path}/save-and-submit`;
  const method = id ? 'PUT' : 'POST';

  const start = async (body: Record<string, unknown>) => {
    try {
      setPreview(await previewSend(path, { record: body }, method));
      setRecord(body);
    } catch (e) {
      onRefused(e);
    }
  };
  const send = async (v: SendValues) => {
    if (!record) return;
    setBusy(true);
    try {
      const row = await api<Row>(method, path, { body: { record, approver_ids: v.approver_ids ?? [], description: v.description || null } });
      void message.success(tr(resend ? 'savedAndResent' : 'savedAndSent'));
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
      title={tr(resend ? 'resendTitle' : 'sendTitle', { name: label(def.label) })}
      okText={tr('sendConfirm')}
      preview={preview}
      busy={busy}
      onSend={(v) => void send(v)}
      onCancel={() => setPreview(null)}
    />
  );
  return { start, dialog, label: tr('saveAndSend') };
}
