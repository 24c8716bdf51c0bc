import { Input, InputNumber, Select, Switch, Tag, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IN_APP_PATH, MONEY_MAX, NUMBER_MAX, requiredOnCreate, TEXT_MAX, type FieldDef } from '@portal/contracts';
import { useLang } from '../i18n';
import { formatDate, formatDateTime, formatMoneyShort, formatNumber, numberSeparators, wholeAmountInput } from '../format';
import { DateInput, dateRules, MINUTE_STEP } from './DateInput';
import { RefSelect } from './RefSelect';
import { RefName } from './RefName';

/** How a value of each field type is shown (compare Twenty's FieldDisplay): one place for every list and detail. */
/** What a row carries as the title(s) of a reference field: `<field>__title`, or `<field>__titles` for a list of references. */
export const titleOf = (row: Record<string, unknown>, name: string, field: FieldDef): unknown =>
  row[field.type === 'refs' ? `${name}__titles` : `${name}__title`];

export function FieldValue({ field, value, title }: { field: FieldDef; value: unknown; title?: unknown }) {
  const { t } = useTranslation();
  const { lang, label } = useLang();
  if (value === null || value === undefined || value === '') return <span className="portal-muted">—</span>;
  switch (field.type) {
    case 'enum':
      // In its declared colour where it has one (an inspection overdue in red, passed in green), wherever it is shown.
      return <Tag color={field.valueColors?.[String(value)]}>{label(field.valueLabels?.[String(value)]) || String(value)}</Tag>;
    case 'bool':
      return <>{value ? t('yes') : t('no')}</>;
    case 'date':
      return <>{formatDate(value)}</>;
    case 'datetime':
      return <>{formatDateTime(value)}</>;
    case 'money':
      return (
        <span title={formatNumber(value as number | string, lang)}>
          {formatMoneyShort(value as number | string, { thousand: t('thousand'), million: t('million'), billion: t('billion'), currency: t('currency') }, lang)}
        </span>
      );
    case 'number':
    case 'int':
      return <>{formatNumber(Number(value), lang)}</>;
    case 'ref':
      return typeof title === 'string' ? title : <RefName target={field.ref!} id={String(value)} />;
    // The titles come with the row (`<field>__titles`, in the order of the ids); an id without one is looked up.
    case 'refs':
      return (
        <>
          {(value as string[]).map((id, i) => (
            <Tag key={id}>{Array.isArray(title) && typeof title[i] === 'string' ? title[i] : <RefName target={field.ref!} id={id} />}</Tag>
          ))}
        </>
      );
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value)}
        </a>
      );
    case 'path':
      return <a href={String(value)}>{String(value)}</a>;
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    // Tap to call: the number's digits (and a leading +) in the link, as written in the text.
    case 'phone':
      return <a href={`tel:${String(value).replace(/[^\d+]/g, '')}`}>{String(value)}</a>;
    case 'json':
      return <code>{JSON.stringify(value)}</code>;
    default:
      return <>{String(value)}</>;
  }
}

/** The input of each field type. Dates are dd/mm/yyyy in the UI and yyyy-mm-dd on the wire. */
/** The titles a record carries for the values of a reference field (`title`: its `<field>__title` or `__titles`), by id. */
function knownTitles(value: unknown, title: unknown): Record<string, string> {
  const ids = Array.isArray(value) ? value : [value];
  const names = Array.isArray(title) ? title : [title];
  return Object.fromEntries(ids.map((id, i) => [String(id), names[i]]).filter(([id, name]) => id && typeof name === 'string' && name));
}

