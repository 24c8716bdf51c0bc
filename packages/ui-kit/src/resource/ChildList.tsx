import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Modal, Result, Space, Table, Tooltip, Typography } from 'antd';
import { ChecklistTick } from './ChecklistTick';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PARENT_CLOSED, featureFor, parentOpenField, resourceByName, type ResourceDef } from '@portal/contracts';
import { useActs, useList, useRecord, type Row } from '../api/hooks';
import { usePagination } from './pagination';
import { useCan } from '../auth/ability';
import { defineTexts, useLang } from '../i18n';
import { FieldValue, titleOf } from './fields';
import { ResourceForm } from './ResourceForm';
import { useConfirmDelete } from './useDelete';

export interface ChildListProps {
  /** A resource declaring `parent` (the ref field naming the record it belongs to). */
  def: ResourceDef;
  parentId: string;
  /** Where a row's own detail page is (e.g. a certificate with its files); without it rows are edited in place. */
  basePath?: string;
  title?: ReactNode;
  /** Shown beside the add button (e.g. a status change opens with its own label). */
  addLabel?: ReactNode;
  /** Rows may not be edited once filed (history). */
  readOnlyRows?: boolean;
}

/**
 * The records of one parent (a staff member's contracts, family, …) as a panel of its detail page: their list with
 * its own paging (several panels share a page, so nothing goes into the URL), add and edit in a dialog with the
 * parent fixed, delete with the spec §8 confirmation. Every change reloads the list (spec §4: a new family member
 * shows first, the last drops off a full page, the total rises by one) and the parent record and its activity log.
 */
export function ChildList({ def, parentId, basePath, title, addLabel, readOnlyRows }: ChildListProps) {
  const { t } = useTranslation();
  const { label } = useLang();
  const navigate = useNavigate();
  const parentField = def.parent!;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const closed = useParentClosed(def, parentId);
  const canAdd = useCan('add', featureFor(def, 'add')) && !closed.locked;
  const canEdit = useCan('edit', featureFor(def, 'edit')) && !readOnlyRows && !closed.locked;
  const canDelete = useCan('delete', featureFor(def, 'delete')) && !closed.locked;
  const confirmDelete = useConfirmDelete(def);
  const list = useList<Row>(def.path, { page, limit, [`f_${parentField}`]: parentId });
  const paging = usePagination(page, limit, list.data?.totalRows);
  const changed = useParentChanged(def);

  const columns: ColumnsType<Row> = Object.entries(def.fields)
    .filter(([name, f]) => f.list && name !== parentField)
    .map(([name, f]) => ({
      key: name,
      dataIndex: name,
      title: label(f.label),
      render: (v: unknown, row: Row) =>
        // A checklist item is ticked with one tap on its row (ChecklistTick), not through its edit dialog.
        def.checklist?.done === name ? (
          <ChecklistTick def={def} row={row} disabled={!canEdit} onChanged={changed} />
        ) : (
          <FieldValue field={f} value={v} title={titleOf(row, name, f)} />
        ),
    }));
  columns.push({
    key: '_actions',
    title: t('actions'),
    fixed: 'right',
    width: 120,
    render: (_: unknown, row: Row) => (
      <Space size="small">
        {basePath && (
          <Tooltip title={t('view')}>
            <Button size="small" type="text" icon={<EyeOutlined />} aria-label={t('view')} onClick={() => navigate(`${basePath}/${row.id}`)} />
          </Tooltip>
        )}
        {canEdit && (
          <Tooltip title={t('edit')}>
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setEditing({ id: row.id })} />
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip title={t('delete')}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => confirmDelete([row], changed)} />
          </Tooltip>
        )}
      </Space>
    ),
  });

  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={title ?? <Typography.Text strong>{label(def.label)}</Typography.Text>}
      extra={
        canAdd && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`add-${def.name}`}>
            {addLabel ?? t('add')}
          </Button>
        )
      }
    >
      {closed.note && <Alert type="info" showIcon title={closed.note} style={{ marginBottom: 8 }} data-testid={`closed-${def.name}`} />}
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
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          onChange={(p) => {
            setPage(p.current ?? 1);
            setLimit(p.pageSize ?? DEFAULT_LIMIT);
          }}
          pagination={paging}
        />
      )}
      <Modal
        open={editing !== null}
        destroyOnHidden
        footer={null}
        width={900}
        onCancel={() => setEditing(null)}
        title={`${editing?.id ? t('edit') : t('add')} — ${label(def.label)}`}
      >
        {editing && (
          <ResourceForm
            def={def}
            id={editing.id}
            bare
            initial={{ [parentField]: parentId }}
            // A new checklist item goes to the end (the server places it): its place is not asked.
            hidden={[parentField, ...(!editing.id && def.checklist?.order ? [def.checklist.order] : [])]}
            onDone={() => {
              setEditing(null);
              changed();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}

const useClosedTexts = defineTexts({ closed: PARENT_CLOSED });

/**
 * Whether the parent keeps its children from being written (as the service refuses it): `parentOpen` — the parent's
 * status is not one of the declared (with the note saying so); `parentEdit` — the caller may not edit the parent now
 * (its acts). Either way the list is read-only.
 */
function useParentClosed(def: ResourceDef, parentId: string): { locked: boolean; note: string | null } {
  const { label } = useLang();
  const t = useClosedTexts();
  const parentDef = def.parent ? resourceByName.get(def.fields[def.parent]!.ref!) : undefined;
  const field = parentDef && def.parentOpen ? parentOpenField(parentDef, def.parentOpen) : undefined;
  const parent = useRecord(parentDef?.path ?? def.path, def.parentOpen && field ? parentId : undefined).data;
  const acts = useActs(parentDef ?? def, def.parentEdit ? parentId : undefined).data;
  const status = parent && field ? String(parent[field]) : null;
  if (def.parentOpen && status !== null && !def.parentOpen.includes(status)) {
    const statusLabel = parentDef!.fields[field!]!.valueLabels?.[status];
    const name = label(parentDef!.label);
    const note = t('closed', { parent: name.charAt(0).toLocaleLowerCase() + name.slice(1), status: statusLabel ? label(statusLabel) : status });
    return { locked: true, note };
  }
  return { locked: Boolean(def.parentEdit && acts && !acts.edit), note: null };
}

/**
 * After a write to a child record: the parent and every list of its children reload — the parent's activity log, and
 * what the write changed elsewhere (a status change writes the transfer history).
 */
export function useParentChanged(def: ResourceDef) {
  const qc = useQueryClient();
  const parentDef = def.parent ? resourceByName.get(def.fields[def.parent]!.ref!) : undefined;
  return () => {
    if (!parentDef) return;
    for (const r of [parentDef, ...childrenOf(parentDef)]) void qc.invalidateQueries({ queryKey: [r.path] });
  };
}

/** The children of a resource: every declared resource whose `parent` reference points to it. */
export const childrenOf = (def: ResourceDef, all: Iterable<ResourceDef> = resourceByName.values()) =>
  [...all].filter((r) => r.parent && r.fields[r.parent]?.ref === def.name);
