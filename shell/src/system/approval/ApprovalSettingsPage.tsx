import { useState } from 'react';
import { useManifest } from '../../layout/menu';
import { App, Button, Card, Empty, InputNumber, Popconfirm, Segmented, Space, Table, Tabs, Tag } from 'antd';
import { EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  allResources,
  APPROVER_SCOPE_LABELS,
  MAX_LIMIT,
  COST_BAND_LABELS,
  COST_LIMIT_LABELS,
  type ApprovalCostLimitDto,
  type ApprovalFlowDto,
  type Domain,
} from '@portal/contracts';
import { api, ApiError, formatDateTime, formatNumber, useCan, useLang } from '@portal/ui-kit';
import { FlowEditor, type FlowValues } from './FlowEditor';

/** The modules whose resources go through approvals, and those resources. */
const APPROVAL_DOCS = allResources.filter((r) => r.approval);
const DOMAINS = [...new Set(APPROVAL_DOCS.map((r) => r.domain))];

function Flows({ domain }: { domain: Domain }) {
  const { t } = useTranslation('approval');
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canAdd = useCan('add', 'setting');
  const canEdit = useCan('edit', 'setting');
  const canDelete = useCan('delete', 'setting');
  const docs = APPROVAL_DOCS.filter((r) => r.domain === domain);
  const key = [`/${domain}/approval-flow`];
  const flows = useQuery({ queryKey: key, queryFn: () => api<{ items: ApprovalFlowDto[] }>('GET', `/${domain}/approval-flow?limit=${MAX_LIMIT}`) });
  const [editing, setEditing] = useState<ApprovalFlowDto | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const docLabel = (type: string) => label(docs.find((d) => d.approval?.documentType === type)?.label) || type;

  const save = async (v: FlowValues) => {
    setBusy(true);
    setErrors([]);
    const body = { ...v, cost_band: v.cost_band ?? 'ALL', levels: v.levels.map((l, i) => ({ ...l, level: i + 1 })) };
    try {
      if (editing === 'new') await api('POST', `/${domain}/approval-flow`, { body });
      else if (editing) await api('PUT', `/${domain}/approval-flow/${editing.id}`, { body });
      void message.success(t('saved'));
      setEditing(null);
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors);
        void message.error(e.message);
      } else void message.error(String(e));
    } finally {
      setBusy(false);
    }
  };
  const deactivate = async (f: ApprovalFlowDto) => {
    try {
      await api('DELETE', `/${domain}/approval-flow/${f.id}`);
      void message.success(t('deactivated'));
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <Card
      size="small"
      title={t('flows')}
      extra={
        canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setErrors([]);
              setEditing('new');
            }}
          >
            {t('addFlow')}
          </Button>
        )
      }
    >
      <Table
        rowKey="id"
        size="small"
        loading={flows.isLoading}
        dataSource={flows.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('noFlows')} /> }}
        columns={[
          { title: t('documentType'), dataIndex: 'document_type', render: docLabel },
          { title: t('flowName'), dataIndex: 'name' },
          { title: t('costBand'), dataIndex: 'cost_band', render: (b: keyof typeof COST_BAND_LABELS) => label(COST_BAND_LABELS[b]) },
          {
            title: t('levels'),
            dataIndex: 'levels',
            render: (ls: ApprovalFlowDto['levels']) => (
              <Space wrap>
                {ls.map((l) => (
                  <Tag key={l.level}>
                    {l.level}. {label(APPROVER_SCOPE_LABELS[l.scope])}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('updatedDate'), dataIndex: 'updated_date', render: formatDateTime, width: 160 },
          {
            key: 'actions',
            width: 90,
            render: (_: unknown, f: ApprovalFlowDto) => (
              <Space>
                {canEdit && (
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('editFlow')}
                    onClick={() => {
                      setErrors([]);
                      setEditing(f);
                    }}
                  />
                )}
                {canDelete && (
                  <Popconfirm title={t('deactivate')} onConfirm={() => void deactivate(f)}>
                    <Button size="small" type="text" danger icon={<StopOutlined />} aria-label={t('deactivate')} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FlowEditor
        open={editing !== null}
        flow={editing === 'new' ? null : editing}
        docs={docs}
        busy={busy}
        errors={errors}
        onSave={(v) => void save(v)}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

function CostLimits({ domain }: { domain: Domain }) {
  const { t } = useTranslation('approval');
  const { label, lang } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = useCan('edit', 'setting');
  const key = [`/${domain}/approval-cost-limit`];
  const limits = useQuery({ queryKey: key, queryFn: () => api<{ items: ApprovalCostLimitDto[] }>('GET', `/${domain}/approval-cost-limit?limit=${MAX_LIMIT}`) });
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  const save = async (row: ApprovalCostLimitDto) => {
    try {
      await api('PUT', `/${domain}/approval-cost-limit/${row.id}`, { body: { max_cost: draft[row.id] ?? row.max_cost } });
      void message.success(t('limitSaved'));
      setDraft((d) => {
        const { [row.id]: _gone, ...rest } = d;
        return rest;
      });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <Card size="small" title={t('costLimits')}>
      <Table
        rowKey="id"
        size="small"
        loading={limits.isLoading}
        dataSource={limits.data?.items ?? []}
        pagination={false}
        columns={[
          { title: t('kind'), dataIndex: 'kind', render: (k: keyof typeof COST_LIMIT_LABELS) => label(COST_LIMIT_LABELS[k]) },
          {
            title: t('maxCost'),
            key: 'max',
            render: (_: unknown, r: ApprovalCostLimitDto) =>
              canEdit ? (
                <InputNumber
                  min={0}
                  max={1e15}
                  step={1_000_000}
                  style={{ width: 220 }}
                  value={draft[r.id] ?? r.max_cost}
                  aria-label={`${t('maxCost')} ${r.kind}`}
                  formatter={(v) => (v === undefined || v === null ? '' : formatNumber(Number(v), lang))}
                  parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
                  onChange={(v) => setDraft((d) => ({ ...d, [r.id]: v }))}
                />
              ) : (
                formatNumber(r.max_cost, lang)
              ),
          },
          { title: t('updatedDate'), dataIndex: 'updated_date', render: formatDateTime, width: 160 },
          ...(canEdit
            ? [
                {
                  key: 'save',
                  width: 90,
                  render: (_: unknown, r: ApprovalCostLimitDto) => (
                    <Button size="small" onClick={() => void save(r)} disabled={draft[r.id] === undefined || draft[r.id] === r.max_cost}>
                      {t('save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** Approval settings (spec §6): per module, its flows by document type and cost band, and its approval cost limits. */
export function ApprovalSettingsPage() {
  const { t } = useTranslation('approval');
  const { label } = useLang();
  const [domain, setDomain] = useState<Domain | undefined>(DOMAINS[0]);
  // Module names as the runtime manifest gives them (the sidebar's), in the user's language.
  const remotes = useManifest().data ?? [];
  const nameOf = (d: string) => label(remotes.find((r) => r.module === d)?.label) || d;
  if (!domain)
    return (
      <Card title={t('settings')}>
        <Empty description={t('noApprovalDomains')} />
      </Card>
    );
  return (
    <Card
      title={t('settings')}
      extra={
        DOMAINS.length > 1 && (
          <Segmented value={domain} onChange={(v) => setDomain(v as Domain)} options={DOMAINS.map((d) => ({ value: d, label: nameOf(d) }))} />
        )
      }
    >
      <Tabs
        items={[
          { key: 'flows', label: t('flows'), children: <Flows domain={domain} /> },
          { key: 'limits', label: t('costLimits'), children: <CostLimits domain={domain} /> },
        ]}
      />
    </Card>
  );
}
