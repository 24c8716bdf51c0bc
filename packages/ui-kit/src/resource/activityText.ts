import { useTranslation } from 'react-i18next';
import { APPROVAL_ACTIVITY_CONTEXTS, resourceByName } from '@portal/contracts/src/frame';
import { useLang } from '../i18n';

/** Activity-log actions and contexts in the user's language (timeline, activity log, dashboard). */
export function useActivityText() {
  const { t } = useTranslation(['common', 'approval']);
  const { label } = useLang();
  const actions: Record<string, string> = { create: t('add'), update: t('edit'), delete: t('delete'), import: t('import'), status: t('state') };
  return {
    action: (a: string) => actions[a] ?? a,
    context: (c: string) => label(resourceByName.get(c)?.label ?? APPROVAL_ACTIVITY_CONTEXTS[c]) || c,
    /** The approval engine writes `approval.<action>[: comment]`: shown as the step's name and the comment. */
    description: (d: string | null) => {
      const m = d ? /^approval\.(submit|resubmit|approve|refuse|cancel|submit_superiors)(?::\s?([\s\S]*))?$/.exec(d) : null;
      if (!m) return d;
      const step = t(`approval:${m[1] === 'submit_superiors' ? 'submitSuperiors' : m[1]}`);
      return m[2] ? `${step}: ${m[2]}` : step;
    },
  };
}
