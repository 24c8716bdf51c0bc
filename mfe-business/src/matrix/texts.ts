/** The matrix screen's own words (MatrixBoard.tsx), in both languages. */
export const T = {
  title: { vi: 'Ma trận định vị dự án', en: 'Project positioning matrix' },
  open: { vi: 'Dự án đang theo đuổi', en: 'Projects being pursued' },
  all: { vi: 'Tất cả dự án', en: 'All projects' },
  rows: { vi: 'Hàng', en: 'Rows' },
  columns: { vi: 'Cột', en: 'Columns' },
  unplaced: { vi: 'Dự án chưa định vị', en: 'Projects not yet positioned' },
  allPlaced: { vi: 'Mọi dự án đã được định vị', en: 'Every project is positioned' },
  board: { vi: 'Dự án theo ô', en: 'Projects by cell' },
  andMore: { vi: 'và {n} dự án khác…', en: 'and {n} more…' },
  totals: {
    vi: '{projects} dự án: {placed} đã định vị, {unplaced} chưa định vị',
    en: '{projects} projects: {placed} positioned, {unplaced} not yet positioned',
  },
} as const;
