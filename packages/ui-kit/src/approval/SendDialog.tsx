import { Alert, Form, Input, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { api } from '../api/client';
import { useFlowTexts } from '../resource/flowTexts';
import { UserPicker, useUserNames } from './UserPicker';

export interface SendLevel {
  level: number;
  approver_ids: string[];
}
/** Whom a submit would go to (its dry run), or that the sender must pick them (the flow names nobody). */
export interface SendPreview {
  levels: SendLevel[];
  pick: boolean;
}
export interface SendValues {
  approver_ids?: string[];
  description?: string;
}

/**
 * The dry run of a submit or resubmit (`?dry_run=1` on `<path>/save-and-submit`, `PUT <path>/:id/save-and-submit`,
 * `<path>/:id/submit` or `<path>/:id/resubmit`: every check, nothing written): the levels it would go to, or `pick` when
 * the flow leaves them to the sender; any refusal is thrown as the real call would answer it.
 */
export function previewSend(path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST'): Promise<SendPreview> {
  return api<SendPreview>(method, path, { body, query: { dry_run: 1 } });
}

/**
 * The confirmation before sending for approval: the approvers of every level by name (as the flow resolved them for
 * this record), a picker when the flow leaves them to the sender, and a comment. `onSend` makes the real call.
 */
export function SendDialog({
  def,
  title,
  okText,
  preview,
  busy,
  onSend,
  onCancel,
}: {
  def: ResourceDef;
  title: string;
  okText: string;
  preview: SendPreview | null;
  busy: boolean;
  onSend: (v: SendValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['approval', 'common']);
  const tr = useFlowTexts();
  const [form] = Form.useForm<SendValues>();
  const names = useUserNames((preview?.levels ?? []).flatMap((l) => l.approver_ids));
  return (
    <Modal
      open={preview !== null}
      title={title}
      okText={okText}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'send-confirm' }}
    >
      <Form form={form} layout="vertical" onFinish={onSend} preserve={false}>
        {preview && preview.levels.length > 0 && (
          <div data-testid="send-approvers" style={{ marginBottom: 16 }}>
            <Typography.Text strong>{tr('approversWillBe')}</Typography.Text>
            <List
              size="small"
              dataSource={preview.levels}
              renderItem={(l) => (
                <List.Item key={l.level}>
                  <Typography.Text type="secondary">{tr('levelN', { n: l.level })}</Typography.Text>
                  <Typography.Text>{l.approver_ids.map((u) => names.get(u) ?? '…').join(', ')}</Typography.Text>
                </List.Item>
              )}
            />
          </div>
        )}
        {preview?.pick && (
          <>
            <Alert type="info" showIcon title={tr('pickApprovers')} style={{ marginBottom: 16 }} />
            <Form.Item name="approver_ids" label={t('approvers')} rules={[{ required: true, message: t('common:selectRequired') }]}>
              <UserPicker feature={def.feature} aria-label={t('approvers')} />
            </Form.Item>
          </>
        )}
        <Form.Item name="description" label={t('comment')} rules={[{ max: 2000, message: t('common:maxLength', { max: 2000 }) }]}>
          <Input.TextArea rows={2} maxLength={2000} aria-label={t('comment')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
