import { useTranslation } from 'react-i18next';
import { APPROVAL_ACTIVITY_CONTEXTS, resourceByName } from '@portal/contracts/src/frame';
import { useLang } from '../i18n';
import { useFlowTexts } from './flowTexts';

/** Activity-log actions and contexts in the user's language (timeline, activity log, dashboard). */
export function useActivityText() {
  const { t } = useTranslation(['common', 'approval']);
  const { label } = useLang();
  const tr = useFlowTexts();
  const actions: Record<string, string> = { create: t('add'), update: t('edit'), delete: t('delete'), import: t('import'), status: t('state') };
  return {
    action: (a: string) => actions[a] ?? a,
    context: (c: string) => label(resourceByName.get(c)?.label ?? APPROVAL_ACTIVITY_CONTEXTS[c]) || c,
    /** The approval engine writes `approval.<action>[: comment]`: shown as the step's name and the comment. */
    description: (d: string | null) => {
      // A checklist's item written: the kit writes `checklist.<what>: <item>` into its parent's history (service-kit checklist.ts).
      const c = d ? /^checklist\.(done|undone|added|removed|changed): ([\s\S]*)$/.exec(d) : null;
      if (c) return tr(`checklist.${c[1] as 'done'}`, { name: c[2]! });
      const m = d ? /^approval\.(submit|resubmit|approve|refuse|cancel|submit_superiors)(?::\s?([\s\S]*))?$/.exec(d) : null;
      if (!m) return d;
      const step = t(`approval:${m[1] === 'submit_superiors' ? 'submitSuperiors' : m[1]}`);
      return m[2] ? `${step}: ${m[2]}` : step;
    },
  };
}
