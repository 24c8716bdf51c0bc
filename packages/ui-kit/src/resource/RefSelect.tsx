import { useMemo, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import { resourceByName, UUID_RE } from '@portal/contracts';
import { useList, type Row } from '../api/hooks';
import { api, ApiError } from '../api/client';
import { useAbility } from '../auth/ability';
import { useSession } from '../api/session';
import { useLang } from '../i18n';

interface Props {
  target: string;
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** Only records with these field values (the list's `f_<field>` filters): the rooms of the area picked. */
  where?: Record<string, string | undefined>;
  /** Titles already known of the values (an edited record's `<field>__title`): not read again, whatever the caller's scope of them. */
  titles?: Record<string, string>;
}

/**
 * A picker of records of another resource: searches its list (the server applies the caller's scope, so
 * pickers show only what the caller may see) and shows the record's title field.
 */
export function RefSelect({ target, value, onChange, multiple, placeholder, disabled, allowClear = true, style, where, titles, ...rest }: Props) {
  const ability = useAbility();
  const target_ = resourceByName.get(target);
  // A user who may not view the referenced resource picks from a read-only view of it they may read (ResourceDef.projection:
  // the contacts for staff), else cannot pick from it (and it is not queried).
  const def =
    target_ && !ability.can('view', target_.feature)
      ? ([...resourceByName.values()].find((r) => r.projection?.of === target && ability.can('view', r.feature)) ?? target_)
      : target_;
  const allowed = ability.can('view', def?.feature ?? 'setting');
  // Except oneself: a staff picker offers the signed-in user's own staff record (filing one's own leave).
  const me = useSession((st) => st.staff);
  const selfOnly = !allowed && target === 'staff' && me ? { value: me.id, label: me.full_name } : null;
  const [q, setQ] = useState('');
  const filters = Object.fromEntries(
    Object.entries(where ?? {})
      .filter(([, v]) => v)
      .map(([k, v]) => [`f_${k}`, v!]),
  );
  const list = useList<Row>(def?.path ?? '/', { q, limit: 20, ...filters }, Boolean(def) && allowed);
  // The record's title only, never its code beside it ("Nghỉ phép năm", not "Nghỉ phép năm (ANNUAL)"): a code is for
  // machines and imports; typing one still finds the record (the list's search reads codes too).
  const title = (r: Row) => String(r[def?.titleField ?? 'name'] ?? r.id);
  // Its tag beside it (ResourceDef.pickerTag: a contractor's grade, in its colour), as each option is offered.
  const { label: inLang } = useLang();
  const tagField = def?.pickerTag ? def.fields[def.pickerTag] : undefined;
  const withTag = (r: Row) => {
    const v = tagField ? r[def!.pickerTag!] : null;
    if (v === null || v === undefined || !tagField?.valueLabels?.[String(v)]) return title(r);
    return (
      <Space size={4} data-testid="picker-tag">
        {title(r)}
        <Tag color={tagField.valueColors?.[String(v)]}>{inLang(tagField.valueLabels[String(v)]!)}</Tag>
      </Space>
    );
  };
  // The titles of the values chosen stay known when a new search replaces the options (a multiple picker's earlier
  // picks), and a value chosen before (an edited record's) is read once, each with its own record query.
  const known = useRef(new Map<string, string>());
  for (const [id, name] of Object.entries(titles ?? {})) known.current.set(id, name);
  for (const r of list.data?.items ?? []) known.current.set(String(r.id), title(r));
  const chosen = (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []).map(String);
  const read = useQueries({
    queries: chosen
      .filter((id) => !known.current.has(id) && UUID_RE.test(id))
      .map((id) => ({
        queryKey: [def?.path ?? '/', 'one', id],
        queryFn: ({ signal }: { signal: AbortSignal }) => api<Row>('GET', `${def!.path}/${id}`, { signal }),
        enabled: Boolean(def) && allowed,
        // A value the caller may not read (out of their scope, a 4xx) keeps its id: asked once; a glitch (a 5xx, the
        // network) is asked again, as every query is, so a busy moment does not leave a raw id in the field.
        retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2,
      })),
  });
  for (const r of read) if (r.data) known.current.set(String(r.data.id), title(r.data));
  const readKey = read.map((r) => r.dataUpdatedAt).join();
  const options = useMemo(() => {
    if (selfOnly) return [selfOnly];
    const rows = (list.data?.items ?? []).map((r) => ({ value: String(r.id), label: withTag(r) }));
    const extra = chosen.filter((id) => !rows.some((r) => r.value === id)).map((id) => ({ value: id, label: known.current.get(id) ?? id }));
    return [...extra, ...rows];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, chosen.join(), readKey, selfOnly?.value]);
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
