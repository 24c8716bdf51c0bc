import { resourceByName } from '@portal/contracts';
import { useRecord, type Row } from '../api/hooks';

/** The title of a referenced record (cached per id by react-query). */
export function RefName({ target, id }: { target: string; id: string }) {
  const def = resourceByName.get(target);
  const rec = useRecord<Row>(def?.path ?? '/', def ? id : undefined);
  if (!def) return <>{id}</>;
  if (rec.isError) return <span className="portal-muted">—</span>;
  return <>{rec.data ? String(rec.data[def.titleField] ?? id) : '…'}</>;
}
