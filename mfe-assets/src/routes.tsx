import { emptyModule } from '@portal/ui-kit';

/** Assets: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Tài sản', en: 'Assets' }, [
  { key: 'asset', label: { vi: 'Danh sách tài sản', en: 'Assets' }, path: '/assets', feature: 'asset' },
  { key: 'handover', label: { vi: 'Bàn giao tài sản', en: 'Handovers' }, path: '/handovers', feature: 'asset' },
  { key: 'repair', label: { vi: 'Sửa chữa', en: 'Repairs' }, path: '/repairs', feature: 'asset' },
  { key: 'report', label: { vi: 'Báo cáo tài sản', en: 'Asset reports' }, path: '/reports', feature: 'asset' },
]);
