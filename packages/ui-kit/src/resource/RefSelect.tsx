import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { resourceByName } from '@portal/contracts';
import { useList, useRecord, type Row } from '../api/hooks';
import { useAbility } from '../auth/ability';
import { useSession } from '../api/session';

interface Props { target: string; value?: string | string[] | null; onChange?: (v: string | string[] | null) => void; multiple?: boolean; placeholder?: string; disabled?: boolean; allowClear?: boolean; style?: React.CSSProperties; 'aria-label'?: string }

/**
 * A picker of records of another resource: searches its list (the server applies the caller's scope, so
 * pickers show only what the caller may see) and shows the record's title field.
 */
export function RefSelect({ target, value, onChange, multiple, placeholder, disabled, allowClear = true, style, ...rest }: Props) {
  const ability = useAbility();
  const target_ = resourceByName.get(target);
  // A user who may not view the referenced resource picks from a read-only view of it they may read (ResourceDef.projection:
  // the contacts for staff), else cannot pick from it (and it is not queried).
  const def = target_ && !ability.can('view', target_.feature)
    ? [...resourceByName.values()].find((r) => r.projection?.of === target && ability.can('view', r.feature)) ?? target_
    : target_;
  const allowed = ability.can('view', def?.feature ?? 'setting');
  // Except oneself: a staff picker offers the signed-in user's own staff record (filing one's own leave).
  const me = useSession((st) => st.staff);
  const selfOnly = !allowed && target === 'staff' && me ? { value: me.id, label: me.full_name } : null;
  const [q, setQ] = useState('');
  const list = useList<Row>(def?.path ?? '/', { q, limit: 20 }, Boolean(def) && allowed);
  const single = typeof value === 'string' ? value : undefined;
  const current = useRecord<Row>(def?.path ?? '/', allowed && single && !list.data?.items.some((r) => r.id === single) ? single : undefined);
  const title = (r: Row) => String(r[def?.titleField ?? 'name'] ?? r.id) + (def?.fields.code && r.code && def.titleField !== 'code' ? ` (${String(r.code)})` : '');
  const options = useMemo(() => {
    if (selfOnly) return [selfOnly];
    const rows = [...(list.data?.items ?? [])];
    if (current.data && !rows.some((r) => r.id === current.data!.id)) rows.unshift(current.data);
    return rows.map((r) => ({ value: r.id, label: title(r) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, current.data, selfOnly?.value]);
  return (
    <Select
      {...rest}
      style={{ minWidth: 180, ...style }}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as string | string[] | undefined) ?? null)}
      options={options}
      loading={list.isFetching}
      allowClear={allowClear}
      placeholder={placeholder}
      disabled={disabled || (!allowed && !selfOnly)}
    />
  );
}
