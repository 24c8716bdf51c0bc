import { useState } from 'react';
import { Alert, Badge, Card, Col, Empty, Flex, Row, Segmented, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import {
  MATRIX_ADVICE,
  MATRIX_AXIS_LABELS,
  MATRIX_CELL_COLORS,
  MATRIX_COLUMNS,
  MATRIX_ROWS,
  MAX_LIMIT,
  pagePath,
  project,
  PROJECT_OPEN_STAGES,
  PROJECT_STAGE_COLORS,
  PROJECT_STAGE_LABELS,
} from '@portal/contracts';
import { useLang, useList, type Row as Record } from '@portal/ui-kit';
import { T } from './texts';

/**
 * The positioning matrix screen (issue 34: "the matrix screen shows every project in its cell"): the 4 × 4 grid — rows A
 * (most attractive) to D, columns 1 (strongest position) to 4 — each cell with its account-strategy advice and the
 * projects in it, each opening its page (its positioning and plan are tabs there; its history shows every change of
 * cell). The pipeline's open projects by default, all of them on request; the projects not yet positioned listed apart.
 * On a phone the cells stack, the best first.
 */
export function MatrixBoard() {
  const { label } = useLang();
  const [which, setWhich] = useState<'open' | 'all'>('open');
  const list = useList<Record>(project.path, {
    limit: MAX_LIMIT,
    order: 'name asc',
    ...(which === 'open' ? { f_stage: PROJECT_OPEN_STAGES.join(',') } : {}),
  });
  const rows = list.data?.items ?? [];
  const inCell = (cell: string) => rows.filter((p) => p.matrix_cell === cell);
  const unplaced = rows.filter((p) => !p.matrix_cell);
  const link = (p: Record) => (
    <Link key={String(p.id)} to={`${pagePath(project)}/${String(p.id)}`} style={{ display: 'block' }}>
      <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
        {String(p.code)} · {String(p.name)}
      </Typography.Text>{' '}
      <Tag color={PROJECT_STAGE_COLORS[p.stage as keyof typeof PROJECT_STAGE_COLORS]}>
        {label(PROJECT_STAGE_LABELS[p.stage as keyof typeof PROJECT_STAGE_LABELS])}
      </Tag>
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
          onChange={(v) => setWhich(v as 'open' | 'all')}
          options={[
            { value: 'open', label: label(T.open) },
            { value: 'all', label: label(T.all) },
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">
        {label(T.rows)}: {label(MATRIX_AXIS_LABELS.ATTRACTIVENESS)} (A → D) · {label(T.columns)}: {label(MATRIX_AXIS_LABELS.POSITION)} (1 → 4)
      </Typography.Text>
      {list.isError && <Alert type="error" showIcon message={(list.error as Error).message} />}
      {list.data && list.data.totalRows > rows.length && <Alert type="info" showIcon message={label(T.more)} />}
      {list.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          {MATRIX_ROWS.map((r) => (
            <Row key={r} gutter={[12, 12]} data-testid={`matrix-row-${r}`}>
              {MATRIX_COLUMNS.map((c) => {
                const cell = `${r}${c}`;
                const projects = inCell(cell);
                return (
                  <Col key={cell} xs={24} sm={12} lg={6}>
                    <Card
                      size="small"
                      data-testid={`matrix-cell-${cell}`}
                      title={
                        <Flex gap={8} align="center">
                          <Tag color={MATRIX_CELL_COLORS[cell]} style={{ fontWeight: 700 }}>
                            {cell}
                          </Tag>
                          <Badge count={projects.length} showZero color="#8c8c8c" />
                        </Flex>
                      }
                      styles={{ body: { minHeight: 88 } }}
                    >
                      <Tooltip title={label(MATRIX_ADVICE[cell]!)}>
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ fontSize: 12 }}>
                          {label(MATRIX_ADVICE[cell]!)}
                        </Typography.Paragraph>
                      </Tooltip>
                      {projects.map(link)}
                    </Card>
                  </Col>
                );
              })}
            </Row>
          ))}
          <Card size="small" title={label(T.unplaced)} data-testid="matrix-unplaced">
            {unplaced.length ? unplaced.map(link) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label(T.allPlaced)} />}
          </Card>
        </>
      )}
    </Flex>
  );
}
