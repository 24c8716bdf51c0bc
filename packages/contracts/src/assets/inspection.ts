import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';
import { opt } from '../common/options';
import { ofAsset } from './of-asset';

export const INSPECTION_RESULT = ['PASSED', 'CONDITIONAL', 'FAILED'] as const;
export type InspectionResult = (typeof INSPECTION_RESULT)[number];
export const INSPECTION_RESULT_LABELS = opt({
  PASSED: { vi: 'Đạt', en: 'Passed' },
  CONDITIONAL: { vi: 'Đạt có điều kiện', en: 'Passed with conditions' },
  FAILED: { vi: 'Không đạt', en: 'Failed' },
});

/**
 * Where an asset stands against its inspection policy (kept on the asset, `inspection_state`): OK, DUE within
 * INSPECTION_DUE_DAYS, OVERDUE past its due date; none when its group and type have no interval (or it is liquidated).
 */
export const INSPECTION_STATE = ['OK', 'DUE', 'OVERDUE'] as const;
export type InspectionState = (typeof INSPECTION_STATE)[number];
export const INSPECTION_STATE_LABELS = opt({
  OK: { vi: 'Còn hạn kiểm định', en: 'Inspected' },
  DUE: { vi: 'Sắp đến hạn kiểm định', en: 'Inspection due' },
  OVERDUE: { vi: 'Quá hạn kiểm định', en: 'Inspection overdue' },
});
export const INSPECTION_STATE_COLORS: Record<InspectionState, string> = { OK: 'green', DUE: 'gold', OVERDUE: 'red' };
/** How many days before its due date an asset is listed as due (the company's window; each person's alerts have their own). */
export const INSPECTION_DUE_DAYS = 30;

/**
 * An inspection of an asset (spec §7 `/asset-inspection`): the periodic safety inspection a construction firm's cranes,
 * hoists, pressure vessels and vehicles must pass (kiểm định kỹ thuật an toàn), or an internal check.
 *
 * - **Policy**: the interval of the asset's group, else of its type (contracts assets/settings.ts `inspection_months`).
 *   The asset's next due date is the last inspection's `valid_until` when its certificate states one, else the last
 *   inspection's date plus the interval — and, never inspected, its purchase date plus the interval: an asset never
 *   inspected is due, not forgotten. A FAILED inspection makes it due at once (it must pass again before it works).
 *   The asset keeps `last_inspection_date`, `next_inspection_date` and `inspection_state` (services/assets inspection),
 *   so the register lists what is due and overdue (`f_inspection_state=DUE,OVERDUE`, ordered by the due date).
 * - **Results with files**: the certificate and photos are the record's attachments (every record's Files tab).
 * - Read as its asset is (scope via the asset); recorded, corrected and deleted by the asset office.
 */
export const assetInspection = defineResource({
  name: 'assetInspection',
  domain: 'assets',
  path: '/asset-inspection',
  table: 'asset_inspection',
  feature: 'asset',
  icon: 'audit',
  label: { vi: 'Kiểm định tài sản', en: 'Asset inspection' },
  titleField: 'code',
  defaultOrder: 'inspection_date desc',
  parent: ofAsset.parent,
  scope: ofAsset.scope,
  actors: ofAsset.actors,
  acts: {
    edit: { by: ['office'] },
    delete: { by: ['office'] },
  },
  fields: {
    code: f.text(L.code, { readonly: true, unique: true, max: 20, list: true, search: true, sort: true, generate: { pattern: 'KD{yy}-{n:4}' } }),
    ...ofAsset.fields(),
    inspection_date: f.date(
      { vi: 'Ngày kiểm định', en: 'Inspected on' },
      { required: true, default: 'today', past: true, list: true, sort: true, before: 'valid_until' },
    ),
    inspector: f.text({ vi: 'Đơn vị kiểm định', en: 'Inspected by' }, { required: true, max: 255, list: true, search: true }),
    certificate_number: f.text({ vi: 'Số giấy chứng nhận', en: 'Certificate number' }, { max: 100, list: true, search: true }),
    result: f.enum(
      INSPECTION_RESULT,
      { vi: 'Kết quả', en: 'Result' },
      {
        required: true,
        default: 'PASSED',
        list: true,
        filter: true,
        valueLabels: INSPECTION_RESULT_LABELS,
        valueColors: { PASSED: 'green', CONDITIONAL: 'gold', FAILED: 'red' },
      },
    ),
    valid_until: f.date({ vi: 'Hiệu lực đến', en: 'Valid until' }, { list: true, sort: true }),
    cost: f.money({ vi: 'Chi phí', en: 'Cost' }, { default: 0, min: 0 }),
    note: f.longText(L.note),
  },
});
