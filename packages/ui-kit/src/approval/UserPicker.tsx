import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { useSession } from '../api/session';

interface Person {
  id: string;
  full_name: string;
}

/** Names of accounts by id, for approvers and deputies already chosen (GET /approval-approvers?ids=). */
export function useUserNames(ids: string[]) {
  const key = [...ids].sort().join(',');
  const q = useQuery({
    queryKey: ['/approval-approvers', 'ids', key],
    queryFn: () => api<{ items: Person[] }>('GET', '/approval-approvers', { query: { ids: key } }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => new Map((q.data?.items ?? []).map((p) => [p.id, p.full_name])), [q.data]);
}

/**
 * Picks, by name, the people the caller may pick as approvers or deputies: active accounts with the approve right of
 * `feature` (any approve right without one); never the signed-in user (one does not approve or stand in for oneself).
 */
export function UserPicker({
  value,
  onChange,
  multiple = true,
  feature,
  'aria-label': aria,
}: {
  value?: string[] | string;
  onChange?: (v: string[] | string) => void;
  multiple?: boolean;
  feature?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('approval');
  const [q, setQ] = useState('');
  const me = useSession((s) => s.user?.id);
  const list = useQuery({
    queryKey: ['/approval-approvers', 'q', q, feature],
    queryFn: ({ signal }) => api<{ items: Person[] }>('GET', '/approval-approvers', { query: { q, feature }, signal }),
    staleTime: 30_000,
  });
  const selected = Array.isArray(value) ? value : value ? [value] : [];
  const names = useUserNames(selected);
  const options = useMemo(() => {
    const rows = (list.data?.items ?? []).filter((p) => p.id !== me).map((p) => ({ value: p.id, label: p.full_name }));
    for (const id of selected) if (!rows.some((r) => r.value === id)) rows.unshift({ value: id, label: names.get(id) ?? id });
    return rows;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `selected` derives from `value`
  }, [list.data, names, value, me]);
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      options={options}
      loading={list.isFetching}
      placeholder={t('pickUsers')}
      aria-label={aria ?? t('pickUsers')}
      style={{ width: '100%' }}
      allowClear
    />
  );
}
