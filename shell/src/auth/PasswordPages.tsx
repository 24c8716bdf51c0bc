import { useState } from 'react';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import { api, ApiError } from '@portal/ui-kit';
import { AuthCard } from './AuthCard';

/** Spec §5 password policy, checked as the user types (the server checks again). */
export function usePasswordRules(): { newRules: Rule[]; confirmRules: Rule[] } {
  const { t } = useTranslation(['shell', 'common']);
  return {
    newRules: [
      { required: true, message: t('common:required') },
      {
        validator: (_r, v: string) =>
          !v || (v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v))
            ? Promise.resolve()
            : Promise.reject(new Error(t('passwordWeak'))),
      },
    ],
    confirmRules: [
      { required: true, message: t('common:required') },
      ({ getFieldValue }) => ({
        validator: (_r, v: string) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch')))),
      }),
    ],
  };
}

/** Server field errors onto the form. */
export function applyErrors(form: ReturnType<typeof Form.useForm>[0], e: unknown, fallback: string): string {
  if (e instanceof ApiError) {
    const named = e.errors.filter((x) => x.path);
    if (named.length) form.setFields(named.map((x) => ({ name: x.path, errors: [x.message] })));
    return e.message;
  }
  return fallback;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation(['shell', 'common']);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const submit = async (v: { email: string }) => {
    setBusy(true);
    try {
      const r = await api<{ message: string }>('POST', '/auth/forget-password', { body: v });
      setSent(r.message);
    } catch (e) {
      form.setFields([{ name: 'email', errors: [applyErrors(form, e, t('common:saveFail'))] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('forgotTitle')}>
      {sent ? (
        <Result status="success" title={sent} extra={<Link to="/login">{t('backToLogin')}</Link>} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <p>{t('forgotText')}</p>
          <Form.Item
            name="email"
            label="Email"
            rules={[
              { required: true, message: t('common:required') },
              { type: 'email', message: t('common:email') },
            ]}
          >
            <Input autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('send')}
          </Button>
          <div style={{ marginTop: 12 }}>
            <Link to="/login">{t('backToLogin')}</Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}

/** Reset password / set a new password from the emailed link (`?token=`). */
export function ResetPasswordPage() {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { newRules, confirmRules } = usePasswordRules();
  const token = params.get('token');
  const submit = async (v: { newPassword: string; confirmPassword: string }) => {
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/auth/reset-password', { body: { token, ...v } });
      void message.success(t('resetDone'));
      navigate('/login', { replace: true });
    } catch (e) {
      setError(applyErrors(form, e, t('common:saveFail')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('resetTitle')}>
      {!token ? (
        <Alert type="error" showIcon message={t('resetMissing')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
          <Form.Item name="newPassword" label={t('newPassword')} extra={t('passwordHint')} rules={newRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('confirmPassword')} dependencies={['newPassword']} rules={confirmRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('common:save')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 12 }}>
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
