import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_LIMIT_BOUNDS, BOOKING_SETTING_LABELS, bookingSettingPath, type BookingLimits, type ResourceDef } from '@portal/contracts';
import { api, ApiError, useCan, useLang } from '@portal/ui-kit';

/** One resource's booking limits (GET/PUT <path>/booking-setting; contracts kit/booking.ts), edited with the settings right. */
function LimitsCard({ def }: { def: ResourceDef }) {
  const { t: tc } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<BookingLimits>();
  const qc = useQueryClient();
  const canEdit = useCan('edit', 'setting');
  const path = bookingSettingPath(def.path);
  const b = def.booking!;
  const limits = useQuery({ queryKey: [path], queryFn: ({ signal }) => api<BookingLimits>('GET', path, { signal }) });
  const save = useMutation({
    mutationFn: (v: BookingLimits) => api<BookingLimits>('PUT', path, { body: v }),
    onSuccess: () => {
      void message.success(tc('updated'));
      void qc.invalidateQueries({ queryKey: [path] });
    },
    onError: (e) => {
      if (e instanceof ApiError) form.setFields(e.errors.map((x) => ({ name: x.path as keyof BookingLimits, errors: [x.message] })));
      void message.error(e instanceof Error ? e.message : tc('saveFail'));
    },
  });
  useEffect(() => {
    if (limits.data) form.setFieldsValue(limits.data);
  }, [limits.data, form]);
  const required = [{ required: true, message: tc('required') }];
  const longest = BOOKING_LIMIT_BOUNDS.longest[b.unit];
  const field = (name: keyof BookingLimits, text: string, r: { min: number; max: number }) => (
    <Form.Item name={name} label={text} rules={required}>
      <InputNumber min={r.min} max={r.max} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
  return (
    <Card title={label(def.label)} style={{ maxWidth: 720 }} data-testid={`booking-limits-${def.name}`}>
      {limits.isLoading ? (
        <Skeleton active />
      ) : limits.isError ? (
        <Alert type="error" title={(limits.error as Error).message} />
      ) : (
        <Form form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => save.mutate(v)}>
          {field('longest', label(b.unit === 'hour' ? BOOKING_SETTING_LABELS.longest_hour : BOOKING_SETTING_LABELS.longest_day), longest)}
          {field('ahead_days', label(BOOKING_SETTING_LABELS.ahead_days), BOOKING_LIMIT_BOUNDS.ahead_days)}
          {b.draft && field('draft_hold_hours', label(BOOKING_SETTING_LABELS.draft_hold_hours), BOOKING_LIMIT_BOUNDS.draft_hold_hours)}
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

/** The administration's booking limits: a card for each resource declaring `booking` (meeting rooms, cars). */
export default function BookingLimitsPage({ defs }: { defs: readonly ResourceDef[] }) {
  const { label } = useLang();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {label(BOOKING_SETTING_LABELS.title)}
      </Typography.Title>
      <Alert type="info" showIcon title={label(BOOKING_SETTING_LABELS.hint)} style={{ maxWidth: 720 }} />
      {defs
        .filter((d) => d.booking)
        .map((d) => (
          <LimitsCard key={d.name} def={d} />
        ))}
    </Space>
  );
}
