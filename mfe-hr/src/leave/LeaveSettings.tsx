import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAVE_ACCRUAL, LEAVE_ACCRUAL_LABELS, LEAVE_SETTING_LABELS, type LeaveSetting } from '@portal/contracts';
import { api, ApiError, numberSeparators, useCan, useLang } from '@portal/ui-kit';

/** The company's leave settings (GET/PUT /leave-setting): annual days, accrual, carry-over, leave beyond the days earned. */
export function LeaveSettings() {
  const { t } = useTranslation('hr');
  const { t: tc } = useTranslation();
  const { label, lang } = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<LeaveSetting>();
  const qc = useQueryClient();
  const canEdit = useCan('edit', 'leave_days');
  const settings = useQuery({ queryKey: ['/leave-setting'], queryFn: ({ signal }) => api<LeaveSetting>('GET', '/leave-setting', { signal }) });
  const save = useMutation({
    mutationFn: (v: LeaveSetting) => api<LeaveSetting>('PUT', '/leave-setting', { body: v }),
    onSuccess: () => {
      void message.success(t('saved'));
      void qc.invalidateQueries({ queryKey: ['/leave-setting'] });
      void qc.invalidateQueries({ queryKey: ['/staff-leave'] });
    },
    onError: (e) => {
      if (e instanceof ApiError) form.setFields(e.errors.map((x) => ({ name: x.path as keyof LeaveSetting, errors: [x.message] })));
      void message.error(e instanceof Error ? e.message : tc('saveFail'));
    },
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const fieldLabel = (k: keyof LeaveSetting) => label(LEAVE_SETTING_LABELS[k]);
  const required = [{ required: true, message: tc('required') }];
  return (
    <Card title={t('settingsTitle')} style={{ maxWidth: 720 }}>
      <Alert type="info" showIcon title={t('settingsHint')} style={{ marginBottom: 16 }} />
      {settings.isLoading ? (
        <Skeleton active />
      ) : settings.isError ? (
        <Alert type="error" title={(settings.error as Error).message} />
      ) : (
        <Form form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="annual_days" label={fieldLabel('annual_days')} rules={required}>
            <InputNumber min={0} max={60} decimalSeparator={numberSeparators(lang).decimal} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="accrual" label={fieldLabel('accrual')} rules={required}>
            <Select style={{ width: 320 }} options={LEAVE_ACCRUAL.map((v) => ({ value: v, label: label(LEAVE_ACCRUAL_LABELS[v]) }))} />
          </Form.Item>
          <Form.Item name="carry_over_max_days" label={fieldLabel('carry_over_max_days')} rules={required}>
            <InputNumber min={0} max={60} decimalSeparator={numberSeparators(lang).decimal} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="carry_over_until_month" label={fieldLabel('carry_over_until_month')} rules={required}>
            <InputNumber min={1} max={12} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="allow_negative" label={fieldLabel('allow_negative')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {tc('save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
