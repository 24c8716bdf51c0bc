import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import type { Label } from '../kit/field';
import type { Feature } from '../common/permissions';

/**
 * The kinds of business setting items (spec §7 Business "setting items"; §3 "Possible project: area, phase, source,
 * investment type, development type"): each kind is one of the company's own option lists, kept by whoever holds the
 * `setting` right. A project's category is also the segment its win rate is counted by.
 */
export const BUSINESS_SETTING_KIND = ['CATEGORY', 'AREA', 'PHASE', 'SOURCE', 'INVESTMENT_TYPE', 'DEVELOPMENT_TYPE'] as const;
export type BusinessSettingKind = (typeof BUSINESS_SETTING_KIND)[number];
export const BUSINESS_SETTING_KIND_LABELS = opt({
  CATEGORY: { vi: 'Loại dự án', en: 'Project category' },
  AREA: { vi: 'Khu vực', en: 'Area' },
  PHASE: { vi: 'Giai đoạn', en: 'Phase' },
  SOURCE: { vi: 'Nguồn thông tin', en: 'Source' },
  INVESTMENT_TYPE: { vi: 'Hình thức đầu tư', en: 'Investment type' },
  DEVELOPMENT_TYPE: { vi: 'Loại hình phát triển', en: 'Development type' },
});

/**
 * An option-list table (a list per `kind`), kept by whoever holds the `setting` right and read with `feature`: adding a
 * list is a value, not an entity. A reference to one names its kind (`FieldDef.where`): the picker offers that list
 * only and the server refuses an item of another. Business and contractor settings are two; implementation's next.
 */
export function settingItems<const K extends readonly string[]>(d: {
  name: string;
  path: string;
  table: string;
  feature: Feature;
  label: Label;
  kinds: K;
  kindLabels: Record<K[number], Label>;
}) {
  return defineResource({
    name: d.name,
    plain: true,
    domain: 'business',
    path: d.path,
    table: d.table,
    feature: d.feature,
    writeFeature: 'setting',
    icon: 'setting',
    label: d.label,
    titleField: 'name',
    defaultOrder: 'kind asc, ordering asc, name asc',
    importKey: ['kind', 'name'],
    unique: [['kind', 'name']],
    fields: {
      kind: f.enum(d.kinds, { vi: 'Danh mục', en: 'List' }, { required: true, list: true, filter: true, sort: true, valueLabels: d.kindLabels }),
      name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
      ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
      description: f.longText(L.description),
    },
  });
}

/** Business setting items: the option lists of spec §3 (categories, areas, phases, sources, investment and development types). */
export const businessSettingItem = settingItems({
  name: 'businessSettingItem',
  path: '/business-setting-item',
  table: 'business_setting_item',
  feature: 'project',
  label: { vi: 'Danh mục kinh doanh', en: 'Business setting item' },
  kinds: BUSINESS_SETTING_KIND,
  kindLabels: BUSINESS_SETTING_KIND_LABELS,
});

/** A reference to a business setting item of one kind. */
export const settingRef = (kind: BusinessSettingKind, opts: { required?: boolean; list?: boolean; filterAlias?: string } = {}) =>
  f.ref('businessSettingItem', BUSINESS_SETTING_KIND_LABELS[kind], { filter: true, where: { kind }, ...opts });
