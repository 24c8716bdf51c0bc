import type { RouteDecl } from '../kit/routes';
import { declareReport, reportRouteDecls } from '../kit/report';
import type { MoneyTotal } from '../common/money';
import { PROJECT_STAGE_LABELS, type ProjectStage } from './project';

/**
 * The positioning matrix screen's figures (issue 34: "the matrix screen shows every project in its cell", "computed in
 * one snapshot"), answered by the business service within the caller's project scope: how many projects each of the 16
 * cells holds and what they are worth, how many are not yet positioned, and the projects each cell shows — its
 * `MATRIX_BOARD_SHOWN` largest by expected value (then by name), the rest one click away in the pipeline filtered by
 * the cell. A pipeline of 20,000 projects is one answer of a few hundred rows, not 20,000 rows to the browser.
 * `?which=open` (the default: the projects being pursued, PROJECT_OPEN_STAGES) or `all`.
 */
export const MATRIX_BOARD_PATH = '/business-report/matrix';
/** The projects each cell (and the not-yet-positioned) shows on the screen. */
export const MATRIX_BOARD_SHOWN = 12;
export const MATRIX_BOARD_WHICH = ['open', 'all'] as const;
export type MatrixBoardWhich = (typeof MATRIX_BOARD_WHICH)[number];

export interface MatrixBoardProject {
  /** null: not yet positioned. */
  cell: string | null;
  id: string;
  code: string;
  name: string;
  stage: ProjectStage;
  expected_value: MoneyTotal | null;
}

export interface MatrixBoardReport {
  which: MatrixBoardWhich;
  projects: number;
  placed: number;
  unplaced: number;
  /** Every cell, A1 to D4 in order, an empty one with 0. */
  cells: { cell: string; projects: number; expected_value: MoneyTotal }[];
  /** The projects shown: at most MATRIX_BOARD_SHOWN per cell and of the unplaced, each cell's largest first. */
  shown: MatrixBoardProject[];
}

export const MATRIX_BOARD_REPORT = declareReport<MatrixBoardReport>()({
  path: MATRIX_BOARD_PATH,
  title: { vi: 'Ma trận định vị dự án', en: 'Project positioning matrix' },
  figures: [
    { key: 'projects', label: { vi: 'Số dự án', en: 'Projects' }, kind: 'count' },
    { key: 'placed', label: { vi: 'Đã định vị', en: 'Positioned' }, kind: 'count' },
    { key: 'unplaced', label: { vi: 'Chưa định vị', en: 'Not yet positioned' }, kind: 'count' },
  ],
  breakdowns: [
    {
      key: 'cells',
      title: { vi: 'Dự án theo ô ma trận', en: 'Projects by matrix cell' },
      columns: [
        { key: 'cell', label: { vi: 'Ô ma trận', en: 'Matrix cell' }, kind: 'text' },
        { key: 'projects', label: { vi: 'Số dự án', en: 'Projects' }, kind: 'count' },
        { key: 'expected_value', label: { vi: 'Giá trị dự kiến', en: 'Expected value' }, kind: 'money' },
      ],
      chart: { type: 'columns', x: 'cell', y: 'projects' },
    },
    {
      key: 'shown',
      title: {
        vi: `Dự án tiêu biểu của mỗi ô (${MATRIX_BOARD_SHOWN} dự án giá trị lớn nhất)`,
        en: `The projects each cell shows (its ${MATRIX_BOARD_SHOWN} largest)`,
      },
      columns: [
        { key: 'cell', label: { vi: 'Ô ma trận', en: 'Matrix cell' }, kind: 'text', blank: { vi: '(Chưa định vị)', en: '(Not yet positioned)' } },
        { key: 'code', label: { vi: 'Mã dự án', en: 'Project code' }, kind: 'text' },
        { key: 'name', label: { vi: 'Tên dự án', en: 'Project' }, kind: 'text' },
        { key: 'stage', label: { vi: 'Giai đoạn', en: 'Stage' }, kind: 'enum', options: PROJECT_STAGE_LABELS },
        { key: 'expected_value', label: { vi: 'Giá trị dự kiến', en: 'Expected value' }, kind: 'money' },
      ],
      chart: null,
    },
  ],
});

/** Its answer and its xlsx, with the right to view projects (the screen's readers are the pipeline's). */
export const matrixBoardRoutes: RouteDecl[] = reportRouteDecls(
  { path: MATRIX_BOARD_PATH },
  `The positioning matrix screen: projects per cell (A1–D4) and not yet positioned, with each cell's ${MATRIX_BOARD_SHOWN} largest: ?which=open (default)|all`,
  'business',
  { feature: 'project', action: 'view' },
);
