import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceByName, type NotificationDto, type ResourceDef } from '@portal/contracts';
import { api, ApiError, NOTIFICATIONS_KEY, useLang } from '@portal/ui-kit';

/** The record an approval notification is about (`context`: `<resource>:<id>`), where its resource takes bulk approvals. */
export function bulkTarget(n: NotificationDto): { def: ResourceDef; id: string } | null {
  const [name, id] = (n.context ?? '').split(':');
  const def = name ? resourceByName.get(name) : undefined;
  return def?.bulk?.approval && id ? { def, id } : null;
}

/**
 * Approve or refuse the chosen requests at once, with one comment: one bulk call per kind of record (`POST
 * <path>/bulk-approve` / `bulk-refuse`), each all or nothing. A refusal names the request it was about.
 */
export function BulkApprove({ chosen, onDone }: { chosen: NotificationDto[]; onDone: () => void }) {
  const { t } = useTranslation('notify');
  const { lang } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'approve' | 'refuse' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [doneBefore, setDoneBefore] = useState(0);
  const [form] = Form.useForm<{ description?: string }>();

  const run = async ({ description }: { description?: string }) => {
    setBusy(true);
    setProblems([]);
    setDoneBefore(0);
    const byResource = new Map<ResourceDef, NotificationDto[]>();
    for (const n of chosen) {
      const x = bulkTarget(n);
      if (x) byResource.set(x.def, [...(byResource.get(x.def) ?? []), n]);
    }
    const found: string[] = [];
    let done = 0;
    for (const [def, items] of byResource) {
      try {
        const res = await api<{ done: number }>('POST', `${def.path}/bulk-${open}`, {
          body: { ids: items.map((n) => bulkTarget(n)!.id), description: description || null },
        });
        done += res.done;
      } catch (e) {
        // A refusal names each request it was about; anything else (the network) is said as it is.
        const rows = e instanceof ApiError ? e.errors.filter((x) => /^ids\.\d+$/.test(x.path)) : [];
        if (!rows.length) found.push((e as Error).message);
        for (const x of rows) found.push(`${items[Number(x.path.split('.')[1])]?.title[lang] ?? x.path}: ${x.message}`);
      }
    }
    setBusy(false);
    // Refused: the dialog names each request (the lists reload when it closes, which may remove the chosen rows). Each
    // kind of record is all or nothing, so with several kinds some may have gone through: the title says how many.
    if (found.length) {
      setProblems(found);
      setDoneBefore(done);
      return;
    }
    void message.success(t(open === 'approve' ? 'bulkApproved' : 'bulkRefused', { count: done }));
    close();
  };
  const close = () => {
    setOpen(null);
    setProblems([]);
    setDoneBefore(0);
    form.resetFields();
    void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
    for (const def of new Set(chosen.map((n) => bulkTarget(n)?.def).filter(Boolean))) void qc.invalidateQueries({ queryKey: [def!.path] });
    onDone();
  };

  return (
    <>
      <Space wrap data-testid="bulk-approve">
        <Button type="primary" icon={<CheckOutlined />} disabled={!chosen.length} onClick={() => setOpen('approve')}>
          {t('bulkApprove', { count: chosen.length })}
        </Button>
        <Button danger icon={<CloseOutlined />} disabled={!chosen.length} onClick={() => setOpen('refuse')}>
          {t('bulkRefuse', { count: chosen.length })}
        </Button>
      </Space>
      <Modal
        open={open !== null}
        title={open ? t(open === 'approve' ? 'bulkApprove' : 'bulkRefuse', { count: chosen.length }) : ''}
        okText={t('approval:confirm')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={doneBefore ? t('bulkPartlyDone', { count: doneBefore }) : t('bulkNothingDone')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void run(v)}>
          <Form.Item name="description" label={t('approval:comment')} rules={[{ max: 2000, message: t('common:maxLength', { max: 2000 }) }]}>
            <Input.TextArea rows={3} maxLength={2000} aria-label={t('approval:comment')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
