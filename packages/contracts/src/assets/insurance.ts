import { defineResource } from '../kit/resource';
import { f } from '../kit/field';
import { L } from '../common/labels';

/**
 * An insurance policy on an asset (spec §7 `/asset-insurance`; ERPNext's asset insurance fields): the insurer, the
 * policy number, the insured value and premium, the period. The asset shows until when it is insured (`insured_until`:
 * the latest end of its active policies, kept by the service). Read and written as its asset is.
 */
export const assetInsurance = defineResource({
  name: 'assetInsurance',
  domain: 'assets',
  path: '/asset-insurance',
  table: 'asset_insurance',
  feature: 'asset',
  icon: 'audit',
  label: { vi: 'Bảo hiểm tài sản', en: 'Asset insurance' },
  titleField: 'policy_number',
  defaultOrder: 'to_date asc',
  parent: 'asset_id',
  scope: { via: 'asset_id' },
  unique: [['insurer', 'policy_number']],
  fields: {
    asset_id: f.ref('asset', { vi: 'Tài sản', en: 'Asset' }, { required: true, list: true, filter: true }),
    insurer: f.text({ vi: 'Công ty bảo hiểm', en: 'Insurer' }, { required: true, max: 255, list: true, search: true }),
    policy_number: f.text({ vi: 'Số hợp đồng bảo hiểm', en: 'Policy number' }, { required: true, max: 100, list: true, search: true }),
    insured_value: f.money({ vi: 'Giá trị bảo hiểm', en: 'Insured value' }, { required: true, min: 0, list: true }),
    premium: f.money({ vi: 'Phí bảo hiểm', en: 'Premium' }, { min: 0 }),
    from_date: f.date({ vi: 'Hiệu lực từ', en: 'From' }, { required: true, list: true, sort: true, before: 'to_date' }),
    to_date: f.date({ vi: 'Hiệu lực đến', en: 'To' }, { required: true, list: true, sort: true }),
    note: f.longText(L.note),
  },
});
