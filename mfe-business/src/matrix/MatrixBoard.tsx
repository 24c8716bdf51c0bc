import { useState } from 'react';
import { Badge, Card, Col, Empty, Flex, Row, Segmented, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import {
  MATRIX_ADVICE,
  MATRIX_AXIS_LABELS,
  MATRIX_BOARD_PATH,
  MATRIX_CELL_COLORS,
  MATRIX_COLUMNS,
  MATRIX_ROWS,
  pagePath,
  reportExportPath,
  project,
  PROJECT_OPEN_STAGES,
  PROJECT_STAGE_COLORS,
  PROJECT_STAGE_LABELS,
  type MatrixBoardProject,
  type MatrixBoardReport,
  type MatrixBoardWhich,
} from '@portal/contracts';
import { download, ReportCard, useLang, useReport, useReportFormat } from '@portal/ui-kit';
import { T } from './texts';

const MONEY = { kind: 'money' } as const;
const COUNT = { kind: 'count' } as const;

/**
 * The positioning matrix screen (issue 34: "the matrix screen shows every project in its cell"): the 4 × 4 grid — rows A
 * (most attractive) to D, columns 1 (strongest position) to 4 — each cell with its account-strategy advice, how many
 * projects it holds and what they are worth, and its largest projects, each opening its page (its positioning and plan
 * are tabs there; its history shows every change of cell); the rest of a cell is the pipeline filtered by it. The
 * figures are the service's, in one snapshot (contracts business/matrix-board.ts), so a pipeline of any size is one
 * small answer. The pipeline's open projects by default, all of them on request; the projects not yet positioned apart.
 * On a phone the cells stack, the best first.
 */
export function MatrixBoard() {
  const { label } = useLang();
  const format = useReportFormat(); // money and counts in the user's language
  const [which, setWhich] = useState<MatrixBoardWhich>('open');
  const board = useReport<MatrixBoardReport>('business-report', MATRIX_BOARD_PATH, { which });
  const shownIn = (cell: string | null) => (board.data?.shown ?? []).filter((p) => p.cell === cell);
  /** The pipeline filtered as the board is (and by the cell): where the rest of a cell is. */
  const pipeline = (cell: string | null) => {
    const q = new URLSearchParams();
    if (cell) q.set('f_matrix_cell', cell);
    if (which === 'open') q.set('f_stage', PROJECT_OPEN_STAGES.join(','));
    return `${pagePath(project)}?${q}`;
  };
  const more = (cell: string | null, total: number) => {
    const left = total - shownIn(cell).length;
    return left > 0 ? (
      <Link to={pipeline(cell)} data-testid={`matrix-more-${cell ?? 'unplaced'}`}>
        {label(T.andMore).replace('{n}', format(COUNT, left))}
      </Link>
    ) : null;
  };
  const link = (p: MatrixBoardProject) => (
    <Link key={p.id} to={`${pagePath(project)}/${p.id}`} style={{ display: 'block' }}>
      <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
        {p.code} · {p.name}
      </Typography.Text>{' '}
      <Tag color={PROJECT_STAGE_COLORS[p.stage]}>{label(PROJECT_STAGE_LABELS[p.stage])}</Tag>
    </Link>
  );
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {label(T.title)}
        </Typography.Title>
        <Segmented
          value={which}
          onChange={(v) => setWhich(v as MatrixBoardWhich)}
          options={[
            { value: 'open', label: label(T.open) },
            { value: 'all', label: label(T.all) },
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">
        {label(T.rows)}: {label(MATRIX_AXIS_LABELS.ATTRACTIVENESS)} (A → D) · {label(T.columns)}: {label(MATRIX_AXIS_LABELS.POSITION)} (1 → 4)
      </Typography.Text>
      <ReportCard
        title={label(T.board)}
        query={board}
        empty={(d) => d.projects === 0}
        onExport={() => download(reportExportPath(MATRIX_BOARD_PATH), `${label(T.title)}.xlsx`, { which, fileName: `${label(T.title)}.xlsx` })}
      >
        {(data) => (
          <Flex vertical gap={12}>
            <Typography.Text data-testid="matrix-totals">
              {label(T.totals)
                .replace('{projects}', format(COUNT, data.projects))
                .replace('{placed}', format(COUNT, data.placed))
                .replace('{unplaced}', format(COUNT, data.unplaced))}
            </Typography.Text>
            {MATRIX_ROWS.map((r) => (
              <Row key={r} gutter={[12, 12]} data-testid={`matrix-row-${r}`}>
                {MATRIX_COLUMNS.map((c) => {
                  const cell = `${r}${c}`;
                  const counted = data.cells.find((x) => x.cell === cell) ?? { projects: 0, expected_value: 0 };
                  return (
                    <Col key={cell} xs={24} sm={12} lg={6}>
                      <Card
                        size="small"
                        data-testid={`matrix-cell-${cell}`}
                        title={
                          <Flex gap={8} align="center" wrap>
                            <Tag color={MATRIX_CELL_COLORS[cell]} style={{ fontWeight: 700 }}>
                              {cell}
                            </Tag>
                            <Badge count={counted.projects} showZero overflowCount={99999} color="#8c8c8c" />
                            {counted.projects > 0 && <Typography.Text type="secondary">{format(MONEY, counted.expected_value)}</Typography.Text>}
                          </Flex>
                        }
                        styles={{ body: { minHeight: 88 } }}
                      >
                        <Tooltip title={label(MATRIX_ADVICE[cell]!)}>
                          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ fontSize: 12 }}>
                            {label(MATRIX_ADVICE[cell]!)}
                          </Typography.Paragraph>
                        </Tooltip>
                        {shownIn(cell).map(link)}
                        {more(cell, counted.projects)}
                      </Card>
                    </Col>
                  );
                })}
              </Row>
            ))}
            <Card size="small" title={label(T.unplaced)} data-testid="matrix-unplaced">
              {data.unplaced ? (
                <>
                  {shownIn(null).map(link)}
                  {more(null, data.unplaced)}
                </>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label(T.allPlaced)} />
              )}
            </Card>
          </Flex>
        )}
      </ReportCard>
    </Flex>
  );
}
