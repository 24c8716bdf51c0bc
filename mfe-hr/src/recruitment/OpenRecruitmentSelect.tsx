import { Select } from 'antd';
import { RECRUITMENT_OPEN, recruitment } from '@portal/contracts';
import { useList, type Row } from '@portal/ui-kit';
import { useState } from 'react';
import { useTexts } from './texts';

/** A picker of the requests that take candidates (NEW or IN_PROGRESS, within the caller's scope; the server checks approval). */
export function OpenRecruitmentSelect({ value, onChange, exclude }: { value: string | null; onChange: (id: string | null) => void; exclude?: string }) {
  const tr = useTexts();
  const [q, setQ] = useState('');
  const list = useList<Row>(recruitment.path, { f_status: RECRUITMENT_OPEN.join(','), q, limit: 50 });
  const options = (list.data?.items ?? []).filter((r) => r.id !== exclude).map((r) => ({ value: r.id, label: String(r.name) }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      style={{ width: '100%' }}
      placeholder={tr('pickRecruitment')}
      aria-label={tr('pickRecruitment')}
      loading={list.isFetching}
      value={value ?? undefined}
      onChange={(v) => onChange((v as string | undefined) ?? null)}
      options={options}
      status={list.isError ? 'error' : undefined}
      notFoundContent={list.isError ? tr('loadError') : undefined}
      data-testid="recruitment-select"
    />
  );
}
