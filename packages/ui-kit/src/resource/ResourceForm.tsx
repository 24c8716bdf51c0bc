import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Form, Result, Row as GridRow, Skeleton, Space, Typography, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { companyDayOf, formatCode, type ResourceDef } from '@portal/contracts';
import { useActs, useRecord, useSave, type Row } from '../api/hooks';
import { api, ApiError } from '../api/client';
import { useSession } from '../api/session';
import { useLang } from '../i18n';
import { FieldInput, fieldRules, titleOf } from './fields';
import { useSaveAndSend } from './useSaveAndSend';
import { TakenThatDay } from '../calendar/TakenThatDay';
import { useSending } from '../approval/ApprovalPanel';

export interface ResourceFormProps {
  def: ResourceDef;
  id?: string;
  /** Values for a new record (e.g. the staff a tab belongs to). */
  initial?: Record<string, unknown>;
  /** Fields not to show (set by the caller). */
  hidden?: string[];
  onDone?: (row: Row) => void;
  onCancel?: () => void;
  bare?: boolean;
  /** Shown under the fields, with the live form (e.g. a leave request's balance on its first day). */
  extra?: FormExtra;
  /**
   * The page of a record: a new one (without `onDone`) lands there once created — to attach a file, tick its checklist —
   * rather than back on the list; an edited one lands there once saved and sent for approval (its approval to follow).
   */
  recordPath?: (id: string) => string;
}

/** Content that follows the form's values (read them with Form.useWatch(name, form)). */
export type FormExtra = (form: FormInstance) => ReactNode;

/**
 * A code already held by another record is refused as it is typed (ResourceDef.codeCheck: "Code already exists"); the
 * save's 409 stays the judge when two people take one at once. A failed check lets the save decide.
 */
const codeFree = (def: ResourceDef, id: string | undefined) => ({
  validator: async (_rule: unknown, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    const r = await api<{ exists: boolean; message: string | null }>('GET', `${def.path}/check-code`, { query: { code: v.trim(), id } }).catch(() => null);
    if (r?.exists) throw new Error(r.message ?? '');
  },
});

/**
 * The form of any declared resource: inputs per field type, the spec §5 messages, server errors placed on
 * their fields. Creates send state ACTIVE (spec §4).
 */
