import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { asset, assetsApi, type SummaryEmailAnswer } from '@portal/contracts';
import { api, FieldInput, useCan, useLang } from '@portal/ui-kit';
import { fill, T } from './texts';

/**
 * On the register, for the asset office: a managing department's summary mailed to its head and to the user
 * (`POST /asset/summary-email`): the department picked among those the user keeps; who it went to said after.
 */
export function SummaryEmailButton() {
  const { label } = useLang();
  const { message } = App.useApp();
  const may = useCan('approve', 'asset');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ department_id: string }>();
  if (!may) return null;
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="summary-email">
        {label(T.summaryEmail)}
      </Button>
      <Modal
        open={open}
        title={label(T.summaryEmailTitle)}
        okText={label(T.send)}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            setBusy(true);
            try {
              const sent = await api<SummaryEmailAnswer>('POST', assetsApi.summaryEmail.path, { body: v });
              message.success(fill(label(T.summarySent), { to: sent.to.join(', ') }));
              setOpen(false);
            } catch (e) {
              message.error((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item name="department_id" label={label(asset.fields.department_id!.label)} rules={[{ required: true, message: label(T.pickDepartment) }]}>
            <FieldInput field={asset.fields.department_id!} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
