/** The matrix screen's own words (MatrixBoard.tsx), in both languages. */
export const T = {
  title: { vi: 'Ma trận định vị dự án', en: 'Project positioning matrix' },
  open: { vi: 'Dự án đang theo đuổi', en: 'Projects being pursued' },
  all: { vi: 'Tất cả dự án', en: 'All projects' },
  rows: { vi: 'Hàng', en: 'Rows' },
  columns: { vi: 'Cột', en: 'Columns' },
  unplaced: { vi: 'Dự án chưa định vị', en: 'Projects not yet positioned' },
  allPlaced: { vi: 'Mọi dự án đã được định vị', en: 'Every project is positioned' },
  more: {
    vi: 'Chỉ hiển thị 300 dự án đầu; lọc danh sách dự án để xem thêm.',
    en: 'Only the first 300 projects are shown; filter the project list for the rest.',
  },
} as const;
