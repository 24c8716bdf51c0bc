import { useState } from 'react';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { GoogleOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { systemApi, type SignInMethods } from '@portal/contracts';
import { api, ApiError, useSession } from '@portal/ui-kit';
import { AuthCard } from './AuthCard';
import { safeNext } from './safe-next';

type SignInResult = Parameters<ReturnType<typeof useSession.getState>['signIn']>[0];

export function LoginPage() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const [error, setError] = useState<string | null>(params.get('error') ? t(params.get('error')!, { defaultValue: t('oidc_failed') }) : null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));
  // Google is offered only where it is configured: elsewhere its button led to a bare error page.
  const methods = useQuery({
    queryKey: ['auth', 'methods'],
    queryFn: ({ signal }) => api<SignInMethods>('GET', systemApi.signInMethods.path, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (signedIn) return <Navigate to={next} replace />;

  const submit = async (v: { login: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      signIn(await api<SignInResult>('POST', '/auth/sign-in', { body: { email: v.login, password: v.password } }));
      navigate(next, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common:saveFail'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('signInTitle')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="login" label={t('login')} rules={[{ required: true, whitespace: true, message: t('common:required') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('common:required') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('signIn')}
        </Button>
      </Form>
      <div style={{ textAlign: 'right', marginTop: 8 }}>
        <Link to="/forgot-password">{t('forgot')}</Link>
      </div>
      {methods.data?.google && (
        <>
          <Divider plain>{t('or')}</Divider>
          <Button block icon={<GoogleOutlined />} href={`/api/v1${systemApi.google.path}`}>
            {t('signInGoogle')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

/** Where Google sign-in lands: exchanges the one-time code for tokens exactly once. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const { t } = useTranslation('shell');
  const code = params.get('code');
  const [started] = useState(() => {
    if (!code) return Promise.reject(new Error('missing code'));
    return api<SignInResult>('POST', '/auth/google/exchange', { body: { code } });
  });
  started.then(
    (r) => {
      signIn(r);
      navigate('/', { replace: true });
    },
    () => navigate('/login?error=oidc_failed', { replace: true }),
  );
  return (
    <AuthCard title={t('signIn')}>
      <div>…</div>
    </AuthCard>
  );
}
