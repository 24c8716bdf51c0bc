import { useEffect, useMemo, type ReactNode } from 'react';
import { App, Button, Card, Col, Form, Result, Row as GridRow, Skeleton, Space, Typography, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { companyDayOf, formatCode, type ResourceDef } from '@portal/contracts';
import { useActs, useRecord, useSave, type Row } from '../api/hooks';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { useLang } from '../i18n';
import { FieldInput, fieldRules, titleOf } from './fields';

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
}

/** Content that follows the form's values (read them with Form.useWatch(name, form)). */
export type FormExtra = (form: FormInstance) => ReactNode;

/**
 * The form of any declared resource: inputs per field type, the spec §5 messages, server errors placed on
 * their fields. Creates send state ACTIVE (spec §4).
 */
export function ResourceForm({ def, id, initial, hidden = [], onDone, onCancel, bare, extra }: ResourceFormProps) {
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
    const defaults = Object.fromEntries(
      Object.entries(def.fields)
        .filter(([, f]) => f.default !== undefined && !f.readonly)
        .map(([n, f]) => [n, f.type === 'date' && f.default === 'today' ? companyDayOf(new Date()) : f.default]),
    );
    return { ...defaults, ...(own && me ? { [own]: me.id } : {}), ...initial };
  }, [id, initial, def, me]);

  useEffect(() => {
    if (record.data) form.setFieldsValue(record.data);
    else if (!id && initialValues) form.setFieldsValue(initialValues);
  }, [record.data, id, initialValues, form]);

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...(id ? {} : { state: 'ACTIVE', ...initial }), ...values };
    for (const [k, v] of Object.entries(body)) if (v === undefined) body[k] = null;
    try {
      const row = await save.mutateAsync({ id, values: body });
      void message.success(id ? t('updated') : t('created'));
      if (onDone) onDone(row);
      else navigate(-1);
    } catch (e) {
      if (e instanceof ApiError) {
        const known = new Set(fields.map(([n]) => n));
        form.setFields(e.errors.filter((x) => known.has(x.path)).map((x) => ({ name: x.path, errors: [x.message] })));
        void message.error(e.message);
      } else void message.error(t('saveFail'));
    }
  };

  if (id && record.isError) return <Result status="404" title={(record.error as Error).message} />;
  if (id && record.isLoading) return <Skeleton active />;
  const body = (
    <Form form={form} layout="vertical" onFinish={submit} scrollToFirstError requiredMark>
      <GridRow gutter={16}>
        {fields.map(([name, f]) => (
          <Col key={name} xs={24} md={f.type === 'longText' ? 24 : 12} xl={f.type === 'longText' ? 24 : 8}>
            <Form.Item name={name} label={label(f.label)} rules={fieldRules(f, t, { creating: !id })} valuePropName={f.type === 'bool' ? 'checked' : 'value'}>
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
      {extra?.(form)}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button onClick={() => (onCancel ? onCancel() : navigate(-1))}>{t('cancel')}</Button>
      </Space>
    </Form>
  );
  if (bare) return body;
  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{`${id ? t('edit') : t('add')} — ${label(def.label)}`}</Typography.Title>}>{body}</Card>
  );
}
