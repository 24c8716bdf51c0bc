import { useEffect } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  APPROVER_SCOPE_LABELS,
  APPROVER_SCOPES,
  COST_BAND_LABELS,
  COST_BANDS,
  type ApprovalFlowDto,
  type ApprovalLevelRule,
  type ResourceDef,
} from '@portal/contracts';
import { RefSelect, UserPicker, useLang } from '@portal/ui-kit';

export interface FlowValues {
  document_type: string;
  name: string;
  cost_band: string;
  levels: Omit<ApprovalLevelRule, 'level'>[];
}

/** A level's printed title as the service takes it: both languages (one given serves for both), or none. */
const withTitle = (l: FlowValues['levels'][number]): FlowValues['levels'][number] => {
  const vi = l.title?.vi?.trim() ?? '';
  const en = l.title?.en?.trim() ?? '';
  return { ...l, title: vi || en ? { vi: vi || en, en: en || vi } : null };
};

/** The create / edit form of an approval flow: document type, cost band, and levels by approver scope. */
export function FlowEditor({
  open,
  flow,
  docs,
  busy,
  onSave,
  onClose,
  errors,
}: {
  open: boolean;
  flow: ApprovalFlowDto | null;
  docs: ResourceDef[];
  busy: boolean;
  errors: { path: string; message: string }[];
  onSave: (v: FlowValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['approval', 'common']);
  const pick = [{ required: true, message: t('common:selectRequired') }];
  const { label } = useLang();
  const [form] = Form.useForm<FlowValues>();
  const docType = Form.useWatch('document_type', form);
  const withLimit = docs.find((d) => d.approval?.documentType === docType)?.approval?.costLimit;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      flow
        ? { document_type: flow.document_type, name: flow.name, cost_band: flow.cost_band, levels: flow.levels.map(({ level: _l, ...rest }) => rest) }
        : { document_type: docs[0]?.approval?.documentType, cost_band: 'ALL', levels: [{ scope: 'DEPARTMENT_TREE', up: 0 }] },
    );
  }, [open, flow, docs, form]);
  useEffect(() => {
    if (errors.length)
      form.setFields(errors.map((e) => ({ name: e.path.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)) as never, errors: [e.message] })));
  }, [errors, form]);

  return (
    <Modal
      open={open}
      width={760}
      title={flow ? t('editFlow') : t('addFlow')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSave({ ...v, levels: v.levels.map(withTitle) })}>
        <Space wrap style={{ width: '100%' }} align="start">
          <Form.Item name="document_type" label={t('documentType')} rules={pick} style={{ minWidth: 220 }}>
            <Select options={docs.map((d) => ({ value: d.approval!.documentType, label: label(d.label) }))} aria-label={t('documentType')} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('flowName')}
            rules={[
              { required: true, whitespace: true, message: t('common:required') },
              { max: 255, message: t('common:maxLength', { max: 255 }) },
            ]}
            style={{ minWidth: 260 }}
          >
            <Input aria-label={t('flowName')} />
          </Form.Item>
          <Form.Item name="cost_band" label={t('costBand')} style={{ minWidth: 220 }}>
            <Select disabled={!withLimit} options={COST_BANDS.map((b) => ({ value: b, label: label(COST_BAND_LABELS[b]) }))} aria-label={t('costBand')} />
          </Form.Item>
        </Space>
        <Form.List name="levels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  title={`${t('levelLabel')} ${i + 1}`}
                  style={{ marginBottom: 8 }}
                  extra={
                    fields.length > 1 && (
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={`${t('levelLabel')} ${i + 1} ×`}
                      />
                    )
                  }
                >
                  <Form.Item name={[field.name, 'scope']} label={t('scope')} rules={pick}>
                    <Select
                      options={APPROVER_SCOPES.map((s) => ({ value: s, label: label(APPROVER_SCOPE_LABELS[s]) }))}
                      aria-label={`${t('scope')} ${i + 1}`}
                    />
                  </Form.Item>
                  <Space wrap style={{ width: '100%' }} align="start">
                    <Form.Item name={[field.name, 'title', 'vi']} label={t('levelTitleVi')} extra={t('levelTitleHint')} style={{ minWidth: 300 }}>
                      <Input maxLength={120} aria-label={`${t('levelTitleVi')} ${i + 1}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'title', 'en']} label={t('levelTitleEn')} style={{ minWidth: 300 }}>
                      <Input maxLength={120} aria-label={`${t('levelTitleEn')} ${i + 1}`} />
                    </Form.Item>
                  </Space>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const scope = form.getFieldValue(['levels', field.name, 'scope']) as string;
                      if (scope === 'USERS')
                        return (
                          <Form.Item name={[field.name, 'approver_ids']} label={t('approvers')} extra={t('approversHint')}>
                            <UserPicker />
                          </Form.Item>
                        );
                      if (scope === 'ROLE' || scope === 'ROLE_OF_DEPARTMENT')
                        return (
                          <Form.Item name={[field.name, 'role_id']} label={t('role')} rules={pick}>
                            <RefSelect target="role" aria-label={t('role')} />
                          </Form.Item>
                        );
                      if (scope === 'POSITION_OF_PROJECT')
                        return (
                          <Form.Item name={[field.name, 'position_id']} label={t('position')} rules={pick}>
                            <RefSelect target="position" aria-label={t('position')} />
                          </Form.Item>
                        );
                      if (scope === 'DEPARTMENT_TREE')
                        return (
                          <Form.Item name={[field.name, 'up']} label={t('up')} initialValue={0}>
                            <InputNumber min={0} max={20} />
                          </Form.Item>
                        );
                      return null;
                    }}
                  </Form.Item>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ scope: 'DEPARTMENT_TREE', up: fields.length })} disabled={fields.length >= 20}>
                {t('addLevel')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
