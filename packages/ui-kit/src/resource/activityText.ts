import { useTranslation } from 'react-i18next';
import { APPROVAL_ACTIVITY_CONTEXTS, pagePath, resourceByName } from '@portal/contracts/src/frame';
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
    /**
     * The record an entry is about, as a reader names it — its code and title from the entry's data — and its page
     * (none once deleted, or for an entry that is not about a declared record).
     */
    record: (e: { context: string; record_id: string | null; action: string; record_title?: string | null; origin_data?: unknown; updated_data?: unknown }) => {
      const def = resourceByName.get(e.context);
      const data = [e.updated_data, e.origin_data].find((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object') ?? {};
      // Its title today (the log's record_title, as the reader may see it), else as the entry wrote it.
      const title = e.record_title ?? (def ? data[def.titleField] : undefined);
      const code = typeof data.code === 'string' && data.code !== title ? data.code : '';
      const name = [code, typeof title === 'string' || typeof title === 'number' ? String(title) : ''].filter(Boolean).join(' · ');
      // A child record (a ticket's checklist item) opens its parent, where it is shown.
      const parent = def?.parent ? resourceByName.get(def.fields[def.parent]?.ref ?? '') : undefined;
      const parentId = def?.parent ? data[def.parent] : undefined;
      const link = !def
        ? null
        : parent
          ? typeof parentId === 'string'
            ? `${pagePath(parent)}/${parentId}`
            : null
          : e.record_id && e.action !== 'delete'
            ? `${pagePath(def)}/${e.record_id}`
            : null;
      return { name, link };
    },
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
