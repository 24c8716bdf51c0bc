import { Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { api } from '../api/client';
import { formatDateTime } from '../format';
import { useLang } from '../i18n';
import { useActivityText } from './activityText';

interface Entry {
  id: string;
  action: string;
  actor_name: string | null;
  created_date: string;
  description: string | null;
  origin_data: Record<string, unknown> | null;
  updated_data: Record<string, unknown> | null;
}

/** The record's activity log (spec §7: fetched with q=context:id after every write). */
export function ActivityTimeline({ def, id }: { def: ResourceDef; id: string }) {
  const { t } = useTranslation();
  const { label } = useLang();
  const text = useActivityText();
  const log = useQuery({
    queryKey: [def.path, 'activity', id],
    queryFn: () => api<{ items: Entry[] }>('GET', '/activity-log', { query: { q: `${def.name}:${id}`, limit: 30 } }),
  });
  if (!log.data?.items.length) return <Empty description={t('noHistory')} />;
  return (
    <Timeline
      items={log.data.items.map((e) => ({
        key: e.id,
        content: (
          <>
            <Typography.Text strong>{text.action(e.action)}</Typography.Text> · {e.actor_name ?? ''} ·{' '}
            <Typography.Text type="secondary">{formatDateTime(e.created_date)}</Typography.Text>
            {e.action === 'update' && e.updated_data && (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {Object.keys(e.updated_data).map((k) => (
                  <li key={k}>
                    {label(def.fields[k]?.label) || k}: {String(e.origin_data?.[k] ?? '—')} → {String(e.updated_data?.[k] ?? '—')}
                  </li>
                ))}
              </ul>
            )}
            {e.description && <div>{text.description(e.description)}</div>}
          </>
        ),
      }))}
    />
  );
}
