import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODULE_LABELS, type Label, type PermissionModule, type PermissionSet } from '@portal/contracts';
import { api, ApiError, useCan, useLang, type Row } from '@portal/ui-kit';

interface Catalogue {
  modules: string[];
  features: { key: string; module: string; label: Label }[];
  actions: { key: string; label: Label }[];
}

/** A role's permissions: features (grouped by module) × actions (view, add, edit, delete, approve). */
export function PermissionMatrix({ role }: { role: Row }) {
  const { t } = useTranslation('shell');
  const { label } = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = useCan('edit', 'permission') && role.state === 'ACTIVE';
  const cat = useQuery({ queryKey: ['/permission'], queryFn: () => api<Catalogue>('GET', '/permission') });
  const [value, setValue] = useState<Record<string, Set<string>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const m: Record<string, Set<string>> = {};
    for (const p of (role.permissions as PermissionSet | null) ?? []) m[p.feature] = new Set(p.actions);
    setValue(m);
  }, [role]);
  const toggle = (feature: string, action: string, on: boolean) =>
    setValue((v) => {
      const next = { ...v, [feature]: new Set(v[feature] ?? []) };
      if (on) next[feature]!.add(action);
      else next[feature]!.delete(action);
      // Any right on a feature implies seeing it.
      if (on && action !== 'view') next[feature]!.add('view');
      return next;
    });
  const save = async () => {
    setBusy(true);
    const permissions = Object.entries(value)
      .filter(([, s]) => s.size)
      .map(([feature, s]) => ({ feature, actions: [...s] }));
    try {
      await api('PUT', `/role/${role.id}`, { body: { permissions } });
      await qc.invalidateQueries({ queryKey: ['/role'] });
      void message.success(t('saved'));
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const actions = cat.data?.actions ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="key"
        loading={cat.isLoading}
        pagination={false}
        dataSource={cat.data?.features ?? []}
        data-testid="permission-matrix"
        columns={[
          {
            title: t('module'),
            dataIndex: 'module',
            width: 140,
            render: (m: string) => <Typography.Text type="secondary">{label(MODULE_LABELS[m as PermissionModule]) || m}</Typography.Text>,
          },
          { title: t('feature'), key: 'label', render: (_: unknown, f: Catalogue['features'][number]) => label(f.label) },
          ...actions.map((a) => ({
            title: label(a.label),
            key: a.key,
            align: 'center' as const,
            width: 90,
            render: (_: unknown, f: Catalogue['features'][number]) => (
              <Checkbox
                aria-label={`${f.key}:${a.key}`}
                disabled={!canEdit}
                checked={value[f.key]?.has(a.key) ?? false}
                onChange={(e) => toggle(f.key, a.key, e.target.checked)}
              />
            ),
          })),
        ]}
      />
      {canEdit && (
        <Button type="primary" loading={busy} onClick={() => void save()}>
          {t('savePermissions')}
        </Button>
      )}
    </Space>
  );
}
