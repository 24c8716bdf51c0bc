import type { ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';
import { AppError } from '../errors';
import { labelInSentence } from './totals';

/**
 * ResourceDef.parentOpen: a child written only while its parent's workflow status is one of the declared ones (a plan's
 * lines while the plan is a draft). The parents it will have and had are locked (`FOR UPDATE`, in id order, as the sums
 * lock them: a status move of the parent and a write of its child wait for each other instead of crossing) and read.
 */
export class ParentOpen {
  private readonly link: string | null = null;
  private readonly parent: ResourceDef | null = null;

  constructor(
    private readonly def: ResourceDef,
    sameService: ReadonlyMap<string, ResourceDef>,
  ) {
    if (!def.parentOpen) return;
    this.link = def.parent!;
    const parent = sameService.get(def.fields[this.link]?.ref ?? '');
    const statuses = parent?.workflow ? (parent.fields[parent.workflow.field]?.values ?? []).map(String) : [];
    if (!parent || def.parentOpen.some((s) => !statuses.includes(s))) {
      throw new Error(`${def.name}: parentOpen names statuses of its parent's workflow (a resource of the same service)`);
    }
    this.parent = parent;
  }

  async check(tx: Tx, input: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void> {
    if (!this.parent || !this.link) return;
    const parent = this.parent;
    const field = parent.workflow!.field;
    const ids = [input[this.link], existing?.[this.link]].filter((v): v is string => typeof v === 'string' && v.length > 0);
    for (const id of [...new Set(ids)].sort()) {
      const { rows } = await tx.query<{ s: string }>(`SELECT ${field}::text AS s FROM ${parent.table} WHERE id = $1 FOR UPDATE`, [id]);
      const status = rows[0]?.s;
      if (status === undefined || this.def.parentOpen!.includes(status)) continue;
      const params = { parent: labelInSentence(parent.label), status: parent.fields[field]!.valueLabels?.[status] ?? { vi: status, en: status } };
      throw new AppError(422, 'parent_closed', params, [{ path: this.link, key: 'parent_closed', params }]);
    }
  }
}
