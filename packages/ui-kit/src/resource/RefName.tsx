import { resourceByName } from '@portal/contracts';
import { useRecord, type Row } from '../api/hooks';
import { useAbility } from '../auth/ability';

/**
 * The title of a referenced record in another service (same-service references come with their title
 * from the server). Only fetched when the user may view that resource.
 */
export function RefName({ target, id }: { target: string; id: string }) {
  const def = resourceByName.get(target);
  const allowed = useAbility().can('view', def?.feature ?? 'setting');
  const rec = useRecord<Row>(def?.path ?? '/', def && allowed ? id : undefined);
  if (def && !allowed) return <span className="portal-muted">—</span>;
  if (!def) return <>{id}</>;
  if (rec.isError) return <span className="portal-muted">—</span>;
  return <>{rec.data ? String(rec.data[def.titleField] ?? id) : '…'}</>;
}
