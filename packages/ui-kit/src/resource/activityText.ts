import { useTranslation } from 'react-i18next';
import { resourceByName } from '@portal/contracts';
import { useLang } from '../i18n';

/** Activity-log actions and contexts in the user's language (timeline, activity log, dashboard). */
export function useActivityText() {
  const { t } = useTranslation('common');
  const { label } = useLang();
  const actions: Record<string, string> = { create: t('add'), update: t('edit'), delete: t('delete'), import: t('import'), status: t('state') };
  return {
    action: (a: string) => actions[a] ?? a,
    context: (c: string) => label(resourceByName.get(c)?.label) || c,
  };
}
