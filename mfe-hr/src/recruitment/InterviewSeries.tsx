import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type dayjs from 'dayjs';
import { INTERVIEW_KIND, INTERVIEW_KIND_LABELS, INTERVIEW_SERIES_MAX, candidate, candidateInterview } from '@portal/contracts';
import { api, ApiError, RefSelect, useCan, useLang } from '@portal/ui-kit';
import { useTexts } from './texts';

interface Values {
  candidate_ids: string[];
  kind: string;
  start_at: dayjs.Dayjs;
  minutes: number;
  location?: string;
  interviewer_id?: string | null;
}

/**
 * "Interview series" (POST /candidate/create-series, the spec's "-create-series"): one interview round for several
 * candidates, one slot each from the start time. All or nothing; errors name the candidate by its place in the list.
 */
export function InterviewSeriesButton() {
  const tr = useTexts();
  const { t } = useTranslation();
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  if (!useCan('add', candidateInterview.feature)) return null;

  const submit = async (v: Values) => {
    setBusy(true);
    setRowErrors([]);
    try {
      const res = await api<{ created: number }>('POST', '/candidate/create-series', {
        body: { ...v, start_at: v.start_at.toISOString(), location: v.location || null, interviewer_id: v.interviewer_id ?? null },
      });
      void message.success(tr('scheduled', { n: res.created }));
      for (const p of [candidate.path, candidateInterview.path]) void qc.invalidateQueries({ queryKey: [p] });
      setOpen(false);
    } catch (e) {
      if (!(e instanceof ApiError)) {
        void message.error(String(e));
        return;
      }
      const fields = ['candidate_ids', 'kind', 'start_at', 'minutes', 'location', 'interviewer_id'];
      form.setFields(e.errors.filter((x) => fields.includes(x.path)).map((x) => ({ name: x.path as keyof Values, errors: [x.message] })));
      setRowErrors(
        e.errors.flatMap((x) => {
          const m = /^candidate_ids\.(\d+)$/.exec(x.path);
          return m ? [`${tr('candidateN', { n: Number(m[1]) + 1 })}: ${x.message}`] : [];
        }),
      );
      void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<ScheduleOutlined />}
        onClick={() => {
          setRowErrors([]);
          setOpen(true);
        }}
        data-testid="interview-series"
      >
        {tr('series')}
      </Button>
      <Modal open={open} width={720} title={tr('series')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
        <Alert type="info" showIcon title={tr('seriesHint')} style={{ marginBottom: 16 }} />
        {rowErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {rowErrors.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ kind: 'HR', minutes: 60 }} preserve={false}>
          <Form.Item
            name="candidate_ids"
            label={tr('seriesCandidates')}
            rules={[
              { required: true, message: t('selectRequired') },
              { type: 'array', max: INTERVIEW_SERIES_MAX, message: t('selectRequired') },
            ]}
          >
            <RefSelect target="candidate" multiple aria-label={tr('seriesCandidates')} />
          </Form.Item>
          <Form.Item name="kind" label={label(candidateInterview.fields.kind!.label)} rules={[{ required: true, message: t('selectRequired') }]}>
            <Select
              options={INTERVIEW_KIND.map((k) => ({ value: k, label: label(INTERVIEW_KIND_LABELS[k]) }))}
              aria-label={label(candidateInterview.fields.kind!.label)}
            />
          </Form.Item>
          <Form.Item name="start_at" label={tr('startAt')} rules={[{ required: true, message: t('dateRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} aria-label={tr('startAt')} />
          </Form.Item>
          <Form.Item name="minutes" label={tr('minutes')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={5} max={480} step={15} precision={0} style={{ width: 200 }} aria-label={tr('minutes')} />
          </Form.Item>
          <Form.Item name="location" label={label(candidateInterview.fields.location!.label)} rules={[{ max: 255 }]}>
            <Input maxLength={255} aria-label={label(candidateInterview.fields.location!.label)} />
          </Form.Item>
          <Form.Item name="interviewer_id" label={label(candidateInterview.fields.interviewer_id!.label)}>
            <RefSelect target="staff" aria-label={label(candidateInterview.fields.interviewer_id!.label)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
