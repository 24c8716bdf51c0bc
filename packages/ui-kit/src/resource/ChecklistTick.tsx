import { useState } from 'react';
import { App, Checkbox } from 'antd';
import type { ResourceDef } from '@portal/contracts';
import { api, ApiError } from '../api/client';
import type { Row } from '../api/hooks';
import { useFlowTexts } from './flowTexts';

/**
 * One tap ticks (or unticks) a checklist item (ResourceDef.checklist `done`): `PUT <path>/:id { done }`, the same write
 * and checks as its edit dialog (who may change the parent's checklist, not once it is closed); the parent's progress
 * and history reload after it (the server writes the tick into the parent's history). Refused, the box goes back.
 */
export function ChecklistTick({ def, row, disabled, onChanged }: { def: ResourceDef; row: Row; disabled: boolean; onChanged: () => void }) {
  const tr = useFlowTexts();
  const { message } = App.useApp();
  const done = def.checklist!.done;
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? Boolean(row[done]);
  const name = String(row[def.titleField] ?? '');
  const tick = async (value: boolean) => {
    setBusy(true);
    setShown(value);
    try {
      await api('PUT', `${def.path}/${row.id}`, { body: { [done]: value } });
      void message.success(value ? tr('ticked') : tr('unticked'));
      onChanged();
    } catch (e) {
      setShown(null);
      void message.error(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Checkbox
      checked={checked}
      disabled={disabled || busy}
      onChange={(e) => void tick(e.target.checked)}
      aria-label={tr('tick', { name })}
      data-testid="checklist-tick"
      // A finger's target on a phone (the row's own height), not the 16 px box alone.
      style={{ padding: 8, margin: -8 }}
    />
  );
}
