import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@portal/ui-kit';
import { applyErrors, usePasswordRules } from './PasswordPages';

export function ChangePasswordPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { newRules, confirmRules } = usePasswordRules();
  const submit = async (v: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/auth/change-password', { body: v });
      void message.success(t('changed'));
      form.resetFields();
    } catch (e) {
      setError(applyErrors(form, e, t('common:saveFail')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('changePassword')} style={{ maxWidth: 520 }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="oldPassword" label={t('oldPassword')} rules={[{ required: true, message: t('common:required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('newPassword')} extra={t('passwordHint')} rules={newRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('confirmPassword')} dependencies={['newPassword']} rules={confirmRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common:save')}
        </Button>
      </Form>
    </Card>
  );
}
