import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Input } from '../app/antd';
import type { NavItem } from './menu';

export const SEARCH_STYLE: CSSProperties = { width: 300, maxWidth: '100%', minWidth: 0, flex: '0 1 300px' };

const loadBox = () => import('./NavSearchBox');
const NavSearchBox = lazy(loadBox);

/**
 * The navbar search. Its combobox (antd's AutoComplete and the Select beneath it, NavSearchBox.tsx) loads when the
 * pointer comes near or the field takes the focus, so the first page shows a plain field; what was typed meanwhile is
 * kept.
 */
export function NavSearch({ screens }: { screens: NavItem[] }) {
  const { t } = useTranslation('shell');
  const [text, setText] = useState('');
  const [used, setUsed] = useState(false);
  const field = (
    <Input
      style={SEARCH_STYLE}
      prefix={<SearchOutlined />}
      placeholder={t('searchPlaceholder')}
      allowClear
      aria-label={t('searchPlaceholder')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPointerEnter={() => void loadBox()}
      onFocus={() => setUsed(true)}
      autoFocus={used}
    />
  );
  if (!used) return field;
  return (
    <Suspense fallback={field}>
      <NavSearchBox screens={screens} text={text} setText={setText} />
    </Suspense>
  );
}
