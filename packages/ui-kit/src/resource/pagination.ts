import type { PaginationProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@portal/contracts';

/**
 * A list's paging, the same on every list (a table's `pagination`, a card list's `<Pagination>`): the page, its size
 * among the portal's page sizes, and "Tổng N bản ghi" in the language's number format.
 */
export function usePagination(current: number, pageSize: number, total: number | undefined): PaginationProps {
  const { t } = useTranslation();
  return {
    current,
    pageSize,
    total: total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showTotal: (n) => t('total', { count: n }),
  };
}
