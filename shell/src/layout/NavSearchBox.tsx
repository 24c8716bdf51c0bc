// By its own path, not from the shared antd (app/antd.ts says why); loaded with this file, when the search is first used.
import AutoComplete from 'antd/es/auto-complete';
import { Input } from '../app/antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, useCan, type Row } from '@portal/ui-kit/src/frame';
import type { ListResult } from '@portal/contracts/src/frame';
import type { NavItem } from './menu';
import { SEARCH_STYLE } from './NavSearch';

/** The navbar search's combobox: finds screens by name and staff records by name, code, phone or email. */
export default function NavSearchBox({ screens, text, setText }: { screens: NavItem[]; text: string; setText: (text: string) => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const canStaff = useCan('view', 'staff');
  const q = text.trim();
  const staff = useQuery({
    queryKey: ['/staff', 'search', q],
    queryFn: () => api<ListResult<Row>>('GET', '/staff', { query: { q, limit: 5 } }),
    enabled: canStaff && q.length >= 2,
  });
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase();
  const screenHits = q ? screens.filter((s) => norm(s.label).includes(norm(q))).slice(0, 6) : [];
  const options = [
    ...(screenHits.length ? [{ label: t('screens'), options: screenHits.map((s) => ({ value: `screen:${s.path}`, label: s.label })) }] : []),
    ...(staff.data?.items.length
      ? [{ label: t('records'), options: staff.data.items.map((r) => ({ value: `staff:${r.id}`, label: `${String(r.full_name)} (${String(r.code)})` })) }]
      : []),
  ];
  return (
    <AutoComplete
      style={SEARCH_STYLE}
      options={options}
      value={text}
      onChange={setText}
      onSelect={(v: string) => {
        setText('');
        if (v.startsWith('screen:')) navigate(v.slice(7));
        else navigate(`/hr/staff/${v.slice(6)}`);
      }}
    >
      <Input prefix={<SearchOutlined />} placeholder={t('searchPlaceholder')} allowClear aria-label={t('searchPlaceholder')} autoFocus />
    </AutoComplete>
  );
}