export function ResourceForm({ def, id, initial, hidden = [], onDone, onCancel, bare, extra, recordPath }: ResourceFormProps) {
  const { t } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const record = useRecord<Row>(def.path, id);
  // An edit offers only the fields the caller may write on this record (its declared actors: a requester does not
  // name the performer or the approvers); the others stay shown, greyed.
  const acts = useActs(def, id).data;
  const locked = (name: string) => Boolean(id && acts && !acts.fields.includes(name));
  const save = useSave(def);
  const fields = Object.entries(def.fields).filter(([name, f]) => !f.readonly && f.type !== 'json' && !hidden.includes(name));
  // A computed field (FieldDef.computed) is shown on an edit as it stands, greyed and never sent: the database computes it.
  const computed = id ? Object.entries(def.fields).filter(([name, f]) => f.computed && !hidden.includes(name)) : [];
  // A new record's required staff reference starts as the signed-in user's own staff record.
  const me = useSession((st) => st.staff);
  // It also starts with the declared defaults (FieldDef.default).
  const initialValues = useMemo(() => {
    if (id) return initial;
    const own = Object.entries(def.fields).find(([n, f]) => f.type === 'ref' && f.ref === 'staff' && f.required && initial?.[n] === undefined)?.[0];
    // A reference defaulting to the caller (`default: 'caller'`) starts as their own staff record — or empty for an
    // account without one (the administrator), never the word itself (a picker would ask the server for "staff/caller").
    const defaults = Object.fromEntries(
      Object.entries(def.fields)
        .filter(([, f]) => f.default !== undefined && !f.readonly && !(f.type === 'ref' && f.default === 'caller' && !me))
        .map(([n, f]) => [
          n,
          f.type === 'date' && f.default === 'today' ? companyDayOf(new Date()) : f.type === 'ref' && f.default === 'caller' ? me!.id : f.default,
        ]),
    );
    return { ...defaults, ...(own && me ? { [own]: me.id } : {}), ...initial };
  }, [id, initial, def, me]);

  useEffect(() => {
    if (record.data) form.setFieldsValue(record.data);
    else if (!id && initialValues) form.setFieldsValue(initialValues);
  }, [record.data, id, initialValues, form]);

  const bodyOf = (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...(id ? {} : { state: 'ACTIVE', ...initial }), ...values };
    for (const [k, v] of Object.entries(body)) if (v === undefined) body[k] = null;
    return body;
  };
  /** A refusal placed on the fields it names, and said. */
  const refused = (e: unknown) => {
    if (e instanceof ApiError) {
      const known = new Set(fields.map(([n]) => n));
      form.setFields(e.errors.filter((x) => known.has(x.path)).map((x) => ({ name: x.path, errors: [x.message] })));
      void message.error(e.message);
    } else void message.error(t('saveFail'));
  };
  const landed = (row: Row) => {
    if (onDone) onDone(row);
    else if (!id && recordPath) navigate(recordPath(String(row.id)), { replace: true });
    else navigate(-1);
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      const row = await save.mutateAsync({ id, values: bodyOf(values) });
      void message.success(id ? t('updated') : t('created'));
      landed(row);
    } catch (e) {
      refused(e);
    }
  };
  // A new record that goes for approval is saved and sent in one step, its approvers shown first (useSaveAndSend); so is
  // one being edited that its approval panel would let the caller send now — a draft, or sent again once refused or
  // cancelled — landing on its page.
  const sending = useSending(def, id, record.data?.state === 'ACTIVE');
  const [checking, setChecking] = useState(false);
  const sent = (row: Row) => {
    if (onDone) onDone(row);
    else if (id && recordPath) navigate(recordPath(id), { replace: true });
    else landed(row);
  };
  const send = useSaveAndSend(def, { onSent: sent, onRefused: refused, id, resend: sending === 'resubmit' });
  const offersSend = Boolean(def.approval && (id ? sending : true));
  const saveAndSend = async () => {
    setChecking(true);
    try {
      await send.start(bodyOf(await form.validateFields()));
    } catch {
      // The form shows what is missing (validateFields), or `refused` said what the server refused.
    } finally {
      setChecking(false);
    }
  };

  if (id && record.isError) return <Result status="404" title={(record.error as Error).message} />;
  if (id && record.isLoading) return <Skeleton active />;
  const body = (
    <Form form={form} layout="vertical" onFinish={submit} scrollToFirstError requiredMark>
      <GridRow gutter={16}>
        {fields.map(([name, f]) => (
          <Col key={name} xs={24} md={f.type === 'longText' ? 24 : 12} xl={f.type === 'longText' ? 24 : 8}>
            <Form.Item
              name={name}
              label={label(f.label)}
              rules={[...fieldRules(f, t, { creating: !id }), ...(def.codeCheck && name === 'code' ? [codeFree(def, id)] : [])]}
              validateDebounce={def.codeCheck && name === 'code' ? 400 : undefined}
              valuePropName={f.type === 'bool' ? 'checked' : 'value'}
            >
              <FieldInput
                field={f}
                disabled={locked(name)}
                title={record.data ? titleOf(record.data, name, f) : undefined}
                placeholder={f.generate && !id ? t('generated', { example: formatCode(f.generate.pattern, 1, new Date().getUTCFullYear()) }) : undefined}
              />
            </Form.Item>
          </Col>
        ))}
        {computed.map(([name, f]) => (
          <Col key={name} xs={24} md={12} xl={8}>
            <Form.Item label={label(f.label)}>
              <FieldInput field={f} disabled value={record.data?.[name]} />
            </Form.Item>
          </Col>
        ))}
      </GridRow>
      {def.calendar && <TakenThatDay def={def} form={form} id={id} />}
      {extra?.(form)}
      <Space wrap>
        <Button type={offersSend ? 'default' : 'primary'} htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        {offersSend && (
          <Button type="primary" icon={<SendOutlined />} loading={checking} onClick={() => void saveAndSend()} data-testid="save-and-send">
            {send.label}
          </Button>
        )}
        <Button onClick={() => (onCancel ? onCancel() : navigate(-1))}>{t('cancel')}</Button>
      </Space>
    </Form>
  );
  // The send dialog outside the record's form: its own form (a comment, a picker) is not a part of the record.
  const withDialog = (
    <>
      {body}
      {send.dialog}
    </>
  );
  if (bare) return withDialog;
  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{`${id ? t('edit') : t('add')} — ${label(def.label)}`}</Typography.Title>}>
      {withDialog}
    </Card>
  );
}
