import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Grid, Input, Pagination, Result, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import {
  CalendarOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FilterOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES, featureFor, resourceByName, type FieldDef, type ResourceDef } from '@portal/contracts';
import { useList, type Row } from '../api/hooks';
import { download, type Query } from '../api/client';
import { useAbility, useCan } from '../auth/ability';
import { useLang } from '../i18n';
import { FieldInput, FieldValue, titleOf } from './fields';
import { ImportDialog } from './ImportDialog';
import { useConfirmDelete } from './useDelete';
import { usePhone } from '../layout/usePhone';
import { ResourceCards } from './ResourceCards';
import { hasStatus, StatusTag, statusFieldsOf, useStatusOf } from './RecordStatus';
import { useFlowTexts } from './flowTexts';
import { usePagination } from './pagination';
import { formatNumber } from '../format';

export interface ResourceListProps {
  def: ResourceDef;
  /** Fixed filters (e.g. a staff's tab: f_staff_id), not shown and not in the URL. */
  fixed?: Query;
  /** Where rows link to; `null` for no detail page. */
  basePath?: string;
  extraActions?: (row: Row) => ReactNode;
  /** Fields `extraActions` reads beyond those the list answers by default (lean lists: contracts' `listedFields`). */
  fields?: string[];
  title?: ReactNode;
  /** What the list page offers beside its own buttons (refresh, export, import, add): the register's summary by mail. */
  listActions?: ReactNode;
  /** The resource's calendar page, when it has one: a button beside Export opens it. */
  calendarPath?: string;
  /**
   * What may be done with the rows ticked in the table, beside "Delete selected": given those rows (the whole records the
   * list answered) and a way to untick them, the buttons to show (`null`: none for this selection) — the asset
   * register's "Print QR labels" (mfe-assets routes.tsx). With it, rows can be ticked by a user who may not delete
   * them; as for deleting, only active records, and only in the table (a narrow screen's cards tick nothing).
   */
  selectionActions?: (rows: Row[], clear: () => void) => ReactNode;
}

const FILTER_TYPES: FieldDef['type'][] = ['enum', 'ref', 'bool', 'text', 'code'];

/**
 * The list page of any declared resource (compare Twenty's RecordIndexPage): columns, filters, search,
 * sort and paging from the declaration, all kept in the URL so a reload or Back returns to the same view.
 */
