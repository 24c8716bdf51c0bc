import { useMemo, type ReactNode } from 'react';
import { Card, Flex, Spin, Tag, Typography } from 'antd';
import { CalendarOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { FieldDef, ResourceDef } from '@portal/contracts';
import type { Row } from '../api/hooks';
import { useLang } from '../i18n';
import { STATUS_COLORS } from '../approval/ApprovalPanel';
import { FieldValue, titleOf } from './fields';
import { cardFields } from './cardFields';
import { hasStatus, StatusTag, useStatusOf } from './RecordStatus';

export interface ResourceCardsProps {
  def: ResourceDef;
  rows: Row[];
  loading: boolean;
  /** Where a record's page is (`${basePath}/${id}`); undefined: no page. */
  basePath?: string;
  /** The buttons of a record (view, edit, delete, the page's own). */
  actions: (row: Row) => ReactNode;
  empty: ReactNode;
  pagination: ReactNode;
  /** Fields the list is ordered or filtered by that its cards do not show (the assets due for inspection: the due date). */
  also?: readonly string[];
}

/**
 * A list on a narrow screen (ResourceList below antd's `lg`): one card per record instead of a table's row, so its title
 * is read whole (a table there gives the title column a few letters and pushes status and dates off screen). What a
 * card shows comes from the declaration (cardFields): code and title, status badges, key date, person, where, and
 * phone numbers to tap.
 */
export function ResourceCards({ def, rows, loading, basePath, actions, empty, pagination, also = [] }: ResourceCardsProps) {
  const { label } = useLang();
  const card = useMemo(() => cardFields(def), [def]);
  // A record with a workflow or an approval: its one status (the record's page's), not its status fields side by side.
  const one = hasStatus(def);
  const statusOf = useStatusOf(def);
  const value = (row: Row, name: string) => <FieldValue field={def.fields[name]!} value={row[name]} title={titleOf(row, name, def.fields[name]!)} />;
  const has = (row: Row, name: string | undefined): name is string => Boolean(name) && row[name!] !== null && row[name!] !== undefined && row[name!] !== '';
  const labelled = (name: string, content: ReactNode, icon?: ReactNode) => (
    <span key={name} data-testid={`card-${name}`} style={{ overflowWrap: 'anywhere' }}>
      {icon} <Typography.Text type="secondary">{label(def.fields[name]!.label)}:</Typography.Text> {content}
    </span>
  );

  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        loading ? (
          <div style={{ minHeight: 120 }} />
        ) : (
          empty
        )
      ) : (
        <Flex vertical gap={8} data-testid="list-cards">
          {rows.map((row) => {
            const title = value(row, card.title);
            return (
              <Card key={row.id} size="small" data-testid="list-card" data-id={row.id}>
                {has(row, card.code) && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="card-code">
                    {String(row[card.code])}
                  </Typography.Text>
                )}
                <div data-testid="card-title" style={{ fontWeight: 600, fontSize: 15, overflowWrap: 'anywhere' }}>
                  {basePath !== undefined ? <Link to={`${basePath}/${row.id}`}>{title}</Link> : title}
                </div>
                {one ? (
                  <div style={{ marginTop: 6 }} data-testid="card-status">
                    <StatusTag status={statusOf(row)} />
                  </div>
                ) : (
                  card.statuses.some((s) => has(row, s)) && (
                    <Flex wrap gap={4} style={{ marginTop: 6 }} data-testid="card-status">
                      {card.statuses
                        .filter((s) => has(row, s))
                        .map((s) => (
                          <StatusBadge key={s} field={def.fields[s]!} value={row[s]} title={titleOf(row, s, def.fields[s]!)} />
                        ))}
                    </Flex>
                  )
                )}
                <Flex vertical gap={2} style={{ marginTop: 6 }}>
                  {has(row, card.date) &&
                    labelled(
                      card.date,
                      <>
                        {value(row, card.date)}
                        {has(row, card.dateEnd) && <> → {value(row, card.dateEnd)}</>}
                      </>,
                      <CalendarOutlined />,
                    )}
                  {has(row, card.person) && labelled(card.person, value(row, card.person), <UserOutlined />)}
                  {card.refs.filter((n) => has(row, n)).map((n) => labelled(n, value(row, n)))}
                  {card.contacts.filter((n) => has(row, n)).map((n) => labelled(n, value(row, n)))}
                  {also.filter((n) => has(row, n)).map((n) => labelled(n, value(row, n)))}
                </Flex>
                <Flex justify="flex-end" wrap style={{ marginTop: 4 }}>
                  {actions(row)}
                </Flex>
              </Card>
            );
          })}
        </Flex>
      )}
      <Flex justify="center" style={{ marginTop: 12 }}>
        {pagination}
      </Flex>
    </Spin>
  );
}

/** A status as a badge: an enum's label (coloured as the approval statuses are), a reference's title (a ticket's status). */
function StatusBadge({ field, value, title }: { field: FieldDef; value: unknown; title: unknown }) {
  const { label } = useLang();
  if (field.type === 'enum')
    return (
      <Tag color={field.valueColors?.[String(value)] ?? STATUS_COLORS[String(value)] ?? 'default'}>
        {label(field.valueLabels?.[String(value)]) || String(value)}
      </Tag>
    );
  return (
    <Tag color="blue">
      <FieldValue field={field} value={value} title={title} />
    </Tag>
  );
}
