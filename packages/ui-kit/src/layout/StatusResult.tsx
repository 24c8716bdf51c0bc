import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd/es/result';

// antd's Result and its illustrations (about 10 KB gzip) load when a status page is shown: the first page needs none.
const Result = lazy(() => import('antd/es/result'));

/** antd's Result (Not authorized, Page not found, a remote that failed to load), loaded on demand. */
export function StatusResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
