import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton, Tooltip, theme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../api/client';
import { useLibrary } from '../lazy/library';

/**
 * The blocks of a report page (a domain's page of cards, each a few figures and a chart): the data hook, the card with
 * its loading, error, empty states and its export button, and the slot a chart is drawn in once the charting library
 * has loaded. A declared report's card is built of them (DeclaredReport.tsx).
 */

/**
 * The charts module (charts.tsx). It is loaded by the page that draws charts, with the loader that page passes
 * (`() => import('@portal/ui-kit/src/report/charts')`): the import is in the remote's own code, so only a remote that
 * draws charts builds and ships the charting library, and the ui-kit every app shares does not carry it.
 */
export type ChartLibrary = typeof import('./charts');
export type ChartLoader = () => Promise<ChartLibrary>;
export interface ChartLibraryState {
  charts: ChartLibrary | null;
  error: boolean;
  retry: () => void;
}

/** The chart library for a page (lazy/library.ts): null until loaded, `error` (with `retry`) if its chunk could not be fetched. */
export function useChartLibrary(loader: ChartLoader): ChartLibraryState {
  const { lib, error, retry } = useLibrary(loader);
  return { charts: lib, error, retry };
}

/** A report's figures (`GET path?query`), cached under `[key, path, query]`; the previous figures stay while new ones load. */
export function useReport<R>(key: string, path: string, query: Query): UseQueryResult<R> {
  return useQuery({
    queryKey: [key, path, query],
    queryFn: ({ signal }) => api<R>('GET', path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Whether the theme's container colour is dark: charts follow the portal's light/dark theme. */
export function useDarkCharts(): boolean {
  const color = theme.useToken().token.colorBgContainer.replace('#', '');
  const full =
    color.length === 3
      ? color
          .split('')
          .map((c) => c + c)
          .join('')
      : color;
  if (!/^[0-9a-f]{6}/i.test(full)) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
}

/**
 * A report card: a skeleton while loading, an error with Retry, Empty when the figures are all zero, else the content;
 * with `onExport`, an "Export xlsx" button (the report's export, downloaded by the caller's function).
 */
export function ReportCard<R>({
  title,
  extra,
  query,
  empty,
  onExport,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  query: UseQueryResult<R>;
  empty: (d: R) => boolean;
  onExport?: () => Promise<void>;
  children: (d: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  let body: ReactNode;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 7 }} />;
  else if (query.isError && !query.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadError')}
        description={(query.error as Error).message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!query.data || empty(query.data)) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />;
  else body = children(query.data);
  const data = query.data;
  const download =
    onExport && data && !empty(data)
      ? async () => {
          setExporting(true);
          setExportFailed(false);
          try {
            await onExport();
          } catch {
            setExportFailed(true);
          } finally {
            setExporting(false);
          }
        }
      : null;
  return (
    <Card
      title={title}
      style={{ height: '100%' }}
      styles={{ body: { opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' } }}
      extra={
        <Flex gap={8} wrap justify="flex-end" align="center">
          {extra}
          {download && (
            <Tooltip title={t('exportData')}>
              <Button size="small" icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="report-export">
                {t('export')}
              </Button>
            </Tooltip>
          )}
        </Flex>
      }
    >
      {exportFailed && <Alert type="error" showIcon closable title={t('exportFail')} style={{ marginBottom: 8 }} onClose={() => setExportFailed(false)} />}
      {body}
    </Card>
  );
}

/** Where a chart goes: the chart once the library is there, a skeleton before, a warning with Retry if its chunk failed. */
export function ChartSlot({ library: lib, height = 300, render }: { library: ChartLibraryState; height?: number; render: (c: ChartLibrary) => ReactNode }) {
  const { t } = useTranslation();
  if (lib.error)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('chartError')}
        action={
          <Button size="small" onClick={lib.retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  if (!lib.charts) return <Skeleton.Node active style={{ width: '100%', height }} />;
  return <>{render(lib.charts)}</>;
}
