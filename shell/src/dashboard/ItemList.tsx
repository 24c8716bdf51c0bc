import type { Key, ReactNode } from 'react';
import { Skeleton, theme } from '../app/antd';

/**
 * The dashboard's short lists (recent activity, today's bookings, my tickets): a few lines each, never paged. Plain
 * markup in antd's tokens, laid out as antd's small List: that List is deprecated in antd 6 and brings its pagination
 * (with a Select) into the first page's JS.
 */
export function ItemList<T>({
  items,
  loading,
  empty,
  itemKey,
  render,
}: {
  items: T[];
  loading: boolean;
  empty: ReactNode;
  itemKey: (item: T) => Key;
  render: (item: T) => ReactNode;
}) {
  const { token } = theme.useToken();
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (!items.length) return <>{empty}</>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, i) => (
        <li
          key={itemKey(item)}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: token.marginXS,
            padding: `${token.paddingXS}px ${token.padding}px`,
            borderTop: i ? `${token.lineWidth}px solid ${token.colorSplit}` : undefined,
          }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
