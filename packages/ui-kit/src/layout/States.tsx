// By their own paths, not from the shared antd: the frame's first page uses them (frame.ts).
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusResult } from './StatusResult';

/** Spec §8: "You are not authorized / Please contact the admin for detail!" */
export function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="403"
      title={t('notAuthorizedTitle')}
      subTitle={t('notAuthorizedText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

/** Page not found with a back-to-home link (spec §2). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFoundText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin tip={t('loading')} size="large">
        <div style={{ minHeight: 40 }} />
      </Spin>
    </div>
  );
}
