import { Descriptions } from 'antd';
import type { ResourceDef } from '@portal/contracts';
import type { Row } from '../api/hooks';
import { useLang } from '../i18n';
import { FieldValue, titleOf } from '../resource/fields';
import { statusFieldsOf } from '../resource/RecordStatus';

/**
 * What an approver decides on (issue 32 point 1): the record's key fields — those its lists show, those it cannot be
 * saved without (dates, a reason) and its amount — without its status fields (said once, above) or its title (the
 * page's heading), and without what is empty. Declared once: every resource with an approval gets them.
 */
export function keyFieldsOf(def: ResourceDef): string[] {
  const statuses = new Set(statusFieldsOf(def));
  return Object.entries(def.fields)
    .filter(
      ([name, f]) =>
        f.type !== 'json' &&
        name !== def.titleField &&
        !statuses.has(name) &&
        (f.list || f.required || name === def.approval?.amountField) &&
        !(f.readonly && f.generate),
    )
    .map(([name]) => name);
}

/** The key fields of a record (keyFieldsOf), one per line on a phone. */
export function KeyFields({ def, row }: { def: ResourceDef; row: Row }) {
  const { label } = useLang();
  const shown = keyFieldsOf(def).filter((n) => row[n] !== null && row[n] !== undefined && row[n] !== '' && !(Array.isArray(row[n]) && !row[n].length));
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2, xl: 3 }}
      data-testid="approval-key-fields"
      items={shown.map((n) => {
        const f = def.fields[n]!;
        return { key: n, label: label(f.label), children: <FieldValue field={f} value={row[n]} title={titleOf(row, n, f)} /> };
      })}
    />
  );
}
