import { Alert, Descriptions, Skeleton, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DepreciationAnswer } from '@portal/contracts';
import { api, formatDate, formatNumber, useLang } from '@portal/ui-kit';
import { fill, T } from './texts';

/**
 * An asset's depreciation (GET /asset/:id/depreciation): its cost, its book value today, the day it is fully
 * depreciated and, month by month, what each month takes — the months adding up exactly to the cost — and, for a
 * liquidated asset, what it sold for against its book value that day.
 */
export function DepreciationTab({ id }: { id: string }) {
  const { label, lang } = useLang();
  const q = useQuery({
    queryKey: ['/asset', id, 'depreciation'],
    queryFn: ({ signal }) => api<DepreciationAnswer>('GET', `/asset/${id}/depreciation`, { signal }),
  });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={q.error.message} />;
  const d = q.data;
  const vnd = (n: number) => `${formatNumber(n, lang, 0)} ₫`;
  const month = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
  // The schedule opens on the page of the month asked about.
  const at = d.schedule.findIndex((m) => m.month === d.date.slice(0, 7));
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="depreciation-summary">
        <Descriptions.Item label={label(T.cost)}>{vnd(d.cost)}</Descriptions.Item>
        <Descriptions.Item label={fill(label(T.bookValue), { date: formatDate(d.date) })}>
          <span data-testid="book-value">{vnd(d.book_value)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={label(T.end)}>{d.end ? formatDate(d.end) : label(T.notDepreciated)}</Descriptions.Item>
        {d.liquidation && (
          <Descriptions.Item label={fill(label(T.liquidation), { date: formatDate(d.liquidation.date) })} span={3}>
            {fill(label(T.proceeds), { price: vnd(d.liquidation.price), book: vnd(d.liquidation.book_value) })}{' '}
            <Tag color={d.liquidation.gain >= 0 ? 'green' : 'red'}>
              {label(d.liquidation.gain >= 0 ? T.gain : T.loss)} {vnd(Math.abs(d.liquidation.gain))}
            </Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
      {d.schedule.length === 0 ? (
        <Alert type="info" showIcon title={label(T.empty)} />
      ) : (
        <Table
          size="small"
          rowKey="month"
          data-testid="depreciation-schedule"
          dataSource={d.schedule}
          pagination={{ pageSize: 12, showSizeChanger: false, defaultCurrent: at >= 0 ? Math.floor(at / 12) + 1 : 1 }}
          scroll={{ x: 560 }}
          rowClassName={(r) => (r.month === d.date.slice(0, 7) ? 'ant-table-row-selected' : '')}
          columns={[
            { key: 'month', title: label(T.month), dataIndex: 'month', render: month },
            { key: 'amount', title: label(T.amount), dataIndex: 'amount', align: 'right', render: vnd },
            { key: 'added', title: label(T.added), dataIndex: 'added', align: 'right', render: (n: number) => (n ? vnd(n) : '') },
            { key: 'accumulated', title: label(T.accumulated), dataIndex: 'accumulated', align: 'right', render: vnd },
            { key: 'book', title: label(T.remaining), dataIndex: 'book_value', align: 'right', render: vnd },
          ]}
        />
      )}
    </>
  );
}
