import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@portal/contracts';
import { useRemove, type Row } from '../api/hooks';
import { ApiError } from '../api/client';

/**
 * The delete confirmation of spec §8: the record's name, a warning that data cannot be restored, yes or
 * cancel; on cancel the record "is still safe"; then the success or failure texts.
 */
export function useConfirmDelete(def: ResourceDef) {
  const { t } = useTranslation();
  const { modal, message, notification } = App.useApp();
  const remove = useRemove(def);
  return (rows: Row[], onDone?: () => void) => {
    const name = rows.length === 1 ? String(rows[0]![def.titleField] ?? '') : t('deleteSelected', { count: rows.length });
    modal.confirm({
      title: t('deleteConfirmTitle', { name }),
      content: t('deleteConfirmText'),
      okText: t('delete'), okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as never, cancelText: t('cancel'),
      onCancel: () => { void message.info(t('deleteSafe')); },
      onOk: async () => {
        try {
          for (const r of rows) await remove.mutateAsync(r.id);
          notification.success({ title: t('deleteSuccess'), description: t('deleteSuccessText') });
          onDone?.();
        } catch (e) {
          notification.error({ title: t('deleteFail'), description: e instanceof ApiError ? e.message : t('deleteFailText') });
        }
      },
    });
  };
}