export function ResourceList({ def, fixed = {}, basePath, extraActions, fields, title, calendarPath, selectionActions, listActions }: ResourceListProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  // Narrower than antd's `lg` (992 px: a phone, a tablet, a window beside another): a card per record, not a table.
  const narrow = Grid.useBreakpoint().lg === false;
  const [showFilters, setShowFilters] = useState(false);
  const { label, lang } = useLang();
  const tr = useFlowTexts();
  const statusOf = useStatusOf(def);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Row[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // A read-only view (ResourceDef.projection): reading and export only.
  const canAdd = useCan('add', featureFor(def, 'add')) && !def.projection;
  const canEdit = useCan('edit', featureFor(def, 'edit')) && !def.projection;
  const canDelete = useCan('delete', featureFor(def, 'delete')) && !def.projection;
  const confirmDelete = useConfirmDelete(def);
  const base = basePath ?? '';

  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(Number(params.get('limit')) as never) ? Number(params.get('limit')) : DEFAULT_LIMIT;
  const ability = useAbility();
  const filterFields = Object.entries(def.fields).filter(
    ([, f]) => f.filter && FILTER_TYPES.includes(f.type) && (f.type !== 'ref' || ability.can('view', resourceByName.get(f.ref!)?.feature ?? 'setting')),
  );
  // A field the list is ordered or filtered by shows as a column though the declaration does not list it (the assets due
  // for inspection, ordered by their due date, show it), and the lean list is asked for it.
  const orderedBy = (params.get('order') ?? '').split(',')[0]!.trim().split(/\s+/)[0] ?? '';
  const alsoShown = Object.keys(def.fields).filter((n) => !def.fields[n]!.list && (n === orderedBy || params.get(`f_${n}`)));
  const asked = [...(fields ?? []), ...alsoShown];
  const query: Query = {
    page,
    limit,
    q: params.get('q') ?? undefined,
    order: params.get('order') ?? undefined,
    f_state: params.get('f_state') ?? undefined,
    fields: asked.length ? asked.join(',') : undefined,
    ...fixed,
  };
  for (const [name] of filterFields) query[`f_${name}`] = params.get(`f_${name}`) ?? undefined;
  const list = useList<Row>(def.path, query);
  const paging = usePagination(page, limit, list.data?.totalRows);

  const update = (changes: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: false });
  };

  // After deleting the last row of a page above 1, the previous page loads (spec §7).
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1 && list.data.totalRows > 0) update({ page: page - 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data]);

  // A record's buttons: the table's last column, a card's foot.
  const rowActions = (row: Row) => (
    <Space size="small">
      {basePath !== undefined && (
        <Tooltip title={t('view')}>
          <Button size="small" type="text" icon={<EyeOutlined />} aria-label={t('view')} onClick={() => navigate(`${base}/${row.id}`)} />
        </Tooltip>
      )}
      {canEdit && basePath !== undefined && row.state === 'ACTIVE' && (
        <Tooltip title={t('edit')}>
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => navigate(`${base}/${row.id}/edit`)} />
        </Tooltip>
      )}
      {canDelete && row.state === 'ACTIVE' && (
        <Tooltip title={t('delete')}>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => confirmDelete([row])} />
        </Tooltip>
      )}
      {extraActions?.(row)}
    </Space>
  );

  // On a narrow screen (cards, no column heads to click) the order is picked from the sortable listed fields.
  const sortable = Object.entries(def.fields).filter(([n, f]) => (f.list || alsoShown.includes(n)) && f.sort);
  const columns: ColumnsType<Row> = useMemo(() => {
    const order = params.get('order') ?? def.defaultOrder;
    const [sortField, sortDir] = order.split(',')[0]!.trim().split(/\s+/);
    // A record with a workflow or an approval has one status column (the record's one status, its stage and approval
    // under it in small print), where its first status field was, sorted by it — not its status fields side by side.
    const statuses = hasStatus(def) ? statusFieldsOf(def).filter((n) => def.fields[n]?.list) : [];
    const cols: ColumnsType<Row> = Object.entries(def.fields)
      .filter(([name, f]) => (f.list || alsoShown.includes(name)) && (!statuses.includes(name) || name === statuses[0]))
      .map(([name, f]) =>
        name === statuses[0]
          ? {
              key: '_status',
              dataIndex: name,
              title: tr('status'),
              sorter: Boolean(f.sort),
              sortOrder: sortField === name ? (sortDir === 'desc' ? 'descend' : 'ascend') : null,
              render: (_: unknown, row: Row) => <StatusTag status={statusOf(row)} />,
            }
          : {
              key: name,
              dataIndex: name,
              title: label(f.label),
              sorter: Boolean(f.sort),
              sortOrder: sortField === name ? (sortDir === 'desc' ? 'descend' : 'ascend') : null,
              render: (v: unknown, row: Row) =>
                name === def.titleField && basePath !== undefined ? (
                  <Link to={`${base}/${row.id}`}>
                    <FieldValue field={f} value={v} title={titleOf(row, name, f)} />
                  </Link>
                ) : (
                  <FieldValue field={f} value={v} title={titleOf(row, name, f)} />
                ),
            },
      );
    // The status right after the title: what a reader looks for first stays in view when the other columns scroll.
    const at = cols.findIndex((c) => c.key === '_status');
    const titleAt = cols.findIndex((c) => c.key === def.titleField);
    if (at > titleAt + 1 && titleAt >= 0) cols.splice(titleAt + 1, 0, ...cols.splice(at, 1));
    // What the list is ordered or filtered by, though not listed, right after them: in view, not scrolled off the right.
    if (alsoShown.length) {
      const moved = cols.filter((c) => alsoShown.includes(String(c.key)));
      const rest = cols.filter((c) => !alsoShown.includes(String(c.key)));
      const after =
        Math.max(
          rest.findIndex((c) => c.key === '_status'),
          rest.findIndex((c) => c.key === def.titleField),
        ) + 1;
      cols.splice(0, cols.length, ...rest.slice(0, after), ...moved, ...rest.slice(after));
    }
    cols.push({
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      width: 140,
      render: (_: unknown, row: Row) => rowActions(row),
    });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, params, canEdit, canDelete, label]);

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = s?.order && s.field ? `${String(s.field)} ${s.order === 'descend' ? 'desc' : 'asc'}` : null;
    update({ page: p.current ?? 1, limit: p.pageSize ?? DEFAULT_LIMIT, order });
  };

  const doExport = async () => {
    setExporting(true);
    const hide = message.loading(t('exporting'), 0);
    try {
      const { page: _p, limit: _l, ...filters } = query;
      await download(`${def.path}/export`, `${label(def.label)}.xlsx`, { ...filters, fileName: `${label(def.label)}.xlsx` });
    } catch {
      void message.error(t('exportFail'));
    } finally {
      hide();
      setExporting(false);
    }
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

  const filtered = Boolean(params.get('q')) || filterFields.some(([n]) => params.get(`f_${n}`));
  // On a phone the filters fold under a button that counts those set (a dozen of them would push the table off screen).
  const activeFilters = filterFields.filter(([n]) => params.get(`f_${n}`)).length + (params.get('f_state') ? 1 : 0);
  const actions = (
    <Space wrap>
      <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('refresh')} />
      {calendarPath && (
        <Button icon={<CalendarOutlined />} onClick={() => navigate(calendarPath)} data-testid="list-calendar">
          {t('calendar')}
        </Button>
      )}
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
        {t('export')}
      </Button>
      {listActions}
      {canAdd && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import')}
        </Button>
      )}
      {canAdd && basePath !== undefined && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${base}/new`)} data-testid="list-add">
          {t('add')}
        </Button>
      )}
    </Space>
  );
  const search = (
    <Input.Search
      allowClear
      placeholder={t('search')}
      defaultValue={params.get('q') ?? ''}
      onSearch={(v) => update({ q: v, page: 1 })}
      style={phone ? undefined : { width: 260 }}
      aria-label={t('search')}
    />
  );
  const deleteSelected =
    canDelete && selected.length > 0 ? (
      <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected, () => setSelected([]))}>
        {t('deleteSelected', { count: selected.length })}
      </Button>
    ) : null;
  // The ticked rows' buttons: deleting them, and the list's own selectionActions.
  const onSelected =
    selected.length > 0 && (deleteSelected || selectionActions) ? (
      <Space wrap data-testid="list-selection-actions">
        {deleteSelected}
        {selectionActions?.(selected, () => setSelected([]))}
      </Space>
    ) : null;
  const empty = (
    <Empty
      description={
        filtered ? (
          t('noMatch')
        ) : (
          <>
            {t('empty')}
            <br />
            {canAdd && basePath !== undefined ? t('emptyHint') : null}
          </>
        )
      }
    />
  );
  // On a narrow screen the buttons go under the title (beside it they would push the page wider than the screen).
  return (
    <Card
      title={
        <Space>
          {title ?? (
            <Typography.Title level={4} style={{ margin: 0 }}>
              {label(def.label)}
            </Typography.Title>
          )}
          {/* ResourceDef.todayCount: the rows of the list falling on today (documents registered today). */}
          {list.data?.today_count !== undefined && (
            <Tag color="blue" data-testid="today-count">
              {t('todayCount', { count: list.data.today_count })}
            </Tag>
          )}
          {/* ResourceDef.tally: the list's named counts (an asset list's assets and equipment). */}
          {Object.entries(def.tally ?? {}).map(([k, c]) =>
            typeof list.data?.[k] === 'number' ? (
              <Tag key={k} data-testid={`tally-${k}`}>
                {label(c.label)}: {formatNumber(list.data[k] as number, lang)}
              </Tag>
            ) : null,
          )}
        </Space>
      }
      extra={narrow ? undefined : actions}
    >
      {narrow && <div style={{ marginBottom: 12 }}>{actions}</div>}
      {phone && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          {search}
          <Button
            icon={<FilterOutlined />}
            type={activeFilters ? 'primary' : 'default'}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
            data-testid="filters-toggle"
          >
            {activeFilters ? `${t('filter')} (${activeFilters})` : t('filter')}
          </Button>
        </Space.Compact>
      )}
      {(!phone || showFilters) && (
        <Space wrap style={{ marginBottom: 16 }}>
          {!phone && search}
          {filterFields.map(([name, f]) => (
            <div key={name} style={{ minWidth: 180 }}>
              {f.type === 'text' || f.type === 'code' ? (
                <Input
                  allowClear
                  placeholder={label(f.label)}
                  defaultValue={params.get(`f_${name}`) ?? ''}
                  onPressEnter={(e) => update({ [`f_${name}`]: (e.target as HTMLInputElement).value, page: 1 })}
                />
              ) : f.type === 'bool' ? (
                <Select
                  allowClear
                  placeholder={label(f.label)}
                  style={{ width: 180 }}
                  value={params.get(`f_${name}`) ?? undefined}
                  onChange={(v) => update({ [`f_${name}`]: v, page: 1 })}
                  options={[
                    { value: 'true', label: t('yes') },
                    { value: 'false', label: t('no') },
                  ]}
                />
              ) : f.type === 'enum' ? (
                // Any of several values (`f_status=DENIED,DENIED_CONFIRM`: the query's comma list), each by its label.
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={label(f.label)}
                  aria-label={label(f.label)}
                  style={{ minWidth: 180 }}
                  value={(params.get(`f_${name}`) ?? '').split(',').filter(Boolean)}
                  onChange={(v: string[]) => update({ [`f_${name}`]: v.join(',') || null, page: 1 })}
                  options={(f.values ?? []).map((v) => ({
                    value: String(v),
                    label: f.valueLabels?.[String(v)] ? label(f.valueLabels[String(v)]!) : String(v),
                  }))}
                />
              ) : (
                <span title={label(f.label)}>
                  <FieldInput
                    field={{ ...f, required: false }}
                    placeholder={label(f.label)}
                    value={params.get(`f_${name}`) ?? undefined}
                    onChange={(v) => update({ [`f_${name}`]: (v as string) ?? null, page: 1 })}
                  />
                </span>
              )}
            </div>
          ))}
          <Select
            style={{ width: 170 }}
            value={params.get('f_state') ?? 'ACTIVE'}
            onChange={(v) => update({ f_state: v === 'ACTIVE' ? null : v, page: 1 })}
            aria-label={t('state')}
            options={[
              { value: 'ACTIVE', label: t('active') },
              { value: 'INACTIVE', label: t('inactive') },
              { value: 'ALL', label: t('all') },
            ]}
          />
          {!phone && onSelected}
        </Space>
      )}
      {phone && onSelected && <div style={{ marginBottom: 12 }}>{onSelected}</div>}
      {narrow && sortable.length > 0 && (
        <Select
          size="small"
          style={{ minWidth: 200, marginBottom: 12 }}
          value={params.get('order') ?? def.defaultOrder}
          onChange={(v) => update({ order: v === def.defaultOrder ? null : v, page: 1 })}
          aria-label={t('sortBy')}
          prefix={`${t('sortBy')}:`}
          data-testid="cards-sort"
          options={[
            ...(sortable.some(([n]) => def.defaultOrder === `${n} asc` || def.defaultOrder === `${n} desc`)
              ? []
              : [{ value: def.defaultOrder, label: t('sortDefault') }]),
            ...sortable.flatMap(([n, f]) => [
              { value: `${n} asc`, label: `${label(f.label)} ↑` },
              { value: `${n} desc`, label: `${label(f.label)} ↓` },
            ]),
          ]}
        />
      )}
      {narrow ? (
        <ResourceCards
          def={def}
          rows={list.data?.items ?? []}
          loading={list.isFetching}
          basePath={basePath === undefined ? undefined : base}
          actions={rowActions}
          also={alsoShown}
          empty={empty}
          pagination={
            <Pagination
              size="small"
              {...paging}
              onChange={(p, size) => update(size !== limit ? { page: 1, limit: size } : { page: p })}
              style={{ flexWrap: 'wrap', rowGap: 8 }}
            />
          }
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canDelete || selectionActions
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_k, rows) => setSelected(rows),
                  getCheckboxProps: (r) => ({ disabled: r.state !== 'ACTIVE' }),
                }
              : undefined
          }
          onChange={onTableChange}
          locale={{ emptyText: empty }}
          pagination={paging}
        />
      )}
      {importing && <ImportDialog def={def} open={importing} onClose={() => setImporting(false)} />}
    </Card>
  );
}
