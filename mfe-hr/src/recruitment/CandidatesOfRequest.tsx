import { useState } from 'react';
import { Button, Card, Empty, Modal, Progress, Result, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_OPEN, candidate, recruitment, type FieldDef, type RecruitmentStatus } from '@portal/contracts';
import { FieldValue, ResourceForm, useCan, useLang, useList, usePagination, type Row } from '@portal/ui-kit';
import { BulkCreateButton } from './BulkCreate';
import { CandidateStatusButton } from './StatusChange';
import { useTexts } from './texts';

/** The candidate's fields, the approval status the kit adds among them. */
const FIELDS: Record<string, FieldDef> = candidate.fields;
const SHOWN = ['code', 'full_name', 'email', 'phone', 'status', 'approval_status'] as const;

/** The candidates tab of a recruitment request: its candidates, add one or many while the request is recruiting. */
export function CandidatesOfRequest({ request }: { request: Row }) {
  const tr = useTexts();
  const { t } = useTranslation();
  const { label } = useLang();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [adding, setAdding] = useState(false);
  const canAdd = useCan('add', candidate.feature);
  const list = useList<Row>(candidate.path, { f_recruitment_id: request.id, page, limit, fields: SHOWN.join(',') });
  const paging = usePagination(page, limit, list.data?.totalRows);
  const open = request.state === 'ACTIVE' && RECRUITMENT_OPEN.includes(request.status as RecruitmentStatus);
  const hired = Number(request.hired_count ?? 0);
  const quantity = Number(request.quantity ?? 0);
  return (
    <Card
      size="small"
      title={
        <Space>
          <Typography.Text strong>{tr('candidates')}</Typography.Text>
          <Progress
            percent={quantity ? Math.round((hired / quantity) * 100) : 0}
            size="small"
            style={{ width: 140 }}
            format={() => tr('hired', { n: hired, q: quantity })}
          />
        </Space>
      }
      extra={
        canAdd &&
        open && (
          <Space>
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-candidate">
              {tr('addCandidate')}
            </Button>
            <BulkCreateButton recruitmentId={request.id} />
          </Space>
        )
      }
    >
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('loadError')}
          subTitle={(list.error as Error).message}
          extra={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          onChange={(p) => {
            setPage(p.current ?? 1);
            setLimit(p.pageSize ?? 20);
          }}
          pagination={paging}
          columns={[
            ...SHOWN.map((name) => ({
              key: name,
              dataIndex: name,
              title: label(FIELDS[name]!.label),
              render: (v: unknown, row: Row) =>
                name === 'full_name' ? <Link to={`/hr/candidate/${row.id}`}>{String(v)}</Link> : <FieldValue field={FIELDS[name]!} value={v} />,
            })),
            { key: '_actions', title: t('actions'), render: (_: unknown, row: Row) => <CandidateStatusButton row={row} size="small" /> },
          ]}
        />
      )}
      <Modal
        open={adding}
        destroyOnHidden
        footer={null}
        width={900}
        title={`${tr('addCandidate')} — ${String(request.name)}`}
        onCancel={() => setAdding(false)}
      >
        {adding && (
          <ResourceForm
            def={candidate}
            bare
            initial={{ recruitment_id: request.id }}
            hidden={['recruitment_id']}
            onCancel={() => setAdding(false)}
            onDone={() => {
              setAdding(false);
              void qc.invalidateQueries({ queryKey: [recruitment.path] });
            }}
          />
        )}
      </Modal>
    </Card>
  );
}
