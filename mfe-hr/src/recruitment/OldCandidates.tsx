import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Input, Modal, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES, RECRUITMENT_STATUS_LABELS, candidate, recruitment, type RecruitmentStatus } from '@portal/contracts';
import { api, ApiError, FieldValue, titleOf, useCan, useLang, useList, usePagination, type Row } from '@portal/ui-kit';
import { useTexts } from './texts';
import { OpenRecruitmentSelect } from './OpenRecruitmentSelect';

const SHOWN = ['code', 'full_name', 'email', 'phone', 'recruitment_id', 'department_id', 'status'] as const;

function Reuse({ row, onClose }: { row: Row; onClose: () => void }) {
  const tr = useTexts();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await api<Row>('POST', `/candidate/${row.id}/reapply`, { body: { recruitment_id: target } });
      void message.success(tr('reused'));
      for (const p of [candidate.path, recruitment.path]) void qc.invalidateQueries({ queryKey: [p] });
      onClose();
      navigate(`/hr/candidate/${created.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join(' · ') : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${tr('reuse')}: ${String(row.full_name)}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !target }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={tr('reuseHint')} />
        {error && <Alert type="error" showIcon title={error} />}
        <OpenRecruitmentSelect value={target} onChange={setTarget} />
      </Space>
    </Modal>
  );
}

/**
 * Old candidates (GET /candidate/old): not hired, closed or of a finished or cancelled request, in the caller's scope;
 * search, paging in the URL; "Reuse profile" makes a new candidate of a request that is recruiting.
 */
export function OldCandidates() {
  const tr = useTexts();
  const { t } = useTranslation();
  const { label } = useLang();
  const [params, setParams] = useSearchParams();
  const [reusing, setReusing] = useState<Row | null>(null);
  const canAdd = useCan('add', candidate.feature);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(Number(params.get('limit')) as never) ? Number(params.get('limit')) : DEFAULT_LIMIT;
  const q = params.get('q') ?? undefined;
  const list = useList<Row>('/candidate/old', { page, limit, q, fields: SHOWN.join(',') });
  const paging = usePagination(page, limit, list.data?.totalRows);
  const update = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  if (list.isError && !list.data) {
    return (
      <Result
        status="warning"
        title={t('loadError')}
        subTitle={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tr('oldCandidates')}
        </Typography.Title>
      }
      extra={<Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('refresh')} />}
    >
      <Typography.Paragraph type="secondary">{tr('oldHint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('search')}
        defaultValue={q ?? ''}
        onSearch={(v) => update({ q: v, page: 1 })}
        style={{ width: 280, marginBottom: 16 }}
        aria-label={t('search')}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="old-candidates"
        locale={{ emptyText: <Empty description={q ? t('noMatch') : t('empty')} /> }}
        onChange={(p) => update({ page: p.current ?? 1, limit: p.pageSize ?? DEFAULT_LIMIT })}
        pagination={paging}
        columns={[
          ...SHOWN.map((name) => ({
            key: name,
            dataIndex: name,
            title: label(candidate.fields[name]!.label),
            render: (v: unknown, row: Row) =>
              name === 'full_name' ? (
                <Link to={`/hr/candidate/${row.id}`}>{String(v)}</Link>
              ) : (
                <FieldValue field={candidate.fields[name]!} value={v} title={titleOf(row, name, candidate.fields[name]!)} />
              ),
          })),
          {
            key: 'recruitment_status',
            title: tr('recruitmentStatusCol'),
            dataIndex: 'recruitment_status',
            render: (v: unknown) => (v ? <Tag>{label(RECRUITMENT_STATUS_LABELS[v as RecruitmentStatus])}</Tag> : '—'),
          },
          {
            key: '_actions',
            title: t('actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: Row) =>
              canAdd && (
                <Tooltip title={tr('reuse')}>
                  <Button size="small" icon={<RollbackOutlined />} onClick={() => setReusing(row)} data-testid="reuse">
                    {tr('reuse')}
                  </Button>
                </Tooltip>
              ),
          },
        ]}
      />
      {reusing && <Reuse row={reusing} onClose={() => setReusing(null)} />}
    </Card>
  );
}
