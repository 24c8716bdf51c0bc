import { useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { featureFor, type ResourceDef } from '@portal/contracts';
import { useActs, useRecord, type Row } from '../api/hooks';
import { download } from '../api/client';
import { useCan } from '../auth/ability';
import { useSession } from '../api/session';
import { useLang } from '../i18n';
import { formatDateTime } from '../format';
import { FieldValue, titleOf } from './fields';
import { ActivityTimeline } from './ActivityTimeline';
import { Attachments } from '../files/Attachments';
import { ApprovalPanel, approvingNow, useApprovalView } from '../approval/ApprovalPanel';
import { hasStatus, RecordStatus, statusFieldsOf } from './RecordStatus';
import { useConfirmDelete } from './useDelete';

export interface DetailTab {
  key: string;
  label: ReactNode;
  children: (row: Row) => ReactNode;
  /** The page opens on this tab when its address names none, for this record and reader (a handover's assets, for its receiver while they wait). */
  opens?: (row: Row, staffId: string | null) => boolean;
}

/**
 * The detail page of any declared resource, with tabs: the open tab is the `tab` query parameter, "1" by
 * default (spec §2). Tab 1 is the general information; callers add more (a staff's salary, family, …); every
 * record then has its attachments (files with context `<resource>:<id>`) and its change history. A resource that
 * declares `approval` shows its approval panel above the tabs; one that declares `word` has an "Export Word" button
 * (`GET <path>/:id/word`: the record and its records as a .docx); one that declares `print`, a "Print form (PDF)" button
 * (`GET <path>/:id/pdf`: the A4 form with its approval signature blocks).
 */
export function ResourceDetail({
  def,
  id,
  tabs = [],
  basePath,
  actions,
  summary,
}: {
  def: ResourceDef;
  id: string;
  tabs?: DetailTab[];
  basePath: string /** Buttons beside Edit and Delete (e.g. a staff member's status change). */;
  actions?: (row: Row) => ReactNode /** Shown above the approval panel and the tabs (e.g. a leave request's balance). */;
  summary?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const { label } = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const record = useRecord<Row>(def.path, id);
  const staffId = useSession((s) => s.user?.staff_id ?? s.staff?.id ?? null);
  // A read-only view (ResourceDef.projection) is neither edited nor deleted here.
  // …and, where the resource declares who acts on it, only by whom it says (the server's `acts` of this record).
  const acts = useActs(def, id).data;
  const canEdit = useCan('edit', featureFor(def, 'edit')) && !def.projection && (!def.acts || acts?.edit === true);
  const canDelete = useCan('delete', featureFor(def, 'delete')) && !def.projection && (!def.acts || acts?.delete === true);
  const confirmDelete = useConfirmDelete(def);
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<'word' | 'pdf' | null>(null);
  // The caller is to approve it: what they approve comes first (ApprovalPanel with the record), before anything else.
  const approving = approvingNow(useApprovalView(def, id).data);
  if (record.isLoading || record.isError || !record.data) return <RecordUnready record={record} back={basePath} />;
  const row = record.data;
  const title = String(row[def.titleField] ?? '');
  /** The record as a file: `word` (.docx, `def.word`) or `pdf` (the printable form, `def.print`). */
  const exportAs = async (kind: 'word' | 'pdf') => {
    setExporting(kind);
    try {
      const name = `${label(def.label)} - ${title}`
        .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
        .trim()
        .slice(0, 100);
      await download(`${def.path}/${row.id}/${kind}`, `${name || def.name}.${kind === 'word' ? 'docx' : 'pdf'}`);
    } catch {
      void message.error(t(kind === 'word' ? 'exportWordFail' : 'exportFail'));
    } finally {
      setExporting(null);
    }
  };
  // A record with a workflow or an approval shows one status (RecordStatus, above the tabs), not its status fields side by side.
  const status = hasStatus(def);
  const statusFields = new Set(status ? statusFieldsOf(def) : []);
  const general = <RecordFields def={def} row={row} hide={statusFields} />;
  const opened = tabs.findIndex((tab) => tab.opens?.(row, staffId));
  const opensOn = opened >= 0 ? String(opened + 2) : '1';
  const items = [
    { key: '1', label: t('general'), children: general },
    ...tabs.map((tab, i) => ({ key: String(i + 2), label: tab.label, children: tab.children(row) })),
    // A view's record has its files and history where it is kept (the staff record), not here.
    ...(def.projection
      ? []
      : [
          {
            key: String(tabs.length + 2),
            label: t('files:attachments'),
            children: <Attachments context={`${def.name}:${row.id}`} feature={featureFor(def, 'edit')} />,
          },
          { key: String(tabs.length + 3), label: t('history'), children: <ActivityTimeline def={def} id={row.id} /> },
        ]),
  ];
  // The record's buttons, beside its name while they fit, else wrapping onto the next line (shell global.css: a card's
  // title is never squeezed by what stands beside it).
  const buttons = (
    <Space wrap>
      {def.word && (
        <Button icon={<FileWordOutlined />} loading={exporting === 'word'} onClick={() => void exportAs('word')} data-testid="export-word">
          {t('exportWord')}
        </Button>
      )}
      {def.print && (
        <Button icon={<FilePdfOutlined />} loading={exporting === 'pdf'} onClick={() => void exportAs('pdf')} data-testid="export-pdf">
          {t('printForm')}
        </Button>
      )}
      {row.state === 'ACTIVE' && actions?.(row)}
      {canEdit && row.state === 'ACTIVE' && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`${basePath}/${id}/edit`)}>
          {t('edit')}
        </Button>
      )}
      {canDelete && row.state === 'ACTIVE' && (
        <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([row], () => navigate(basePath))}>
          {t('delete')}
        </Button>
      )}
    </Space>
  );
  return (
    <Card
      // The record's name wraps rather than hides behind its buttons (a phone: what is approved, named in full).
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={buttons}
    >
      {status && <RecordStatus def={def} row={row} />}
      {!approving && summary?.(row)}
      {def.approval && (
        <ApprovalPanel
          def={def}
          id={row.id}
          active={row.state === 'ACTIVE'}
          named={Boolean(def.approval.approversField && (row[def.approval.approversField] as unknown[] | null)?.length)}
          row={row}
        />
      )}
      {approving && summary?.(row)}
      <Tabs
        activeKey={params.get('tab') ?? opensOn}
        onChange={(k) => {
          const p = new URLSearchParams(params);
          p.set('tab', k);
          setParams(p, { replace: true });
        }}
        items={items}
      />
    </Card>
  );
}

