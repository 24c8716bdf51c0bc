import { f } from '../kit/field';

/**
 * What a record kept on an asset (a repair, an inspection) shares: its asset, the asset's managing department copied and
 * following it, and its keeper — the asset office of that department (a `manager` actor naming the copied department:
 * the record is scoped through its asset, so it has no department of its own to be kept by).
 */
export const ofAsset = {
  fields: () => ({
    asset_id: f.ref('asset', { vi: 'Tài sản', en: 'Asset' }, { required: true, list: true, filter: true }),
    department_id: f.ref(
      'organization',
      { vi: 'Phòng ban quản lý', en: 'Managing department' },
      { readonly: true, filter: true, copyFrom: { ref: 'asset_id', field: 'department_id', follow: {} } },
    ),
  }),
  actors: {
    office: { manager: 'asset', department: 'department_id', label: { vi: 'bộ phận quản lý tài sản', en: 'the asset office' } },
  },
  scope: { via: 'asset_id' },
  parent: 'asset_id',
} as const;