export function FieldInput({
  field,
  value,
  onChange,
  id,
  placeholder,
  disabled,
  title,
}: {
  field: FieldDef;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean /** The record's title of a reference's value(s). */;
  title?: unknown;
}) {
  const { label, lang } = useLang();
  const { t } = useTranslation();
  const common = { id, 'aria-label': label(field.label), placeholder, disabled };
  switch (field.type) {
    case 'longText':
      return (
        <Input.TextArea {...common} rows={3} maxLength={field.max ?? TEXT_MAX} showCount value={value as string} onChange={(e) => onChange?.(e.target.value)} />
      );
    case 'int':
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          precision={field.type === 'int' ? 0 : undefined}
          decimalSeparator={numberSeparators(lang).decimal}
          min={field.min}
          max={field.max ?? NUMBER_MAX}
          value={value as number}
          onChange={(v) => onChange?.(v)}
        />
      );
    case 'money':
      // Whole đồng (contracts common/money.ts): the separators are thousands, never a decimal point.
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          precision={0}
          min={field.min ?? 0}
          max={field.max ?? MONEY_MAX}
          value={value as number}
          onChange={(v) => onChange?.(v)}
          {...wholeAmountInput(lang)}
          addonAfter={t('currency')}
        />
      );
    case 'bool':
      return <Switch id={id} aria-label={label(field.label)} disabled={disabled} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'date':
    case 'datetime':
      return <DateInput {...common} kind={field.type} past={field.past} value={value} onChange={onChange} />;
    case 'time':
      return (
        <TimePicker
          {...common}
          format="HH:mm"
          minuteStep={MINUTE_STEP}
          value={typeof value === 'string' && value ? dayjs(value, 'HH:mm') : null}
          onChange={(d) => onChange?.(d ? d.format('HH:mm') : null)}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          allowClear={!field.required}
          value={value as string}
          onChange={(v) => onChange?.(v ?? null)}
          options={(field.values ?? []).map((v) => ({ value: v, label: label(field.valueLabels?.[String(v)]) || String(v) }))}
        />
      );
    case 'ref':
      return (
        <RefSelect
          {...common}
          target={field.ref!}
          where={refWhere(field)}
          value={value as string}
          onChange={(v) => onChange?.(v)}
          allowClear={!field.required}
          titles={knownTitles(value, title)}
        />
      );
    case 'refs':
      return (
        <RefSelect
          {...common}
          target={field.ref!}
          where={refWhere(field)}
          multiple
          value={(value as string[]) ?? []}
          onChange={(v) => onChange?.(v ?? [])}
          titles={knownTitles(value, title)}
        />
      );
    default:
      return <Input {...common} maxLength={field.max ?? TEXT_MAX} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/** The records a reference may point to (FieldDef.where), as the picker's list filters. */
const refWhere = (field: FieldDef) => (field.where ? Object.fromEntries(Object.entries(field.where).map(([k, v]) => [k, String(v)])) : undefined);

const PHONE = /^\+?[0-9][0-9 .\-()]{6,19}$/;

/** Client-side rules mirroring the server's, with the spec §5 messages; the server stays the judge. */
export function fieldRules(field: FieldDef, t: TFunction, opts: { creating?: boolean } = {}): Rule[] {
  const rules: Rule[] = [];
  // A new record may leave a generated code blank: the server gives the next one.
  const required = Boolean(opts.creating ? requiredOnCreate(field) : field.required);
  // A date typed wrong is refused, whether the field is required or not (DateInput).
  if (field.type === 'date' || field.type === 'datetime') return dateRules(field.type, required, t);
  if (required) {
    const msg = field.type === 'enum' || field.type === 'ref' || field.type === 'refs' ? t('selectRequired') : t('required');
    // The rule's type must match the value's, or the validator's default (string) rejects a number as "required".
    const type =
      ['int', 'number', 'money'].includes(field.type) || (field.type === 'enum' && typeof field.values?.[0] === 'number')
        ? 'number'
        : field.type === 'bool'
          ? 'boolean'
          : field.type === 'refs'
            ? 'array'
            : 'string';
    rules.push({ required: true, type, message: msg, whitespace: ['text', 'longText', 'code'].includes(field.type) });
  }
  if (['text', 'longText', 'code', 'path'].includes(field.type))
    rules.push({ max: field.max ?? TEXT_MAX, message: t('maxLength', { max: field.max ?? TEXT_MAX }) });
  if (field.type === 'email') rules.push({ type: 'email', message: t('email') });
  if (field.type === 'url') rules.push({ type: 'url', message: t('url') });
  if (field.type === 'path') rules.push({ pattern: IN_APP_PATH, message: t('invalid') });
  if (field.type === 'phone') rules.push({ pattern: PHONE, message: t('phone') });
  if (field.min !== undefined && ['int', 'number', 'money'].includes(field.type))
    rules.push({ type: 'number', min: field.min, message: t('minNumber', { min: field.min }) });
  return rules;
}