/**
 * A record's general information, every declared field with its label (a tab of its detail page; "My information"): the
 * fields in `hide` left out — a record with one status line (RecordStatus) shows it above, not its status fields.
 */
export function RecordFields({ def, row, hide = new Set<string>() }: { def: ResourceDef; row: Row; hide?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { label } = useLang();
  const status = hasStatus(def);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        ...Object.entries(def.fields)
          .filter(([name, f]) => f.type !== 'json' && !hide.has(name))
          .map(([name, f]) => ({ key: name, label: label(f.label), children: <FieldValue field={f} value={row[name]} title={titleOf(row, name, f)} /> })),
        ...(status
          ? []
          : [
              {
                key: '_state',
                label: t('state'),
                children: <Tag color={row.state === 'ACTIVE' ? 'green' : 'default'}>{row.state === 'ACTIVE' ? t('active') : t('inactive')}</Tag>,
              },
            ]),
        { key: '_created', label: t('createdDate'), children: formatDateTime(row.created_date) },
        { key: '_updated', label: t('updatedDate'), children: formatDateTime(row.updated_date) },
      ]}
    />
  );
}

/** A record's page while its record is not there: loading, or the server's message (not found, no right) with a way back. */
export function RecordUnready({ record, back }: { record: { isLoading: boolean; error: unknown }; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (record.isLoading) return <Skeleton active />;
  return (
    <Result
      status="404"
      title={(record.error as Error | null)?.message ?? t('notFoundTitle')}
      extra={<Button onClick={() => navigate(back)}>{t('back')}</Button>}
    />
  );
}
