import { emptyModule } from '@portal/ui-kit';

/** Project implementation: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Triển khai dự án', en: 'Project implementation' }, [
  { key: 'projects', label: { vi: 'Dự án triển khai', en: 'Implementation projects' }, path: '/projects', feature: 'category' },
  { key: 'payments', label: { vi: 'Thanh toán', en: 'Payments' }, path: '/payments', feature: 'payment' },
  { key: 'price', label: { vi: 'Duyệt giá', en: 'Price approval' }, path: '/price-approval', feature: 'price_approval' },
  { key: 'budget', label: { vi: 'Ngân sách thầu phụ', en: 'Subcontractor budgets' }, path: '/subcontractor-budgets', feature: 'subcontractor' },
]);
