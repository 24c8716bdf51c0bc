import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';

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
 * Business setting items: one table for the option lists (a list per `kind`), so adding a list is a value, not an
 * entity. A reference to one names its kind (`FieldDef.where`): the picker offers that list only and the server refuses
 * an item of another.
 */
export const businessSettingItem = defineResource({
  name: 'businessSettingItem',
  plain: true,
  domain: 'business',
  path: '/business-setting-item',
  table: 'business_setting_item',
  feature: 'project',
  writeFeature: 'setting',
  icon: 'setting',
  label: { vi: 'Danh mục kinh doanh', en: 'Business setting item' },
  titleField: 'name',
  defaultOrder: 'kind asc, ordering asc, name asc',
  importKey: ['kind', 'name'],
  unique: [['kind', 'name']],
  fields: {
    kind: f.enum(
      BUSINESS_SETTING_KIND,
      { vi: 'Danh mục', en: 'List' },
      { required: true, list: true, filter: true, sort: true, valueLabels: BUSINESS_SETTING_KIND_LABELS },
    ),
    name: f.text(L.name, { required: true, max: 255, list: true, search: true, sort: true }),
    ordering: f.int(L.ordering, { min: 0, max: 100000, list: true, sort: true }),
    description: f.longText(L.description),
  },
});

/** A reference to a business setting item of one kind. */
export const settingRef = (kind: BusinessSettingKind, opts: { required?: boolean; list?: boolean; filterAlias?: string } = {}) =>
  f.ref('businessSettingItem', BUSINESS_SETTING_KIND_LABELS[kind], { filter: true, where: { kind }, ...opts });
