import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Tooltip } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { api, ApiError } from '../api/client';
import { useActs, type Row } from '../api/hooks';
import { useCan } from '../auth/ability';
import { useLang } from '../i18n';
import { FieldInput, fieldRules } from './fields';

type Values = Record<string, unknown> & { status: string; note?: string };

/**
 * "Change status" of a record of a resource declaring `workflow` (contracts; service-kit resource/workflow.ts): a dialog
 * offering only the moves the declared table allows from the record's status, with a note; the server's message on a
 * refused move. Shown to callers with the move's right while a move exists; `disabledReason` greys it with a tooltip
 * (an approval in progress). `extra` adds fields for a chosen status (a hire's start date), sent with the move as
 * `toBody` makes them — the fields the declaration says a move records (`workflow.records`: a trip's odometer reading)
 * are asked for by themselves, as the form asks for them; `moves` narrows the offered moves; `invalidate` names the lists a move changes besides this one.
 * On a record's page (no `size`) the moves the declaration names (`workflow.verbs`) are buttons of their own, each asking
 * only for its note and what it records; the dialog then offers the other moves, and is not shown when none is left.
 */
export function StatusButton({
  def,
  row,
  size,
  disabledReason = null,
  extra,
  toBody,
  moves,
  invalidate = [],
}: {
  def: ResourceDef;
  row: Row;
  size?: 'small';
  disabledReason?: string | null;
  extra?: (status: string | undefined) => ReactNode;
  toBody?: (values: Values) => Record<string, unknown>;
  moves?: (next: string[]) => string[];
  invalidate?: string[];
}) {
  const { t } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  // The dialog: closed, open to choose a move, or open for one named move (its verb's button).
  const [dialog, setDialog] = useState<{ move: string | null } | null>(null);
  const open = dialog !== null;
  const fixed = dialog?.move ?? null;
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form);
  const wf = def.workflow!;
  const field = def.fields[wf.field]!;
  const allowed = useCan(wf.action ?? 'edit', def.feature);
  const from = String(row[wf.field] ?? field.default ?? '');
  // Where the resource declares who acts on it, the moves this caller may make on this record, asked when the dialog opens.
  // On a record's page they are asked at once (the page asks the same), so that a named move shows only to whoever may make it.
  const acts = useActs(def, row.id, open || !size);
  const declared = (x: string[]) => (def.acts && acts.data ? x.filter((s) => acts.data!.moves.includes(s)) : x);
  const next = declared((moves ?? ((x: string[]) => x))([...(wf.moves[from] ?? [])]));
  if (!allowed || row.state !== 'ACTIVE' || (!next.length && !open)) return null;
  const named = size || (def.acts && !acts.data) ? [] : next.filter((s) => wf.verbs?.[s]);
  const offered = fixed ? [fixed] : next.filter((s) => !named.includes(s));
  const options = offered.map((s) => ({ value: s, label: label(field.valueLabels?.[s]) || s }));
  const openFor = (move: string | null) => setDialog({ move });
  const title = fixed ? label(wf.verbs![fixed]!) : t('changeStatus');

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const recorded = Object.fromEntries((wf.records?.[v.status] ?? []).map((n) => [n, v[n] ?? null]));
      await api('POST', `${def.path}/${row.id}/status`, { body: { ...recorded, ...(toBody ? toBody(v) : {}), status: v.status, note: v.note || null } });
      void message.success(t('statusChanged'));
      // The record, its lists and what its moves change elsewhere are read again.
      for (const p of [def.path, ...invalidate]) void qc.invalidateQueries({ queryKey: [p] });
      setDialog(null);
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(e.errors.filter((x) => x.path).map((x) => ({ name: x.path, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(String(e));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      size={size}
      type={size ? 'text' : 'default'}
      icon={<SwapOutlined />}
      disabled={Boolean(disabledReason)}
      onClick={() => openFor(null)}
      aria-label={t('changeStatus')}
      data-testid="change-status"
    >
      {size ? null : t('changeStatus')}
    </Button>
  );
  const verbButtons = named.map((s) => {
    const verb = (
      <Button key={s} disabled={Boolean(disabledReason)} onClick={() => openFor(s)} data-testid={`move-${s}`}>
        {label(wf.verbs![s]!)}
      </Button>
    );
    return disabledReason ? (
      <Tooltip key={s} title={disabledReason}>
        {verb}
      </Tooltip>
    ) : (
      verb
    );
  });
  const generic = named.length < next.length;
  return (
    <>
      {verbButtons}
      {generic && (disabledReason || size ? <Tooltip title={disabledReason ?? t('changeStatus')}>{button}</Tooltip> : button)}
      {open && (
        <Modal
          open
          title={title}
          onCancel={() => setDialog(null)}
          onOk={() => form.submit()}
          confirmLoading={busy}
          destroyOnHidden
          okButtonProps={{ disabled: !options.length }}
        >
          {options.length === 0 && !acts.isLoading && <Alert type="info" showIcon title={t('noMove')} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
            <Form.Item
              name="status"
              label={t('newStatus')}
              rules={[{ required: true, message: t('selectRequired') }]}
              hidden={Boolean(fixed)}
              initialValue={fixed ?? undefined}
            >
              <Select options={options} loading={acts.isLoading} aria-label={t('newStatus')} data-testid="status-select" />
            </Form.Item>
            {(wf.records?.[status ?? ''] ?? []).map((name) => {
              const f = def.fields[name]!;
              return (
                <Form.Item key={name} name={name} label={label(f.label)} rules={fieldRules({ ...f, readonly: false, required: true }, t)}>
                  <FieldInput field={f} />
                </Form.Item>
              );
            })}
            {extra?.(status)}
            <Form.Item name="note" label={t('statusNote')} rules={[{ max: 1000 }]}>
              <Input.TextArea rows={3} maxLength={1000} showCount aria-label={t('statusNote')} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
