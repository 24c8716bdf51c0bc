// By its own path, not from the shared antd (app/antd.ts says why); loaded with this file, when the search is first used.
import AutoComplete from 'antd/es/auto-complete';
import { Input } from '../app/antd';
import { SearchOutlined } from '@ant-design/icons';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang, usePhone } from '@portal/ui-kit/src/frame';
import { foldText, pagePath, type SearchHit } from '@portal/contracts/src/frame';
import type { NavItem } from './menu';
import { SEARCH_STYLE } from './NavSearch';
import { useRecordSearch } from './useRecordSearch';

/**
 * A found record as its option shows it: the title, then its code and the other value that matched, quieter — beside
 * it on a desk, under it on a phone (where the title wraps rather than losing its end).
 */
function HitLabel({ hit, phone }: { hit: SearchHit; phone: boolean }) {
  const more = [hit.code, hit.match].filter(Boolean).join(' · ');
  const quiet = { color: 'var(--ant-color-text-tertiary, #8c8c8c)' };
  if (phone)
    return (
      <div style={{ whiteSpace: 'normal', lineHeight: 1.35, padding: '2px 0' }} data-testid="search-hit">
        <span>{hit.title}</span>
        {more && <div style={{ ...quiet, fontSize: 12, overflowWrap: 'anywhere' }}>{more}</div>}
      </div>
    );
  return (
    <div style={{ display: 'flex', gap: 8, minWidth: 0 }} data-testid="search-hit">
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: '1 1 auto', minWidth: 0 }}>{hit.title}</span>
      {more && <span style={{ ...quiet, flex: '0 0 auto', whiteSpace: 'nowrap' }}>{more}</span>}
    </div>
  );
}

/** The popup's width: wider than the field on a desk (titles are long); on a phone, from the field to the screen's edge. */
function popupWidth(phone: boolean, field: HTMLElement | null): number {
  if (!phone) return 440;
  const left = field?.getBoundingClientRect().left ?? 8;
  return Math.max(200, Math.floor(window.innerWidth - left - 8));
}

/**
 * The navbar search's combobox: screens by name, and records of every domain the user may list — a ticket by its
 * code, a document by its number, a booking by its name, a colleague by name, phone or email (staff records, or the
 * company directory for those who cannot read them) — accents ignored, grouped by what they are, each opening its
 * record's page; a group with more than it shows opens its list searched for the same text.
 */
export default function NavSearchBox({ screens, text, setText }: { screens: NavItem[]; text: string; setText: (text: string) => void }) {
  const { t } = useTranslation('shell');
  const { label } = useLang();
  const phone = usePhone();
  const navigate = useNavigate();
  const { groups, searching, q } = useRecordSearch(text);
  const field = useRef<HTMLSpanElement>(null);
  const typed = foldText(text.trim());
  const screenHits = typed ? screens.filter((s) => foldText(s.label).includes(typed)).slice(0, 6) : [];
  const options = [
    ...(screenHits.length ? [{ label: t('screens'), options: screenHits.map((s) => ({ value: `go:${s.path}`, label: s.label })) }] : []),
    ...groups.map((g) => {
      const base = pagePath(g.def);
      const more = g.totalRows > g.items.length;
      return {
        label: label(g.def.label),
        options: [
          ...g.items.map((hit) => ({ value: `go:${base}/${hit.id}`, label: <HitLabel hit={hit} phone={phone} /> })),
          ...(more
            ? [
                {
                  value: `go:${base}?q=${encodeURIComponent(q)}`,
                  label: <span style={{ color: 'var(--ant-color-link, #1677ff)' }}>{t('searchAll', { count: g.totalRows })}</span>,
                },
              ]
            : []),
        ],
      };
    }),
  ];
  const empty = typed.length >= 2 && !options.length;
  return (
    <span ref={field} style={{ ...SEARCH_STYLE, display: 'inline-flex' }}>
      <AutoComplete
        style={{ width: '100%' }}
        options={options}
        value={text}
        onChange={setText}
        popupMatchSelectWidth={popupWidth(phone, field.current)}
        // A few dozen options at most (six per group): all drawn, in a taller list than a picker's.
        virtual={false}
        listHeight={phone ? 420 : 520}
        notFoundContent={empty ? <span data-testid="search-empty">{searching ? t('searching') : t('searchNothing')}</span> : null}
        onSelect={(v: string) => {
          setText('');
          navigate(v.slice(3));
        }}
      >
        <Input prefix={<SearchOutlined />} placeholder={t('searchPlaceholder')} allowClear aria-label={t('searchPlaceholder')} autoFocus />
      </AutoComplete>
    </span>
  );
}
