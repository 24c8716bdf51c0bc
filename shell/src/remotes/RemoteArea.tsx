import { Component, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../app/antd';
import { useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addTexts, Loading, NotFound, StatusResult, type RemoteModule } from '@portal/ui-kit/src/frame';
import { i18n } from '../app/Providers';
import { loadRemoteModule, type RemoteInfo } from './manifest';

function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes([...routes, { path: '*', element: <NotFound /> }]);
}

/** Catches a remote's render errors so the rest of the portal keeps working. */
class Boundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function RemoteError({ info, onRetry }: { info: RemoteInfo; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="warning"
      title={t('remoteError', { name: info.label[i18n.language === 'en' ? 'en' : 'vi'] })}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="remote-retry">
          {t('retry')}
        </Button>
      }
    />
  );
}

/** Mounts one remote's routes under its base path, lazily, with a retry when it is down (ARCHITECTURE §7). */
export function RemoteArea({ info }: { info: RemoteInfo }) {
  const [state, setState] = useState<{ mod?: RemoteModule; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({});
    loadRemoteModule(info.name).then(
      (mod) => {
        if (mod.texts) addTexts(i18n, mod.texts.ns, mod.texts);
        if (live) setState({ mod });
      },
      (error) => {
        if (live) setState({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [info.name, attempt]);
  const retry = () => setAttempt((n) => n + 1);
  if (state.error) return <RemoteError info={info} onRetry={retry} />;
  if (!state.mod) return <Loading />;
  return (
    <Boundary
      fallback={(reset) => (
        <RemoteError
          info={info}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <RemoteRoutes routes={state.mod.routes} />
    </Boundary>
  );
}
