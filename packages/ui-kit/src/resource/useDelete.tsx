import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { useRemove, type Row } from '../api/hooks';
import { api, ApiError } from '../api/client';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The delete confirmation of spec §8: the record's name, a warning that data cannot be restored, yes or
 * cancel; on cancel the record "is still safe"; then the success or failure texts.
 */
export function useConfirmDelete(def: ResourceDef) {
  const { t } = useTranslation();
  const { modal, message, notification } = App.useApp();
  const remove = useRemove(def);
  const qc = useQueryClient();
  return (rows: Row[], onDone?: () => void) => {
    // A record named by a reference (a handover's line by its asset) is named by that record's title.
    const one = rows[0]!;
    const name = rows.length === 1 ? String(one[`${def.titleField}__title`] ?? one[def.titleField] ?? '') : t('deleteSelected', { count: rows.length });
    modal.confirm({
      title: t('deleteConfirmTitle', { name }),
      content: t('deleteConfirmText'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as never,
      cancelText: t('cancel'),
      onCancel: () => {
        void message.info(t('deleteSafe'));
      },
      onOk: async () => {
        try {
          // Several rows of a resource declaring bulk delete: one call, all or nothing (the list then steps back a page
          // if its page emptied: ResourceList); otherwise one call per row.
          if (def.bulk?.delete && rows.length > 1) {
            await api('POST', `${def.path}/bulk-delete`, { body: { ids: rows.map((r) => r.id) } });
            await qc.invalidateQueries({ queryKey: [def.path] });
          } else for (const r of rows) await remove.mutateAsync(r.id);
          notification.success({ title: t('deleteSuccess'), description: t('deleteSuccessText') });
          onDone?.();
        } catch (e) {
          // A refused bulk delete names the rows it refused (ids.N → the row's title).
          const why =
            e instanceof ApiError
              ? [
                  e.message,
                  ...e.errors
                    .filter((x) => x.path.startsWith('ids.'))
                    .slice(0, 5)
                    .map((x) => `${String(rows[Number(x.path.split('.')[1])]?.[def.titleField] ?? '')}: ${x.message}`),
                ].join('\n')
              : t('deleteFailText');
          notification.error({ title: t('deleteFail'), description: <span style={{ whiteSpace: 'pre-line' }}>{why}</span> });
        }
      },
    });
  };
}
